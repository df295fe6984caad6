import Testing

/// Part 6 of the story: a chat whose history pages in above and whose new
/// messages arrive below, without moving the line the user reads.
@Suite struct ChatDemoTests {
  static func chatFrames() throws -> [String] {
    try DemoTests.storyOutput().frames.filter { $0.contains("· 6/6 ·") }
  }

  /// The line marked `◀ reading` in `frame`: its row on the terminal (from
  /// the heading), and its text without the mark and without the gutter
  /// (where the last batch marked it, say `+`).
  static func reading(in frame: String) -> (row: Int, text: String)? {
    let lines = frame.split(separator: "\n", omittingEmptySubsequences: false)
    guard let row = lines.firstIndex(where: { $0.hasSuffix("  ◀ reading") }) else { return nil }
    return (row, String(lines[row].dropFirst(2).dropLast("  ◀ reading".count)))
  }

  /// A new message below: the reading line stays on its row, one row is
  /// inserted, and the header's count changes by a section update.
  @Test func newMessagesArriveBelowWithoutMovingTheLineRead() throws {
    let frames = try Self.chatFrames()
    var rows: [(row: Int, text: String)] = []
    for count in 1...3 {
      let frame = try #require(frames.first { $0.contains("New messages · \(count) unread") })
      rows.append(try #require(Self.reading(in: frame), "\(frame)"))
      if count > 1 {
        #expect(frame.contains("~ ") && frame.contains("+ "), "\(frame)")
        #expect(
          frame.contains("last change: 1 inserted, 1 section updated"),
          "the header is updated in place, not reloaded\n\(frame)")
        #expect(!frame.contains("reloaded"), "\(frame)")
      }
    }
    #expect(rows.allSatisfy { $0.row == rows[0].row && $0.text == rows[0].text }, "\(rows)")
    #expect(rows[0].text.contains("10:19 Ana"), "the chat opens at its first unread message")
  }

  /// An earlier page above: the frames before and after it arrives show
  /// the same line read on the same row, for both pages.
  @Test func earlierPagesArriveAboveWithoutMovingTheLineRead() throws {
    let frames = try Self.chatFrames()
    let loading = frames.indices.filter { frames[$0].contains("⋯ Loading earlier messages…") }
    let pageCounts = ["history: 2 pages", "history: 3 pages"]
    for pages in pageCounts {
      let arrived = try #require(frames.firstIndex { $0.contains(pages) })
      let before = try #require(loading.last { $0 < arrived }, "no loading frame before \(pages)")
      let old = try #require(Self.reading(in: frames[before]))
      let new = try #require(Self.reading(in: frames[arrived]))
      #expect(old.row == new.row && old.text == new.text, "\(frames[before])\n\(frames[arrived])")
      #expect(frames[arrived].contains("last change: 6 inserted"), "\(frames[arrived])")
    }
    #expect(frames.last?.contains("earlier: complete") == true, "the start was reached")
  }

  /// Reading the new messages sets the count to 0 with a section update.
  @Test func markingReadUpdatesTheHeaderInPlace() throws {
    let last = try #require(Self.chatFrames().last)
    #expect(last.contains("~ New messages · 0 unread"), "\(last)")
    #expect(last.contains("last change: 1 section updated"), "\(last)")
    #expect(last.contains("unread: 0"), "\(last)")
  }

  /// The chat's frames are the same on every run of `--no-animation`.
  @Test func chatFramesAreDeterministic() throws {
    let again = try DemoProcess.run(["--no-animation"]).frames.filter { $0.contains("· 6/6 ·") }
    #expect(try again == Self.chatFrames())
    #expect(try Self.chatFrames().count >= 8)
  }
}
