import DataSourceGraphNodes
import DataSourceGraphSections
import SectionsTestSupport
import Testing

/// The example of the "A stream of changes" section proposed for the
/// README, as written there (inside a namespace, so its types do not meet
/// the other tests').
enum StreamReadmeExample {
  struct Mail: Identifiable, Equatable, Sendable {
    var id: Int
    var subject: String
  }

  @MainActor
  static func followInbox() async -> (shown: Snapshot<String, Mail>, inbox: Snapshot<String, Mail>)
  {
    let inbox = MutableDataSource<String, Mail>(
      snapshot: Snapshot(id: "inbox", items: [Mail(id: 1, subject: "Lunch?")]))

    // Reading `events` subscribes at once: the events take the inbox from
    // the content it has now, so read the snapshot right next to it.
    let events = inbox.events
    let start = inbox.snapshot
    let consumer = Task.detached {
      var shown = start
      for await event in events {
        if case .changed(let change) = event {
          // Each change applies to what this task saw last: every batch
          // if it keeps up, one composed batch for all it missed if not.
          shown = shown.applying(change) ?? shown
        }
        if shown.numberOfItems == 3 { break }
      }
      return shown
    }

    inbox.append([Mail(id: 2, subject: "Re: Lunch?")], toSection: 0)
    inbox.moveItem(from: ItemPath(section: 0, item: 1), to: ItemPath(section: 0, item: 0))
    inbox.append([Mail(id: 3, subject: "Minutes")], toSection: 0)
    let shown = await consumer.value
    return (shown, inbox.snapshot)  // equal
  }
}

@Suite struct EventsReadmeExampleTests {
  @Test func theStreamExampleEndsOnTheInboxsContent() async {
    for _ in 0..<20 {
      let (shown, inbox) = await StreamReadmeExample.followInbox()
      #expect(shown == inbox)
    }
  }
}
