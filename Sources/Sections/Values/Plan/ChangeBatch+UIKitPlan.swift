extension ChangeBatch where Item: Equatable {
  /// The fewest ordered steps that take `old` to `new` through UIKit
  /// safely: a ``UIKitPlan`` (R20–R22 in <doc:UIKitBatchUpdateRules>).
  ///
  /// When the batch is already safe in one `performBatchUpdates` (no
  /// violation in ``UIKitRule/ValidationMode/uikitStep``), the plan is exactly one
  /// step: this batch, showing `new`. An empty batch gives no step.
  ///
  /// Otherwise the batch is staged. It is cut into DifferenceKit's five
  /// stages (R22; see the stage list below), which are each safe alone, and
  /// the plan groups neighbouring stages into as few steps as possible: it
  /// tries every grouping of the non-empty stages, fewest steps first, and
  /// keeps the first whose every step passes the ``UIKitRule/ValidationMode/uikitStep``
  /// validator. Each step runs from the snapshot the previous step shows
  /// (R21, R22). The stages:
  ///
  /// 1. item updates in place, in the old layout (an updated item that also
  ///    moves gets its reload before its move: R7, as RxDataSources does);
  /// 2. section deletes and item deletes;
  /// 3. section inserts and section moves;
  /// 4. item inserts and item moves (not beside the section moves: R16);
  /// 5. section updates (not beside section moves: R19).
  ///
  /// The same is tried with stages 3 and 4 swapped (item arrivals in the old
  /// section order, then the section structure), and the plan with fewer
  /// steps wins, DifferenceKit's order on a tie: a section that moves while
  /// items leave and arrive in it then takes two steps, not three.
  ///
  /// A step (and the batch itself, before any staging) that moves a section
  /// beside item or header changes is also tried with the section moves the
  /// sectioned diff would choose between its ends: quiet sections move,
  /// busy ones stay. And when an item is both updated and moved within its
  /// section (R7), neighbouring steps are last merged wherever a fresh diff
  /// between their ends is safe in one step: the diff keeps updated items
  /// in place where it can, so after the updates have run the rest may need
  /// fewer steps. Without such an item a staged plan costs no diff, nor
  /// with one whose plan has two steps where the batch shows that the item
  /// moves in any diff too (it moves past more items than twice the
  /// section's moves).
  ///
  /// So an updated and moved item costs two steps, an item change inside a
  /// moved section two or three, a header change beside a section move two.
  /// Items moved into inserted or out of deleted sections are already
  /// deletes and inserts in a batch (R13, R14), and stay so.
  ///
  /// What is checked: every rule (``violations(from:to:mode:)``), with
  /// one exception in release builds: the identities the batch brings in
  /// (R23), and a deleted item's absence from `new` (R2), are checked only
  /// if the snapshot they read has its identity table built. A snapshot
  /// made by ``Snapshot/init(sections:)`` always has it; one made by
  /// applying a batch (a renderer's) builds it on first use, in O(*n*),
  /// which a plan never forces. A build with the library's internal
  /// checks (`DATASOURCEGRAPH_INTERNAL_CHECKS`) checks them always.
  ///
  /// ```swift
  /// let batch = new.difference(from: old)
  /// let plan = try batch.uikitPlan(from: old, to: new)
  /// plan.violations(from: old, to: new).isEmpty  // true
  /// ```
  ///
  /// - Parameters:
  ///   - old: The snapshot the batch starts from.
  ///   - new: The snapshot the batch leads to.
  /// - Returns: The plan. If staging ever failed to give valid steps (no
  ///   valid batch makes it fail; the tests check this), the plan is one
  ///   reload of `new`, which is always safe.
  /// - Throws: ``UIKitRule/ValidationError`` if the batch itself is not valid in
  ///   ``UIKitRule/ValidationMode/batch`` from `old` to `new`.
  /// - Complexity: In release builds, O(*s* + *k* log *k* + Σ *m*) for *s*
  ///   sections, *k* operations and Σ *m* the items of the sections the
  ///   batch touches, when `new` was made by applying the batch (a
  ///   renderer's case: R4 compares the other sections by their shared
  ///   storage, in O(1) each); a `new` built separately adds one O(*n*)
  ///   comparison, which walks each section beside its old one and builds
  ///   nothing. No diff, no hashing of the content. A staged plan checks
  ///   at most 30 candidate steps by the sections they touch, each in
  ///   O(*s* log *s* + *k*), then builds only the steps of the plan it
  ///   chooses, in O(*k* log *k*), and the snapshot each of them but the
  ///   last ends at (the previous one with the step applied: a copy of the
  ///   sections the step changes); with an item updated and moved within
  ///   its section, at most one diff per step.
  ///   The library's internal checks add O(*n*) (they are compiled only
  ///   with `DATASOURCEGRAPH_INTERNAL_CHECKS`, never in an app's build).
  @inlinable
  public func uikitPlan(
    from old: Snapshot<SectionID, Item>, to new: Snapshot<SectionID, Item>
  ) throws(UIKitRule.ValidationError) -> UIKitPlan<SectionID, Item> {
    try uikitPlan(from: old, to: new, newIsApplied: false)
  }

  /// As ``uikitPlan(from:to:)``; `newIsApplied` says that `new` is `old`
  /// with this batch applied (a renderer's case), so the reproduction (R4)
  /// is not checked again in release builds.
  @inlinable
  package func uikitPlan(
    from old: Snapshot<SectionID, Item>, to new: Snapshot<SectionID, Item>, newIsApplied: Bool
  ) throws(UIKitRule.ValidationError) -> UIKitPlan<SectionID, Item> {
    let found = namedViolations(from: old, to: new, mode: .uikitStep, newIsApplied: newIsApplied)
    let invalid = found.filter { $0.rule.enforcement != .uikitStep }
    guard invalid.isEmpty else { throw UIKitRule.ValidationError(violations: invalid) }
    guard !isEmpty else { return UIKitPlan(steps: []) }
    guard !found.isEmpty else {
      return UIKitPlan(steps: [.init(change: .batch(self), snapshot: new)])
    }
    if let rechosen = choosingSectionMovesAsADiff(from: old.sectionIDs, to: new.sectionIDs),
      rechosen.namedViolations(from: old, to: new, mode: .uikitStep, newIsApplied: newIsApplied)
        .isEmpty
    {
      return UIKitPlan(steps: [.init(change: .batch(rechosen), snapshot: new)])
    }
    let reload = UIKitPlan(steps: [.init(change: .reloadAll(new), snapshot: new)])
    guard
      let best = Self.fewestSteps(
        PlanStages<SectionID, Item>.orders.map {
          PlanStages(batch: self, old: old, new: new, order: $0)
        })
    else { return reload }
    // Two steps whose merge would still update and move one item cannot
    // merge: known from the batch, without the diff.
    guard best.steps.count > 1, updatesAnItemMovedInItsSection(from: old, to: new),
      best.steps.count > 2 || !movesAnUpdatedItemInEveryDiff(from: old, to: new)
    else { return best }
    return Self.mergingNeighbours(of: best, from: old)
  }

  /// Whether an item this batch updates also moves within its section (R7
  /// where a diff could keep it in place and move its neighbours instead).
  /// An updated item that changes section must move whatever the diff.
  ///
  /// - Complexity: O(*k*).
  @inlinable
  package func updatesAnItemMovedInItsSection(
    from old: Snapshot<SectionID, Item>, to new: Snapshot<SectionID, Item>
  ) -> Bool {
    guard !itemUpdates.isEmpty, !itemMoves.isEmpty else { return false }
    let moves = Set(
      itemMoves.lazy.filter { old.sections[$0.from.section].id == new.sections[$0.to.section].id }
        .map { $0.from })
    return itemUpdates.contains { moves.contains($0.from) }
  }

  /// This batch with the section moves the sectioned diff would choose
  /// between sections `old` and `new` (identities in order): among the sections on both sides, the busy
  /// ones (with item changes or a new header in this batch) keep their
  /// place and quiet ones move (see ``Snapshot/difference(from:)``), so
  /// item changes and header changes are not beside a section move (R16,
  /// R19) where a quiet section can move instead. `nil` if the choice is the
  /// batch's own. Item operations and section updates name old and new
  /// positions, which do not depend on which sections move, so they stay.
  ///
  /// - Complexity: Expected O(*s* log *s* + *k*).
  @inlinable
  func choosingSectionMovesAsADiff(from old: [SectionID], to new: [SectionID]) -> Self? {
    guard !sectionMoves.isEmpty else { return nil }
    var inserted = [Bool](repeating: false, count: new.count)
    for insert in sectionInserts { inserted[insert.index] = true }
    var oldIndex: [SectionID: Int] = [:]
    oldIndex.reserveCapacity(old.count)
    for (s, id) in old.enumerated() { oldIndex[id] = s }
    var commonOld: [Int] = []
    var commonNew: [Int] = []
    for (t, id) in new.enumerated() where !inserted[t] {
      guard let s = oldIndex[id] else { continue }
      commonOld.append(s)
      commonNew.append(t)
    }
    let moves = sectionMovesKeepingBusySectionsInPlace(
      commonOld: commonOld, commonNew: commonNew, oldCount: old.count, newCount: new.count)
    guard moves != sectionMoves.sorted(by: { $0.to < $1.to }) else { return nil }
    var batch = self
    batch.sectionMoves = moves
    return batch
  }

  /// `plan` with neighbouring steps merged wherever the diff between the
  /// snapshot before the first and the snapshot after the second is safe in
  /// one step. The stages keep the batch's own choices; once an earlier
  /// step has run (updates in place, say), a fresh minimal diff of the rest
  /// may need fewer steps. The diff is asked for the updates of both steps
  /// (marked, see `Snapshot.markedItemIDs`), so an update whose content is
  /// equal (a marked item's) is not lost.
  ///
  /// - Complexity: At most *p* − 1 diffs and checks, each expected O(*n*),
  ///   for a plan of *p* steps.
  @inlinable
  static func mergingNeighbours(
    of plan: UIKitPlan<SectionID, Item>, from old: Snapshot<SectionID, Item>
  ) -> UIKitPlan<SectionID, Item> {
    var steps = plan.steps
    var k = 0
    while k + 1 < steps.count {
      let before = k == 0 ? old : steps[k - 1].snapshot
      let after = steps[k + 1].snapshot
      var marked = after
      for step in steps[k...(k + 1)] {
        guard case .batch(let batch) = step.change else { continue }
        for update in batch.itemUpdates { marked.marks.itemIDs.insert(update.item.id) }
        for update in batch.sectionUpdates {
          marked.marks.sectionIDs.insert(step.snapshot.sections[update.to].id)
        }
      }
      let merged = marked.difference(from: before)
      if merged.namedViolations(from: before, to: after, mode: .uikitStep).isEmpty {
        steps.replaceSubrange(k...(k + 1), with: [.init(change: .batch(merged), snapshot: after)])
        k = max(k - 1, 0)  // the merged step may now merge with the one before
      } else {
        k += 1
      }
    }
    return UIKitPlan(steps: steps)
  }

  /// The plan of the stage order that takes the fewest steps (the first
  /// order on a tie), or `nil` if no order gives valid steps. Only the
  /// winner's steps and snapshots are built.
  ///
  /// - Complexity: At most 15 candidate steps per order, each checked in
  ///   O(*s* log *s* + *k*), then the steps of the plan chosen built and
  ///   applied.
  @inlinable
  static func fewestSteps(_ orders: [PlanStages<SectionID, Item>]) -> UIKitPlan<SectionID, Item>? {
    let candidates = orders.compactMap { stages in stages.fewestSteps().map { (stages, $0) } }
    // Fewest steps first; a stable sort keeps the orders' own order on a tie.
    for (stages, choices) in candidates.enumerated().sorted(by: {
      ($0.element.1.count, $0.offset) < ($1.element.1.count, $1.offset)
    }).map(\.element) {
      if let plan = stages.plan(choices) { return plan }
    }
    return nil
  }
}

