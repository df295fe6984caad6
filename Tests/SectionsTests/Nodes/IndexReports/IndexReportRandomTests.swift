import DataSourceGraphNodes
import DataSourceGraphSections
import SectionsTestSupport
import TestSupport
import Testing

/// Random stores feeding a leaf: right reports are applied without a diff,
/// broken ones are repaired or diffed, and in every case the leaf ends with
/// the store's content and its observers get valid batches that reproduce
/// it.
@Suite struct IndexReportRandomTests {
  static let seeds: [UInt64] = PropertyDepth.seeds(debug: 1...60, release: 1...400)
  static let steps = PropertyDepth.steps(debug: 25, release: 60)

  /// Chains of right reports: never fallen back, at most the moves the
  /// other changes imply dropped, and the leaf and a mirror that applies
  /// its batches both end with the store's content after every report.
  @Test(.namesTheSeed, arguments: [RowReport.Verification.touched, .full])
  func rightReportsApplyWithoutADiff(verification: RowReport.Verification) async {
    var outcomes: [String: Int] = [:]
    await forEachSeed(Self.seeds) { seed in
      rightReportsApply(seed: seed, verification: verification, outcomes: &outcomes)
    }
    reportStatistics(
      "index reports, right, \(verification): \(outcomes.sorted { $0.key < $1.key })")
  }

  func rightReportsApply(
    seed: UInt64, verification: RowReport.Verification, outcomes: inout [String: Int]
  ) {
    var store = StoreSimulator(seed: seed)
    let leaf = MutableDataSource(snapshot: store.content())
    let mirror = CheckingMirror(leaf)
    for step in 0..<Self.steps {
      let change = store.change(of: leaf.snapshot)
      // Now, or while observers are told of another change: then after
      // that delivery, and diffed if an edit queued before it came first.
      let when = store.rng.int(0..<6)
      var outcome = RowReport.Outcome.deferred
      if when > 1 {
        outcome = leaf.apply(change.report, resulting: change.content, verification: verification)
      } else {
        duringADelivery {
          if when == 1 { leaf.appendSection(RowSection(id: -1, items: [Row(id: -1)])) }
          let deferred = leaf.apply(
            change.report, resulting: change.content, verification: verification)
          #expect(deferred == .deferred)
        }
      }
      outcomes[outcome.kind, default: 0] += 1
      let context = "seed \(seed) step \(step): \(change.report) → \(outcome)"
      guard mirror.expectApplied(outcome, by: leaf, showing: change.content, context) else {
        return
      }
    }
  }

  /// The ways a store gets a report wrong, each made on a right report.
  enum Breakage: CaseIterable {
    case repeatedIndex, modificationOfDeleted, outOfRange, countMismatch, replacedItem,
      moveAsModification, wrongMoveDestination, itemsOfDeletedSectionListed
  }

  /// Right reports broken in one way each: the leaf still ends with the
  /// store's content, every batch is valid, and the outcome names a repair
  /// or a fallback of the kind expected.
  @Test(.namesTheSeed)
  func brokenReportsAreRepairedOrDiffed() async {
    var outcomes: [String: Int] = [:]
    await forEachSeed(Self.seeds) { seed in brokenReports(seed: seed, outcomes: &outcomes) }
    reportStatistics("index reports, broken: \(outcomes.sorted { $0.key < $1.key })")
  }

