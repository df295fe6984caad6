// swift-tools-version: 6.0
import Foundation
import PackageDescription

// A package that uses DataSourceGraph the way an app's package does: by its
// products, from outside its targets, with no `@testable` import.
// `.ci/consumer` builds it in debug and release and runs every executable.

/// A product of the library.
func library(_ product: String) -> Target.Dependency {
  .product(name: product, package: "DataSourceGraph")
}

/// The README's Swift code blocks, one executable target each, which
/// `.ci/readme-blocks` writes to `Generated/ReadmeBlockNN/main.swift`
/// (gitignored). The package builds without them.
let readmeBlocks: [Target] = {
  let generated = URL(fileURLWithPath: Context.packageDirectory)
    .appendingPathComponent("Generated")
  let names = (try? FileManager.default.contentsOfDirectory(atPath: generated.path)) ?? []
  return names.filter { $0.hasPrefix("ReadmeBlock") }.sorted().map { name in
    .executableTarget(
      name: name,
      dependencies: [
        library("DataSourceGraph"), library("DataSourceGraphUIKit"),
        library("DataSourceGraphSwiftUI"), library("DataSourceGraphTesting"),
      ],
      path: "Generated/\(name)"
    )
  }
}()

// No product named `demo` beside the library's `demo`: SwiftPM (6.3) accepts
// the pair without a word, then `swift build --product demo` and `swift run
// demo` build and run the library's demo, not this package's.
let package = Package(
  name: "Consumer",
  // The library's minimum, raised to where Observation (`@Observable`) starts.
  platforms: [.iOS(.v17), .macOS(.v14), .tvOS(.v17), .watchOS(.v10), .visionOS(.v1)],
  dependencies: [.package(name: "DataSourceGraph", path: "../..")],
  targets: [
    // One executable per library product, each depending on that product
    // alone. Their names are the library's former target names (SwiftPM
    // wants target names unique across the package graph), so building them
    // proves that the library no longer takes these names.
    // Each also uses the local `TestSupport` for its checks.
    .executableTarget(
      name: "Diffing", dependencies: [library("DataSourceGraphDiffing"), "TestSupport"]),
    .executableTarget(
      name: "Sections", dependencies: [library("DataSourceGraphSections"), "TestSupport"]),
    .executableTarget(
      name: "Nodes",
      dependencies: [
        library("DataSourceGraphNodes"), library("DataSourceGraphTesting"), "TestSupport",
      ]),
    .executableTarget(
      name: "Composition",
      dependencies: [
        library("DataSourceGraphComposition"), library("DataSourceGraphTesting"), "TestSupport",
      ]),
    .executableTarget(
      name: "Demo",
      dependencies: [library("DataSourceGraph"), library("DataSourceGraphTesting"), "TestSupport"]),
    // Named like the library's test-only target, which is in no product.
    .target(name: "TestSupport"),
    // Stand-ins for the frameworks a list screen imports: their type names only.
    .target(name: "ListScreenFrameworks"),
    // A list screen's file: Foundation, Observation, the stand-ins and the
    // library imported together, every public name of the library used.
    .executableTarget(
      name: "ListScreen",
      dependencies: [
        library("DataSourceGraph"), library("DataSourceGraphUIKit"),
        library("DataSourceGraphSwiftUI"), library("DataSourceGraphTesting"),
        "ListScreenFrameworks", "TestSupport",
      ]
    ),
  ] + readmeBlocks,
  swiftLanguageModes: [.v6]
)