extension SnapshotChange where Item: Equatable {
  /// The ``UIKitPlan`` of this change from `old`: for a batch, its plan to
  /// `old.applying(batch)` (see ``ChangeBatch/uikitPlan(from:to:)``); for a
  /// reload, one step that reloads.
  ///
  /// ```swift
  /// let plan = try SnapshotChange.reloadAll(new).uikitPlan(from: old)
  /// plan.isReload  // true
  /// ```
  ///
  /// - Throws: ``UIKitRule/ValidationError`` if the batch does not apply to `old`
  ///   (R4) or breaks another rule.
  /// - Complexity: As ``ChangeBatch/uikitPlan(from:to:)``, plus applying
  ///   the batch to `old` (see ``Snapshot/applying(_:)-(ChangeBatch<SectionID,Item>)``;
  ///   the identities it brings in are checked as ``ChangeBatch/uikitPlan(from:to:)``
  ///   checks them: always with the library's internal checks, otherwise if
  ///   `old`'s identity table is built).
  @inlinable
  public func uikitPlan(
    from old: Snapshot<SectionID, Item>
  ) throws(UIKitRule.ValidationError) -> UIKitPlan<SectionID, Item> {
    switch self {
    case .reloadAll(let snapshot):
      return UIKitPlan(steps: [.init(change: self, snapshot: snapshot)])
    case .batch(let batch):
      guard let new = old.applyingNamed(batch) else {
        throw UIKitRule.ValidationError(
          violations: batch.violations(from: old, to: old).filter { $0.rule == .r4 })
      }
      return try batch.uikitPlan(from: old, to: new, newIsApplied: true)
    }
  }
}
