import DataSourceGraphNodes
import DataSourceGraphSections
import SectionsTestSupport
import Testing

/// The article's code prints what it shows; the test checks those values
/// itself, so its output stays out of the test log.
private func print(_ items: Any..., separator: String = " ") {}

// The code of "Changes a store reports by index" in the article "Snapshots,
// leaves and the sectioned diff", verbatim between the markers.

// Article: store reports — begin
struct Note: Identifiable, Equatable {
  var id: Int
  var text: String
}

func storeReportExample() {
  let inbox = MutableDataSource(
    snapshot: Snapshot(
      id: "inbox",
      items: [
        Note(id: 1, text: "Hi"), Note(id: 2, text: "Lunch?"), Note(id: 3, text: "Bye"),
      ]))
  let observation = inbox.observe { event in
    if case .changed(.batch(let batch)) = event { print(batch) }
  }

  // The store's notification: note 2 deleted, note 4 inserted first, note 3
  // edited. Deletions and modifications are indices before the change,
  // insertions indices after it (Realm's and UIKit's reading).
  let notes = [Note(id: 4, text: "New"), Note(id: 1, text: "Hi"), Note(id: 3, text: "Bye!")]
  let outcome = inbox.apply(
    .init(deletions: [1], insertions: [0], modifications: [2]),
    resulting: Snapshot(id: "inbox", items: notes))
  // No diff: "1 item deleted at 0.1; 1 item inserted at 0.0; 1 item updated at 0.2"
  assert(outcome == .applied)

  // A report that does not fit is repaired, or the new content is diffed,
  // and the outcome says which and why, for the app's log.
  let moved = [notes[1], notes[2], notes[0]]  // note 4 moved to the end...
  let wrong = inbox.apply(
    .init(deletions: [], insertions: [], modifications: [0]),  // ...reported as a modification
    resulting: Snapshot(id: "inbox", items: moved))
  if case .fellBack(let fallback) = wrong { print("store report not used: \(fallback)") }
  assert(inbox.snapshot.sections[0].items.map(\.id) == [1, 3, 4])
  observation.cancel()
}
// Article: store reports — end

@Suite struct StoreReportArticleTests {
  @Test func theArticlesExampleRuns() {
    storeReportExample()
  }

  @Test func theArticlesExampleSaysWhatHappens() {
    let inbox = MutableDataSource(
      snapshot: Snapshot(
        id: "inbox",
        items: [Note(id: 1, text: "Hi"), Note(id: 2, text: "Lunch?"), Note(id: 3, text: "Bye")]))
    var batches: [String] = []
    let observation = inbox.observe { event in
      if case .changed(.batch(let batch)) = event { batches.append("\(batch)") }
    }
    let notes = [Note(id: 4, text: "New"), Note(id: 1, text: "Hi"), Note(id: 3, text: "Bye!")]
    let outcome = inbox.apply(
      .init(deletions: [1], insertions: [0], modifications: [2]),
      resulting: Snapshot(id: "inbox", items: notes))
    #expect(outcome == .applied)
    #expect(batches == ["1 item deleted at 0.1; 1 item inserted at 0.0; 1 item updated at 0.2"])
    let wrong = inbox.apply(
      .init(deletions: [], insertions: [], modifications: [0]),
      resulting: Snapshot(id: "inbox", items: [notes[1], notes[2], notes[0]]))
    #expect(wrong.fallbackReason == .identityMismatch)
    #expect(
      "\(wrong)"
        == "fell back to a diff: modification at 0.0 (4) finds 1 at 0.0 after the change, which stays shown: a move reported as a modification?"
    )
    #expect(inbox.snapshot.sections[0].items.map(\.id) == [1, 3, 4])
    observation.cancel()
  }
}
