import Foundation
import Testing

/// Named regression tests for what the demo used to show wrong: a failure
/// that never showed, a part named twice, a key missing from the help, a
/// key line wider than a terminal, "1 pages", and "(no items)" under a
/// collapsed section.
@Suite(.serialized) struct DemoWordingTests {
  static let partNames = ["Favourites", "Recent", "Suggestions"]

  /// `x` after `m`: Favourites and Recent fail but keep their tracks, so
  /// they are not among the missing parts of the partly-loaded banner;
  /// each still gets a line under it.
  @Test func errorAfterMixedShowsTheFailuresOfPartsThatKeptTheirContent() throws {
    let output = try DemoProcess.run(["--interactive", "--no-animation"], input: "mxq")
    #expect(output.status == 0, "\(output.standardError)")
    let last = try #require(output.frames.last { $0.contains("x: every part loads, and fails.") })
    let lines = last.split(separator: "\n").map(String.init)
    let banner = try #require(lines.firstIndex(of: "! Partly loaded: some parts are missing."))
    #expect(
      Array(lines[(banner + 1)...].prefix(3)) == [
        "    × Suggestions: The server timed out.",
        "    × Favourites: The server timed out. Its tracks stay.",
        "    × Recent: The server timed out. Its tracks stay.",
      ], "\(last)")
    #expect(last.contains("Blue in Green") && last.contains("Kind of Blue"), "the tracks stay")
  }

  /// The error text never repeats the part's name ("Favourites:
  /// Favourites timed out."), in the story or in any interactive state.
  @Test func errorTextNamesEachPartOnce() throws {
    let interactive = try DemoProcess.run(["--interactive", "--no-animation"], input: "mxsxeq")
    for output in [try DemoTests.storyOutput(), interactive] {
      for name in Self.partNames {
        #expect(!output.standardOutput.contains("\(name): \(name)"), "\(name) named twice")
        #expect(!output.standardOutput.contains("\(name) timed out"), "\(name) named twice")
      }
    }
    #expect(interactive.standardOutput.contains("× Suggestions: The server timed out."))
  }

  /// `--help` lists every key the interactive mode takes.
  @Test func helpListsEveryKey() throws {
    let output = try DemoProcess.run(["--help"])
    #expect(output.status == 0)
    for key in [
      "s  next load succeeds", "e  next load is empty", "x  next load fails",
      "m  mixed", "r  pull to refresh", "f  type the next letter", "q  quit",
    ] {
      #expect(output.standardOutput.contains(key), "\(key)")
    }
  }

  /// The key line, and every other line the interactive mode prints
  /// without colours, fits in 80 columns.
  @Test func keyLineFitsInEightyColumns() throws {
    let output = try DemoProcess.run(["--interactive", "--no-animation"], input: "mfxq")
    let keys = try #require(
      output.standardOutput.split(separator: "\n").first { $0.hasPrefix("s success · ") })
    #expect(keys.count <= 80, "\(keys.count) columns: \(keys)")
    for line in output.standardOutput.split(separator: "\n") {
      #expect(line.count <= 80, "\(line.count) columns: \(line)")
    }
  }

  /// One page is "1 page", more are "N pages".
  @Test func pageCountAgreesInNumber() throws {
    let story = try DemoTests.storyOutput().standardOutput
    #expect(!story.contains("1 pages"))
    #expect(story.contains("feed: 1 page, "))
    #expect(story.contains("feed: 4 pages, "))
  }

  /// A collapsed section of the outline reads "(collapsed)", never
  /// "(no items)": its rows are hidden, not missing.
  @Test func collapsedSectionReadsCollapsed() throws {
    let frames = try DemoTests.storyOutput().frames.filter { $0.contains("· 5/6 ·") }
    #expect(!frames.contains { $0.contains("(no items)") })
    let collapsed = try #require(frames.first { $0.contains("(collapsed)") })
    let lines = collapsed.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
    let mark = try #require(lines.firstIndex(of: "(collapsed)"))
    #expect(mark > 0 && lines[mark - 1].hasSuffix("Electronic"), "\(collapsed)")
  }
}
