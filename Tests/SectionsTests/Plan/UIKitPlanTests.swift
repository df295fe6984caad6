import DataSourceGraphSections
import Testing

/// The staging rules of ``UIKitPlan``, case by case.
@Suite struct UIKitPlanTests {
  let p = Shots.path

  /// The kinds of operations of a batch, for compact expectations.
  func kinds(_ batch: RowBatch?) -> Set<String> {
    guard let batch else { return ["reload"] }
    var kinds: Set<String> = []
    if !batch.sectionDeletes.isEmpty { kinds.insert("sectionDelete") }
    if !batch.sectionInserts.isEmpty { kinds.insert("sectionInsert") }
    if !batch.sectionMoves.isEmpty { kinds.insert("sectionMove") }
    if !batch.sectionUpdates.isEmpty { kinds.insert("sectionUpdate") }
    if !batch.itemDeletes.isEmpty { kinds.insert("delete") }
    if !batch.itemInserts.isEmpty { kinds.insert("insert") }
    if !batch.itemMoves.isEmpty { kinds.insert("move") }
    if !batch.itemUpdates.isEmpty { kinds.insert("update") }
    return kinds
  }

  func plan(_ old: RowSnapshot, _ new: RowSnapshot) throws -> UIKitPlan<Int, Row> {
    let plan = try new.difference(from: old).uikitPlan(from: old, to: new)
    #expect(plan.violations(from: old, to: new).isEmpty)
    return plan
  }

  @Test func aSafeBatchIsExactlyOneStep() throws {
    let old = Shots.make([0: [1, 2, 3], 1: [4]])
    let new = Shots.make([0: [3, 1, 5], 1: [4, 2]], revised: [4])
    let batch = new.difference(from: old)
    let plan = try batch.uikitPlan(from: old, to: new)
    #expect(plan.steps.count == 1)
    #expect(plan.steps.first?.batch == batch)
    #expect(plan.steps.first?.snapshot == new)
  }

  @Test func anEmptyBatchHasNoStep() throws {
    let old = Shots.make([0: [1]])
    #expect(try RowBatch().uikitPlan(from: old, to: old).steps.isEmpty)
    #expect(UIKitPlan<Int, Row>(steps: []).violations(from: old, to: old).isEmpty)
  }

  @Test func aReloadIsOneReloadStep() throws {
    let old = Shots.make([0: [1]])
    let new = Shots.make([1: [2, 3]])
    let plan = try SnapshotChange<Int, Row>.reloadAll(new).uikitPlan(from: old)
    #expect(plan.isReload && plan.steps.first?.snapshot == new)
    #expect(plan.violations(from: old, to: new).isEmpty)
    #expect(plan.violations(from: old, to: old).map(\.rule) == [.r21])
  }

