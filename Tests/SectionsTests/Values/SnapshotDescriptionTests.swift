import DataSourceGraphSections
import SectionsTestSupport
import Testing

/// The printed forms of snapshots and of what building one skipped.
@Suite struct SnapshotDescriptionTests {
  @Test func aSnapshotPrintsItsCountsAndItsContentByIdentity() {
    let snapshot = Snapshot(sections: [
      SnapshotSection(id: "inbox", header: "Inbox", items: [Named(id: "1"), Named(id: "2")]),
      SnapshotSection(id: "archive", items: [Named(id: "7")]),
    ])
    #expect(snapshot.description == "2 sections, 3 items")
    #expect(
      String(reflecting: snapshot) == #"Snapshot(2 sections: "inbox" ["1", "2"], "archive" ["7"])"#)
    let numbers = RowSnapshot(sections: [RowSection(id: 0, items: [Row(id: 4, revision: 2)])])
    #expect(numbers.description == "1 section, 1 item")
    #expect(numbers.debugDescription == "Snapshot(1 section: 0 [4])")
    #expect(RowSnapshot().description == "0 sections, 0 items")
    #expect(RowSnapshot().debugDescription == "Snapshot(0 sections)")
  }

  @Test func whatABuildSkippedPrintsByCountAndByIdentity() {
    let snapshot = Snapshot(sections: [
      SnapshotSection(id: "inbox", items: [Named(id: "1"), Named(id: "1")]),
      SnapshotSection(id: "inbox", items: [Named(id: "2")]),
      SnapshotSection(id: "archive", items: [Named(id: "1")]),
    ])
    #expect(snapshot.duplicates.description == "1 section, 2 items skipped")
    #expect(
      snapshot.duplicates.debugDescription == #"Skipped(sections: "inbox"; items: "1", "1")"#)
    let items = RowSnapshot.Skipped(itemIDs: [7])
    #expect(items.description == "1 item skipped")
    #expect(items.debugDescription == "Skipped(items: 7)")
    #expect(RowSnapshot.Skipped().description == "nothing skipped")
    #expect(RowSnapshot.Skipped().debugDescription == "Skipped(nothing)")
  }
}
