import Foundation

/// Runs the `demo` executable that the build put beside the test bundle.
enum DemoProcess {
  /// What one run printed, and how it ended.
  struct Output {
    var status: Int32
    var standardOutput: String
    var standardError: String

    /// The frames of `--no-animation`, without their marker lines.
    var frames: [String] {
      var frames: [String] = []
      for line in standardOutput.split(separator: "\n", omittingEmptySubsequences: false) {
        if line.hasPrefix("=== frame ") {
          frames.append("")
        } else if !frames.isEmpty {
          frames[frames.count - 1] += (frames[frames.count - 1].isEmpty ? "" : "\n") + line
        }
      }
      return frames
    }

    /// The marker lines, such as `=== frame 3 (t=1.8s) ===`.
    var markers: [String] {
      standardOutput.split(separator: "\n").filter { $0.hasPrefix("=== frame ") }.map(String.init)
    }
  }

  /// A marker type to find the test bundle.
  private final class BundleMarker {}

  /// The `demo` executable of this build, or `nil` if it was not built.
  static let executable: URL? = {
    var directories: [URL] = []
    directories.append(Bundle(for: BundleMarker.self).bundleURL.deletingLastPathComponent())
    directories.append(Bundle.main.bundleURL)
    directories.append(Bundle.main.bundleURL.deletingLastPathComponent())
    if let executable = Bundle.main.executableURL {
      directories.append(executable.deletingLastPathComponent())
    }
    return directories.lazy.map { $0.appendingPathComponent("demo") }
      .first { FileManager.default.isExecutableFile(atPath: $0.path) }
  }()

  /// Runs `demo` with `arguments`, feeding `input` on standard input (then
  /// closing it), and waits for it to end.
  static func run(_ arguments: [String], input: String = "") throws -> Output {
    guard let executable else { throw Missing() }
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    let stdin = Pipe()
    let stdout = Pipe()
    let stderr = Pipe()
    process.standardInput = stdin
    process.standardOutput = stdout
    process.standardError = stderr
    try process.run()
    stdin.fileHandleForWriting.write(Data(input.utf8))
    try stdin.fileHandleForWriting.close()
    // Read both pipes to their end before waiting, so a full pipe cannot
    // block the demo.
    let errorData = LockedData()
    let errorReader = Thread { errorData.set(stderr.fileHandleForReading.readDataToEndOfFile()) }
    errorReader.start()
    let outputData = stdout.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    while !errorData.isSet { Thread.sleep(forTimeInterval: 0.005) }
    return Output(
      status: process.terminationStatus,
      standardOutput: String(decoding: outputData, as: UTF8.self),
      standardError: String(decoding: errorData.value, as: UTF8.self))
  }

  /// The demo was not built beside the tests.
  struct Missing: Error, CustomStringConvertible {
    var description: String {
      "the demo executable is not beside the test bundle; build it with `swift build` first"
    }
  }
}

/// Data handed from a reader thread to the test.
private final class LockedData: @unchecked Sendable {
  // @unchecked: every access goes through `lock`.
  private let lock = NSLock()
  private var data: Data?

  func set(_ data: Data) { lock.withLock { self.data = data } }
  var isSet: Bool { lock.withLock { data != nil } }
  var value: Data { lock.withLock { data ?? Data() } }
}
