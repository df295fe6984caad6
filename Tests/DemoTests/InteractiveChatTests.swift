import Testing

/// `demo --interactive`'s chat: `c` opens it (and goes back), `p` pages in
/// earlier history above, `n` brings a new message below, `a` reads them
/// all; the line read stays on its row and the header's unread count is
/// updated in place.
@Suite struct InteractiveChatTests {
  static let chatKeys = "c back · p earlier messages · n new message · a read all · q quit"

  static func chat(_ keys: String) throws -> DemoProcess.Output {
    try DemoProcess.run(["--interactive", "--no-animation"], input: keys)
  }

  /// The chat's frames, each with its key line.
  static func chatFrames(_ output: DemoProcess.Output) -> [String] {
    output.frames.filter { $0.contains("a chat that keeps your place") }
  }

  @Test func newMessagesUpdateTheHeaderInPlaceWithoutMovingTheLineRead() throws {
    let output = try Self.chat("cnnq")
    #expect(output.status == 0, "\(output.standardError)")
    let frames = Self.chatFrames(output)
    #expect(frames.allSatisfy { $0.contains(Self.chatKeys) })
    var rows: [(row: Int, text: String)] = []
    for count in 1...3 {
      let frame = try #require(frames.last { $0.contains("New messages · \(count) unread") })
      rows.append(try #require(ChatDemoTests.reading(in: frame), "\(frame)"))
      if count > 1 {
        #expect(frame.contains("last change: 1 inserted, 1 section updated"), "\(frame)")
        #expect(frame.contains("~ New messages"), "\(frame)")
        #expect(!frame.contains("reloaded"), "\(frame)")
      }
    }
    #expect(rows.allSatisfy { $0.row == rows[0].row && $0.text == rows[0].text }, "\(rows)")
  }

  @Test func earlierHistoryLoadsAboveWithoutMovingTheLineRead() throws {
    let frames = Self.chatFrames(try Self.chat("cpppq"))
    for pages in ["history: 2 pages", "history: 3 pages"] {
      let arrived = try #require(frames.firstIndex { $0.contains(pages) })
      let loading = try #require(
        frames[..<arrived].lastIndex { $0.contains("⋯ Loading earlier messages…") })
      let old = try #require(ChatDemoTests.reading(in: frames[loading]))
      let new = try #require(ChatDemoTests.reading(in: frames[arrived]))
      #expect(old.row == new.row && old.text == new.text, "\(frames[loading])\n\(frames[arrived])")
      #expect(frames[arrived].contains("last change: 6 inserted"), "\(frames[arrived])")
    }
    let last = try #require(frames.last)
    #expect(last.contains("— Start of the conversation —"), "\(last)")
    #expect(last.contains("p: the start of the conversation; there is nothing earlier."))
  }

  @Test func readingAllSetsTheCountToZeroInPlace() throws {
    let last = try #require(Self.chatFrames(try Self.chat("cnaq")).last)
    #expect(last.contains("~ New messages · 0 unread"), "\(last)")
    #expect(last.contains("last change: 1 section updated"), "\(last)")
    #expect(last.contains("unread: 0"), "\(last)")
  }

  /// `c` goes back to the composed screen as it was left, and to the chat
  /// again as it was left; a key of the other screen says where it acts.
  @Test func eachScreenStaysAsItWasLeft() throws {
    let output = try Self.chat("sncnccnq")
    #expect(output.status == 0, "\(output.standardError)")
    let frames = output.frames
    #expect(frames.contains { $0.contains("n acts on the chat: press c to open it.") })
    let back = try #require(frames.first { $0.contains("c: back to the composed screen") })
    #expect(back.contains("Blue in Green"), "the composed screen kept its content\n\(back)")
    let again = try #require(frames.first { $0.contains("c: back to the chat") })
    #expect(again.contains("New messages · 2 unread"), "\(again)")
    #expect(frames.last?.contains("New messages · 3 unread") == true)
    let home = try Self.chat("csq").frames.last
    #expect(home?.contains("s acts on the composed screen: press c to go back to it.") == true)
  }

  /// Every line fits in 80 columns, and a piped session gives the same
  /// frames on every run.
  @Test func chatSessionsFitAndRepeat() throws {
    let keys = "cnnppaq"
    let output = try Self.chat(keys)
    for line in output.standardOutput.split(separator: "\n") {
      #expect(line.count <= 80, "\(line.count) columns: \(line)")
    }
    #expect(try Self.chat(keys).standardOutput == output.standardOutput)
  }

  /// `--help` lists the chat's keys.
  @Test func helpListsTheChatKeys() throws {
    let help = try DemoProcess.run(["--help"]).standardOutput
    for key in [
      "c  switch to the chat", "p  scroll to the top", "n  a new message", "a  scroll down",
    ] {
      #expect(help.contains(key), "\(key)")
    }
    #expect(help.contains("printf 'cnnppaq' | demo --interactive --no-animation"))
  }
}
