// swift-tools-version: 6.1
import PackageDescription

/// The benchmarks live in their own package so that users of the library never
/// pull a benchmark dependency. Each module of the library gets one benchmark
/// target under `Benchmarks/<Name>/`; adding one is one line in `suites` below.
let suites: [(name: String, product: String)] = [
  (name: "DiffingBenchmarks", product: "DataSourceGraphDiffing"),
  (name: "SectionsBenchmarks", product: "DataSourceGraphSections"),
  (name: "CompositionBenchmarks", product: "DataSourceGraph"),
]

let package = Package(
  name: "DataSourceGraphBenchmarks",
  platforms: [.macOS(.v13)],
  dependencies: [
    .package(
      url: "https://github.com/ordo-one/benchmark", exact: "1.38.1", traits: ["MallocInterposer"]),
    .package(name: "DataSourceGraph", path: ".."),
  ],
  targets: [
    // What the suites share: the seeded generator.
    .target(name: "BenchmarkSupport", path: "Benchmarks/BenchmarkSupport")
  ]
    + suites.map { suite in
      .executableTarget(
        name: suite.name,
        dependencies: [
          "BenchmarkSupport",
          .product(name: "Benchmark", package: "benchmark"),
          .product(name: suite.product, package: "DataSourceGraph"),
        ],
        path: "Benchmarks/\(suite.name)",
        plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
      )
    }
)
