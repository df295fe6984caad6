import DataSourceGraphNodes
import DataSourceGraphSections
import SectionsTestSupport
import Testing

@Suite struct SnapshotTests {
  @Test func readsAnswerLikeATableView() {
    let snapshot = RowSnapshot(sections: [
      RowSection(id: 10, header: "A", items: [Row(id: 1), Row(id: 2)]),
      RowSection(id: 20, items: []),
      RowSection(id: 30, footer: "end", items: [Row(id: 3)]),
    ])
    #expect(snapshot.numberOfSections == 3)
    #expect(snapshot.numberOfItems == 3)
    #expect(snapshot.numberOfItems(inSection: 1) == 0)
    #expect(snapshot.item(at: ItemPath(section: 2, item: 0)) == Row(id: 3))
    #expect(snapshot.itemPath(for: 2) == ItemPath(section: 0, item: 1))
    #expect(snapshot.itemPath(for: 99) == nil)
    #expect(snapshot.sectionIndex(for: 30) == 2)
    #expect(snapshot.sectionIDs == [10, 20, 30])
    #expect(snapshot.allItems.map(\.id) == [1, 2, 3])
    #expect(snapshot.duplicates.isEmpty)
  }

  @Test func repeatedIdentitiesKeepTheFirstAndAreReported() {
    let snapshot = RowSnapshot(sections: [
      RowSection(id: 1, items: [Row(id: 1), Row(id: 2), Row(id: 1, revision: 9)]),
      RowSection(id: 2, items: [Row(id: 2), Row(id: 3)]),
      RowSection(id: 1, items: [Row(id: 4)]),
    ])
    #expect(snapshot.sectionIDs == [1, 2])
    #expect(snapshot.sections[0].items == [Row(id: 1), Row(id: 2)])
    #expect(snapshot.sections[1].items == [Row(id: 3)])
    #expect(snapshot.duplicates.sectionIDs == [1])
    #expect(snapshot.duplicates.itemIDs == [1, 2])
    #expect(snapshot.itemPath(for: 4) == nil)
    #expect(snapshot.itemPath(for: 1) == ItemPath(section: 0, item: 0))
    #expect(snapshot.itemPath(for: 3) == ItemPath(section: 1, item: 0))
  }

  @Test func equalityComparesContentNotDroppedDuplicates() {
    let clean = RowSnapshot(id: 0, items: [Row(id: 1)])
    let dirty = RowSnapshot(id: 0, items: [Row(id: 1), Row(id: 1)])
    #expect(clean == dirty)
    #expect(!dirty.duplicates.isEmpty)
    #expect(clean != RowSnapshot(id: 0, items: [Row(id: 1, revision: 1)]))
    // Applying the batch that leads to the dirty build gives equal content
    // and reports nothing: the report belongs to building only.
    let empty = RowSnapshot(id: 0, items: [])
    let applied = empty.applying(dirty.difference(from: empty))
    #expect(applied == dirty)
    #expect(applied?.duplicates.isEmpty == true)
  }

  @Test func applyingRejectsBatchesThatDoNotFit() {
    let old = RowSnapshot(sections: [RowSection(id: 0, items: [Row(id: 1), Row(id: 2)])])
    var outOfRange = RowBatch()
    outOfRange.itemDeletes = [ItemPath(section: 0, item: 2)]
    #expect(old.applying(outOfRange) == nil)

    var twice = RowBatch()
    twice.itemDeletes = [ItemPath(section: 0, item: 0), ItemPath(section: 0, item: 0)]
    #expect(old.applying(twice) == nil)

    var insideDeleted = RowBatch()
    insideDeleted.sectionDeletes = [0]
    insideDeleted.itemDeletes = [ItemPath(section: 0, item: 0)]
    #expect(old.applying(insideDeleted) == nil)

    var duplicateInsert = RowBatch()
    duplicateInsert.itemInserts = [.init(path: ItemPath(section: 0, item: 0), item: Row(id: 2))]
    #expect(old.applying(duplicateInsert) == nil)

    var wrongUpdate = RowBatch()
    wrongUpdate.itemUpdates = [
      .init(
        from: ItemPath(section: 0, item: 0), to: ItemPath(section: 0, item: 0), item: Row(id: 2))
    ]
    #expect(old.applying(wrongUpdate) == nil)
  }

  @Test func applyingFollowsUIKitsReading() {
    // Deletes in old coordinates, inserts in new ones, a move carries its item.
    let old = RowSnapshot(sections: [
      RowSection(id: 0, items: [0, 1, 2, 3].map { Row(id: $0) }),
      RowSection(id: 1, items: [Row(id: 4)]),
    ])
    var batch = RowBatch()
    batch.itemDeletes = [ItemPath(section: 0, item: 0)]
    batch.itemMoves = [
      .init(from: ItemPath(section: 0, item: 3), to: ItemPath(section: 1, item: 0))
    ]
    batch.itemInserts = [.init(path: ItemPath(section: 0, item: 2), item: Row(id: 9))]
    batch.sectionUpdates = [.init(from: 1, to: 1, header: "moved here", footer: nil)]
    let new = old.applying(batch)
    #expect(
      new
        == RowSnapshot(sections: [
          RowSection(id: 0, items: [1, 2, 9].map { Row(id: $0) }),
          RowSection(id: 1, header: "moved here", items: [Row(id: 3), Row(id: 4)]),
        ]))
  }

  @Test func reloadAllReplacesEverything() {
    let old = RowSnapshot(id: 0, items: [Row(id: 1)])
    let new = RowSnapshot(id: 5, items: [Row(id: 2)])
    #expect(old.applying(SnapshotChange<Int, Row>.reloadAll(new)) == new)
  }
}
