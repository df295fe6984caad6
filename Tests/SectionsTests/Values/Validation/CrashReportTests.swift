import DataSourceGraphNodes
import DataSourceGraphSections
import SectionsTestSupport
import TestSupport
import Testing

/// The crash and bug reports listed in the article "UIKit's batch-update
/// rules" (DataSourceGraphSections documentation) that concern batches, one
/// regression test each, named after the report's row there (`row1…` to
/// `row28…`): the validator catches the bad batch of the report, and the
/// library's own diff and plan for the same snapshots are safe.
///
/// Rows 5 (IGListKit#929, a batch started inside another), 7
/// (DifferenceKit#17, data set outside the update block) and 27
/// (wikipedia-ios#4128, `==` on the wrong thread) are about runtime and
/// isolation, not about a batch: R5, R11, R25 and R27 hold by construction
/// (`runtimeReportsHoldByConstruction`).
@Suite struct CrashReportTests {
  let p = Shots.path

  func expectCaught(
    _ batch: RowBatch, _ old: RowSnapshot, _ new: RowSnapshot, _ rule: UIKitRule,
    mode: UIKitRule.ValidationMode = .batch, message: String? = nil,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let violations = batch.violations(from: old, to: new, mode: mode)
    #expect(
      violations.contains { $0.rule == rule && (message.map($0.message.contains) ?? true) },
      "expected \(rule) \(message ?? ""), got \(violations)", sourceLocation: sourceLocation)
  }

  @Test func row1IGListKit689DeletingSameIndexPathTwice() {
    let old = Shots.make([0: [1, 2, 3]])
    let new = Shots.make([0: [3]])
    var batch = RowBatch()
    batch.itemDeletes = [p(0, 0), p(0, 1), p(0, 0)]
    expectCaught(
      batch, old, new, .r8, message: "attempt to delete the same index path (0 - 0) twice")
    Shots.expectDiffAndPlanAreSafe(old, new)
  }

  @Test func row2IGListKit690ReloadOfADisplacedSection() throws {
    // moveSection 2→4 + reloadSections 3 + deleteSections 4 + insertSections 2.
    let old = Shots.make([0: [], 1: [], 2: [], 3: [], 4: []])
    let new = Shots.make([0: [], 1: [], 9: [], 3: [], 2: []], headers: [3: "new"])
    var batch = RowBatch()
    batch.sectionDeletes = [4]
    batch.sectionInserts = [.init(index: 2, section: RowSection(id: 9))]
    batch.sectionMoves = [.init(from: 2, to: 4)]
    batch.sectionUpdates = [.init(from: 3, to: 3, header: "new", footer: nil)]
    #expect(batch.violations(from: old, to: new).isEmpty)
    expectCaught(batch, old, new, .r19, mode: .uikitStep, message: "IGListKit#690")
    let plan = try batch.uikitPlan(from: old, to: new)
    #expect(plan.steps.count == 2 && plan.violations(from: old, to: new).isEmpty)
    Shots.expectDiffAndPlanAreSafe(old, new)
  }

  @Test func row3IGListKit75MoveAndReloadOfOneIndexPath() {
    let old = Shots.make([0: [1, 2, 3]])
    let new = Shots.make([0: [2, 3, 1]], revised: [1])
    expectCaught(
      new.difference(from: old), old, new, .r7, mode: .uikitStep,
      message: "attempt to perform a delete and a move from the same index path")
    Shots.expectDiffAndPlanAreSafe(old, new)
  }

  @Test func row4IGListKit325ReloadPathNotMappedPastAnInsertedSection() {
    let old = Shots.make([0: [1, 2], 1: [3, 4]])
    let new = Shots.make([9: [], 0: [1, 2], 1: [3, 4]], revised: [2])
    var batch = RowBatch()
    batch.sectionInserts = [.init(index: 0, section: RowSection(id: 9))]
    // from should be (0 - 1)
    batch.itemUpdates = [.init(from: p(1, 1), to: p(1, 1), item: Row(id: 2, revision: 1))]
    expectCaught(batch, old, new, .r24, message: "(4 before, 2 after, value 2)")
    Shots.expectDiffAndPlanAreSafe(old, new)
  }

  @Test func row6IGListKit1147DuplicateIdentifiersFromTheServer() {
    let old = RowSnapshot(sections: [
      RowSection(id: 0, items: [Row(id: 1), Row(id: 1), Row(id: 2)])
    ])
    let new = RowSnapshot(sections: [
      RowSection(id: 0, items: [Row(id: 2), Row(id: 3), Row(id: 3)])
    ])
    #expect(old.duplicates.itemIDs == [1] && new.duplicates.itemIDs == [3])
    var batch = RowBatch()
    batch.itemDeletes = [p(0, 0)]
    batch.itemInserts = [
      .init(path: p(0, 1), item: Row(id: 3)), .init(path: p(0, 2), item: Row(id: 3)),
    ]
    expectCaught(batch, old, new, .r23, message: "Duplicate identifiers: {3}")
    Shots.expectDiffAndPlanAreSafe(old, new)
  }

  @Test func row8DifferenceKit106SectionUpdateRowMoveSectionUpdate() throws {
    let old = Shots.make([0: [1, 2], 1: [3]], headers: [0: "a", 1: "b"])
    let new = Shots.make([0: [1], 1: [2, 3]], headers: [0: "A", 1: "B"])
    let batch = new.difference(from: old)
    expectCaught(batch, old, new, .r19, mode: .uikitStep)
    let plan = try batch.uikitPlan(from: old, to: new)
    var current = old
    for step in plan.steps {
      // Each stage's data reflects its own changes, the row move included.
      #expect(step.batch.flatMap(current.applying) == step.snapshot)
      current = step.snapshot
    }
    #expect(plan.steps.count == 2)
    Shots.expectDiffAndPlanAreSafe(old, new)
  }

  @Test func row9DifferenceKit5MoveFromExistingIntoNewSection() {
    let old = Shots.make([0: [1, 2]])
    let new = Shots.make([0: [1], 1: [2]])
    var batch = RowBatch()
    batch.sectionInserts = [.init(index: 1, section: new.sections[1])]
    batch.itemMoves = [Shots.move(p(0, 1), p(1, 0))]
    expectCaught(batch, old, new, .r14)
    Shots.expectDiffAndPlanAreSafe(old, new)
  }

  @Test func row10DifferenceKit132BatchAgainstAStaleState() {
    // The batch was computed from 17 items; the view still shows 16.
    let shown = Shots.make([0: Array(0..<16)])
    let stale = Shots.make([0: Array(0..<17)])
    let new = Shots.make([0: Array(0..<16)])
    let batch = new.difference(from: stale)
    expectCaught(
      batch, shown, new, .r9,
      message:
        "attempt to delete row 16 from section 0 which only contains 16 rows before the update")
    Shots.expectDiffAndPlanAreSafe(shown, new)
  }

  @Test func row11DifferenceKit102MergingStagesIntoOneBatch() throws {
    let (old, new, merged) = UIKitPlanTests.updatedItemMovedInsideAMovedSection()
    #expect(!merged.violations(from: old, to: new, mode: .uikitStep).isEmpty)
    let plan = try merged.uikitPlan(from: old, to: new)
    #expect(plan.steps.count == 2 && plan.violations(from: old, to: new).isEmpty)
    Shots.expectDiffAndPlanAreSafe(old, new)
  }

  @Test func row12DifferenceKit134CountsDerivedLazilyInsteadOfStepData() {
    let old = Shots.make([0: [1], 1: []])
    let new = Shots.make([0: [1], 1: [2]])
    // The data source reports section 1 collapsed instead of the step's data.
    let lazy = Shots.make([0: [1], 1: []])
    let plan = UIKitPlan(steps: [.init(change: .batch(new.difference(from: old)), snapshot: lazy)])
    let violations = plan.violations(from: old, to: new)
    #expect(
      violations.contains {
        $0.rule == .r9 && $0.step == 0
          && $0.message
            == "attempt to insert row 0 into section 1, but there are only 0 rows in section 1 after the update"
      })
    #expect(violations.contains { $0.rule == .r21 })
    Shots.expectDiffAndPlanAreSafe(old, new)
  }

  @Test func row13And19RxDataSources60DeepDiff27ModelUpdatedBeforeTheBatch() {
    let old = Shots.make([0: [1]])
    let new = Shots.make([0: [1], 1: [2]])
    let batch = new.difference(from: old)
    // The view reads the new counts as its "before" counts.
    expectCaught(
      batch, new, new, .r10,
      message:
        "before the update (2), plus or minus the number of sections inserted or deleted (1 inserted, 0 deleted)"
    )
    Shots.expectDiffAndPlanAreSafe(old, new)
  }

  @Test func row14RxDataSources321InsertAndMoveToTheSamePath() {
    let old = Shots.make([0: [1, 2]])
    let new = Shots.make([0: [2, 3, 1]])
    var batch = RowBatch()
    batch.itemMoves = [Shots.move(p(0, 0), p(0, 2))]
    batch.itemInserts = [.init(path: p(0, 2), item: Row(id: 3))]
    expectCaught(
      batch, old, new, .r6,
      message: "attempt to perform an insert and a move to the same index path (0 - 2)")
    Shots.expectDiffAndPlanAreSafe(old, new)
  }

  @Test func row15RxDataSources35MoveFromAnEmptySection() {
    let old = Shots.make([0: [1], 1: [2], 2: []])
    let new = Shots.make([0: [1], 1: [], 2: [2]])
    var batch = RowBatch()
    batch.itemMoves = [Shots.move(p(2, 0), p(1, 0))]  // should be (1 - 0) → (2 - 0)
    expectCaught(
      batch, old, new, .r9,
      message:
        "attempt to move index path (2 - 0) that does not exist - there are only 0 rows in section 2 before the update"
    )
    Shots.expectDiffAndPlanAreSafe(old, new)
  }

  @Test func row16Differ29RowMovesInsideAMovedSection() throws {
    let old = Shots.make([0: [1], 1: [2, 3]])
    let new = Shots.make([1: [3, 2], 0: [1]])
    var batch = RowBatch()
    batch.sectionMoves = [.init(from: 1, to: 0)]
    batch.itemMoves = [Shots.move(p(1, 1), p(0, 0))]
    #expect(batch.violations(from: old, to: new).isEmpty)
    expectCaught(batch, old, new, .r16, mode: .uikitStep, message: "Differ#29")
    // The plan moves the quiet section instead, in one safe step.
    let plan = try batch.uikitPlan(from: old, to: new)
    #expect(plan.steps.count == 1 && plan.violations(from: old, to: new).isEmpty)
    #expect(plan.steps.first?.batch?.sectionMoves == [.init(from: 0, to: 1)])
    Shots.expectDiffAndPlanAreSafe(old, new)
  }

  @Test func row17Differ76FlatDiffOnSectionedData() {
    let old = Shots.make([0: [1, 2], 1: [3]])
    let new = Shots.make([0: [1], 1: [2, 3]])
    // Flattened, both are [1, 2, 3]: a flat diff finds nothing to do.
    let violations = RowBatch().violations(from: old, to: new).filter { $0.rule == .r10 }
    #expect(violations.map(\.section) == [0, 1])
    #expect(
      violations.first?.message.hasPrefix("Invalid update: invalid number of rows in section 0")
        == true)
    Shots.expectDiffAndPlanAreSafe(old, new)
  }

  @Test func row18DeepDiff54UpdateGivenInNewCoordinates() {
    let old = Shots.make([0: Array(0..<20)])
    let new = Shots.make([0: [100] + Array(0..<20)], revised: [19])
    var batch = RowBatch()
    batch.itemInserts = [.init(path: p(0, 0), item: Row(id: 100))]
    batch.itemUpdates = [.init(from: p(0, 20), to: p(0, 20), item: Row(id: 19, revision: 1))]
    expectCaught(
      batch, old, new, .r9,
      message:
        "attempt to reload row 20 from section 0 which only contains 20 rows before the update")
    Shots.expectDiffAndPlanAreSafe(old, new)
  }

  @Test func row20Texture507DeleteAndMoveFromTheSamePath() {
    let old = Shots.make([0: [1, 2, 3]])
    let new = Shots.make([0: [3, 2]])
    var batch = RowBatch()
    batch.itemDeletes = [p(0, 0)]
    batch.itemMoves = [Shots.move(p(0, 0), p(0, 1))]
    expectCaught(
      batch, old, new, .r6,
      message: "attempt to perform a delete and a move from the same index path (0 - 0)")
    Shots.expectDiffAndPlanAreSafe(old, new)
  }

  @Test func row21ListDiff6StressOfRandomOperations() {
    var rng = SplitMix64(seed: 21)
    let rounds = PropertyDepth.count(debug: 4, release: 40)
    for round in 0..<rounds {
      var ids = Array(0..<1_000)
      var next = 1_000
      var revised: Set<Int> = []
      let old = Shots.make([0: ids])
      for _ in 0..<200 {
        switch Int.random(in: 0..<4, using: &rng) {
        case 0: ids.remove(at: Int.random(in: 0..<ids.count, using: &rng))
        case 1:
          ids.insert(next, at: Int.random(in: 0...ids.count, using: &rng))
          next += 1
        case 2:
          ids.insert(
            ids.remove(at: Int.random(in: 0..<ids.count, using: &rng)),
            at: Int.random(in: 0..<ids.count, using: &rng))
        default: revised.insert(ids[Int.random(in: 0..<ids.count, using: &rng)])
        }
      }
      Shots.expectDiffAndPlanAreSafe(old, Shots.make([0: ids], revised: revised), "round \(round)")
    }
    var batch = RowBatch()
    batch.itemDeletes = [p(0, 5)]
    batch.itemMoves = [Shots.move(p(0, 5), p(0, 0))]
    expectCaught(
      batch, Shots.make([0: Array(0..<10)]), Shots.make([0: [5] + Array(0..<5) + Array(6..<10)]),
      .r6)
  }

  @Test func row22ReactiveLists210SharedDiffingKeys() {
    let old = RowSnapshot(sections: [
      RowSection(id: 0, items: [Row(id: 1), Row(id: 2), Row(id: 2), Row(id: 3)])
    ])
    let new = RowSnapshot(sections: [
      RowSection(id: 0, items: [Row(id: 2), Row(id: 1), Row(id: 1)])
    ])
    #expect(old.duplicates.itemIDs == [2] && new.duplicates.itemIDs == [1])
    var batch = RowBatch()
    batch.itemDeletes = [p(0, 0), p(0, 2)]
    batch.itemInserts = [
      .init(path: p(0, 1), item: Row(id: 1)), .init(path: p(0, 1), item: Row(id: 1)),
    ]
    expectCaught(batch, old, new, .r6)
    Shots.expectDiffAndPlanAreSafe(old, new)
  }

  @Test func row23TLIndexPathTools13And20MovesIntoInsertedAndOutOfDeletedSections() {
    let old = Shots.make([0: [1], 1: [2]])
    let new = Shots.make([1: [2, 1], 2: [3]])
    var batch = RowBatch()
    batch.sectionDeletes = [0]
    batch.sectionInserts = [.init(index: 1, section: RowSection(id: 2, items: []))]
    batch.itemMoves = [Shots.move(p(0, 0), p(0, 1)), Shots.move(p(1, 0), p(1, 0))]
    expectCaught(batch, old, new, .r13, message: "cannot move a row from a deleted section (0)")
    expectCaught(
      batch, old, new, .r14, message: "cannot move a row into a newly inserted section (1)")
    Shots.expectDiffAndPlanAreSafe(old, new)
  }

  @Test func row24ASCollectionView80DuplicateIdentifiersAfterReordering() {
    let old = Shots.make([0: [1, 2, 3]])
    let new = Shots.make([0: [3, 1, 2]])
    var batch = RowBatch()  // "reordering" by inserting a copy instead of moving
    batch.itemInserts = [.init(path: p(0, 0), item: Row(id: 3))]
    batch.itemDeletes = [p(0, 1)]
    expectCaught(
      batch, old, new, .r23,
      message: "attempt to insert item 3, which the snapshot already has at (0 - 2)")
    Shots.expectDiffAndPlanAreSafe(old, new)
  }

  @Test func row25Rivulet187AppendingEveryCredit() {
    let credits = [7, 8, 7, 9, 8]
    let old = RowSnapshot(sections: [
      RowSection(id: 0, items: credits.prefix(3).map { Row(id: $0) })
    ])
    let new = RowSnapshot(sections: [RowSection(id: 0, items: credits.map { Row(id: $0) })])
    #expect(old.numberOfItems == 2 && new.numberOfItems == 3)
    var appendAll = RowBatch()
    appendAll.itemInserts = [
      .init(path: p(0, 2), item: Row(id: 9)), .init(path: p(0, 3), item: Row(id: 8)),
    ]
    expectCaught(appendAll, old, new, .r23)
    Shots.expectDiffAndPlanAreSafe(old, new)
  }

  @Test func row26MokoUnits59DiffAgainstAStateTheViewNeverReached() {
    let shown = Shots.make([0: [1, 2]])
    let neverReached = Shots.make([0: [1, 2, 3]])
    let new = Shots.make([0: [1, 3]])
    let batch = new.difference(from: neverReached)
    expectCaught(
      batch, shown, new, .r10,
      message:
        "before the update (2), plus or minus the number of rows inserted or deleted from that section (0 inserted, 1 deleted)"
    )
    Shots.expectDiffAndPlanAreSafe(shown, new)
  }

  @Test func row28Openradar33662307MoveAndReloadOfOnePath() {
    let old = Shots.make([0: [1, 2]])
    let new = Shots.make([0: [2, 1]], revised: [1])
    var batch = RowBatch()
    batch.itemMoves = [Shots.move(p(0, 0), p(0, 1))]
    batch.itemUpdates = [.init(from: p(0, 0), to: p(0, 1), item: Row(id: 1, revision: 1))]
    expectCaught(batch, old, new, .r7, mode: .uikitStep, message: "openradar 33662307")
    Shots.expectDiffAndPlanAreSafe(old, new)
  }

  @Test func row28Openradar27041784ReloadRowAndMoveSection() {
    let old = Shots.make([0: [1], 1: [2]])
    let new = Shots.make([1: [2], 0: [1]], revised: [2])
    var batch = RowBatch()
    batch.sectionMoves = [.init(from: 1, to: 0)]
    batch.itemUpdates = [.init(from: p(1, 0), to: p(0, 0), item: Row(id: 2, revision: 1))]
    #expect(batch.violations(from: old, to: new).isEmpty)
    expectCaught(batch, old, new, .r16, mode: .uikitStep, message: "openradar 27041784")
    Shots.expectDiffAndPlanAreSafe(old, new)
  }

  @Test func row28Openradar48941906NoOpSectionMoveAndItemMoveOut() {
    let old = Shots.make([0: [1], 1: [2]])
    let new = Shots.make([0: [1, 2], 1: []])
    var batch = RowBatch()
    batch.sectionMoves = [.init(from: 1, to: 1)]
    batch.itemMoves = [Shots.move(p(1, 0), p(0, 1))]
    expectCaught(batch, old, new, .r18, message: "section move 1 → 1 is implied")
    expectCaught(batch, old, new, .r16, mode: .uikitStep)
    Shots.expectDiffAndPlanAreSafe(old, new)
  }

  @Test func runtimeReportsHoldByConstruction() {
    // Row 5 (a batch inside another), rows 7/13/19 (model set outside the
    // block), 26 (stale state), 27 (wrong thread).
    for rule in [UIKitRule.r5, .r11, .r25, .r27] {
      #expect(rule.enforcement == .construction, "\(rule)")
    }
    #expect(UIKitRule.r27.enforcementNote.contains("R10 or R4"))
  }
}
