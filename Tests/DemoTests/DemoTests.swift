import Foundation
import Testing

/// The demo, run as a user runs it: the `demo` executable in a subprocess,
/// its frames read from standard output (`--no-animation` prints them one
/// after another, separated by `=== frame N (t=…s) ===`).
@Suite(.serialized) struct DemoTests {
  static let story = Result { try DemoProcess.run(["--no-animation"]) }

  static func storyOutput() throws -> DemoProcess.Output { try story.get() }

  @Test func storyRunsToTheEndWithNumberedFrames() throws {
    let output = try Self.storyOutput()
    #expect(output.status == 0, "\(output.standardError)")
    #expect(output.standardError.isEmpty, "\(output.standardError)")
    let markers = output.markers
    #expect(markers.count >= 20, "\(markers.count) frames")
    for (index, marker) in markers.enumerated() {
      #expect(marker.hasPrefix("=== frame \(index + 1) (t="), "\(marker)")
    }
    // Times never go back, and the story lasts about 52 seconds.
    let times = markers.compactMap { marker -> Double? in
      guard let start = marker.range(of: "(t="), let end = marker.range(of: "s)") else {
        return nil
      }
      return Double(marker[start.upperBound..<end.lowerBound])
    }
    #expect(times.count == markers.count)
    #expect(times == times.sorted())
    #expect((45...60).contains(times.last ?? 0), "the story lasts \(times.last ?? 0) s")
    #expect(
      output.standardOutput.hasSuffix("The end. Try `demo --interactive`, or `demo --help`.\n"))
    #expect(!output.standardOutput.contains("\u{1B}["), "no colours when output is not a terminal")
  }

  @Test func storyIsDeterministic() throws {
    let again = try DemoProcess.run(["--no-animation"])
    #expect(again.standardOutput == (try Self.storyOutput()).standardOutput)
  }

  /// Part 1 walks through the states of one loader, and after the rapid
  /// taps the last frame shows the last tap's answer.
  @Test func firstPartEndsOnTheLastTapsAnswer() throws {
    let frames = try Self.storyOutput().frames.filter { $0.contains("· 1/6 ·") }
    #expect(frames.contains { $0.contains("Loading…") })
    #expect(frames.contains { $0.contains("Refreshing…") && $0.contains("Crimson") })
    #expect(frames.contains { $0.contains("No colours") })
    #expect(
      frames.contains {
        $0.contains("Couldn't load the palette") && $0.contains("The network is offline.")
      })
    #expect(frames.contains { $0.contains("arrived late and was ignored") })
    let last = try #require(frames.last)
    // The last tap was Success, whose answer is the second palette (Coral).
    #expect(last.contains("Coral     #FF7F50"), "\(last)")
    #expect(!last.contains("Loading"), "\(last)")
    #expect(!last.contains("No colours"), "\(last)")
    #expect(!last.contains("Couldn't load"), "\(last)")
  }

  /// Part 2: loading, then a partial banner while one part has failed,
  /// then content with the failure kept, the filter, the last refresh.
  @Test func secondPartShowsPartialThenContentWithFailure() throws {
    let frames = try Self.storyOutput().frames.filter { $0.contains("· 2/6 ·") }
    let loading = try #require(frames.firstIndex { $0.contains("Loading…") })
    let partial = try #require(
      frames.firstIndex {
        $0.contains("! Partly loaded") && $0.contains("× Suggestions: The server timed out.")
          && $0.contains("Blue in Green")
      })
    // The banner says the refresh failed, and the line under it names
    // Recent, which keeps its tracks.
    let kept = try #require(
      frames.firstIndex {
        Self.banner(in: $0).hasPrefix("! Couldn't refresh: The server timed out.")
          && $0.contains("    × Recent: The server timed out. Its tracks stay.")
          && $0.contains("Kind of Blue")
      })
    #expect(loading < partial && partial < kept)
    var filterFrames: [Int] = []
    for query in ["b", "bl", "blu", "blue"] {
      filterFrames.append(try #require(frames.firstIndex { $0.contains("filter: \"\(query)\"") }))
    }
    #expect(filterFrames == filterFrames.sorted() && kept < filterFrames[0])
    let last = try #require(frames.last)
    #expect(last.contains("+   Blue Train"), "the last refresh inserts a matching track\n\(last)")
    #expect(!last.contains("So What"), "the filter still hides what does not match\n\(last)")
    #expect(!last.contains("Refreshing") && !last.contains("!"), "\(last)")
  }

  /// Part 3: the task that keeps up prints every event of `queue.events`,
  /// in order; the task held back gets one composed batch for the four
  /// edits, and no state change (the refresh went back where it started);
  /// then both get the last change.
  @Test func thirdPartShowsEveryEventThenOneComposedBatch() throws {
    let frames = try Self.storyOutput().frames.filter { $0.contains("· 3/6 ·") }
    let last = try #require(frames.last)
    let onTime = Self.log(in: last, after: "(a task that keeps up)")
    #expect(
      onTime == [
        "batch: insert 0.4", "batch: move 0.0→0.2", "batch: update 0.3", "batch: delete 0.1",
        "state content → refreshing", "state refreshing → content", "batch: insert 0.4",
      ], "\(last)")
    let lagging = Self.log(in: last, after: "(a task held back, then awake)")
    #expect(lagging.count == 2, "\(last)")
    let composed = try #require(lagging.first)
    for part in ["insert 0.3", "delete 0.2", "move ", "update 0.2"] {
      #expect(composed.contains(part), "\(composed)")
    }
    #expect(lagging.last == "batch: insert 0.4")
    #expect(frames.contains { $0.contains("(a task held back: nothing taken yet)") })
    #expect(last.contains("Blue Train") && !last.contains("Blue Monday"), "\(last)")
  }

  /// Part 4: pages arrive as the user scrolls, one fails and is retried
  /// while the screen stays `content`, the feed ends, and a refresh keeps
  /// the pages until its first page replaces them.
  @Test func fourthPartScrollsPagesInAndRefreshesFromTheTop() throws {
    let frames = try Self.storyOutput().frames.filter { $0.contains("· 4/6 ·") }
    #expect(frames.contains { $0.contains("⋯ Loading more…") && $0.contains("screen: content") })
    let failed = try #require(
      frames.firstIndex { $0.contains("× Couldn't load more: The network is offline.") })
    #expect(frames[failed].contains("screen: content"), "a failed page is not a failed screen")
    let ended = try #require(frames.firstIndex { $0.contains("— No more tracks —") })
    #expect(failed < ended)
    #expect(frames[ended].contains("Strange Fruit") && frames[ended].contains("4 pages"))
    let refreshing = try #require(frames.firstIndex { $0.contains("screen: refreshing") })
    #expect(frames[refreshing].contains("Strange Fruit"), "the pages stay while refreshing")
    let last = try #require(frames.last)
    #expect(last.contains("Spain") && !last.contains("Strange Fruit"), "\(last)")
    #expect(last.contains("feed: 1 page,") && last.contains("↓ more below"), "\(last)")
  }

  /// Part 5: expanding inserts the rows under an item after it, collapsing
  /// deletes them, an inner expansion is kept, a section collapses to its
  /// header, and a change of the library arrives as one insert.
  @Test func fifthPartExpandsAndCollapsesAnOutline() throws {
    let frames = try Self.storyOutput().frames.filter { $0.contains("· 5/6 ·") }
    #expect(frames.first?.contains("▸ Miles Davis") == true)
    let nested = try #require(frames.firstIndex { $0.contains("+           So What") })
    let collapsed = try #require(
      frames.firstIndex { $0.contains("▸ Miles Davis") && $0.contains("4 deleted") })
    let again = try #require(
      frames.firstIndex { $0.contains("+           So What") && $0.contains("4 inserted") })
    #expect(nested < collapsed && collapsed < again, "the inner expansion comes back")
    let last = try #require(frames.last)
    #expect(last.contains("+        Sketches of Spain") && last.contains("1 inserted"), "\(last)")
    #expect(last.contains("Electronic") && !last.contains("Kraftwerk"), "\(last)")
  }

  /// The lines `  ← …` under the line containing `heading` in `frame`.
  static func log(in frame: String, after heading: String) -> [String] {
    let lines = frame.split(separator: "\n", omittingEmptySubsequences: false)
    guard let start = lines.firstIndex(where: { $0.contains(heading) }) else { return [] }
    return lines[(start + 1)...].prefix { $0.hasPrefix("  ← ") }.map { String($0.dropFirst(4)) }
  }

  /// The banner of `frame`: from its `! ` line to the line before the
  /// first section (`Showing what was loaded before.` included), joined
  /// with spaces, or "" when there is none.
  static func banner(in frame: String) -> String {
    let lines = frame.split(separator: "\n", omittingEmptySubsequences: false)
    guard let start = lines.firstIndex(where: { $0.hasPrefix("! ") }) else { return "" }
    var banner = [String(lines[start])]
    for line in lines[(start + 1)...] {
      guard line.hasPrefix("  "), !line.hasPrefix("    ") else { break }
      banner.append(line.trimmingCharacters(in: .whitespaces))
      if line.contains("Showing what was loaded before.") { break }
    }
    return banner.joined(separator: " ")
  }

  @Test func helpListsTheKeys() throws {
    let output = try DemoProcess.run(["--help"])
    #expect(output.status == 0)
    for text in ["--interactive", "--no-animation", "s  next load succeeds", "q  quit"] {
      #expect(output.standardOutput.contains(text), "\(text)")
    }
  }

  @Test func unknownArgumentIsAnError() throws {
    let output = try DemoProcess.run(["--fast"])
    #expect(output.status == 2)
    #expect(output.standardError.contains("unknown argument '--fast'"))
    #expect(output.standardOutput.isEmpty)
  }

  @Test func colourCanBeForced() throws {
    let output = try DemoProcess.run(["--no-animation", "--color"])
    #expect(output.standardOutput.contains("\u{1B}[32m+ "), "inserted rows are green")
  }

  /// Keys piped on standard input, each taken once the screen settled.
  @Test func interactiveModeFollowsPipedKeys() throws {
    let output = try DemoProcess.run(["--interactive", "--no-animation"], input: "m f\nfrq")
    #expect(output.status == 0, "\(output.standardError)")
    let frames = output.frames
    #expect(frames.first?.contains("Nothing loaded yet.") == true)
    #expect(frames.allSatisfy { $0.contains("s success · e empty · x error") })
    let partial = try #require(
      frames.firstIndex { $0.contains("! Partly loaded") && $0.contains("× Suggestions") })
    let filtered = try #require(frames.firstIndex { $0.contains("filter: \"bl\"") })
    let refreshed = try #require(frames.lastIndex { $0.contains("r: pull to refresh") })
    #expect(partial < filtered && filtered < refreshed)
    let last = try #require(frames.last)
    #expect(last.contains("Blue in Green") && !last.contains("So What"), "\(last)")
    #expect(output.standardOutput.hasSuffix("Bye.\n"))
  }

  @Test func interactiveErrorAndEmptyShowPlaceholders() throws {
    let output = try DemoProcess.run(["--interactive", "--no-animation"], input: "xez")
    let frames = output.frames
    // Every part failed: the placeholder lists them by their sources' names.
    #expect(
      frames.contains {
        $0.contains("Couldn't load") && $0.contains("3 children failed: Favourites: The server")
      })
    #expect(frames.contains { $0.contains("Nothing to play") })
    #expect(frames.last?.contains("Unknown key \"z\"") == true)
    #expect(output.status == 0, "the end of input quits")
  }

  @Test func refreshBeforeAnyLoadSaysSo() throws {
    let output = try DemoProcess.run(["--interactive", "--no-animation"], input: "rq")
    #expect(output.frames.contains { $0.contains("nothing to refresh yet") })
  }
}
