/// The five stages a staged UIKit plan is cut from, the snapshot after each
/// one, and the batch of any run of neighbouring stages. In DifferenceKit's
/// order (R22 in <doc:UIKitBatchUpdateRules>):
///
/// 1. item updates, in place (the old layout, new values);
/// 2. removals: section deletes and item deletes;
/// 3. section structure: section inserts (with their items) and moves;
/// 4. arrivals: item inserts and item moves;
/// 5. section updates (headers and footers).
///
/// The plan also tries the *items-first* order, with arrivals (in the old
/// section order) before the section structure: item changes inside a
/// section that moves can then share a step with the removals.
///
/// Each stage alone is safe in one `performBatchUpdates`: the update stage
/// has only reloads and nothing moves; removals and the section structure
/// touch no item of a surviving section except by deleting it; arrivals
/// move no section; the last stage has only section reloads. Items never
/// appear twice in between: an item that leaves a surviving section for an
/// inserted one is deleted with the removals, before its new section
/// arrives, and one that leaves a deleted section arrives after the
/// removals took it away.
///
/// Nothing here diffs or hashes the content: the batch of a run of stages
/// is the batch's own operations carried into the index spaces of the
/// snapshots before and after the run (an item's place after the removals
/// is its old place less the deletes before it in its section). A plan
/// builds only the snapshots its steps end at, each the previous one with
/// the step applied.
@usableFromInline
struct PlanStages<SectionID: Hashable, Item: Identifiable & Equatable> {
  @usableFromInline typealias Batch = ChangeBatch<SectionID, Item>
  @usableFromInline typealias Shot = Snapshot<SectionID, Item>

  /// A stage of a plan.
  @usableFromInline
  enum Stage: Int {
    case updates = 1
    case removals, sections, arrivals, headers
  }

  /// The two stage orders a plan is cut in.
  @inlinable
  static var orders: [[Stage]] {
    [
      [.updates, .removals, .sections, .arrivals, .headers],
      [.updates, .removals, .arrivals, .sections, .headers],
    ]
  }

  @usableFromInline let batch: Batch
  /// The order of the stages.
  @usableFromInline let order: [Stage]
  /// The snapshots the batch starts from and leads to.
  @usableFromInline let old: Shot
  @usableFromInline let new: Shot
  /// The positions (1...5) in ``order`` of the stages that have operations,
  /// ascending.
  @usableFromInline let nonEmpty: [Int]
  /// The positions in ``order`` of the section structure and the arrivals.
  @usableFromInline let sectionsPosition: Int
  @usableFromInline let arrivalsPosition: Int
  /// Per old section: its index once the deleted sections are gone, and its
  /// new index; -1 for a deleted section.
  @usableFromInline var compactIndexOfOld: [Int]
  @usableFromInline var newIndexOfOld: [Int]
  /// Per new section: its old index; -1 for an inserted section.
  @usableFromInline var oldIndexOfNew: [Int]
  /// Per old section: the deleted item indices, ascending.
  @usableFromInline var deletedItems: [[Int]]
  /// Whether the batch updates an item it also moves (R7).
  @usableFromInline let updatesAMovedItem: Bool

