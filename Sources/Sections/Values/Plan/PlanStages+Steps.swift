import DataSourceGraphDiffing

extension PlanStages {
  /// What the rules of one `performBatchUpdates` (R7, R16, R19) read of a
  /// candidate step: which sections its operations touch, on each side,
  /// not the operations themselves. Computed from the batch and the
  /// section mapping, so a step that breaks a rule is never built.
  @usableFromInline
  struct StepShape {
    /// The snapshots the step runs between (numbers of stages done).
    @usableFromInline var before: Int
    @usableFromInline var after: Int
    /// Sections before the step with item deletes or move sources.
    @usableFromInline var oldItems: [Bool]
    /// Sections before the step with update sources.
    @usableFromInline var oldUpdates: [Bool]
    /// Sections before the step whose header is updated.
    @usableFromInline var oldHeaders: [Bool]
    /// Sections after the step with item inserts, move or update
    /// destinations.
    @usableFromInline var newItems: [Bool]
    /// Sections after the step whose header is updated.
    @usableFromInline var newHeaders: [Bool]
    /// Sections after the step that it inserts.
    @usableFromInline var inserted: [Bool]
    @usableFromInline var hasItemChanges = false
    @usableFromInline var hasItemUpdates = false
    @usableFromInline var hasItemMoves = false
    @usableFromInline var hasSectionUpdates = false
    /// The step's own section moves, in its index spaces, by destination.
    @usableFromInline var sectionMoves: [ChangeBatch<SectionID, Item>.Move<Int>] = []

    @inlinable
    init(before: Int, after: Int, oldCount: Int, newCount: Int) {
      self.before = before
      self.after = after
      oldItems = Array(repeating: false, count: oldCount)
      oldUpdates = oldItems
      oldHeaders = oldItems
      newItems = Array(repeating: false, count: newCount)
      newHeaders = newItems
      inserted = newItems
    }
  }

  /// The shape of the step that runs the stages at positions
  /// `first...last` (see ``step(stages:through:)``, which builds it).
  ///
  /// - Complexity: O(*s* + *k*) for *s* sections and *k* operations.
  @inlinable
  func shape(stages first: Int, through last: Int) -> StepShape {
    let (before, after) = (first - 1, last)
    let covered = Set(order[(first - 1)..<last])
    var shape = StepShape(
      before: before, after: after, oldCount: sectionCount(after: before),
      newCount: sectionCount(after: after))
    if covered.contains(.updates) && !batch.itemUpdates.isEmpty {
      shape.hasItemUpdates = true
      for update in batch.itemUpdates {
        shape.oldUpdates[section(old: update.from.section, after: before)] = true
        let to =
          after >= arrivalsPosition
          ? section(new: update.to.section, after: after)
          : section(old: update.from.section, after: after)
        shape.newItems[to] = true
      }
    }
    if covered.contains(.removals) {
      for p in batch.itemDeletes { shape.oldItems[section(old: p.section, after: before)] = true }
    }
    if covered.contains(.sections) {
      for insert in batch.sectionInserts { shape.inserted[insert.index] = true }
      shape.sectionMoves = batch.sectionMoves.map {
        .init(from: section(old: $0.from, after: before), to: $0.to)
      }
      shape.sectionMoves.sort { $0.to < $1.to }
    }
    if covered.contains(.arrivals) {
      shape.hasItemMoves = !batch.itemMoves.isEmpty
      for insert in batch.itemInserts {
        shape.newItems[section(new: insert.path.section, after: after)] = true
      }
      for move in batch.itemMoves {
        shape.oldItems[section(old: move.from.section, after: before)] = true
        shape.newItems[section(new: move.to.section, after: after)] = true
      }
    }
    if covered.contains(.headers) && !batch.sectionUpdates.isEmpty {
      shape.hasSectionUpdates = true
      for update in batch.sectionUpdates {
        shape.oldHeaders[section(old: update.from, after: before)] = true
        shape.newHeaders[update.to] = true
      }
    }
    shape.hasItemChanges =
      shape.hasItemUpdates
      || (covered.contains(.removals) && !batch.itemDeletes.isEmpty)
      || (covered.contains(.arrivals) && (!batch.itemInserts.isEmpty || shape.hasItemMoves))
    return shape
  }

  /// Whether a step of `shape` with section moves `moves` breaks a rule of
  /// one `performBatchUpdates` that a valid batch may break (R7, R16, R19;
  /// see ``UIKitRule/ValidationMode/uikitStep``). The step's batch is valid
  /// in ``UIKitRule/ValidationMode/batch`` by construction (each stage
  /// applies, and a run of stages is their operations carried into its
  /// index spaces), so this is all a candidate step needs.
  ///
  /// - Complexity: O(*s*) for *s* sections.
  @inlinable
  func breaksAStepRule(_ shape: StepShape, moves: [ChangeBatch<SectionID, Item>.Move<Int>])
    -> Bool
  {
    // R19: section reloads beside section moves.
    if shape.hasSectionUpdates && !moves.isEmpty { return true }
    // R7: an item reloaded and moved (a step with both has all of each).
    if shape.hasItemUpdates && shape.hasItemMoves && updatesAMovedItem { return true }
    guard shape.hasItemChanges, !moves.isEmpty || shape.hasSectionUpdates else { return false }
    // R16 and R19: an item change in a section moved or reloaded by the step.
    var touchedOld = shape.oldHeaders
    var touchedNew = shape.newHeaders
    for move in moves {
      touchedOld[move.from] = true
      touchedNew[move.to] = true
    }
    return touchedOld.indices.contains {
      touchedOld[$0] && (shape.oldItems[$0] || shape.oldUpdates[$0])
    } || touchedNew.indices.contains { touchedNew[$0] && shape.newItems[$0] }
  }

