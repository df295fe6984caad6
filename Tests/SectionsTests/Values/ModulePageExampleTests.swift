import DataSourceGraphSections
import Testing

/// The example of the DataSourceGraphSections module page, verbatim: the
/// values module used on its own, as a diff engine for sectioned content.
@Suite struct ModulePageExampleTests {
  struct Mail: Identifiable, Equatable {
    var id: Int
  }

  @Test func aSnapshotDiffedOnItsOwn() {
    let old = Snapshot(id: "inbox", items: [Mail(id: 1), Mail(id: 2)])
    let new = Snapshot(id: "inbox", items: [Mail(id: 2), Mail(id: 3)])
    let batch = new.difference(from: old)
    assert(old.applying(batch) == new)

    #expect(old.applying(batch) == new)
    #expect(batch.itemDeletes == [ItemPath(section: 0, item: 0)])
    #expect(batch.itemInserts.map(\.path) == [ItemPath(section: 0, item: 1)])
  }
}
