import DataSourceGraphCoreData
import DataSourceGraphNodes
import DataSourceGraphSections
import Testing

/// The Core Data article's example, without Core Data: callbacks collected
/// as the delegate collects them, then applied.
@Suite struct FetchedResultsArticleTests {
  @Test func callbacksReachTheLeaf() {
    // example
    let leaf = MutableDataSource(
      snapshot: Snapshot(sections: [
        SnapshotSection(id: "A", header: "A", items: [FetchedObject(id: 1), FetchedObject(id: 2)])
      ]))
    var changes = FetchedResultsChanges<Int>()  // controllerWillChangeContent
    changes.recordSection(.insert, at: 1, name: "B")
    changes.recordObject(3, .insert, at: nil, newPath: ItemPath(section: 1, item: 0))
    changes.recordObject(2, .update, at: ItemPath(section: 0, item: 1), newPath: nil)
    // controllerDidChangeContent:
    let outcome = leaf.apply(changes, storeSections: [("A", 2), ("B", 1)]) {
      fatalError("read again only when the callbacks do not fit")
    }
    // outcome == .applied: one batch, a section insert and an item update
    // example
    #expect(outcome == .applied)
    #expect(
      leaf.snapshot.allItems == [
        FetchedObject(id: 1), FetchedObject(id: 2, revision: 1), FetchedObject(id: 3),
      ])
  }
}