  /// Cuts `batch`, which must be valid in ``UIKitRule/ValidationMode/batch`` from
  /// `old` to `new`, into stages. No snapshot is built here.
  ///
  /// - Complexity: O(*s* + *k* log *k*) for *s* sections and *k* operations.
  @inlinable
  init(batch: Batch, old: Shot, new: Shot, order: [Stage]) {
    self.batch = batch
    self.order = order
    sectionsPosition = order.firstIndex(of: .sections)! + 1
    arrivalsPosition = order.firstIndex(of: .arrivals)! + 1

    // The section mapping, as UIKit reads it: moved and inserted sections
    // at their destinations, the others in their old order in the free slots.
    let oldCount = old.numberOfSections
    let newCount = new.numberOfSections
    newIndexOfOld = [Int](repeating: -1, count: oldCount)
    oldIndexOfNew = [Int](repeating: -1, count: newCount)
    var deleted = [Bool](repeating: false, count: oldCount)
    var taken = [Bool](repeating: false, count: newCount)
    for s in batch.sectionDeletes { deleted[s] = true }
    for insert in batch.sectionInserts { taken[insert.index] = true }
    for move in batch.sectionMoves {
      newIndexOfOld[move.from] = move.to
      oldIndexOfNew[move.to] = move.from
      taken[move.to] = true
    }
    var free = 0
    for s in 0..<oldCount where !deleted[s] && newIndexOfOld[s] < 0 {
      while taken[free] { free += 1 }
      newIndexOfOld[s] = free
      oldIndexOfNew[free] = s
      free += 1
    }
    compactIndexOfOld = [Int](repeating: -1, count: oldCount)
    var compact = 0
    for s in 0..<oldCount where !deleted[s] {
      compactIndexOfOld[s] = compact
      compact += 1
    }
    deletedItems = Array(repeating: [], count: oldCount)
    for path in batch.itemDeletes { deletedItems[path.section].append(path.item) }
    for s in deletedItems.indices where deletedItems[s].count > 1 { deletedItems[s].sort() }
    if batch.itemUpdates.isEmpty || batch.itemMoves.isEmpty {
      updatesAMovedItem = false
    } else {
      let moveSources = Set(batch.itemMoves.map { $0.from })
      updatesAMovedItem = batch.itemUpdates.contains { moveSources.contains($0.from) }
    }

    var present: Set<Stage> = []
    if !batch.itemUpdates.isEmpty { present.insert(.updates) }
    if !batch.sectionDeletes.isEmpty || !batch.itemDeletes.isEmpty { present.insert(.removals) }
    if !batch.sectionInserts.isEmpty || !batch.sectionMoves.isEmpty { present.insert(.sections) }
    if !batch.itemInserts.isEmpty || !batch.itemMoves.isEmpty { present.insert(.arrivals) }
    if !batch.sectionUpdates.isEmpty { present.insert(.headers) }
    nonEmpty = order.indices.filter { present.contains(order[$0]) }.map { $0 + 1 }

    self.old = old
    self.new = new
  }

  /// The snapshot after each number of stages, 0...5, each the previous
  /// one with its stage's batch applied; `nil` if a stage does not apply.
  /// A plan builds only the snapshots its steps end at (see
  /// ``snapshots(endingSteps:)``); this is for checks.
  ///
  /// - Complexity: Five times applying a stage.
  @inlinable
  func allSnapshots() -> [Shot]? {
    var snapshots = [old]
    for position in 1...5 {
      guard nonEmpty.contains(position) else {
        snapshots.append(snapshots[position - 1])
        continue
      }
      let stage = step(stages: position, through: position)
      guard let next = snapshots[position - 1].applyingNamed(stage) else { return nil }
      snapshots.append(next)
    }
    return snapshots
  }

  /// The snapshot each of `steps` (batches from the end of the previous
  /// one) ends at, the last one ``new``; `nil` if a step does not apply.
  ///
  /// - Complexity: One apply per step but the last (see
  ///   ``Snapshot/applying(_:)-(ChangeBatch<SectionID,Item>)``).
  @inlinable
  func snapshots(endingSteps steps: [Batch]) -> [Shot]? {
    var result: [Shot] = []
    var current = old
    for (index, step) in steps.enumerated() {
      if index == steps.count - 1 {
        #if DATASOURCEGRAPH_INTERNAL_CHECKS
          guard current.applyingNamed(step) == new else { return nil }
        #endif
        current = new
      } else {
        guard let next = Self.applying(step, to: current) else { return nil }
        current = next
      }
      result.append(current)
    }
    return result
  }

  /// `snapshot` with `step`, a step of the batch, applied. The plan checked
  /// the identities the batch brings in (R23) as far as it checks them, so
  /// they are not checked again here, except with the library's internal
  /// checks.
  ///
  /// - Complexity: As ``Snapshot/applying(_:)-(ChangeBatch<SectionID,Item>)``,
  ///   without the identity table.
  @inlinable
  static func applying(_ step: Batch, to snapshot: Shot) -> Shot? {
    #if DATASOURCEGRAPH_INTERNAL_CHECKS
      return snapshot.applyingNamed(step)
    #else
      var applier = BatchApplier(old: snapshot, batch: step)
      return applier.run().map { snapshot.result(of: step, sections: $0) }
    #endif
  }

