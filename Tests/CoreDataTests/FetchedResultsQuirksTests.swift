import DataSourceGraphCoreData
import DataSourceGraphNodes
import DataSourceGraphSections
import SectionsTestSupport
import Testing

/// Core Data's known quirks, one by one, each as a fetched results
/// controller reports it: the leaf ends with the store's content, reads
/// nothing again and falls back to no diff.
@Suite struct FetchedResultsQuirksTests {
  static func leaf() -> MutableDataSource<String, Object> {
    MutableDataSource(
      snapshot: ObjectSnapshot(sections: [
        ObjectSection(id: "A", header: "A", items: [Object(id: 1), Object(id: 2), Object(id: 3)])
      ]))
  }

  static func path(_ section: Int, _ item: Int) -> ItemPath {
    ItemPath(section: section, item: item)
  }

  static func apply(_ changes: Changes, to leaf: MutableDataSource<String, Object>)
    -> ObjectReport.Outcome
  {
    leaf.apply(changes, storeSections: nil) {
      Issue.record("read again")
      return leaf.snapshot
    }
  }

  /// A new section and its rows, each reported: one section insert.
  @Test func sectionInsertedWithItsRows() {
    let leaf = Self.leaf()
    var changes = Changes()
    changes.recordSection(.insert, at: 1, name: "B")
    changes.recordObject(4, .insert, at: nil, newPath: Self.path(1, 0))
    changes.recordObject(5, .insert, at: nil, newPath: Self.path(1, 1))
    #expect(Self.apply(changes, to: leaf) == .applied)
    #expect(leaf.snapshot.sections.map(\.id) == ["A", "B"])
    #expect(leaf.snapshot.sections[1].items.map(\.id) == [4, 5])
    #expect(leaf.snapshot.sections[1].header == "B")
  }

  /// A section deleted with its rows reported, one moved out of it: the
  /// section's delete and an insert.
  @Test func sectionDeletedWithItsRows() {
    let leaf = MutableDataSource(
      snapshot: ObjectSnapshot(sections: [
        ObjectSection(id: "A", items: [Object(id: 1)]),
        ObjectSection(id: "B", items: [Object(id: 2), Object(id: 3)]),
      ]))
    var changes = Changes()
    changes.recordSection(.delete, at: 1, name: "B")
    changes.recordObject(2, .delete, at: Self.path(1, 0), newPath: nil)
    changes.recordObject(3, .move, at: Self.path(1, 1), newPath: Self.path(0, 0))
    #expect(Self.apply(changes, to: leaf) == .applied)
    #expect(leaf.snapshot.allItems == [Object(id: 3, revision: 1), Object(id: 1)])
  }

  /// A move to the place the object holds (its sort key changed, its place
  /// did not): dropped, the change still shown.
  @Test func moveWhereOnlyAnUpdateHappened() {
    let leaf = Self.leaf()
    var changes = Changes()
    changes.recordObject(2, .move, at: Self.path(0, 1), newPath: Self.path(0, 1))
    let outcome = Self.apply(changes, to: leaf)
    #expect(outcome == .repaired([.droppedImpliedMoves(1)]))
    #expect(leaf.snapshot.allItems == [Object(id: 1), Object(id: 2, revision: 1), Object(id: 3)])
  }

  /// An update by its old path while an object above it is deleted: the
  /// right object changes.
  @Test func updateByItsOldPath() {
    let leaf = Self.leaf()
    var changes = Changes()
    changes.recordObject(3, .update, at: Self.path(0, 2), newPath: Self.path(0, 1))
    changes.recordObject(1, .delete, at: Self.path(0, 0), newPath: nil)
    let outcome = Self.apply(changes, to: leaf)
    #expect(!outcome.fellBack)
    #expect(leaf.snapshot.allItems == [Object(id: 2), Object(id: 3, revision: 1)])
  }

  /// A move reported as a deletion and an insertion of one object: a move.
  @Test func deletionAndInsertionOfOneObject() {
    let leaf = Self.leaf()
    var changes = Changes()
    changes.recordObject(1, .delete, at: Self.path(0, 0), newPath: nil)
    changes.recordObject(1, .insert, at: nil, newPath: Self.path(0, 2))
    #expect(Self.apply(changes, to: leaf) == .applied)
    #expect(leaf.snapshot.allItems == [Object(id: 2), Object(id: 3), Object(id: 1, revision: 1)])
  }

  /// An update and a move of one object: one move, shown changed once.
  @Test func updateBesideAMove() {
    let leaf = Self.leaf()
    var changes = Changes()
    changes.recordObject(1, .update, at: Self.path(0, 0), newPath: nil)
    changes.recordObject(1, .move, at: Self.path(0, 0), newPath: Self.path(0, 2))
    #expect(Self.apply(changes, to: leaf) == .applied)
    #expect(leaf.snapshot.allItems == [Object(id: 2), Object(id: 3), Object(id: 1, revision: 1)])
  }
}
