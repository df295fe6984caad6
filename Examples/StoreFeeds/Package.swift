// swift-tools-version: 6.0
import PackageDescription

// The screens of the store feeds' articles, complete: contacts from Core
// Data in sections by their first letter with a search field, players
// from a Combine publisher, notes from SwiftData a page at a time. They
// exist where Apple's frameworks do; the iOS typecheck compiles them, and
// `.ci/doc-blocks` finds the articles' code here. (The feeds' own logic is tested on Linux in the library's
// tests.)
let package = Package(
  name: "StoreFeeds",
  platforms: [.iOS(.v16), .macOS(.v13), .tvOS(.v16), .watchOS(.v9), .visionOS(.v1)],
  products: [.library(name: "StoreFeeds", targets: ["StoreFeeds"])],
  dependencies: [.package(name: "DataSourceGraph", path: "../..")],
  targets: [
    .target(
      name: "StoreFeeds",
      dependencies: [
        .product(name: "DataSourceGraph", package: "DataSourceGraph"),
        .product(name: "DataSourceGraphUIKit", package: "DataSourceGraph"),
        .product(name: "DataSourceGraphCoreData", package: "DataSourceGraph"),
        .product(name: "DataSourceGraphCombine", package: "DataSourceGraph"),
        .product(name: "DataSourceGraphSwiftData", package: "DataSourceGraph"),
      ])
  ],
  swiftLanguageModes: [.v6]
)
