import DataSourceGraphSections
import SectionsTestSupport
import TestSupport
import Testing

/// `Snapshot.applyNamed(_:)`, a renderer's apply in place: the same result
/// as `applying(_:)`, and no copy of a section it holds alone for updates.
@Suite struct SnapshotApplyInPlaceTests {
  @Test(.namesTheSeed)
  func applyingInPlaceEqualsApplying() async {
    await forEachSeed(1...60, applyingInPlaceEqualsApplying(seed:))
  }

  func applyingInPlaceEqualsApplying(seed: UInt64) {
    var generator = SnapshotGenerator(seed: seed)
    for round in 0..<40 {
      let old = generator.snapshot()
      let batch: RowBatch
      if generator.chance(0.5) {
        batch = generator.variation(of: old).difference(from: old)
      } else {
        // Updates only, where the items are.
        var updates = RowBatch()
        var seen: Set<ItemPath> = []
        for _ in 0..<generator.int(0..<4) where old.numberOfItems > 0 {
          let s = generator.int(0..<old.numberOfSections)
          guard old.numberOfItems(inSection: s) > 0 else { continue }
          let path = ItemPath(section: s, item: generator.int(0..<old.numberOfItems(inSection: s)))
          guard seen.insert(path).inserted else { continue }
          var item = old.item(at: path)
          item.revision += 1
          updates.itemUpdates.append(.init(from: path, to: path, item: item))
        }
        batch = updates
      }
      var inPlace = old
      let context = "seed \(seed) round \(round): \(batch)"
      let applied = inPlace.applyNamed(batch)
      #expect(applied, "\(context)")
      #expect(inPlace == old.applying(batch), "\(context)")
      #expect(inPlace.itemPaths(agreeWith: inPlace.sections), "\(context)")
    }
  }

  /// Batches that keep the sections in place, some of them spoiled (a path
  /// moved by one, out of range or onto another item) or listed out of
  /// order: applied in place,
  /// each fits or not as it does for `applyingNamed(_:)`, with the same
  /// result, and one that does not fit leaves the snapshot as it was.
  @Test(.namesTheSeed)
  func applyingItemsInPlaceAgreesOnBatchesThatDoNotFit() async {
    await forEachSeed(1...60, applyingItemsInPlaceAgreesOnBatchesThatDoNotFit(seed:))
  }

  func applyingItemsInPlaceAgreesOnBatchesThatDoNotFit(seed: UInt64) {
    var generator = SnapshotGenerator(seed: seed)
    func nudge(_ path: ItemPath) -> ItemPath {
      ItemPath(section: path.section, item: path.item + generator.int(-1..<2))
    }
    for round in 0..<40 {
      let old = generator.snapshot()
      var batch = generator.variation(of: old).difference(from: old)
      batch.sectionInserts = []
      batch.sectionDeletes = []
      batch.sectionMoves = []
      batch.sectionUpdates = []
      if generator.chance(0.5) {
        switch generator.int(0..<5) {
        case 0: batch.itemDeletes = batch.itemDeletes.map(nudge)
        case 4:
          // Listed out of the documented (ascending) order: the sections'
          // runs come apart, a section's deletes and inserts arrive in
          // several runs, and the verdict must still be the reference's.
          batch.itemDeletes.reverse()
          batch.itemInserts.reverse()
        case 1:
          batch.itemInserts = batch.itemInserts.map { .init(path: nudge($0.path), item: $0.item) }
        case 2:
          batch.itemMoves = batch.itemMoves.map { .init(from: nudge($0.from), to: nudge($0.to)) }
        default:
          batch.itemUpdates = batch.itemUpdates.map {
            .init(from: nudge($0.from), to: nudge($0.to), item: $0.item)
          }
        }
      }
      let expected = old.applyingNamed(batch)
      var inPlace = old
      let applied = inPlace.applyNamed(batch)
      let context = "seed \(seed) round \(round): \(batch)"
      #expect(applied == (expected != nil), "\(context)")
      #expect(inPlace == (expected ?? old), "\(context)")
    }
  }

  /// An insert and a delete in a snapshot held alone move the items in its
  /// storage: nothing is copied.
  @Test func anInsertAndADeleteOfAUniqueSnapshotDoNotCopy() {
    var snapshot = Snapshot(id: 0, items: (0..<1_000).map { Row(id: $0) })
    let before = snapshot.sections[0].items.withContiguousStorageIfAvailable { $0.baseAddress }
    // The delete first: the insert then fits in the array's capacity.
    var delete = RowBatch()
    delete.itemDeletes = [ItemPath(section: 0, item: 10)]
    var applied = snapshot.applyNamed(delete)
    #expect(applied)
    var insert = RowBatch()
    insert.itemInserts = [.init(path: ItemPath(section: 0, item: 500), item: Row(id: -1))]
    applied = snapshot.applyNamed(insert)
    #expect(applied)
    let after = snapshot.sections[0].items.withContiguousStorageIfAvailable { $0.baseAddress }
    #expect(before == after)
    #expect(snapshot.itemPath(for: -1) == ItemPath(section: 0, item: 500))
    #expect(snapshot.numberOfItems == 1_000)
  }

