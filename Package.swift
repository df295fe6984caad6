// swift-tools-version: 6.0
import PackageDescription

/// Settings every target shares: the Swift 6 language mode comes from the
/// tools version; these upcoming features keep imports and existentials honest.
let settings: [SwiftSetting] = [
  .enableUpcomingFeature("ExistentialAny"),
  .enableUpcomingFeature("InternalImportsByDefault"),
  .enableUpcomingFeature("MemberImportVisibility"),
]

let package = Package(
  name: "DataSourceGraph",
  products: [
    .library(name: "DataSourceGraph", targets: ["DataSourceGraph"]),
    .library(name: "Diffing", targets: ["Diffing"]),
    .library(name: "Sections", targets: ["Sections"]),
    .library(name: "Composition", targets: ["Composition"]),
    .executable(name: "demo", targets: ["Demo"]),
  ],
  dependencies: [],
  targets: [
    .target(name: "Diffing", swiftSettings: settings),
    .target(name: "Sections", dependencies: ["Diffing"], swiftSettings: settings),
    .target(name: "Composition", dependencies: ["Sections"], swiftSettings: settings),
    .target(
      name: "DataSourceGraph",
      dependencies: ["Diffing", "Sections", "Composition"],
      swiftSettings: settings
    ),
    .executableTarget(name: "Demo", dependencies: ["DataSourceGraph"], swiftSettings: settings),
    // Shared by the test targets only (not a product): the seeded generator.
    .target(name: "TestSupport", path: "Tests/TestSupport", swiftSettings: settings),
    .testTarget(
      name: "DiffingTests", dependencies: ["Diffing", "TestSupport"], swiftSettings: settings),
    .testTarget(
      name: "SectionsTests", dependencies: ["Sections", "TestSupport"], swiftSettings: settings),
    .testTarget(name: "DemoTests", dependencies: ["DataSourceGraph"], swiftSettings: settings),
    .testTarget(
      name: "CompositionTests",
      dependencies: ["Composition", "Sections", "TestSupport"],
      swiftSettings: settings
    ),
  ],
  swiftLanguageModes: [.v6]
)
