import DataSourceGraphNodes
import DataSourceGraphSections
import SectionsTestSupport
import TestSupport
import Testing

/// Diffable's snapshot calls on the input that stops a diffable snapshot:
/// identities unknown, repeated, or an item moved next to itself. Each
/// does what it can, and says what it left out.
@Suite struct SnapshotDiffableEdgeCaseTests {
  /// Sections 1 ([10, 11]) and 2 ([20]).
  var snapshot: RowSnapshot {
    var snapshot = RowSnapshot()
    snapshot.appendSections([1, 2])
    snapshot.appendItems([Row(id: 10), Row(id: 11)], toSection: 1)
    snapshot.appendItems([Row(id: 20)], toSection: 2)
    return snapshot
  }

  @Test func insertingNextToAnUnknownItemChangesNothingAndListsEveryItem() {
    var edited = snapshot
    #expect(edited.insertItems([Row(id: 30), Row(id: 31)], beforeItem: 99).itemIDs == [30, 31])
    #expect(edited.insertItems([Row(id: 30)], afterItem: 99).itemIDs == [30])
    #expect(edited == snapshot)
    #expect(edited.duplicates.isEmpty)
  }

  @Test func insertingAnIdentityAlreadyPresentLeavesItWhereItIs() {
    var edited = snapshot
    let skipped = edited.insertItems(
      [Row(id: 30), Row(id: 20, revision: 1), Row(id: 30)], beforeItem: 11)
    #expect(skipped.itemIDs == [20, 30])
    #expect(edited.duplicates.itemIDs == [20, 30])
    #expect(edited.itemIDs(inSectionWithID: 1) == [10, 30, 11])
    #expect(edited.item(at: ItemPath(section: 1, item: 0)) == Row(id: 20))
    // The anchor itself among the items: present, so left out.
    #expect(edited.insertItems([Row(id: 11)], afterItem: 11).itemIDs == [11])
  }

  @Test func movingAnUnknownItemOrNextToOneChangesNothing() {
    var edited = snapshot
    #expect(edited.moveItem(99, beforeItem: 10).itemIDs == [99])
    #expect(edited.moveItem(10, afterItem: 99).itemIDs == [10])
    #expect(edited == snapshot)
  }

  @Test func movingAnItemNextToItselfLeavesItWhereItIs() {
    var edited = snapshot
    #expect(edited.moveItem(10, beforeItem: 10).isEmpty)
    #expect(edited.moveItem(11, afterItem: 11).isEmpty)
    #expect(edited == snapshot)
  }

  @Test func movingAnItemAcrossSections() {
    var edited = snapshot
    #expect(edited.moveItem(10, afterItem: 20).isEmpty)
    #expect(edited.itemIDs == [11, 20, 10])
    #expect(edited.moveItem(10, beforeItem: 11).isEmpty)
    #expect(edited.itemIDs == [10, 11, 20])
    #expect(edited.moveItem(10, afterItem: 11).isEmpty)  // later in its own section
    #expect(edited.itemIDs == [11, 10, 20])
  }

  @Test func sectionsNextToAnUnknownSectionOrThemselves() {
    var edited = snapshot
    #expect(edited.insertSections([3, 4], beforeSection: 9).sectionIDs == [3, 4])
    #expect(edited.moveSection(9, afterSection: 1).sectionIDs == [9])
    #expect(edited.moveSection(1, beforeSection: 9).sectionIDs == [1])
    #expect(edited.moveSection(1, beforeSection: 1).isEmpty)
    #expect(edited == snapshot)
    #expect(edited.insertSections([2, 3, 3], afterSection: 1).sectionIDs == [2, 3])
    #expect(edited.duplicates.sectionIDs == [2, 3])
    #expect(edited.sectionIDs == [1, 3, 2])
    #expect(edited.moveSection(1, afterSection: 2).isEmpty)
    #expect(edited.sectionIDs == [3, 2, 1])
    #expect(edited.itemIDs == [20, 10, 11])
  }

  @Test func deletingUnknownIdentitiesListsThem() {
    var edited = snapshot
    #expect(edited.deleteItems([11, 99]).itemIDs == [99])
    #expect(edited.deleteSections([2, 9]).sectionIDs == [9])
    #expect(edited.itemIDs == [10] && edited.sectionIDs == [1])
  }

  /// As diffable's does, `deleteAllItems()` leaves no section either.
  @Test func deletingAllItemsLeavesNoSection() {
    var edited = snapshot
    edited.reloadItems([10])
    edited.deleteAllItems()
    #expect(edited.numberOfSections == 0 && edited.isEmpty)
    #expect(edited.markedItemIDs.isEmpty)
  }

