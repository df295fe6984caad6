import DataSourceGraphSections
import Testing

// The code of the "Change batches" article's "Printing a batch" section
// (Sources/Sections/Values/Documentation.docc/ChangeBatches.md), verbatim
// between the markers; the test checks it prints what the article shows.

/// What the article's code printed, in order.
private nonisolated(unsafe) var printed: [String] = []

/// Records what the article's code prints (in this file only).
private func print(_ value: Any) { printed.append("\(value)") }

/// Records what the article's code prints in its debug form.
private func debugPrint(_ value: Any) { printed.append(String(reflecting: value)) }

@Suite(.serialized) struct ChangeBatchesArticleTests {
  struct Mail: Identifiable, Equatable {
    var id: Int
  }

  @Test func aBatchPrintsWhatTheArticleShows() {
    printed.removeAll()
    // Article: ChangeBatches — begin
    let old = Snapshot(sections: [
      SnapshotSection(id: "inbox", items: [Mail(id: 1), Mail(id: 2), Mail(id: 3)]),
      SnapshotSection(id: "archive", items: [Mail(id: 7)]),
    ])
    let new = Snapshot(sections: [
      SnapshotSection(id: "inbox", items: [Mail(id: 3), Mail(id: 1), Mail(id: 4)]),
      SnapshotSection(id: "archive", items: [Mail(id: 7)]),
      SnapshotSection(id: "sent", items: [Mail(id: 9)]),
    ])
    let batch = new.difference(from: old)
    print(batch)
    // 1 section inserted at 2; 1 item deleted at 0.1; 1 item inserted at 0.2; 1 item moved 0.0 → 0.1
    debugPrint(batch)
    // ChangeBatch(1 section inserted at 2: "sent" [9]; 1 item deleted at 0.1; 1 item inserted at 0.2: 4; 1 item moved 0.0 → 0.1)
    print(new)  // 3 sections, 5 items
    debugPrint(new)  // Snapshot(3 sections: "inbox" [3, 1, 4], "archive" [7], "sent" [9])
    // Article: ChangeBatches — end
    #expect(
      printed == [
        "1 section inserted at 2; 1 item deleted at 0.1; 1 item inserted at 0.2; 1 item moved 0.0 → 0.1",
        #"ChangeBatch(1 section inserted at 2: "sent" [9]; 1 item deleted at 0.1; 1 item inserted at 0.2: 4; 1 item moved 0.0 → 0.1)"#,
        "3 sections, 5 items",
        #"Snapshot(3 sections: "inbox" [3, 1, 4], "archive" [7], "sent" [9])"#,
      ])
  }
}
