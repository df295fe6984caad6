// swift-tools-version: 6.0
import PackageDescription

// A chat in the shape of a shipping app's: history that pages in above,
// new messages below under a header that counts the unread ones, and
// messages sent from here shown at once and marked sent when the server
// has them. `ChatScreen` holds the screen's graph and its fake server
// (plain Swift, tested on Linux); `ChatViewController.swift` puts it on a
// UIKit table view where UIKit exists.
let package = Package(
  name: "ChatScreen",
  platforms: [.iOS(.v16), .macOS(.v13), .tvOS(.v16), .watchOS(.v9), .visionOS(.v1)],
  products: [.library(name: "ChatScreen", targets: ["ChatScreen"])],
  dependencies: [.package(name: "DataSourceGraph", path: "../..")],
  targets: [
    .target(
      name: "ChatScreen",
      dependencies: [
        .product(name: "DataSourceGraph", package: "DataSourceGraph"),
        .product(name: "DataSourceGraphUIKit", package: "DataSourceGraph"),
      ]),
    .testTarget(
      name: "ChatScreenTests",
      dependencies: [
        "ChatScreen", .product(name: "DataSourceGraphTesting", package: "DataSourceGraph"),
      ]),
  ],
  swiftLanguageModes: [.v6]
)
