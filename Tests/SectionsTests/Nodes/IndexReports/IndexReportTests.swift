import DataSourceGraphNodes
import DataSourceGraphSections
import SectionsTestSupport
import TestSupport
import Testing

/// A leaf fed by a store's index reports: one named case for each way a
/// report can be right or wrong, with the outcome and the batch expected.
@Suite struct IndexReportTests {
  typealias Leaf = MutableDataSource<Int, Row>

  /// One section (identity 0) of rows with these identities and revisions.
  static func list(_ rows: [Row]) -> RowSnapshot { RowSnapshot(id: 0, items: rows) }

  static func rows(_ ids: [Int]) -> [Row] { ids.map { Row(id: $0) } }

  static func path(_ item: Int, section: Int = 0) -> ItemPath {
    ItemPath(section: section, item: item)
  }

  /// Applies `report` to a leaf holding `old`; checks that the leaf and a
  /// mirror of its batches end with `new`, and that every batch is valid.
  static func feed(
    _ old: RowSnapshot, _ report: RowReport, _ new: RowSnapshot,
    verification: RowReport.Verification = .touched,
    sourceLocation: SourceLocation = #_sourceLocation
  ) -> (outcome: RowReport.Outcome, batches: [RowBatch]) {
    let leaf = Leaf(snapshot: old)
    let mirror = CheckingMirror(leaf)
    var batches: [RowBatch] = []
    let observation = leaf.observe { event in
      if case .changed(.batch(let batch)) = event { batches.append(batch) }
    }
    let outcome = leaf.apply(report, resulting: new, verification: verification)
    observation.cancel()
    #expect(leaf.snapshot == new, "\(outcome)", sourceLocation: sourceLocation)
    #expect(mirror.snapshot == new, sourceLocation: sourceLocation)
    #expect(mirror.problems.isEmpty, "\(mirror.problems)", sourceLocation: sourceLocation)
    #expect(batches.count <= 1, sourceLocation: sourceLocation)
    return (outcome, batches)
  }

  // MARK: Right reports

  @Test func aRealmReportIsAppliedAsReported() {
    let old = Self.list(Self.rows([1, 2, 3, 4]))
    let new = Self.list([Row(id: 5), Row(id: 1), Row(id: 3, revision: 1), Row(id: 4)])
    let (outcome, batches) = Self.feed(
      old, RowReport(deletions: [1], insertions: [0], modifications: [2]), new)
    #expect(outcome == .applied)
    var expected = RowBatch()
    expected.itemDeletes = [Self.path(1)]
    expected.itemInserts = [.init(path: Self.path(0), item: Row(id: 5))]
    expected.itemUpdates = [
      .init(from: Self.path(2), to: Self.path(2), item: Row(id: 3, revision: 1))
    ]
    #expect(batches == [expected])
  }

  @Test func aModificationWhoseValueDidNotChangeEmitsNothing() {
    let old = Self.list(Self.rows([1, 2]))
    let (outcome, batches) = Self.feed(
      old, RowReport(deletions: [], insertions: [], modifications: [1]), old)
    #expect(outcome == .applied)
    #expect(batches.isEmpty)
  }