  /// The section moves the sectioned diff would choose between the ends of
  /// a step of `shape` (busy sections stay, quiet ones move; see
  /// `ChangeBatch.choosingSectionMovesAsADiff(from:to:)`), or `nil` if they
  /// are the step's own.
  ///
  /// - Complexity: Expected O(*s* log *s*).
  @inlinable
  func rechosenSectionMoves(_ shape: StepShape) -> [ChangeBatch<SectionID, Item>.Move<Int>]? {
    guard !shape.sectionMoves.isEmpty else { return nil }
    let oldIDs = sectionIDs(after: shape.before)
    let newIDs = sectionIDs(after: shape.after)
    var oldIndex: [SectionID: Int] = [:]
    oldIndex.reserveCapacity(oldIDs.count)
    for (s, id) in oldIDs.enumerated() { oldIndex[id] = s }
    var commonOld: [Int] = []
    var commonNew: [Int] = []
    var busy: [Int] = []
    for (t, id) in newIDs.enumerated() where !shape.inserted[t] {
      guard let s = oldIndex[id] else { continue }
      commonOld.append(s)
      commonNew.append(t)
      busy.append(shape.oldItems[s] || shape.newItems[t] || shape.newHeaders[t] ? 1 : 0)
    }
    let moves = indicesOffLongestRun(commonOld, weights: busy).map {
      ChangeBatch<SectionID, Item>.Move(from: commonOld[$0], to: commonNew[$0])
    }
    return moves == shape.sectionMoves ? nil : moves
  }

  /// A step of a plan, before it is built: the stages it runs and its
  /// section moves.
  @usableFromInline
  struct StepChoice {
    @usableFromInline var first: Int
    @usableFromInline var last: Int
    @usableFromInline var sectionMoves: [ChangeBatch<SectionID, Item>.Move<Int>]

    @inlinable
    init(first: Int, last: Int, sectionMoves: [ChangeBatch<SectionID, Item>.Move<Int>]) {
      self.first = first
      self.last = last
      self.sectionMoves = sectionMoves
    }
  }

  /// The grouping of the stages into the fewest steps that are each safe in
  /// one `performBatchUpdates`, or `nil` if none is: every grouping is
  /// tried, fewest steps first; a step that breaks a rule is tried again
  /// with the section moves a diff between its ends would choose. Only
  /// shapes are checked: nothing is built.
  ///
  /// - Complexity: At most 15 candidate steps, each checked in
  ///   O(*s* log *s* + *k*) for *s* sections and *k* operations.
  @inlinable
  func fewestSteps() -> [StepChoice]? {
    let stageList = nonEmpty
    let gaps = stageList.count - 1
    guard gaps >= 0 else { return nil }
    #if DATASOURCEGRAPH_INTERNAL_CHECKS
      guard let snapshots = allSnapshots() else { return nil }
    #endif
    // Steps by (first stage index, last stage index), each checked once.
    var cache: [[StepChoice??]] = Array(
      repeating: Array(repeating: nil, count: stageList.count), count: stageList.count)
    func choice(_ i: Int, _ j: Int) -> StepChoice? {
      if let known = cache[i][j] { return known }
      let (first, last) = (stageList[i], stageList[j])
      let shape = shape(stages: first, through: last)
      func isSafe(_ moves: [ChangeBatch<SectionID, Item>.Move<Int>]) -> Bool {
        let safe = !breaksAStepRule(shape, moves: moves)
        #if DATASOURCEGRAPH_INTERNAL_CHECKS
          let violations = step(stages: first, through: last, sectionMoves: moves).violations(
            from: snapshots[first - 1], to: snapshots[last], mode: .uikitStep)
          precondition(
            safe == violations.isEmpty,
            "the step rules disagree with the validator: \(violations)")
        #endif
        return safe
      }
      var found: StepChoice?
      if isSafe(shape.sectionMoves) {
        found = StepChoice(first: first, last: last, sectionMoves: shape.sectionMoves)
      } else if let rechosen = rechosenSectionMoves(shape), isSafe(rechosen) {
        found = StepChoice(first: first, last: last, sectionMoves: rechosen)
      }
      cache[i][j] = .some(found)
      return found
    }
    // A cut after stage index g when bit g of the mask is set; fewer cuts first.
    let masks = (0..<(1 << gaps)).sorted { ($0.nonzeroBitCount, $0) < ($1.nonzeroBitCount, $1) }
    search: for mask in masks {
      var steps: [StepChoice] = []
      var first = 0
      for last in 0..<stageList.count where last == gaps || mask & (1 << last) != 0 {
        guard let next = choice(first, last) else { continue search }
        steps.append(next)
        first = last + 1
      }
      return steps
    }
    return nil
  }

  /// The plan of `choices`: each step built, with the snapshot it ends at;
  /// `nil` if a step does not apply.
  ///
  /// - Complexity: One step built per choice, in O(*k* log *k*), and one
  ///   apply per step but the last.
  @inlinable
  func plan(_ choices: [StepChoice]) -> UIKitPlan<SectionID, Item>? {
    let steps = choices.map {
      step(stages: $0.first, through: $0.last, sectionMoves: $0.sectionMoves)
    }
    guard let snapshots = snapshots(endingSteps: steps) else { return nil }
    return UIKitPlan(steps: zip(steps, snapshots).map { .init(change: .batch($0), snapshot: $1) })
  }
}
