import DataSourceGraphNodes
import DataSourceGraphSections
import SectionsTestSupport
import TestSupport
import Testing

@Suite struct SectionedDiffTests {
  static let seeds: [UInt64] = PropertyDepth.seeds(debug: 1...40, release: 1...400)
  static let pairsPerSeed = PropertyDepth.steps(debug: 50, release: 200)

  @Test(.namesTheSeed)
  func differenceReproducesTheNewSnapshot() async {
    await forEachSeed(Self.seeds, differenceReproducesTheNewSnapshot(seed:))
  }

  func differenceReproducesTheNewSnapshot(seed: UInt64) {
    var generator = SnapshotGenerator(seed: seed)
    for round in 0..<Self.pairsPerSeed {
      let old = generator.snapshot()
      let new = generator.chance(0.5) ? generator.variation(of: old) : generator.snapshot()
      let batch = new.difference(from: old)
      #expect(
        old.applying(batch) == new,
        "seed \(seed) round \(round)\nold \(old.sections)\nnew \(new.sections)")
    }
  }

  /// Minimal at each level, checked against an independent O(n·m) LCS:
  /// sections that stay are an LCS of the section identities; inside each
  /// section present on both sides, the items that stay are an LCS of the
  /// item identities.
  @Test(.namesTheSeed)
  func differenceIsMinimalPerLevel() async {
    await forEachSeed(Self.seeds, differenceIsMinimalPerLevel(seed:))
  }

  func differenceIsMinimalPerLevel(seed: UInt64) {
    var generator = SnapshotGenerator(seed: seed &+ 1_000)
    for round in 0..<Self.pairsPerSeed {
      let old = generator.snapshot()
      let new = generator.variation(of: old)
      let batch = new.difference(from: old)
      let context = "seed \(seed) round \(round)"

      let commonSections = old.sectionIDs.filter { new.sectionIndex(for: $0) != nil }.count
      let keptSections = commonSections - batch.sectionMoves.count
      #expect(keptSections == lcsLength(old.sectionIDs, new.sectionIDs), "\(context)")

      for (t, section) in new.sections.enumerated() {
        guard let s = old.sectionIndex(for: section.id) else { continue }
        let oldIDs = old.sections[s].items.map(\.id)
        let newIDs = section.items.map(\.id)
        let common = newIDs.filter { Set(oldIDs).contains($0) }.count
        let movedWithin = batch.itemMoves.filter { $0.from.section == s && $0.to.section == t }
          .count
        #expect(
          common - movedWithin == lcsLength(oldIDs, newIDs), "\(context) section \(section.id)")
      }
    }
  }

  /// Every identity on both sides is kept, moved or (by the documented R13/R14
  /// conversions) deleted from a surviving section into an inserted one, or
  /// inserted from a deleted one. Updates are exactly the changed items.
  @Test(.namesTheSeed)
  func identitiesAndUpdatesAreAccountedFor() async {
    await forEachSeed(Self.seeds, identitiesAndUpdatesAreAccountedFor(seed:))
  }

  func identitiesAndUpdatesAreAccountedFor(seed: UInt64) {
    var generator = SnapshotGenerator(seed: seed &+ 2_000)
    for round in 0..<Self.pairsPerSeed {
      let old = generator.snapshot()
      let new = generator.variation(of: old)
      let batch = new.difference(from: old)
      let context = "seed \(seed) round \(round)"
      let deletedSections = Set(batch.sectionDeletes)
      let insertedSections = Set(batch.sectionInserts.map(\.index))

      var expectedUpdates = Set<Int>()
      for item in new.allItems {
        guard let from = old.itemPath(for: item.id), let to = new.itemPath(for: item.id) else {
          continue
        }
        if deletedSections.contains(from.section) || insertedSections.contains(to.section) {
          continue
        }
        if old.item(at: from) != item { expectedUpdates.insert(item.id) }
        let deleted = batch.itemDeletes.contains(from)
        let inserted = batch.itemInserts.contains { $0.path == to }
        #expect(!deleted && !inserted, "\(context): item \(item.id) deleted and inserted")
      }
      #expect(Set(batch.itemUpdates.map(\.item.id)) == expectedUpdates, "\(context)")
      #expect(batch.itemUpdates.count == expectedUpdates.count, "\(context)")
    }
  }

  @Test func identicalSnapshotsGiveAnEmptyBatch() {
    var generator = SnapshotGenerator(seed: 7)
    for _ in 0..<50 {
      let snapshot = generator.snapshot()
      #expect(snapshot.difference(from: snapshot).isEmpty)
    }
  }

  @Test func emptyToFullIsSectionInsertsAndBack() {
    let full = RowSnapshot(sections: [
      RowSection(id: 0, items: [Row(id: 1)]), RowSection(id: 1, items: [Row(id: 2), Row(id: 3)]),
    ])
    let up = full.difference(from: RowSnapshot())
    #expect(up.sectionInserts.map(\.index) == [0, 1])
    #expect(up.count == 2)
    let down = RowSnapshot().difference(from: full)
    #expect(down.sectionDeletes == [0, 1])
    #expect(down.count == 2)
  }

  @Test func anItemChangingSectionIsAMove() {
    let old = RowSnapshot(sections: [
      RowSection(id: 0, items: [Row(id: 1), Row(id: 2)]), RowSection(id: 1, items: [Row(id: 3)]),
    ])
    let new = RowSnapshot(sections: [
      RowSection(id: 0, items: [Row(id: 1)]),
      RowSection(id: 1, items: [Row(id: 2, revision: 1), Row(id: 3)]),
    ])
    let batch = new.difference(from: old)
    #expect(
      batch.itemMoves == [
        .init(from: ItemPath(section: 0, item: 1), to: ItemPath(section: 1, item: 0))
      ])
    #expect(batch.itemUpdates.map(\.to) == [ItemPath(section: 1, item: 0)])
    #expect(batch.itemDeletes.isEmpty && batch.itemInserts.isEmpty)
  }

  @Test func itemsLeavingDeletedSectionsAreInsertedAndIntoInsertedSectionsAreDeleted() {
    // UIKit cannot move out of a deleted section (R13) or into an inserted one (R14).
    let old = RowSnapshot(sections: [
      RowSection(id: 0, items: [Row(id: 1)]), RowSection(id: 1, items: [Row(id: 2)]),
    ])
    let new = RowSnapshot(sections: [
      RowSection(id: 1, items: [Row(id: 1)]), RowSection(id: 2, items: [Row(id: 2)]),
    ])
    let batch = new.difference(from: old)
    #expect(batch.sectionDeletes == [0])
    #expect(batch.sectionInserts.map(\.index) == [1])
    #expect(batch.itemInserts.map(\.path) == [ItemPath(section: 0, item: 0)])
    #expect(batch.itemDeletes == [ItemPath(section: 1, item: 0)])
    #expect(batch.itemMoves.isEmpty)
    #expect(old.applying(batch) == new)
  }
}

