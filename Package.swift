// swift-tools-version: 6.0
import PackageDescription

/// Settings every target shares: the Swift 6 language mode comes from the
/// tools version; these upcoming features keep imports and existentials honest.
let settings: [SwiftSetting] = [
  .enableUpcomingFeature("ExistentialAny"),
  .enableUpcomingFeature("InternalImportsByDefault"),
  .enableUpcomingFeature("MemberImportVisibility"),
]

/// The UIKit layer compiles where UIKit has table and collection views (iOS,
/// tvOS, visionOS, Mac Catalyst) and, for the tests, on the platforms with no
/// UIKit at all, against `UIKitStandIn` (Tests/UIKitStandIn): a test double
/// that behaves like UIKit where the layer relies on it (the batch rules, the
/// data source's questions, dequeuing). It is in no product, the layer never
/// re-exports it, and no Apple platform builds it: on macOS and watchOS (a
/// UIKit without those views) the layer's module is empty.
let platformsWithoutUIKit: [Platform] = [.linux, .windows, .android, .wasi, .openbsd]
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
    .library(name: "DataSourceGraphNodes", targets: ["DataSourceGraphNodes"]),
    .library(name: "DataSourceGraphComposition", targets: ["DataSourceGraphComposition"]),
    .library(name: "DataSourceGraphUIKit", targets: ["DataSourceGraphUIKit"]),
    .library(name: "DataSourceGraphSwiftUI", targets: ["DataSourceGraphSwiftUI"]),
    .library(name: "DataSourceGraphTesting", targets: ["DataSourceGraphTesting"]),
    // Store feeds, each a product that only its users link.
    .library(name: "DataSourceGraphCoreData", targets: ["DataSourceGraphCoreData"]),
    .library(name: "DataSourceGraphCombine", targets: ["DataSourceGraphCombine"]),
    .library(name: "DataSourceGraphSwiftData", targets: ["DataSourceGraphSwiftData"]),
    .executable(name: "demo", targets: ["DataSourceGraphDemo"]),
  ],
  dependencies: [],
  targets: [
    // The storage structures beneath the diff, the values and the
    // combinators: the chunked array and the hashed identities of every
    // identity table (the diff's, a snapshot's, a composite's). Identities
    // and integers only, no snapshot or batch;
    // everything in it is `package`. In no product: a product that needs
    // it takes it along.
    .target(name: "DataSourceGraphCore", path: "Sources/Core", swiftSettings: settings),
    .target(
      name: "DataSourceGraphDiffing", dependencies: ["DataSourceGraphCore"],
      path: "Sources/Diffing", swiftSettings: settings),
    // Sections in two layers, each a module, so the direction is enforced:
    // values (snapshots, batches, the UIKit rules and plan; no locks, no
    // nodes), then the nodes that hold and deliver them.
    .target(
      name: "DataSourceGraphSections",
      dependencies: ["DataSourceGraphCore", "DataSourceGraphDiffing"],
      path: "Sources/Sections/Values", swiftSettings: settings),
    .target(
      name: "DataSourceGraphNodes",
      dependencies: ["DataSourceGraphCore", "DataSourceGraphSections"],
      path: "Sources/Sections/Nodes", swiftSettings: settings),
    .target(
      name: "DataSourceGraphComposition",
      dependencies: ["DataSourceGraphCore", "DataSourceGraphNodes"],
      path: "Sources/Composition", swiftSettings: settings),
    // For an app's own tests: renderers that record, check and print what a
    // node shows. Not in the umbrella.
    .target(
      name: "DataSourceGraphTesting", dependencies: ["DataSourceGraphNodes"],
      path: "Sources/Testing", swiftSettings: settings),
    .target(
      name: "DataSourceGraph",
      dependencies: [
        "DataSourceGraphDiffing", "DataSourceGraphSections", "DataSourceGraphNodes",
        "DataSourceGraphComposition",
      ],
      swiftSettings: settings
    ),
    // Platform layers, each in a module of its own; the core stays
    // platform-neutral.
    .target(
      name: "DataSourceGraphUIKit",
      dependencies: ["DataSourceGraphNodes", "DataSourceGraphUIKitPlatform"],
      path: "Sources/UIKit", swiftSettings: settings),
    // The UIKit the layer compiles against, chosen in one file: Apple's, or
    // the stand-in where there is no UIKit. Not a product.
    .target(
      name: "DataSourceGraphUIKitPlatform", dependencies: [uikitStandIn],
      path: "Sources/UIKitPlatform", swiftSettings: settings),
    // The SwiftUI layer's collection view (`DataSourceCollectionView`) shows
    // its node through the UIKit layer's data source, the one home of
    // applying batches to a collection view: a dependency on Apple platforms
    // only, so the stand-in never reaches this module. The UIKit layer's
    // module is empty on macOS and watchOS; naming them too costs nothing
    // and covers Mac Catalyst however a build names its platform.
    .target(
      name: "DataSourceGraphSwiftUI",
      dependencies: [
        "DataSourceGraphNodes",
        .target(
          name: "DataSourceGraphUIKit",
          condition: .when(platforms: [.macOS, .macCatalyst, .iOS, .tvOS, .visionOS, .watchOS])),
      ],
      path: "Sources/SwiftUI", swiftSettings: settings),
    // Store feeds. Each module compiles everywhere: what turns a store's
    // callbacks into changes of a leaf is plain Swift, tested on Linux;
    // the layer over Apple's framework is under `#if canImport(...)`, and
    // typechecked for iOS.
    .target(
      name: "DataSourceGraphCoreData",
      dependencies: ["DataSourceGraphSections", "DataSourceGraphNodes"],
      path: "Sources/CoreData", swiftSettings: settings),
    .target(
      name: "DataSourceGraphCombine",
      dependencies: ["DataSourceGraphSections", "DataSourceGraphNodes"],
      path: "Sources/Combine", swiftSettings: settings),
    // SwiftData's models as a paged leaf: the items and their revisions
    // are the Core Data feed's (`FetchedObject`), which it re-exports.
    .target(
      name: "DataSourceGraphSwiftData",
      dependencies: ["DataSourceGraphSections", "DataSourceGraphNodes", "DataSourceGraphCoreData"],
      path: "Sources/SwiftData", swiftSettings: settings),
    .executableTarget(
      name: "DataSourceGraphDemo", dependencies: ["DataSourceGraph", "DataSourceGraphTesting"],
      path: "Sources/Demo",
      swiftSettings: settings),
    // Shared by the test targets only (not products): the seeded generator,
    // and the UIKit stand-in.
    .target(name: "TestSupport", path: "Tests/TestSupport", swiftSettings: settings),
    .target(name: "UIKitStandIn", path: "Tests/UIKitStandIn", swiftSettings: settings),
    // The items and random snapshots of the Sections, Testing and Core Data
    // tests, and the mirror that checks a leaf's batches.
    .target(
      name: "SectionsTestSupport",
      dependencies: ["DataSourceGraphSections", "DataSourceGraphNodes", "TestSupport"],
      path: "Tests/SectionsTestSupport", swiftSettings: settings),
    .testTarget(
      name: "CoreTests", dependencies: ["DataSourceGraphCore", "TestSupport"],
      swiftSettings: settings),
    .testTarget(
      name: "DiffingTests", dependencies: ["DataSourceGraphDiffing", "TestSupport"],
      swiftSettings: settings),
    .testTarget(
      name: "SectionsTests",
      dependencies: [
        "DataSourceGraphSections", "DataSourceGraphNodes", "DataSourceGraphTesting", "TestSupport",
        "SectionsTestSupport",
      ],
      swiftSettings: settings),
    .testTarget(
      name: "TestingTests",
      dependencies: [
        "DataSourceGraphTesting", "DataSourceGraphNodes", "DataSourceGraphSections",
        "SectionsTestSupport", "TestSupport",
      ],
      swiftSettings: settings),
    .testTarget(
      name: "DemoTests", dependencies: ["DataSourceGraph", "DataSourceGraphTesting"],
      swiftSettings: settings),
    .testTarget(
      name: "CompositionTests",
      dependencies: [
        "DataSourceGraphComposition", "DataSourceGraphSections", "DataSourceGraphNodes",
        "DataSourceGraphTesting", "DataSourceGraphUIKit", "TestSupport", uikitStandIn,
      ],
      swiftSettings: settings
    ),
    .testTarget(
      name: "UIKitTests",
      dependencies: [
        "DataSourceGraph", "DataSourceGraphUIKit", "DataSourceGraphComposition",
        "DataSourceGraphTesting", "TestSupport", uikitStandIn,
      ],
      swiftSettings: settings),
    .testTarget(
      name: "CoreDataTests",
      dependencies: [
        "DataSourceGraphCoreData", "DataSourceGraphSections", "DataSourceGraphNodes",
        "SectionsTestSupport", "TestSupport",
      ],
      swiftSettings: settings),
    .testTarget(
      name: "SwiftUITests",
      dependencies: [
        "DataSourceGraphSwiftUI", "DataSourceGraphComposition", "DataSourceGraphTesting",
        "TestSupport",
      ],
      swiftSettings: settings),
  ],
  swiftLanguageModes: [.v6]
)