  /// Updates to a snapshot held alone replace the items in its storage.
  @Test func updatesOfAUniqueSnapshotDoNotCopy() {
    var snapshot = Snapshot(id: 0, items: (0..<1_000).map { Row(id: $0) })
    let before = snapshot.sections[0].items.withContiguousStorageIfAvailable { $0.baseAddress }
    var batch = RowBatch()
    batch.itemUpdates = [
      .init(
        from: .init(section: 0, item: 7), to: .init(section: 0, item: 7),
        item: Row(id: 7, revision: 1))
    ]
    #expect(snapshot.fitsInPlace(batch))
    let applied = snapshot.applyNamed(batch)
    #expect(applied)
    let after = snapshot.sections[0].items.withContiguousStorageIfAvailable { $0.baseAddress }
    #expect(before == after)
    #expect(snapshot.item(at: ItemPath(section: 0, item: 7)) == Row(id: 7, revision: 1))
    #expect(snapshot.itemPath(for: 7) == ItemPath(section: 0, item: 7))
  }

  /// An update that names another identity does not fit, and leaves the
  /// snapshot as it was; so does one that names a path twice.
  @Test func anUpdateThatDoesNotFitLeavesTheSnapshot() {
    let start = Snapshot(id: 0, items: (0..<5).map { Row(id: $0) })
    var snapshot = start
    var batch = RowBatch()
    let path = ItemPath(section: 0, item: 2)
    batch.itemUpdates = [.init(from: path, to: path, item: Row(id: 3, revision: 1))]
    #expect(!snapshot.fitsInPlace(batch))
    let applied = snapshot.applyNamed(batch)
    #expect(!applied)
    #expect(snapshot == start)
    batch.itemUpdates = [
      .init(from: path, to: path, item: Row(id: 2, revision: 1)),
      .init(from: path, to: path, item: Row(id: 2, revision: 2)),
    ]
    #expect(!snapshot.fitsInPlace(batch))
  }

  /// A section where one item leaves and one arrives (a move within it, or
  /// an insert beside a delete) is edited by moving only the items between
  /// the two places: the same array as a remove and an insert, with the
  /// item that left released once and every other one kept, for values
  /// that own memory.
  @Test(.namesTheSeed)
  func oneLeavingAndOneArrivingEqualsARemoveAndAnInsert() async {
    await forEachSeed(1...40, oneLeavingAndOneArrivingEqualsARemoveAndAnInsert(seed:))
  }

  final class Box {
    let id: Int
    init(_ id: Int) { self.id = id }
  }

  func oneLeavingAndOneArrivingEqualsARemoveAndAnInsert(seed: UInt64) {
    var rng = SplitMix64(seed: seed)
    for round in 0..<50 {
      let count = rng.int(1...40)
      var boxes = (0..<count).map { Box($0) }
      let offset = rng.int(0..<count)
      let newOffset = rng.int(0..<count)
      // The item that arrives is the one that leaves (a move) or a new one.
      let isMove = rng.chance(0.5)
      let arriving = isMove ? boxes[offset] : Box(-1)
      weak let leaving = boxes[offset]
      var expected = boxes.map(\.id)
      expected.remove(at: offset)
      expected.insert(arriving.id, at: newOffset)
      // Now and then another array shares the storage, which must stay.
      var shared: [Box]? = rng.chance(0.3) ? boxes : nil
      let edited = boxes.remove(at: offset, inserting: arriving, at: newOffset)
      let context = "seed \(seed) round \(round): \(offset) → \(newOffset) of \(count)"
      #expect(edited, "\(context)")
      #expect(boxes.map(\.id) == expected, "\(context)")
      if let copy = shared {
        #expect(copy.map(\.id) == Array(0..<count), "the array that shared: \(context)")
      }
      shared = nil
      #expect((leaving != nil) == isMove, "the item that left is released: \(context)")
      let outOfRange = boxes.remove(at: count, inserting: arriving, at: 0)
      #expect(!outOfRange && boxes.map(\.id) == expected, "out of range: \(context)")
    }
  }
}

extension Snapshot where Item == Row, SectionID == Int {
  /// Whether every item's path by identity is where `sections` has it.
  func itemPaths(agreeWith sections: [SnapshotSection<Int, Row>]) -> Bool {
    for (s, section) in sections.enumerated() {
      for (i, item) in section.items.enumerated()
      where itemPath(for: item.id) != ItemPath(section: s, item: i) {
        return false
      }
    }
    return true
  }
}