@Suite struct SectionedDiffChoiceTests {
  /// [A, B] → [B', A]: keeping B' (updated) and moving A gives a batch UIKit
  /// takes in one step; moving B' would need a reload step and a move step.
  @Test func updatedItemsKeepTheirPlace() throws {
    let old = RowSnapshot(id: 0, items: [Row(id: 1), Row(id: 2)])
    let new = RowSnapshot(id: 0, items: [Row(id: 2, revision: 1), Row(id: 1)])
    let batch = new.difference(from: old)
    #expect(
      batch.itemMoves == [
        .init(from: ItemPath(section: 0, item: 0), to: ItemPath(section: 0, item: 1))
      ])
    #expect(try batch.uikitPlan(from: old, to: new).steps.count == 1)
  }

  /// Sections with item changes keep their place; the quiet one moves.
  @Test func busySectionsKeepTheirPlace() throws {
    let old = RowSnapshot(sections: [
      RowSection(id: 0, items: [Row(id: 1)]), RowSection(id: 1, items: [Row(id: 2), Row(id: 3)]),
    ])
    let new = RowSnapshot(sections: [
      RowSection(id: 1, items: [Row(id: 9), Row(id: 2)]), RowSection(id: 0, items: [Row(id: 1)]),
    ])
    let batch = new.difference(from: old)
    #expect(batch.sectionMoves == [.init(from: 0, to: 1)])
    #expect(old.applying(batch) == new)
    #expect(try batch.uikitPlan(from: old, to: new).steps.count == 1)
  }
}