  /// With `Int` section identities, the read by identity is not the read
  /// by index.
  @Test func aSectionIsReadByIdentityOrByIndexNeverByMistake() {
    var edited = RowSnapshot()
    edited.appendSections([1, 0])
    edited.appendItems([Row(id: 7), Row(id: 8)], toSection: 1)
    #expect(edited.numberOfItems(inSection: 1) == 0)  // the section at index 1: identity 0
    #expect(edited.numberOfItems(inSectionWithID: 1) == 2)
    #expect(edited.itemIDs(inSectionWithID: 1) == [7, 8])
    #expect(edited.numberOfItems(inSectionWithID: 5) == 0)
    #expect(edited.itemIDs(inSectionWithID: 5).isEmpty)
    #expect(edited.sectionID(containingItem: 8) == 1)
    #expect(edited.sectionID(containingItem: 9) == nil)
    #expect(edited.itemOffset(for: 8) == 1 && edited.itemOffset(for: 9) == nil)
  }

  /// A reload of equal content is still an update in the next diff; an
  /// unknown identity is ignored and listed.
  @Test func reloadingEqualContentIsAnUpdate() {
    let old = snapshot
    var new = old
    #expect(new.reloadItems([11, 99]).itemIDs == [99])
    #expect(new.reconfigureItems([Row(id: 20), Row(id: 98)]).itemIDs == [98])
    #expect(new == old)  // the content is the same; marks are no content
    #expect(new.markedItemIDs == [11, 20])
    let batch = new.difference(from: old)
    #expect(batch.itemUpdates.map(\.item.id) == [11, 20])
    #expect(
      batch.itemUpdates.map(\.from) == [
        ItemPath(section: 0, item: 1), ItemPath(section: 1, item: 0),
      ])
    #expect(old.applying(batch) == new)
  }

  /// A reloaded section is a section update with every item updated.
  @Test func reloadingASectionUpdatesItAndItsItems() {
    let old = snapshot
    var new = old
    #expect(new.reloadSections([1, 9]).sectionIDs == [9])
    #expect(new.markedSectionIDs == [1] && new.markedItemIDs == [10, 11])
    let batch = new.difference(from: old)
    #expect(batch.sectionUpdates.map(\.to) == [0])
    #expect(batch.itemUpdates.map(\.item.id) == [10, 11])
  }

  /// Marks are kept by the building calls and `modifySections`, ignored
  /// once their identity is gone, and dropped by a leaf that takes the
  /// snapshot in (they would otherwise be reported again).
  @Test func marksLastUntilALeafTakesTheSnapshot() {
    let old = snapshot
    var new = old
    new.reloadItems([10, 11])
    new.appendItems([Row(id: 12)], toSection: 1)
    new.deleteItems([11])
    new.modifySections { $0.swapAt(0, 1) }
    #expect(new.markedItemIDs == [10, 11])
    #expect(new.difference(from: old).itemUpdates.map(\.item.id) == [10])
    let leaf = MutableDataSource(snapshot: old)
    var updates: [[Int]] = []
    let token = leaf.observe { event in
      if case .changed(.batch(let batch)) = event {
        updates.append(batch.itemUpdates.map(\.item.id))
      }
    }
    leaf.replace(with: new)
    #expect(leaf.snapshot.markedItemIDs.isEmpty)
    leaf.replace(with: leaf.snapshot)
    #expect(updates == [[10]])
    token.cancel()
  }

  /// A snapshot made by an initializer or by applying a batch has no marks.
  @Test func initializersAndApplyingMakeNoMarks() {
    var marked = snapshot
    marked.reloadSections([1])
    #expect(Snapshot(sections: marked.sections, editedFrom: marked).markedItemIDs.isEmpty)
    #expect(snapshot.applying(marked.difference(from: snapshot))?.markedSectionIDs.isEmpty == true)
  }

  /// Named regression (the model test, seeds 294, 537, 560, 718 and 723):
  /// the UIKit plan of a reloaded section whose items also move (the
  /// section update, then the items, in steps) merged the steps by diffing
  /// their snapshots, whose contents are equal, and lost the updates. The
  /// merged diff is now asked for the steps' updates.
  @Test func aPlanKeepsTheUpdatesOfAReloadedSectionWhoseItemsMove() throws {
    let old = snapshot
    var new = old
    new.moveItem(10, afterItem: 11)
    new.reloadSections([1])
    let batch = new.difference(from: old)
    #expect(batch.itemUpdates.map(\.item.id).sorted() == [10, 11])
    #expect(batch.sectionUpdates.map(\.to) == [0])
    let plan = try batch.uikitPlan(from: old, to: new)
    var updated: [Int] = []
    var sectionsUpdated: [Int] = []
    for step in plan.steps {
      guard case .batch(let batch) = step.change else { continue }
      updated += batch.itemUpdates.map(\.item.id)
      sectionsUpdated += batch.sectionUpdates.map { step.snapshot.sections[$0.to].id }
    }
    #expect(updated.sorted() == [10, 11])
    #expect(sectionsUpdated == [1])
  }
}
