// swift-tools-version: 6.1
import Foundation
import PackageDescription

/// Instruction counts of the edit paths, for valgrind's callgrind (see
/// `count.sh`): deterministic where wall-clock times on a shared machine
/// are not. `LIBRARY` names the checkout measured (this one by default), so
/// two commits can be counted side by side.
let library = ProcessInfo.processInfo.environment["LIBRARY"] ?? "../.."

let package = Package(
  name: "InstructionCounts",
  platforms: [.macOS(.v14)],
  dependencies: [.package(name: "DataSourceGraph", path: library)],
  targets: [
    .executableTarget(
      name: "InstructionCounts",
      dependencies: [
        .product(name: "DataSourceGraph", package: "DataSourceGraph"),
        .product(name: "DataSourceGraphUIKit", package: "DataSourceGraph"),
        .product(name: "DataSourceGraphSwiftUI", package: "DataSourceGraph"),
        .product(name: "DataSourceGraphTesting", package: "DataSourceGraph"),
      ])
  ]
)
