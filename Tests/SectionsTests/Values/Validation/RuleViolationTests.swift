import DataSourceGraphNodes
import DataSourceGraphSections
import SectionsTestSupport
import TestSupport
import Testing

/// One hand-made invalid batch per rule of the article "UIKit's batch-update
/// rules" (DataSourceGraphSections documentation) that can be checked on a
/// batch: the validator catches it and its message names the rule, the
/// section and the counts.
@Suite struct RuleViolationTests {
  typealias P = ItemPath
  let p = Shots.path

  @Test func everyRuleHasANumberASummaryAndAnEnforcement() {
    #expect(UIKitRule.allCases.map(\.number) == Array(1...27))
    for rule in UIKitRule.allCases {
      #expect(!rule.summary.isEmpty && !rule.enforcementNote.isEmpty)
      #expect(rule.description == "R\(rule.number)")
    }
    // The runtime rules hold by construction, not by a check on one batch.
    let construction = UIKitRule.allCases.filter { $0.enforcement == .construction }
    #expect(construction == [.r1, .r5, .r11, .r25, .r26, .r27])
    #expect(UIKitRule.allCases.filter { $0.enforcement == .uikitStep } == [.r7, .r16, .r19])
  }

  @Test func r2DeleteGivenInNewCoordinates() {
    let old = Shots.make([0: [1, 2, 3]])
    let new = Shots.make([0: [1, 3]])
    var batch = RowBatch()
    batch.itemDeletes = [p(0, 2)]  // should be (0 - 1)
    let violations = batch.violations(from: old, to: new)
    #expect(Shots.rules(violations) == [.r2, .r4])
    let r2 = violations.first { $0.rule == .r2 }
    #expect(r2?.paths == [p(0, 2), p(0, 1)])
    #expect(
      r2?.message.contains(
        "delete of (0 - 2) removes 3, which the new snapshot still shows at (0 - 1)") == true)
  }

  @Test func r3MoveWithSwappedIndexSpaces() {
    let old = Shots.make([0: [1, 2, 3]])
    let new = Shots.make([0: [2, 3, 1]])
    var batch = RowBatch()
    batch.itemMoves = [Shots.move(p(0, 2), p(0, 0))]  // should be (0 - 0) → (0 - 2)
    let violations = batch.violations(from: old, to: new)
    #expect(Shots.rules(violations).contains(.r3))
    #expect(violations.contains { $0.rule == .r3 && $0.message.contains("(3 before, 2 after)") })
    var right = RowBatch()
    right.itemMoves = [Shots.move(p(0, 0), p(0, 2))]
    #expect(right.violations(from: old, to: new).isEmpty)
  }

  @Test func r4ReproductionCatchesWrongContent() {
    let old = Shots.make([0: [1]])
    let new = Shots.make([0: [1]], revised: [1])
    var batch = RowBatch()
    batch.itemUpdates = [.init(from: p(0, 0), to: p(0, 0), item: Row(id: 1, revision: 2))]
    let violations = batch.violations(from: old, to: new)
    #expect(violations.map(\.rule) == [.r4])
    #expect(violations.first?.message.contains("row (0 - 0) is 1'2, expected 1'1") == true)
    // The counts alone are fine: UIKit would accept it silently (R10 note).
    #expect(RowBatch().violations(from: old, to: new).map(\.rule) == [.r4])
  }

  @Test func r6InsertAndMoveToTheSamePath() {
    let old = Shots.make([0: [1, 2]])
    let new = Shots.make([0: [2, 1, 3]])
    var batch = RowBatch()
    batch.itemMoves = [Shots.move(p(0, 0), p(0, 1))]
    batch.itemInserts = [.init(path: p(0, 1), item: Row(id: 3))]
    let violations = batch.violations(from: old, to: new)
    #expect(
      violations.contains {
        $0.rule == .r6 && $0.section == 0 && $0.paths == [p(0, 1)]
          && $0.message == "attempt to perform an insert and a move to the same index path (0 - 1)"
      })
  }

  @Test func r6DeleteAndMoveFromTheSamePath() {
    let old = Shots.make([0: [1, 2]])
    let new = Shots.make([0: [2]])
    var batch = RowBatch()
    batch.itemDeletes = [p(0, 0)]
    batch.itemMoves = [Shots.move(p(0, 0), p(0, 0))]
    let violations = batch.violations(from: old, to: new)
    #expect(
      violations.contains {
        $0.rule == .r6
          && $0.message == "attempt to perform a delete and a move from the same index path (0 - 0)"
      })
  }

  @Test func r7UpdateAndMoveIsFineForABatchButNotForAUIKitStep() {
    let old = Shots.make([0: [1, 2, 3]])
    let new = Shots.make([0: [2, 3, 1]], revised: [1])
    let batch = new.difference(from: old)
    #expect(batch.itemMoves == [Shots.move(p(0, 0), p(0, 2))] && batch.itemUpdates.count == 1)
    #expect(batch.violations(from: old, to: new, mode: .batch).isEmpty)
    let step = batch.violations(from: old, to: new, mode: .uikitStep)
    #expect(step.map(\.rule) == [.r7])
    #expect(
      step.first?.message.hasPrefix(
        "attempt to perform a delete and a move from the same index path (0 - 0)") == true)
  }

  @Test func r8DeletingTheSamePathTwice() {
    let old = Shots.make([0: [1, 2, 3]])
    let new = Shots.make([0: [2, 3]])
    var batch = RowBatch()
    batch.itemDeletes = [p(0, 0), p(0, 0)]
    let violations = batch.violations(from: old, to: new)
    #expect(Shots.rules(violations).isSuperset(of: [.r8, .r10]))
    #expect(violations.contains { $0.rule == .r8 && $0.paths == [p(0, 0)] })
    let count = violations.first { $0.rule == .r10 }
    #expect(
      count?.counts == UIKitRule.Violation.Counts(before: 3, after: 2, inserted: 0, deleted: 2))
  }

  @Test func r9EveryIndexInRange() {
    let old = Shots.make([0: Array(0..<8)])
    let new = Shots.make([0: Array(0..<8)])
    var insert = RowBatch()
    insert.itemInserts = [.init(path: p(0, 8), item: Row(id: 99))]
    #expect(
      insert.violations(from: old, to: new).contains {
        $0.rule == .r9
          && $0.message
            == "attempt to insert row 8 into section 0, but there are only 8 rows in section 0 after the update"
      })
    var delete = RowBatch()
    delete.itemDeletes = [p(0, 8)]
    #expect(
      delete.violations(from: old, to: new).contains {
        $0.rule == .r9
          && $0.message
            == "attempt to delete row 8 from section 0 which only contains 8 rows before the update"
      })
    var section = RowBatch()
    section.sectionInserts = [.init(index: 1, section: RowSection(id: 5))]
    #expect(
      section.violations(from: old, to: new).contains {
        $0.rule == .r9
          && $0.message
            == "attempt to insert section 1 but there are only 1 sections after the update"
      })
    var none = RowBatch()
    none.itemDeletes = [p(0, 0)]
    #expect(
      none.violations(from: RowSnapshot(), to: RowSnapshot()).contains {
        $0.rule == .r9
          && $0.message
            == "attempt to delete row 0 from section 0, but there are only 0 sections before the update"
      })
    var negative = RowBatch()
    negative.itemMoves = [Shots.move(p(0, -1), p(0, 0))]
    #expect(Shots.rules(negative.violations(from: old, to: new)).contains(.r9))
  }

  @Test func r10RowCountsInUIKitsWords() {
    let old = Shots.make([0: [1], 1: [2], 2: [3, 4, 5]])
    let new = Shots.make([0: [1], 1: [2], 2: [3, 4, 5, 6, 7]])
    var batch = RowBatch()
    batch.itemInserts = [.init(path: p(2, 3), item: Row(id: 6))]
    let violations = batch.violations(from: old, to: new).filter { $0.rule == .r10 }
    #expect(violations.count == 1)
    #expect(violations.first?.section == 2)
    #expect(
      violations.first?.counts
        == UIKitRule.Violation.Counts(before: 3, after: 5, inserted: 1, deleted: 0))
    #expect(
      violations.first?.message
        == "Invalid update: invalid number of rows in section 2. The number of rows contained in an existing section after the update (5) must be equal to the number of rows contained in that section before the update (3), plus or minus the number of rows inserted or deleted from that section (1 inserted, 0 deleted) and plus or minus the number of rows moved into or out of that section (0 moved in, 0 moved out)."
    )
    #expect(violations.first?.description.hasPrefix("[R10] Invalid update") == true)
  }

  @Test func r10MovesBetweenSectionsCountInAndOut() {
    let old = Shots.make([0: [1, 2], 1: [3]])
    let new = Shots.make([0: [1], 1: [2, 3]])
    var batch = RowBatch()
    batch.itemMoves = [Shots.move(p(0, 1), p(1, 0))]
    #expect(batch.violations(from: old, to: new).isEmpty)
    batch.itemInserts = [.init(path: p(1, 1), item: Row(id: 3))]
    let counts = batch.violations(from: old, to: new).first { $0.rule == .r10 }?.counts
    #expect(
      counts
        == UIKitRule.Violation.Counts(
          before: 1, after: 2, inserted: 1, deleted: 0, movedIn: 1, movedOut: 0))
  }

  @Test func r10SectionCount() {
    let old = Shots.make([0: []])
    let new = Shots.make([0: [], 1: []])
    let violations = RowBatch().violations(from: old, to: new)
    #expect(
      violations.contains {
        $0.rule == .r10
          && $0.counts == UIKitRule.Violation.Counts(before: 1, after: 2, inserted: 0, deleted: 0)
          && $0.message
            == "Invalid update: invalid number of sections. The number of sections contained in the table view after the update (2) must be equal to the number of sections contained in the table view before the update (1), plus or minus the number of sections inserted or deleted (0 inserted, 0 deleted)."
      })
  }

  @Test func r12NoItemInsideAnInsertedOrDeletedSection() {
    let old = Shots.make([0: [1], 1: [2]])
    let new = Shots.make([0: [1], 2: [3]])
    var batch = RowBatch()
    batch.sectionDeletes = [1]
    batch.sectionInserts = [.init(index: 1, section: new.sections[1])]
    #expect(batch.violations(from: old, to: new).isEmpty)
    batch.itemInserts = [.init(path: p(1, 0), item: Row(id: 3))]
    batch.itemDeletes = [p(1, 0)]
    let violations = batch.violations(from: old, to: new).filter { $0.rule == .r12 }
    #expect(violations.count == 2)
    #expect(violations.allSatisfy { $0.section == 1 })
  }

  @Test func r13NoMoveOutOfADeletedSection() {
    let old = Shots.make([0: [1], 1: [2]])
    let new = Shots.make([1: [2, 1]])
    var batch = RowBatch()
    batch.sectionDeletes = [0]
    batch.itemMoves = [Shots.move(p(0, 0), p(0, 1))]
    #expect(
      batch.violations(from: old, to: new).contains {
        $0.rule == .r13 && $0.message == "cannot move a row from a deleted section (0)"
      })
  }

  @Test func r14NoMoveIntoAnInsertedSection() {
    let old = Shots.make([0: [1, 2]])
    let new = Shots.make([0: [1], 1: [2]])
    var batch = RowBatch()
    batch.sectionInserts = [.init(index: 1, section: new.sections[1])]
    batch.itemMoves = [Shots.move(p(0, 1), p(1, 0))]
    #expect(
      batch.violations(from: old, to: new).contains {
        $0.rule == .r14 && $0.message == "cannot move a row into a newly inserted section (1)"
      })
  }

  @Test func r15NoSectionMoveFromADeletedOrToAnInsertedSection() {
    let old = Shots.make([0: [], 1: [], 2: []])
    let new = Shots.make([2: [], 1: []])
    var batch = RowBatch()
    batch.sectionDeletes = [0]
    batch.sectionMoves = [.init(from: 0, to: 1)]
    #expect(
      batch.violations(from: old, to: new).contains {
        $0.rule == .r15
          && $0.message == "attempt to perform a delete and a move from the same section (0)"
      })
    var toInserted = RowBatch()
    toInserted.sectionInserts = [.init(index: 0, section: RowSection(id: 7))]
    toInserted.sectionMoves = [.init(from: 2, to: 0)]
    #expect(
      toInserted.violations(from: old, to: new).contains {
        $0.rule == .r15
          && $0.message == "attempt to perform an insert and a move to the same section (0)"
      })
  }

  @Test func r16NoItemChangeInsideAMovedSectionInAUIKitStep() {
    let old = Shots.make([0: [1], 1: [2, 3]])
    let new = Shots.make([1: [2], 0: [1]])
    var batch = RowBatch()
    batch.sectionMoves = [.init(from: 1, to: 0)]
    batch.itemDeletes = [p(1, 1)]
    #expect(batch.violations(from: old, to: new).isEmpty)
    let step = batch.violations(from: old, to: new, mode: .uikitStep)
    #expect(step.map(\.rule) == [.r16])
    #expect(step.first?.section == 1 && step.first?.paths == [p(1, 1)])
  }

  @Test func r17ItemDeleteWithNewSectionNumbers() {
    let old = Shots.make([0: [1, 2], 1: [3, 4]])
    let new = Shots.make([9: [], 0: [1], 1: [3, 4]])
    var batch = RowBatch()
    batch.sectionInserts = [.init(index: 0, section: RowSection(id: 9))]
    batch.itemDeletes = [p(1, 1)]  // the new number of section 0; should be (0 - 1)
    let violations = batch.violations(from: old, to: new)
    #expect(
      violations.contains {
        $0.rule == .r17
          && $0.message.contains(
            "delete of (1 - 1) removes 4, which the new snapshot still shows at (2 - 1)")
      })
    batch.itemDeletes = [p(0, 1)]
    #expect(batch.violations(from: old, to: new).isEmpty)
  }

  @Test func r18ImpliedItemAndSectionMoves() {
    let old = Shots.make([0: [1, 2, 3]])
    let new = Shots.make([0: [1, 3]])
    var batch = RowBatch()
    batch.itemDeletes = [p(0, 1)]
    batch.itemMoves = [Shots.move(p(0, 2), p(0, 1))]
    #expect(batch.violations(from: old, to: new).map(\.rule) == [.r18])
    // TLIndexPathTools#24: deleting B from [A, B, C] implies C's new place.
    let oldSections = Shots.make([0: [], 1: [], 2: []])
    let newSections = Shots.make([0: [], 2: []])
    var sections = RowBatch()
    sections.sectionDeletes = [1]
    sections.sectionMoves = [.init(from: 2, to: 1)]
    #expect(sections.violations(from: oldSections, to: newSections).map(\.rule) == [.r18])
  }

  /// IGListKit's test `old − deletesBefore + insertsBefore ≠ new` ignores
  /// other moves; ours is exact: both ways to reverse [1, 2, 3] with two
  /// moves are valid, and neither move is implied.
  @Test func r18ExactRuleAcceptsNecessaryMovesIGListKitsFormulaWouldDrop() {
    let old = Shots.make([0: [1, 2, 3]])
    let new = Shots.make([0: [3, 2, 1]])
    var keepTwo = RowBatch()
    keepTwo.itemMoves = [Shots.move(p(0, 2), p(0, 0)), Shots.move(p(0, 0), p(0, 2))]
    #expect(keepTwo.violations(from: old, to: new).isEmpty)
    var keepThree = RowBatch()  // 3 stays; 2 moves 1 → 1, which the formula calls implied.
    keepThree.itemMoves = [Shots.move(p(0, 1), p(0, 1)), Shots.move(p(0, 0), p(0, 2))]
    #expect(keepThree.violations(from: old, to: new).isEmpty)
    keepThree.itemMoves.removeFirst()
    #expect(Shots.rules(keepThree.violations(from: old, to: new)).contains(.r4))
    #expect(new.difference(from: old).violations(from: old, to: new).isEmpty)
  }

  @Test func r19NoSectionReloadBesideASectionMoveInAUIKitStep() {
    let old = Shots.make([0: [1], 1: [2]], headers: [0: "a"])
    let new = Shots.make([1: [2], 0: [1]], headers: [0: "b"])
    let batch = new.difference(from: old)
    #expect(batch.sectionMoves.count == 1 && batch.sectionUpdates.count == 1)
    #expect(batch.violations(from: old, to: new).isEmpty)
    #expect(batch.violations(from: old, to: new, mode: .uikitStep).map(\.rule) == [.r19])
    // An item change inside a reloaded section.
    let oldHeader = Shots.make([0: [1]], headers: [0: "a"])
    let newHeader = Shots.make([0: [1, 2]], headers: [0: "b"])
    let both = newHeader.difference(from: oldHeader)
    let step = both.violations(from: oldHeader, to: newHeader, mode: .uikitStep)
    #expect(step.map(\.rule) == [.r19] && step.first?.paths == [p(0, 1)])
  }

  @Test func r23IntroducedIdentitiesAreUnique() {
    let old = Shots.make([0: [1]])
    let new = Shots.make([0: [1, 2, 3]])
    var twice = RowBatch()
    twice.itemInserts = [
      .init(path: p(0, 1), item: Row(id: 2)), .init(path: p(0, 2), item: Row(id: 2)),
    ]
    #expect(
      twice.violations(from: old, to: new).contains {
        $0.rule == .r23
          && $0.message == "supplied item identifiers are not unique. Duplicate identifiers: {2}"
      })
    var present = RowBatch()
    present.itemInserts = [
      .init(path: p(0, 1), item: Row(id: 2)), .init(path: p(0, 2), item: Row(id: 1)),
    ]
    #expect(
      present.violations(from: old, to: new).contains {
        $0.rule == .r23 && $0.paths == [p(0, 0)]
      })
    var sections = RowBatch()
    sections.sectionInserts = [
      .init(index: 1, section: RowSection(id: 5, items: [Row(id: 4), Row(id: 4)]))
    ]
    #expect(
      Shots.rules(sections.violations(from: old, to: Shots.make([0: [1], 5: [4]]))).contains(.r23))
  }

  @Test func r24AnUpdateKeepsItsIdentity() {
    let old = Shots.make([0: [1, 2]])
    var batch = RowBatch()
    batch.itemUpdates = [.init(from: p(0, 0), to: p(0, 0), item: Row(id: 2))]
    let violations = batch.violations(from: old, to: old)
    #expect(violations.contains { $0.rule == .r24 && $0.paths == [p(0, 0), p(0, 0)] })
  }

  /// R1: a batch has no call order, so shuffling its lists changes neither
  /// the violations found nor the result of applying it.
  @Test(.namesTheSeed)
  func r1OrderOfOperationsDoesNotMatter() async {
    await forEachSeed([UInt64(11), 12, 13], r1OrderOfOperationsDoesNotMatter(seed:))
  }

  func r1OrderOfOperationsDoesNotMatter(seed: UInt64) {
    var generator = SnapshotGenerator(seed: seed)
    var rng = SplitMix64(seed: seed)
    for round in 0..<40 {
      let old = generator.snapshot()
      let new = generator.variation(of: old)
      let batch = new.difference(from: old)
      var shuffled = batch
      shuffled.sectionDeletes.shuffle(using: &rng)
      shuffled.sectionInserts.shuffle(using: &rng)
      shuffled.sectionMoves.shuffle(using: &rng)
      shuffled.itemDeletes.shuffle(using: &rng)
      shuffled.itemInserts.shuffle(using: &rng)
      shuffled.itemMoves.shuffle(using: &rng)
      shuffled.itemUpdates.shuffle(using: &rng)
      #expect(old.applying(shuffled) == new, "seed \(seed) round \(round)")
      #expect(shuffled.violations(from: old, to: new).isEmpty, "seed \(seed) round \(round)")
      #expect(
        Set(shuffled.violations(from: old, to: new, mode: .uikitStep).map(\.rule))
          == Set(batch.violations(from: old, to: new, mode: .uikitStep).map(\.rule)),
        "seed \(seed) round \(round)")
    }
  }

  @Test func throwingConvenienceListsEveryViolation() {
    let old = Shots.make([0: [1, 2, 3]])
    let new = Shots.make([0: [2, 3]])
    var batch = RowBatch()
    batch.itemDeletes = [p(0, 0), p(0, 0)]
    #expect(throws: UIKitRule.ValidationError.self) { try batch.validate(from: old, to: new) }
    do {
      try batch.validate(from: old, to: new)
    } catch {
      #expect(error.rules.contains(.r8) && error.rules.contains(.r10))
      #expect(
        error.description.contains("[R8] attempt to delete the same index path (0 - 0) twice"))
    }
    #expect(throws: Never.self) { try new.difference(from: old).validate(from: old, to: new) }
  }
}
