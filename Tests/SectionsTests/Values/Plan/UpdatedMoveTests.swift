import DataSourceGraphSections
import SectionsTestSupport
import TestSupport
import Testing

/// An item updated and moved within its section (a sorted field changed):
/// the plan knows from the batch alone, without a diff, when the item moves
/// in every diff too.
@Suite struct UpdatedMoveTests {
  /// A section of `count` rows, some of them (`updated`) given a new
  /// revision and moved to random places, others (`moved`) only moved:
  /// the old and new snapshots and the batch that moves exactly those.
  static func scenario(_ rng: inout SplitMix64, count: Int, updated: Int, moved: Int)
    -> (old: RowSnapshot, new: RowSnapshot, batch: RowBatch, updatedIDs: Set<Int>)
  {
    let rows = (0..<count).map { Row(id: $0) }
    let chosen = Array(rows.indices.shuffled(using: &rng).prefix(updated + moved))
    let updatedIDs = Set(chosen.prefix(updated))
    var order = rows.filter { !chosen.contains($0.id) }
    for id in chosen {
      order.insert(
        Row(id: id, revision: updatedIDs.contains(id) ? 1 : 0), at: rng.int(0...order.count))
    }
    let newIndex = Dictionary(uniqueKeysWithValues: order.enumerated().map { ($1.id, $0) })
    var batch = RowBatch()
    for id in chosen.sorted() {
      let from = ItemPath(section: 0, item: id)
      let to = ItemPath(section: 0, item: newIndex[id]!)
      batch.itemMoves.append(.init(from: from, to: to))
      if updatedIDs.contains(id) {
        batch.itemUpdates.append(.init(from: from, to: to, item: order[to.item]))
      }
    }
    return (RowSnapshot(id: 0, items: rows), RowSnapshot(id: 0, items: order), batch, updatedIDs)
  }

  @Test(.namesTheSeed)
  func anUpdatedItemSaidToMoveMovesInTheDiff() async {
    await forEachSeed(1...200, anUpdatedItemSaidToMoveMovesInTheDiff(seed:))
  }

  func anUpdatedItemSaidToMoveMovesInTheDiff(seed: UInt64) {
    var rng = SplitMix64(seed: seed)
    var decided = 0
    for round in 0..<20 {
      let count = rng.int(2...40)
      let updated = rng.int(1...min(3, count))
      let moved = rng.int(0...min(3, count - updated))
      let (old, new, batch, updatedIDs) = Self.scenario(
        &rng, count: count, updated: updated, moved: moved)
      let context = "seed \(seed) round \(round): \(batch)"
      // A move the other moves imply (R18) is no batch a node sends.
      guard batch.violations(from: old, to: new, mode: .batch).isEmpty,
        batch.movesAnUpdatedItemInEveryDiff(from: old, to: new)
      else { continue }
      decided += 1
      let diff = new.difference(from: old)
      let movedIDs = Set(diff.itemMoves.map { old.item(at: $0.from).id })
      #expect(!movedIDs.isDisjoint(with: updatedIDs), "\(context)\ndiff \(diff)")
    }
    #expect(decided > 0, "no round was decided by the batch")
  }

  /// The screen's case: one item's sorted field changes and it moves far.
  /// The plan is the two steps (reload in place, then the move), found
  /// without a diff.
  @Test func oneSortedFieldChangeIsTwoSteps() throws {
    let rows = (0..<100).map { Row(id: $0) }
    var order = rows
    order.remove(at: 10)
    order.insert(Row(id: 10, revision: 1), at: 70)
    let old = RowSnapshot(id: 0, items: rows)
    let new = RowSnapshot(id: 0, items: order)
    var batch = RowBatch()
    let (from, to) = (ItemPath(section: 0, item: 10), ItemPath(section: 0, item: 70))
    batch.itemMoves = [.init(from: from, to: to)]
    batch.itemUpdates = [.init(from: from, to: to, item: Row(id: 10, revision: 1))]
    #expect(batch.movesAnUpdatedItemInEveryDiff(from: old, to: new))
    let plan = try batch.uikitPlan(from: old, to: new)
    #expect(plan.steps.count == 2)
    #expect(plan.steps.last?.snapshot == new)
  }

  /// Beside its neighbour, the item can stay while the neighbour moves: the
  /// bound does not decide, and the diff merges the steps into one.
  @Test func anItemSwappedWithItsNeighbourStaysInOneStep() throws {
    let rows = (0..<10).map { Row(id: $0) }
    var order = rows
    order.swapAt(3, 4)
    order[4].revision = 1
    let old = RowSnapshot(id: 0, items: rows)
    let new = RowSnapshot(id: 0, items: order)
    var batch = RowBatch()
    let (from, to) = (ItemPath(section: 0, item: 3), ItemPath(section: 0, item: 4))
    batch.itemMoves = [.init(from: from, to: to)]
    batch.itemUpdates = [.init(from: from, to: to, item: order[4])]
    #expect(!batch.movesAnUpdatedItemInEveryDiff(from: old, to: new))
    let plan = try batch.uikitPlan(from: old, to: new)
    #expect(plan.steps.count == 1)
  }
}
