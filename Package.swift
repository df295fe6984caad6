// swift-tools-version: 6.0
import PackageDescription

/// Settings every target shares: the Swift 6 language mode comes from the
/// tools version; these upcoming features keep imports and existentials honest.
let settings: [SwiftSetting] = [
  .enableUpcomingFeature("ExistentialAny"),
  .enableUpcomingFeature("InternalImportsByDefault"),
  .enableUpcomingFeature("MemberImportVisibility"),
]

/// Where UIKit's views cannot be imported, the UIKit layer compiles against
/// `UIKitStandIn`, a stand-in that behaves like UIKit where the layer relies
/// on it (batch updates, the data source's questions, cell dequeuing), so the
/// layer builds and is tested on Linux and macOS. Apple platforms with UIKit's
/// table and collection views (iOS, tvOS, visionOS, Mac Catalyst) never build
/// the stand-in; watchOS has a UIKit without them, so it builds the stand-in.
let platformsWithoutUIKit: [Platform] = [
  .macOS, .watchOS, .linux, .windows, .android, .wasi, .openbsd,
]
let uikitStandIn = Target.Dependency.target(
  name: "UIKitStandIn", condition: .when(platforms: platformsWithoutUIKit))

let package = Package(
  name: "DataSourceGraph",
  // The oldest systems whose Swift runtime has what the library uses: the
  // constrained existentials `any DataSource<SectionID, Item>` need the
  // Swift 5.7 runtime (iOS 16, macOS 13, tvOS 16, watchOS 9); async/await
  // and the isolation-inheriting concurrency functions back-deploy below it.
  platforms: [.iOS(.v16), .macOS(.v13), .tvOS(.v16), .watchOS(.v9), .visionOS(.v1)],
  products: [
    .library(name: "DataSourceGraph", targets: ["DataSourceGraph"]),
    .library(name: "DataSourceGraphDiffing", targets: ["DataSourceGraphDiffing"]),
    .library(name: "DataSourceGraphSections", targets: ["DataSourceGraphSections"]),
    .library(name: "DataSourceGraphComposition", targets: ["DataSourceGraphComposition"]),
    .library(name: "DataSourceGraphUIKit", targets: ["DataSourceGraphUIKit"]),
    .library(name: "DataSourceGraphSwiftUI", targets: ["DataSourceGraphSwiftUI"]),
    .executable(name: "demo", targets: ["DataSourceGraphDemo"]),
  ],
  dependencies: [],
  targets: [
    .target(name: "DataSourceGraphDiffing", path: "Sources/Diffing", swiftSettings: settings),
    .target(
      name: "DataSourceGraphSections", dependencies: ["DataSourceGraphDiffing"],
      path: "Sources/Sections", swiftSettings: settings),
    .target(
      name: "DataSourceGraphComposition", dependencies: ["DataSourceGraphSections"],
      path: "Sources/Composition", swiftSettings: settings),
    .target(
      name: "DataSourceGraph",
      dependencies: [
        "DataSourceGraphDiffing", "DataSourceGraphSections", "DataSourceGraphComposition",
      ],
      swiftSettings: settings
    ),
    // Platform layers, each in a module of its own; the core stays
    // platform-neutral.
    .target(name: "UIKitStandIn", swiftSettings: settings),
    .target(
      name: "DataSourceGraphUIKit", dependencies: ["DataSourceGraphSections", uikitStandIn],
      path: "Sources/UIKit", swiftSettings: settings),
    .target(
      name: "DataSourceGraphSwiftUI", dependencies: ["DataSourceGraphSections"],
      path: "Sources/SwiftUI", swiftSettings: settings),
    .executableTarget(
      name: "DataSourceGraphDemo", dependencies: ["DataSourceGraph"], path: "Sources/Demo",
      swiftSettings: settings),
    // Shared by the test targets only (not a product): the seeded generator.
    .target(name: "TestSupport", path: "Tests/TestSupport", swiftSettings: settings),
    .testTarget(
      name: "DiffingTests", dependencies: ["DataSourceGraphDiffing", "TestSupport"],
      swiftSettings: settings),
    .testTarget(
      name: "SectionsTests", dependencies: ["DataSourceGraphSections", "TestSupport"],
      swiftSettings: settings),
    .testTarget(name: "DemoTests", dependencies: ["DataSourceGraph"], swiftSettings: settings),
    .testTarget(
      name: "CompositionTests",
      dependencies: [
        "DataSourceGraphComposition", "DataSourceGraphSections", "DataSourceGraphUIKit",
        "TestSupport", uikitStandIn,
      ],
      swiftSettings: settings
    ),
    .testTarget(
      name: "UIKitTests",
      dependencies: [
        "DataSourceGraph", "DataSourceGraphUIKit", "DataSourceGraphComposition", "TestSupport",
        uikitStandIn,
      ],
      swiftSettings: settings),
    .testTarget(
      name: "SwiftUITests",
      dependencies: ["DataSourceGraphSwiftUI", "DataSourceGraphComposition", "TestSupport"],
      swiftSettings: settings),
  ],
  swiftLanguageModes: [.v6]
)