  func brokenReports(seed: UInt64, outcomes: inout [String: Int]) {
    var store = StoreSimulator(seed: seed)
    let leaf = MutableDataSource(snapshot: store.content())
    let mirror = CheckingMirror(leaf)
    for step in 0..<Self.steps {
      var change = store.change(of: leaf.snapshot)
      let breakage = Breakage.allCases[store.rng.int(0..<Breakage.allCases.count)]
      // Whether the right report had moves the rest implies: a move then
      // reported as a modification may be right after all.
      let trial = MutableDataSource(snapshot: leaf.snapshot)
      let rightOutcome = trial.apply(change.report, resulting: change.content)
      let hadImpliedMoves = rightOutcome.repairs.contains {
        if case .droppedImpliedMoves = $0 { true } else { false }
      }
      guard Self.break(&change, breakage, old: leaf.snapshot, using: &store) else { continue }
      let outcome = leaf.apply(change.report, resulting: change.content)
      outcomes["\(breakage): \(outcome.kind)", default: 0] += 1
      let context = "seed \(seed) step \(step) \(breakage): \(change.report) → \(outcome)"
      #expect(leaf.snapshot == change.content, "\(context)")
      #expect(mirror.snapshot == change.content, "\(context)")
      #expect(mirror.problems.isEmpty, "\(context): \(mirror.problems)")
      switch breakage {
      case .repeatedIndex:
        #expect(
          outcome.repairs.contains { if case .droppedRepeatedIndices = $0 { true } else { false } },
          "\(context)")
      case .modificationOfDeleted:
        #expect(
          outcome.repairs.contains {
            if case .droppedModificationsOfDeleted = $0 { true } else { false }
          }, "\(context)")
      case .replacedItem:
        #expect(
          outcome.repairs.contains { if case .replacedItems = $0 { true } else { false } },
          "\(context)")
      case .outOfRange:
        #expect(outcome.fallbackReason == .indexOutOfRange, "\(context)")
      case .countMismatch:
        #expect(outcome.fallbackReason == .countMismatch, "\(context)")
      case .moveAsModification:
        #expect(outcome.fellBack || hadImpliedMoves, "\(context)")
      case .wrongMoveDestination:
        #expect(outcome.fellBack, "\(context)")
      case .itemsOfDeletedSectionListed:
        #expect(
          outcome.repairs.contains {
            if case .foldedIntoSectionChanges = $0 { true } else { false }
          },
          "\(context)")
      }
      if !mirror.problems.isEmpty || leaf.snapshot != change.content { return }
    }
  }

  /// Breaks `change` in the way `breakage` says; `false` if the change has
  /// nothing to break that way.
  static func `break`(
    _ change: inout StoreSimulator.Change, _ breakage: Breakage, old: RowSnapshot,
    using store: inout StoreSimulator
  ) -> Bool {
    var report = change.report
    defer { change.report = report }
    switch breakage {
    case .repeatedIndex:
      if let path = report.deletions.first {
        report.deletions.insert(path, at: store.rng.int(0...report.deletions.count))
      } else if let path = report.insertions.first {
        report.insertions.append(path)
      } else if let path = report.modifications.first {
        report.modifications.append(path)
      } else {
        return false
      }
    case .modificationOfDeleted:
      guard let path = report.deletions.randomElement(using: &store.rng) else { return false }
      report.modifications.append(path)
    case .outOfRange:
      if old.numberOfSections == 0 {
        report.deletions.append(ItemPath(section: 0, item: 0))
      } else {
        let s = store.rng.int(0..<old.numberOfSections)
        report.deletions.append(ItemPath(section: s, item: old.numberOfItems(inSection: s)))
      }
    case .countMismatch:
      guard !report.insertions.isEmpty else { return false }
      report.insertions.remove(at: store.rng.int(0..<report.insertions.count))
    case .replacedItem:
      guard let place = change.untouched.randomElement(using: &store.rng) else { return false }
      var sections = change.content.sections
      sections[place.to.section].items[place.to.item] = store.freshItem()
      change.content = RowSnapshot(sections: sections)
      report.modifications.append(place.from)
    case .moveAsModification:
      guard !report.moves.isEmpty else { return false }
      let move = report.moves.remove(at: store.rng.int(0..<report.moves.count))
      report.modifications.append(move.from)
    case .itemsOfDeletedSectionListed:
      // As `NSFetchedResultsController` may: each object of a deleted
      // section reported deleted too.
      let deletedWithItems = report.sectionDeletions.filter { old.numberOfItems(inSection: $0) > 0 }
      guard let s = deletedWithItems.first else { return false }
      for i in 0..<old.numberOfItems(inSection: s) {
        report.deletions.append(ItemPath(section: s, item: i))
      }
    case .wrongMoveDestination:
      guard !report.moves.isEmpty else { return false }
      let k = store.rng.int(0..<report.moves.count)
      report.moves[k].to.item += 1
    }
    return true
  }
}
