extension ChangeBatch where Item: Equatable {
  /// The fewest ordered steps that take `old` to `new` through UIKit
  /// safely: a ``UIKitPlan`` (R20–R22 in <doc:UIKitBatchUpdateRules>).
  ///
  /// When the batch is already safe in one `performBatchUpdates` (no
  /// violation in ``ValidationMode/uikitStep``), the plan is exactly one
  /// step: this batch, showing `new`. An empty batch gives no step.
  ///
  /// Otherwise the batch is staged. It is cut into DifferenceKit's five
  /// stages (R22; see the stage list below), which are each safe alone, and
  /// the plan groups neighbouring stages into as few steps as possible: it
  /// tries every grouping of the non-empty stages, fewest steps first, and
  /// keeps the first whose every step passes the ``ValidationMode/uikitStep``
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
  /// Last, neighbouring steps are merged wherever a fresh diff between
  /// their ends is safe in one step (after an earlier step has run, the
  /// rest may need fewer steps than the batch's own stages).
  ///
  /// So an updated and moved item costs two steps, an item change inside a
  /// moved section two or three, a header change beside a section move two.
  /// Items moved into inserted or out of deleted sections are already
  /// deletes and inserts in a batch (R13, R14), and stay so.
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
  /// - Throws: ``BatchValidationError`` if the batch itself is not valid in
  ///   ``ValidationMode/batch`` from `old` to `new`.
  /// - Complexity: O(*n* + *s* + *k* log *k*) when one step is safe; at
  ///   most 30 candidate steps (15 per stage order) are built and checked
  ///   otherwise, each in that time.
  public func uikitPlan(
    from old: Snapshot<SectionID, Item>, to new: Snapshot<SectionID, Item>
  ) throws(BatchValidationError) -> UIKitPlan<SectionID, Item> {
    try validate(from: old, to: new, mode: .batch)
    guard !isEmpty else { return UIKitPlan(steps: []) }
    if violations(from: old, to: new, mode: .uikitStep).isEmpty {
      return UIKitPlan(steps: [.init(change: .batch(self), snapshot: new)])
    }
    let reload = UIKitPlan(steps: [.init(change: .reloadAll(new), snapshot: new)])
    var best: UIKitPlan<SectionID, Item>?
    for order in PlanStages<SectionID, Item>.orders {
      guard let stages = PlanStages(batch: self, old: old, new: new, order: order),
        let plan = Self.fewestSteps(stages)
      else { continue }
      if best.map({ plan.steps.count < $0.steps.count }) ?? true { best = plan }
    }
    return best.map { Self.mergingNeighbours(of: $0, from: old) } ?? reload
  }

  /// `plan` with neighbouring steps merged wherever the diff between the
  /// snapshot before the first and the snapshot after the second is safe in
  /// one step. The stages keep the batch's own choices; once an earlier
  /// step has run (updates in place, say), a fresh minimal diff of the rest
  /// may need fewer steps.
  ///
  /// - Complexity: O(*p* · *n*) diffs and checks for a plan of *p* steps.
  static func mergingNeighbours(
    of plan: UIKitPlan<SectionID, Item>, from old: Snapshot<SectionID, Item>
  ) -> UIKitPlan<SectionID, Item> {
    var steps = plan.steps
    var k = 0
    while k + 1 < steps.count {
      let before = k == 0 ? old : steps[k - 1].snapshot
      let after = steps[k + 1].snapshot
      let merged = after.difference(from: before)
      if merged.violations(from: before, to: after, mode: .uikitStep).isEmpty {
        steps.replaceSubrange(k...(k + 1), with: [.init(change: .batch(merged), snapshot: after)])
        k = max(k - 1, 0)  // the merged step may now merge with the one before
      } else {
        k += 1
      }
    }
    return UIKitPlan(steps: steps)
  }

  /// The grouping of `stages` into the fewest valid steps, or `nil` if none
  /// is valid.
  static func fewestSteps(_ stages: PlanStages<SectionID, Item>) -> UIKitPlan<SectionID, Item>? {
    let stageList = stages.nonEmpty
    let gaps = stageList.count - 1
    guard gaps >= 0 else { return nil }
    // Steps by (first stage index, last stage index), each built and
    // checked at most once.
    var cache: [[UIKitPlan<SectionID, Item>.Step?]] = Array(
      repeating: Array(repeating: nil, count: stageList.count), count: stageList.count)
    var checked = cache.map { $0.map { _ in false } }
    func step(_ i: Int, _ j: Int) -> UIKitPlan<SectionID, Item>.Step? {
      if !checked[i][j] {
        checked[i][j] = true
        let (batch, snapshot) = stages.step(stages: stageList[i], through: stageList[j])
        let before = stages.snapshots[stageList[i] - 1]
        if batch.violations(from: before, to: snapshot, mode: .uikitStep).isEmpty {
          cache[i][j] = .init(change: .batch(batch), snapshot: snapshot)
        }
      }
      return cache[i][j]
    }
    // A cut after stage index g when bit g of the mask is set; fewer cuts first.
    let masks = (0..<(1 << gaps)).sorted { ($0.nonzeroBitCount, $0) < ($1.nonzeroBitCount, $1) }
    search: for mask in masks {
      var steps: [UIKitPlan<SectionID, Item>.Step] = []
      var first = 0
      for last in 0..<stageList.count where last == gaps || mask & (1 << last) != 0 {
        guard let next = step(first, last) else { continue search }
        steps.append(next)
        first = last + 1
      }
      return UIKitPlan(steps: steps)
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
  /// - Throws: ``BatchValidationError`` if the batch does not apply to `old`
  ///   (R4) or breaks another rule.
  /// - Complexity: As ``ChangeBatch/uikitPlan(from:to:)``.
  public func uikitPlan(
    from old: Snapshot<SectionID, Item>
  ) throws(BatchValidationError) -> UIKitPlan<SectionID, Item> {
    switch self {
    case .reloadAll(let snapshot):
      return UIKitPlan(steps: [.init(change: self, snapshot: snapshot)])
    case .batch(let batch):
      guard let new = old.applying(batch) else {
        throw BatchValidationError(
          violations: batch.violations(from: old, to: old).filter { $0.rule == .r4 })
      }
      return try batch.uikitPlan(from: old, to: new)
    }
  }
}