  @Test func aBatchChangeIsPlannedToWhereItLeads() throws {
    let old = Shots.make([0: [1, 2]])
    let new = Shots.make([0: [2, 1]], revised: [2])
    let plan = try SnapshotChange.batch(new.difference(from: old)).uikitPlan(from: old)
    #expect(plan.steps.last?.snapshot == new)
    var broken = RowBatch()
    broken.itemDeletes = [p(3, 0)]
    #expect(throws: UIKitRule.ValidationError.self) {
      try SnapshotChange.batch(broken).uikitPlan(from: old)
    }
  }

  @Test func anUpdatedAndMovedItemIsReloadedInPlaceThenMoved() throws {
    let old = Shots.make([0: [1, 2, 3]])
    let new = Shots.make([0: [2, 3, 1]], revised: [1])
    let plan = try plan(old, new)
    #expect(plan.steps.map { kinds($0.batch) } == [["update"], ["move"]])
    #expect(plan.steps.first?.batch?.itemUpdates.map(\.to) == [p(0, 0)])
    #expect(plan.steps.first?.snapshot == Shots.make([0: [1, 2, 3]], revised: [1]))
  }

  @Test func aHeaderChangeBesideASectionMoveComesLast() throws {
    let old = Shots.make([0: [1], 1: [2]], headers: [0: "a"])
    let new = Shots.make([1: [2], 0: [1]], headers: [0: "b"])
    let plan = try plan(old, new)
    #expect(plan.steps.map { kinds($0.batch) } == [["sectionMove"], ["sectionUpdate"]])
  }

  @Test func itemChangesInsideAMovedSectionAreStaged() throws {
    // The sections swap and both have item changes, so whichever moves has
    // item changes inside it: item 3 leaves section 1, 9 arrives; 5 joins 0.
    let old = Shots.make([0: [1], 1: [2, 3]])
    let new = Shots.make([1: [9, 2], 0: [1, 5]])
    let batch = new.difference(from: old)
    #expect(batch.sectionMoves.count == 1)
    let plan = try plan(old, new)
    #expect(plan.steps.count == 2)
    for step in plan.steps {
      let stepKinds = kinds(step.batch)
      #expect(!(stepKinds.contains("sectionMove") && stepKinds.contains("insert")))
    }
  }

  /// A hand-made batch (the diff itself would rather move the quiet
  /// section): section 1 moves in front, and inside it item 2 is updated
  /// and moved to the end.
  static func updatedItemMovedInsideAMovedSection() -> (RowSnapshot, RowSnapshot, RowBatch) {
    let old = Shots.make([0: [1], 1: [2, 3, 4]])
    let new = Shots.make([1: [3, 4, 2], 0: [1]], revised: [2])
    var batch = RowBatch()
    batch.sectionMoves = [.init(from: 1, to: 0)]
    batch.itemMoves = [
      .init(from: ItemPath(section: 1, item: 0), to: ItemPath(section: 0, item: 2))
    ]
    batch.itemUpdates = [
      .init(
        from: ItemPath(section: 1, item: 0), to: ItemPath(section: 0, item: 2),
        item: Row(id: 2, revision: 1))
    ]
    return (old, new, batch)
  }

  @Test func anUpdatedItemMovedInsideAMovedSectionIsStaged() throws {
    let (old, new, batch) = Self.updatedItemMovedInsideAMovedSection()
    #expect(!batch.violations(from: old, to: new, mode: .uikitStep).isEmpty)
    let plan = try batch.uikitPlan(from: old, to: new)
    #expect(plan.violations(from: old, to: new).isEmpty)
    // The batch's own stages take three steps (reload, section move, item
    // move); once the reload has run, a fresh diff of the rest moves the
    // quiet section instead and fits one step: two in all.
    #expect(plan.steps.count == 2)
    #expect(plan.steps.first?.batch?.itemUpdates.count == 1)
    // The diff of the same snapshots needs two steps as well.
    #expect(try self.plan(old, new).steps.count == 2)
  }

  @Test func itemsMovedIntoInsertedOrOutOfDeletedSectionsStayDeletesAndInserts() throws {
    let old = Shots.make([0: [1, 2], 1: [3]])
    let new = Shots.make([0: [1, 3], 2: [2]])
    let plan = try plan(old, new)
    #expect(plan.steps.count == 1)
    #expect(
      kinds(plan.steps.first?.batch) == ["sectionDelete", "sectionInsert", "delete", "insert"])
  }

  @Test func aPlanStepInTheWrongIndexSpaceIsCaught() {
    // R22: a step's sources are positions in the previous step's snapshot.
    // After step 0 deletes item 1, item 3 is at (0 - 1), not at (0 - 2).
    let old = Shots.make([0: [1, 2, 3]])
    let middle = Shots.make([0: [2, 3]])
    let new = Shots.make([0: [3, 2]])
    var delete = RowBatch()
    delete.itemDeletes = [p(0, 0)]
    var move = RowBatch()
    move.itemMoves = [Shots.move(p(0, 2), p(0, 0))]
    let plan = UIKitPlan(steps: [
      .init(change: .batch(delete), snapshot: middle), .init(change: .batch(move), snapshot: new),
    ])
    let violations = plan.violations(from: old, to: new)
    #expect(violations.contains { $0.step == 1 && $0.rule == .r9 })
    #expect(
      violations.contains {
        $0.description.hasPrefix(
          "step 1: [R9] attempt to move index path (0 - 2) that does not exist")
      })
    move.itemMoves = [Shots.move(p(0, 1), p(0, 0))]
    let fixed = UIKitPlan(steps: [
      .init(change: .batch(delete), snapshot: middle), .init(change: .batch(move), snapshot: new),
    ])
    #expect(fixed.violations(from: old, to: new).isEmpty)
  }

  @Test func aPlanThatDoesNotEndAtNewBreaksR21() {
    let old = Shots.make([0: [1]])
    let new = Shots.make([0: [1, 2]])
    #expect(UIKitPlan<Int, Row>(steps: []).violations(from: old, to: new).map(\.rule) == [.r21])
    let lying = UIKitPlan<Int, Row>(steps: [.init(change: .reloadAll(new), snapshot: old)])
    #expect(Shots.rules(lying.violations(from: old, to: new)) == [.r21])
  }

  @Test func anInvalidBatchHasNoPlan() {
    let old = Shots.make([0: [1, 2]])
    let new = Shots.make([0: [2]])
    var batch = RowBatch()
    batch.itemDeletes = [p(0, 1)]
    #expect(throws: UIKitRule.ValidationError.self) { try batch.uikitPlan(from: old, to: new) }
  }

  @Test func aHandMadeBatchIsReplannedWhenAFreshDiffNeedsFewerSteps() throws {
    // Reversing [1, 2, 3] keeping 2 in place (not the diff's choice) with an
    // update of 1: staged as the batch says, that is a reload of 1 and then
    // the moves; the minimal diff that keeps the updated 1 in place and moves
    // 3 and 2 instead is safe in one step, so the plan is that one step.
    let old = Shots.make([0: [1, 2, 3]])
    let new = Shots.make([0: [3, 2, 1]], revised: [1])
    var batch = RowBatch()
    batch.itemMoves = [Shots.move(p(0, 2), p(0, 0)), Shots.move(p(0, 0), p(0, 2))]
    batch.itemUpdates = [.init(from: p(0, 0), to: p(0, 2), item: Row(id: 1, revision: 1))]
    #expect(batch.violations(from: old, to: new).isEmpty)
    #expect(!batch.violations(from: old, to: new, mode: .uikitStep).isEmpty)
    let plan = try batch.uikitPlan(from: old, to: new)
    #expect(plan.violations(from: old, to: new).isEmpty)
    #expect(plan.steps.count == 1)
    #expect(plan.steps.first?.batch == new.difference(from: old))
  }

}