  /// The section identities, in order, after `k` stages.
  ///
  /// - Complexity: O(*s*).
  @inlinable
  func sectionIDs(after k: Int) -> [SectionID] {
    if k >= sectionsPosition { return new.sectionIDs }
    let ids = old.sectionIDs
    guard k >= 2 else { return ids }
    return ids.indices.filter { compactIndexOfOld[$0] >= 0 }.map { ids[$0] }
  }

  /// The number of sections after `k` stages.
  @inlinable
  func sectionCount(after k: Int) -> Int {
    if k >= sectionsPosition { return new.numberOfSections }
    return k >= 2 ? old.numberOfSections - batch.sectionDeletes.count : old.numberOfSections
  }

  // MARK: Places in the snapshot after `k` stages

  /// Where old section `s` (not deleted) is after `k` stages.
  @inlinable
  func section(old s: Int, after k: Int) -> Int {
    if k >= sectionsPosition { return newIndexOfOld[s] }
    return k >= 2 ? compactIndexOfOld[s] : s
  }

  /// Where new section `t` (not inserted) is after `k` stages.
  @inlinable
  func section(new t: Int, after k: Int) -> Int {
    k >= sectionsPosition ? t : section(old: oldIndexOfNew[t], after: k)
  }

  /// Where the item at old path `p` is after `k` stages, before it arrives.
  @inlinable
  func departure(_ p: ItemPath, after k: Int) -> ItemPath {
    guard k >= 2 else { return p }
    let deletes = deletedItems[p.section]
    let gone = deletes.isEmpty ? 0 : deletes.countBelow(p.item)
    return ItemPath(section: section(old: p.section, after: k), item: p.item - gone)
  }

  /// Where the item at new path `q` is after `k` stages, once it arrived.
  @inlinable
  func arrival(_ q: ItemPath, after k: Int) -> ItemPath {
    ItemPath(section: section(new: q.section, after: k), item: q.item)
  }

  /// The batch of one step that runs the stages at positions `first...last`
  /// of ``order``: from the snapshot before `first` to the one after `last`,
  /// with the batch's operations of those stages, and `sectionMoves` in
  /// place of the batch's own when given (see
  /// ``rechosenSectionMoves(_:)``).
  ///
  /// - Complexity: O(*k* log *k*) for *k* operations.
  @inlinable
  func step(
    stages first: Int, through last: Int, sectionMoves: [Batch.Move<Int>]? = nil
  ) -> Batch {
    let (before, after) = (first - 1, last)
    let covered = Set(order[(first - 1)..<last])
    var step = Batch()
    if covered.contains(.updates) {
      step.itemUpdates = batch.itemUpdates.map { update in
        let to =
          after >= arrivalsPosition
          ? arrival(update.to, after: after) : departure(update.from, after: after)
        return .init(from: departure(update.from, after: before), to: to, item: update.item)
      }
    }
    if covered.contains(.removals) {
      step.sectionDeletes = batch.sectionDeletes
      step.itemDeletes = batch.itemDeletes.map { departure($0, after: before) }
    }
    if covered.contains(.sections) {
      step.sectionInserts = batch.sectionInserts
      step.sectionMoves = batch.sectionMoves.map {
        .init(from: section(old: $0.from, after: before), to: $0.to)
      }
    }
    if covered.contains(.arrivals) {
      step.itemInserts = batch.itemInserts.map {
        .init(path: arrival($0.path, after: after), item: $0.item)
      }
      step.itemMoves = batch.itemMoves.map {
        .init(from: departure($0.from, after: before), to: arrival($0.to, after: after))
      }
    }
    if covered.contains(.headers) {
      step.sectionUpdates = batch.sectionUpdates.map {
        $0.moved(from: section(old: $0.from, after: before), to: $0.to)
      }
    }
    if let sectionMoves { step.sectionMoves = sectionMoves }
    step.sort()
    return step
  }
}
