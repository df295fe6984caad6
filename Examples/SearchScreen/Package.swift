// swift-tools-version: 6.0
import PackageDescription

// A search screen in the shape of a shipping app's: shortcuts made from the
// typed text, suggestions fetched per keystroke, results paged by offset
// with the list's end below them, and taps routed to the part that owns
// the row. `SearchScreen` holds the screen's graph and its fake server
// (plain Swift, tested on Linux); `SearchViewController.swift` puts it on
// a UIKit table view where UIKit exists.
let package = Package(
  name: "SearchScreen",
  platforms: [.iOS(.v16), .macOS(.v13), .tvOS(.v16), .watchOS(.v9), .visionOS(.v1)],
  products: [.library(name: "SearchScreen", targets: ["SearchScreen"])],
  dependencies: [.package(name: "DataSourceGraph", path: "../..")],
  targets: [
    .target(
      name: "SearchScreen",
      dependencies: [
        .product(name: "DataSourceGraph", package: "DataSourceGraph"),
        .product(name: "DataSourceGraphUIKit", package: "DataSourceGraph"),
      ]),
    .testTarget(name: "SearchScreenTests", dependencies: ["SearchScreen"]),
  ],
  swiftLanguageModes: [.v6]
)