  @Test func aMovedItemWhoseValueChangedIsMovedAndUpdated() {
    let old = Self.list(Self.rows([1, 2, 3]))
    let new = Self.list([Row(id: 2), Row(id: 3), Row(id: 1, revision: 1)])
    let (outcome, batches) = Self.feed(
      old, RowReport(deletions: [], insertions: [], modifications: [], moves: [(0, 2)]), new)
    #expect(outcome == .applied)
    #expect(batches.first?.itemMoves == [.init(from: Self.path(0), to: Self.path(2))])
    #expect(
      batches.first?.itemUpdates == [
        .init(from: Self.path(0), to: Self.path(2), item: Row(id: 1, revision: 1))
      ])
  }

  @Test func sectionChangesAndHeadersAreApplied() {
    let old = RowSnapshot(sections: [
      RowSection(id: 10, header: "A", items: Self.rows([1, 2])),
      RowSection(id: 11, items: Self.rows([3])),
      RowSection(id: 12, items: Self.rows([4])),
    ])
    let new = RowSnapshot(sections: [
      RowSection(id: 12, items: Self.rows([4])),
      RowSection(id: 10, header: "A'", items: Self.rows([1, 2])),
      RowSection(id: 13, items: Self.rows([7])),
    ])
    let report = RowReport(
      sectionDeletions: [1], sectionInsertions: [2], sectionMoves: [.init(from: 2, to: 0)],
      sectionModifications: [0])
    let (outcome, batches) = Self.feed(old, report, new)
    #expect(outcome == .applied)
    #expect(batches.first?.sectionUpdates.map { [$0.from, $0.to] } == [[0, 1]])
    #expect(batches.first?.sectionMoves == [.init(from: 2, to: 0)])
  }

  @Test func anEmptyLeafTakesInsertedSections() {
    let new = RowSnapshot(sections: [
      RowSection(id: 1, items: Self.rows([1, 2])), RowSection(id: 2, items: []),
    ])
    let (outcome, batches) = Self.feed(RowSnapshot(), RowReport(sectionInsertions: [1, 0]), new)
    #expect(outcome == .applied)
    #expect(batches.first?.sectionInserts.map(\.index) == [0, 1])
  }

  // MARK: Repaired

  @Test func anIndexListedTwiceIsKeptOnce() {
    let old = Self.list(Self.rows([1, 2, 3]))
    let (outcome, _) = Self.feed(
      old, RowReport(deletions: [1, 1], insertions: [], modifications: [0, 0]),
      Self.list(Self.rows([1, 3])))
    #expect(outcome == .repaired([.droppedRepeatedIndices(2)]))
  }

  @Test func aModificationOfADeletedItemIsDropped() {
    let old = Self.list(Self.rows([1, 2, 3]))
    let (outcome, batches) = Self.feed(
      old, RowReport(deletions: [1], insertions: [], modifications: [1]),
      Self.list(Self.rows([1, 3])))
    #expect(outcome == .repaired([.droppedModificationsOfDeleted([Self.path(1)])]))
    #expect(batches.first?.itemUpdates.isEmpty == true)
  }

  @Test func aModificationWhoseIdentityChangedBecomesADeleteAndAnInsert() {
    let old = Self.list(Self.rows([1, 2, 3]))
    let (outcome, batches) = Self.feed(
      old, RowReport(deletions: [], insertions: [], modifications: [1]),
      Self.list(Self.rows([1, 9, 3])))
    #expect(outcome == .repaired([.replacedItems([Self.path(1)])]))
    #expect(batches.first?.itemDeletes == [Self.path(1)])
    #expect(batches.first?.itemInserts == [.init(path: Self.path(1), item: Row(id: 9))])
  }

  /// `NSFetchedResultsController` reports an item whose sort key changed
  /// but whose place did not as a move to its own index path.
  @Test func aMoveToItsOwnPlaceIsDroppedAndItsChangeKept() {
    let old = Self.list(Self.rows([1, 2, 3]))
    let new = Self.list([Row(id: 1), Row(id: 2, revision: 1), Row(id: 3)])
    let (outcome, batches) = Self.feed(
      old, RowReport(deletions: [], insertions: [], modifications: [], moves: [(1, 1)]), new)
    #expect(outcome == .repaired([.droppedImpliedMoves(1)]))
    #expect(batches.first?.itemMoves.isEmpty == true)
    #expect(
      batches.first?.itemUpdates == [
        .init(from: Self.path(1), to: Self.path(1), item: Row(id: 2, revision: 1))
      ])
  }

  @Test func changesInsideADeletedSectionAreFoldedIntoIt() {
    let old = RowSnapshot(sections: [
      RowSection(id: 0, items: Self.rows([1, 2])), RowSection(id: 1, items: Self.rows([3])),
    ])
    let report = RowReport(
      sectionDeletions: [0], deletions: [Self.path(0), Self.path(1)],
      modifications: [Self.path(1)])
    let (outcome, batches) = Self.feed(
      old, report, RowSnapshot(sections: [RowSection(id: 1, items: Self.rows([3]))]))
    #expect(
      outcome
        == .repaired([.droppedModificationsOfDeleted([Self.path(1)]), .foldedIntoSectionChanges(2)])
    )
    #expect(batches.first?.itemDeletes.isEmpty == true)
  }

  @Test func aMoveIntoAnInsertedSectionBecomesADelete() {
    let old = RowSnapshot(sections: [RowSection(id: 0, items: Self.rows([1, 2]))])
    let new = RowSnapshot(sections: [
      RowSection(id: 5, items: Self.rows([2])), RowSection(id: 0, items: Self.rows([1])),
    ])
    let report = RowReport(
      sectionInsertions: [0], moves: [.init(from: Self.path(1), to: Self.path(0))])
    let (outcome, batches) = Self.feed(old, report, new)
    #expect(outcome == .repaired([.foldedIntoSectionChanges(1)]))
    #expect(batches.first?.itemDeletes == [Self.path(1)])
    #expect(batches.first?.itemMoves.isEmpty == true)
  }

  @Test func aMoveOutOfADeletedSectionBecomesAnInsert() {
    let old = RowSnapshot(sections: [
      RowSection(id: 0, items: Self.rows([1, 2])), RowSection(id: 1, items: Self.rows([3])),
    ])
    let new = RowSnapshot(sections: [RowSection(id: 1, items: Self.rows([2, 3]))])
    let report = RowReport(
      sectionDeletions: [0], moves: [.init(from: Self.path(1), to: Self.path(0))])
    let (outcome, batches) = Self.feed(old, report, new)
    #expect(outcome == .repaired([.foldedIntoSectionChanges(1)]))
    #expect(batches.first?.itemInserts == [.init(path: Self.path(0), item: Row(id: 2))])
  }

  // MARK: Fallen back to a diff

  @Test func aMoveReportedAsAModificationFallsBack() {
    let old = Self.list(Self.rows([1, 2, 3, 4]))
    let (outcome, batches) = Self.feed(
      old, RowReport(deletions: [], insertions: [], modifications: [0]),
      Self.list(Self.rows([2, 3, 1, 4])))
    #expect(outcome.fallbackReason == .identityMismatch)
    #expect(batches.first?.itemMoves.count == 1, "the diff's batch")
  }

  @Test func countsThatDoNotAddUpFallBack() {
    let old = Self.list(Self.rows([1, 2, 3]))
    let (outcome, _) = Self.feed(
      old, RowReport(deletions: [], insertions: [], modifications: [0]),
      Self.list([Row(id: 1, revision: 1), Row(id: 2), Row(id: 3), Row(id: 4)]))
    #expect(outcome.fallbackReason == .countMismatch)
    #expect(
      "\(outcome)"
        == "fell back to a diff: section 0 has 4 items after the change, but section 0 had 3 before, 0 arrive and 0 leave"
    )
  }

  @Test func anIndexOutOfRangeFallsBack() {
    let old = Self.list(Self.rows([1, 2, 3]))
    let (outcome, _) = Self.feed(
      old, RowReport(deletions: [3], insertions: [], modifications: []),
      Self.list(Self.rows([1, 2])))
    #expect(outcome.fallbackReason == .indexOutOfRange)
  }

  @Test func aDeleteAndAMoveOfOnePathFallBack() {
    let old = Self.list(Self.rows([1, 2, 3]))
    let (outcome, _) = Self.feed(
      old, RowReport(deletions: [0], insertions: [], modifications: [], moves: [(0, 1)]),
      Self.list(Self.rows([2, 3])))
    #expect(outcome.fallbackReason == .conflictingIndices)
  }

  @Test func anInsertionOfAShownIdentityFallsBack() {
    let old = Self.list(Self.rows([1, 2, 3]))
    let (outcome, _) = Self.feed(
      old, RowReport(deletions: [2], insertions: [0], modifications: []),
      Self.list(Self.rows([2, 1, 3])))
    #expect(outcome.fallbackReason == .identityMismatch)
  }

  @Test func aSectionMoveThatMovesTheWrongSectionFallsBack() {
    let old = RowSnapshot(sections: [
      RowSection(id: 0, items: []), RowSection(id: 1, items: []), RowSection(id: 2, items: []),
    ])
    let new = RowSnapshot(sections: [
      RowSection(id: 1, items: []), RowSection(id: 0, items: []), RowSection(id: 2, items: []),
    ])
    let (outcome, _) = Self.feed(old, RowReport(sectionMoves: [.init(from: 2, to: 0)]), new)
    #expect(outcome.fallbackReason == .identityMismatch)
  }

  /// What the default verification does not read, it trusts; the full one
  /// compares every item.
  @Test func aChangeTheReportLeavesOutIsSeenOnlyByTheFullVerification() {
    let old = Self.list(Self.rows([1, 2, 3]))
    let new = Self.list([Row(id: 1), Row(id: 2, revision: 1), Row(id: 3)])
    let leaf = Leaf(snapshot: old)
    let mirror = CheckingMirror(leaf)
    #expect(leaf.apply(RowReport(), resulting: new) == .applied)
    #expect(leaf.snapshot == old, "the old value stays shown")
    #expect(mirror.batches == 0)

    let (outcome, batches) = Self.feed(old, RowReport(), new, verification: .full)
    #expect(outcome.fallbackReason == .contentMismatch)
    #expect(
      "\(outcome)" == "fell back to a diff: item 0.1 (2) changed, and the report does not say so")
    #expect(batches.first?.itemUpdates.count == 1)
  }

  // MARK: Deliveries

  @Test func aReportDuringADeliveryIsAppliedAfterIt() {
    let old = Self.list(Self.rows([1, 2]))
    let new = Self.list(Self.rows([1, 2, 3]))
    let leaf = Leaf(snapshot: old)
    let mirror = CheckingMirror(leaf)
    var outcome: RowReport.Outcome?
    duringADelivery {
      outcome = leaf.apply(
        RowReport(deletions: [], insertions: [2], modifications: []), resulting: new)
      #expect(leaf.snapshot == old, "not yet")
    }
    #expect(outcome == .deferred)
    #expect(leaf.snapshot == new)
    #expect(mirror.snapshot == new && mirror.problems.isEmpty)
  }

  /// An edit queued before the report changes the content the report was
  /// made against: the store's content is diffed instead.
  @Test func aReportThatAnEarlierQueuedEditMadeStaleIsDiffed() {
    let old = Self.list(Self.rows([1, 2]))
    let new = Self.list(Self.rows([1, 2, 3]))
    let leaf = Leaf(snapshot: old)
    let mirror = CheckingMirror(leaf)
    duringADelivery {
      leaf.insert([Row(id: 7)], at: Self.path(0))
      _ = leaf.apply(RowReport(deletions: [], insertions: [2], modifications: []), resulting: new)
    }
    #expect(leaf.snapshot == new)
    #expect(mirror.snapshot == new && mirror.problems.isEmpty)
    #expect(mirror.batches == 2)
  }

  /// An observer of the leaf that feeds it the store's next reports while
  /// it is told of the first one: they wait for the delivery, and each
  /// describes the content the one before it leaves.
  @Test func reportsFromAnObserverOfTheLeafFollowOneAnother() {
    let first = Self.list(Self.rows([1, 2]))
    let second = Self.list(Self.rows([1, 2, 3]))
    let third = Self.list(Self.rows([2, 3, 1]))
    let leaf = Leaf(snapshot: Self.list(Self.rows([1])))
    let mirror = CheckingMirror(leaf)
    var inner: [RowReport.Outcome] = []
    var moves: [Int] = []
    let observation = leaf.observe { event in
      guard case .changed(.batch(let batch)) = event else { return }
      moves.append(batch.itemMoves.count)
      guard inner.isEmpty else { return }
      inner.append(
        leaf.apply(RowReport(deletions: [], insertions: [2], modifications: []), resulting: second))
      // Two moves, where a diff finds one: the report's batch, not a diff's.
      inner.append(
        leaf.apply(
          RowReport(deletions: [], insertions: [], modifications: [], moves: [(1, 0), (2, 1)]),
          resulting: third))
    }
    let outcome = leaf.apply(
      RowReport(deletions: [], insertions: [1], modifications: []), resulting: first)
    observation.cancel()
    #expect(outcome == .applied)
    #expect(inner == [.deferred, .deferred])
    #expect(moves == [0, 0, 2])
    #expect(leaf.snapshot == third)
    #expect(mirror.snapshot == third && mirror.problems.isEmpty)
  }

  /// An edit queued between two reports: the second no longer describes
  /// the content, and is diffed.
  @Test func aReportBehindAQueuedEditIsDiffed() {
    let first = Self.list(Self.rows([1, 2]))
    let second = Self.list(Self.rows([2, 3, 1]))
    let leaf = Leaf(snapshot: Self.list(Self.rows([1])))
    let mirror = CheckingMirror(leaf)
    var moves: [Int] = []
    let observation = leaf.observe { event in
      if case .changed(.batch(let batch)) = event { moves.append(batch.itemMoves.count) }
    }
    duringADelivery {
      leaf.apply(RowReport(deletions: [], insertions: [1], modifications: []), resulting: first)
      leaf.insert([Row(id: 3)], at: Self.path(2))
      leaf.apply(
        RowReport(deletions: [], insertions: [], modifications: [], moves: [(1, 0), (2, 1)]),
        resulting: second)
    }
    observation.cancel()
    #expect(moves == [0, 0, 1], "the diff's one move")
    #expect(leaf.snapshot == second)
    #expect(mirror.snapshot == second && mirror.problems.isEmpty)
  }

  @Test func aOneListReportNamesItsSection() {
    let report = RowReport(
      section: 2, deletions: [1], insertions: [0], modifications: [3], moves: [(4, 5)])
    #expect(report.deletions == [Self.path(1, section: 2)])
    #expect(report.insertions == [Self.path(0, section: 2)])
    #expect(report.modifications == [Self.path(3, section: 2)])
    #expect(report.moves == [.init(from: Self.path(4, section: 2), to: Self.path(5, section: 2))])
    #expect(!report.isEmpty && RowReport().isEmpty)
  }

  @Test func outcomesPrintOneLine() {
    #expect("\(RowReport.Outcome.applied)" == "applied as reported")
    #expect(
      "\(RowReport.Outcome.repaired([.droppedRepeatedIndices(2), .droppedImpliedMoves(1)]))"
        == "repaired: dropped 2 repeated index(es); dropped 1 move(s) the other changes imply")
  }
}
