import DataSourceGraph
import DataSourceGraphTesting
import Testing

/// The README's code prints what it shows; the tests here check those
/// values themselves, so its output stays out of the test log.
private func print(_ items: Any..., separator: String = " ") {}

// The README's "Rendering" example, verbatim between the markers, so the
// README never shows code that does not compile or does not print what it
// says.

// README: Rendering — begin
struct Mail: Identifiable, Equatable {
  var id: Int
  var subject: String
}

enum MailError: Error, CustomStringConvertible {
  case offline
  var description: String { "The server is offline." }
}

func renderMail() -> (String, Bool) {
  // The graph: two named leaves, composed, filtered.
  let inbox = MutableDataSource<String, Mail>(name: "Inbox")
  let archive = MutableDataSource<String, Mail>(name: "Archive")
  let mailbox = CompositeDataSource<Mail>([inbox, archive])
  let unanswered = mailbox.filter { !$0.subject.hasPrefix("Re:") }

  // A text renderer draws it, a missing part under its source's name; a
  // mirror proves it saw every change. Both take their types from the node.
  let renderer = TextListRenderer(for: unanswered, style: .plain) { $0.subject }
  renderer.title = "Mail"
  let mirror = MirrorRenderer(for: unanswered)
  let observations = [unanswered.render(into: renderer), unanswered.render(into: mirror)]

  inbox.load { token in
    token.succeed(
      with: Snapshot(
        id: "inbox", header: "Inbox",
        items: [Mail(id: 1, subject: "Lunch?"), Mail(id: 2, subject: "Re: Lunch?")]))
  }
  archive.load { token in token.fail(MailError.offline) }

  let frame = renderer.frame()
  print(frame)
  for observation in observations { observation.cancel() }
  return (frame, mirror.snapshot == unanswered.snapshot && mirror.failures.isEmpty)
}
// README: Rendering — end

@Suite struct ReadmeExampleTests {
  @Test func renderingExamplePrintsWhatTheReadmeShows() {
    let (frame, mirrored) = renderMail()
    #expect(
      frame == """
        Mail
        ──────
        ! Partly loaded: some parts are missing.
            × Archive: The server is offline.
        + Inbox
        +   Lunch?
        last change: 1 inserted, 1 section inserted
        """)
    #expect(mirrored)
  }
}
