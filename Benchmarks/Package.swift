// swift-tools-version: 6.1
import PackageDescription

/// The benchmarks live in their own package so that users of the library never
/// pull a benchmark dependency. Each module of the library gets one benchmark
/// target under `Benchmarks/<Name>/`; adding one is one line in `suites` below.
let suites: [(name: String, products: [String])] = [
  (name: "DiffingBenchmarks", products: ["DataSourceGraphDiffing"]),
  (
    name: "SectionsBenchmarks",
    products: ["DataSourceGraphSections", "DataSourceGraphNodes", "DataSourceGraphTesting"]
  ),
  (name: "CompositionBenchmarks", products: ["DataSourceGraph", "DataSourceGraphTesting"]),
  (
    name: "ScreenBenchmarks",
    products: [
      "DataSourceGraph", "DataSourceGraphUIKit", "DataSourceGraphSwiftUI", "DataSourceGraphTesting",
    ]
  ),
  (
    name: "PlatformBenchmarks",
    products: [
      "DataSourceGraphSections", "DataSourceGraphNodes", "DataSourceGraphUIKit",
      "DataSourceGraphSwiftUI", "DataSourceGraphTesting",
    ]
  ),
]

let package = Package(
  name: "DataSourceGraphBenchmarks",
  // macOS 14: the SwiftUI layer's model is `@Observable`.
  platforms: [.macOS(.v14)],
  dependencies: [
    .package(
      url: "https://github.com/ordo-one/benchmark", exact: "1.38.1", traits: ["MallocInterposer"]),
    .package(name: "DataSourceGraph", path: ".."),
  ],
  targets: [
    // What the suites share: the seeded generator.
    .target(name: "BenchmarkSupport", path: "Benchmarks/BenchmarkSupport"),
    // The heap in use, read from the C allocator (memory benchmarks).
    .target(name: "HeapInUse", path: "Benchmarks/HeapInUse"),
  ]
    + suites.map { suite in
      .executableTarget(
        name: suite.name,
        dependencies: [
          "BenchmarkSupport", "HeapInUse",
          .product(name: "Benchmark", package: "benchmark"),
        ] + suite.products.map { .product(name: $0, package: "DataSourceGraph") },
        path: "Benchmarks/\(suite.name)",
        plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
      )
    }
)
