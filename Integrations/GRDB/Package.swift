// swift-tools-version: 6.0
import PackageDescription

/// The root package's settings: the Swift 6 language mode comes from the
/// tools version; these upcoming features keep imports and existentials honest.
let settings: [SwiftSetting] = [
  .enableUpcomingFeature("ExistentialAny"),
  .enableUpcomingFeature("InternalImportsByDefault"),
  .enableUpcomingFeature("MemberImportVisibility"),
]

let package = Package(
  name: "DataSourceGraphGRDB",
  // The library's minimums (GRDB 7 asks for less).
  platforms: [.iOS(.v16), .macOS(.v13), .tvOS(.v16), .watchOS(.v9), .visionOS(.v1)],
  products: [
    .library(name: "DataSourceGraphGRDB", targets: ["DataSourceGraphGRDB"])
  ],
  dependencies: [
    .package(name: "DataSourceGraph", path: "../.."),
    .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
  ],
  targets: [
    .target(
      name: "DataSourceGraphGRDB",
      dependencies: [
        .product(name: "DataSourceGraphNodes", package: "DataSourceGraph"),
        .product(name: "DataSourceGraphSections", package: "DataSourceGraph"),
        .product(name: "GRDB", package: "GRDB.swift"),
      ],
      swiftSettings: settings),
    .testTarget(
      name: "DataSourceGraphGRDBTests",
      dependencies: [
        "DataSourceGraphGRDB",
        // The umbrella, as the README's example imports it.
        .product(name: "DataSourceGraph", package: "DataSourceGraph"),
        .product(name: "DataSourceGraphNodes", package: "DataSourceGraph"),
        .product(name: "DataSourceGraphSections", package: "DataSourceGraph"),
        .product(name: "GRDB", package: "GRDB.swift"),
      ],
      swiftSettings: settings),
  ],
  swiftLanguageModes: [.v6]
)
