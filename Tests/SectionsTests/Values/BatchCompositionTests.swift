import DataSourceGraphNodes
import DataSourceGraphSections
import SectionsTestSupport
import TestSupport
import Testing

/// Composing two batches into one: seeded random chains S0 → S1 → S2 (by
/// diff and by hand-written batches), folds of longer chains, the
/// minimality of the moves, the cases where an item or section changes in
/// both batches, and the empty batch on either side.
@Suite struct BatchCompositionTests {
  static let seeds: [UInt64] = PropertyDepth.seeds(debug: 1...40, release: 1...300)
  static let chainsPerSeed = PropertyDepth.steps(debug: 60, release: 120)

  /// Small pools make cross-section moves, reused identities and empty
  /// sections common.
  static func generator(_ seed: UInt64) -> SnapshotGenerator {
    SnapshotGenerator(seed: seed, sectionPool: 4 + Int(seed % 4), itemPool: 8 + Int(seed % 13))
  }

  // MARK: Properties

  /// Both batches by diff: S1 and S2 close to or far from the state before.
  @Test(.namesTheSeed)
  func composingDiffsIsValidAndReproduces() async {
    await forEachSeed(Self.seeds, composingDiffsIsValidAndReproduces(seed:))
  }

  func composingDiffsIsValidAndReproduces(seed: UInt64) {
    var generator = Self.generator(seed &* 6_151)
    for round in 0..<Self.chainsPerSeed {
      let chain = Self.diffChain(&generator)
      checkComposition(chain, context: "seed \(seed) round \(round)")
    }
  }

  /// Minimal "as the diff is": when the composition of two diffs deletes
  /// and inserts what the diff of the endpoints does (no identity deleted
  /// by one batch and inserted again by the other), both keep a longest
  /// run of sections and of the items that stay in their section in place,
  /// so they move as many.
  @Test(.namesTheSeed)
  func composingDiffsMovesAsFewAsTheDiffOfTheEndpoints() async {
    await forEachSeed(Self.seeds, composingDiffsMovesAsFewAsTheDiffOfTheEndpoints(seed:))
  }

  func composingDiffsMovesAsFewAsTheDiffOfTheEndpoints(seed: UInt64) {
    var generator = Self.generator(seed &* 6_151 &+ 3)
    var compared = 0
    for round in 0..<Self.chainsPerSeed {
      let chain = Self.diffChain(&generator)
      let composed = chain.first.followed(by: chain.second, intermediate: chain.s1)
      let diff = chain.s2.difference(from: chain.s0)
      guard composed.sectionDeletes == diff.sectionDeletes,
        composed.sectionInserts.map(\.index) == diff.sectionInserts.map(\.index),
        composed.itemDeletes == diff.itemDeletes,
        composed.itemInserts.map(\.path) == diff.itemInserts.map(\.path)
      else { continue }
      compared += 1
      let context = "seed \(seed) round \(round)\n\(chain)\n→ \(composed)\ndiff \(diff)"
      #expect(composed.sectionMoves.count == diff.sectionMoves.count, "\(context)")
      #expect(composed.itemMoves.count == diff.itemMoves.count, "\(context)")
    }
    #expect(compared > Self.chainsPerSeed / 4, "seed \(seed): \(compared) chains compared")
  }

  /// Folding 2 to 6 batches (diffs and hand-written ones, mixed) into one,
  /// left to right: every prefix takes the first snapshot to the snapshot
  /// it ends at, as applying its batches in turn does, and passes the
  /// validator; folding from the counts alone gives the same batch until
  /// a step needs an intermediate snapshot; composing the chain in one
  /// pass gives a batch that does the same (needing no such snapshot
  /// whenever no batch moves items after one that inserts sections, nor
  /// deletes sections after one that moves items).
  @Test(.namesTheSeed)
  func foldingLongerChainsEqualsApplyingTheBatchesInTurn() async {
    await forEachSeed(Self.seeds, foldingLongerChainsEqualsApplyingTheBatchesInTurn(seed:))
  }

  func foldingLongerChainsEqualsApplyingTheBatchesInTurn(seed: UInt64) {
    var generator = Self.generator(seed &+ 280_000)
    for round in 0..<Self.chainsPerSeed {
      var snapshots = [generator.snapshot()]
      var batches: [RowBatch] = []
      for _ in 0..<generator.int(2..<7) {
        let last = snapshots[snapshots.count - 1]
        if generator.chance(0.5) {
          let next = generator.chance(0.8) ? generator.variation(of: last) : generator.snapshot()
          batches.append(next.difference(from: last))
          snapshots.append(next)
        } else {
          let (batch, next) = generator.handWrittenBatch(from: last)
          batches.append(batch)
          snapshots.append(next)
        }
      }
      var folded = batches[0]
      var foldedFromCounts: RowBatch? = batches[0]
      for step in 1..<batches.count {
        let context =
          "seed \(seed) round \(round) step \(step)\nsnapshots \(snapshots.map(\.sections))"
        folded = folded.followed(by: batches[step], intermediate: snapshots[step])
        foldedFromCounts = foldedFromCounts?.followed(
          by: batches[step], intermediateItemCounts: counts(snapshots[step]))
        let end = snapshots[step + 1]
        #expect(snapshots[0].applying(folded) == end, "\(context)\n→ \(folded)")
        let violations = folded.violations(from: snapshots[0], to: end)
        #expect(violations.isEmpty, "\(context)\n→ \(folded)\n\(violations)")
        checkMovesAreMinimal(folded, from: snapshots[0], to: end, context: context)
        if let foldedFromCounts { #expect(foldedFromCounts == folded, "\(context)") }
        // In one pass, from the counts after the first batch alone.
        let chained = batches[0].followed(
          by: Array(batches[1...step]), intermediateItemCounts: counts(snapshots[1]))
        if let chained {
          #expect(snapshots[0].applying(chained) == end, "\(context)\n→ \(chained)")
          #expect(chained.violations(from: snapshots[0], to: end).isEmpty, "\(context)")
          checkMovesAreMinimal(chained, from: snapshots[0], to: end, context: context)
        }
        // Not always the same batch: two by two, an item that passes through
        // a section a batch deletes may become a delete and an insert where
        // one pass keeps it; both apply and pass the validator.
        if foldedFromCounts != nil { #expect(chained != nil, "\(context)") }
        // The rule a lagging event stream relies on to compose on the
        // consumer's side: a chain where no batch moves items after one
        // that inserts sections, nor deletes sections after one that moves
        // items, needs no value of an intermediate snapshot.
        let needsNoValue = (1...step).allSatisfy { j in
          let earlier = batches[0..<j]
          let insertsBefore = earlier.contains { !$0.sectionInserts.isEmpty }
          let movesBefore = earlier.contains { !$0.itemMoves.isEmpty }
          return !(insertsBefore && !batches[j].itemMoves.isEmpty)
            && !(movesBefore && !batches[j].sectionDeletes.isEmpty)
        }
        if needsNoValue { #expect(chained != nil, "\(context)") }
      }
    }
  }

  /// Batches written operation by operation (non-minimal moves, deletes and
  /// inserts of one identity, updates that change nothing, header changes
  /// to the same text), mixed with diffs.
  @Test(.namesTheSeed)
  func composingHandWrittenBatchesIsValidAndReproduces() async {
    await forEachSeed(Self.seeds, composingHandWrittenBatchesIsValidAndReproduces(seed:))
  }

  func composingHandWrittenBatchesIsValidAndReproduces(seed: UInt64) {
    var generator = Self.generator(seed &+ 70_000)
    for round in 0..<Self.chainsPerSeed {
      let chain = Self.handWrittenChain(&generator)
      let context = "seed \(seed) round \(round)\ns0 \(chain.s0.sections)\ns1 \(chain.s1.sections)"
      #expect(
        chain.first.violations(from: chain.s0, to: chain.s1).isEmpty, "generator: \(context)")
      #expect(
        chain.second.violations(from: chain.s1, to: chain.s2).isEmpty, "generator: \(context)")
      checkComposition(chain, context: "seed \(seed) round \(round)")
    }
  }

  /// Both generators make chains whose composition needs a value only S1
  /// has (an unchanged item that leaves a section the second batch deletes,
  /// or enters one the first inserts), so the `nil` of the counts-only
  /// composition is exercised.
  @Test func chainsThatNeedTheIntermediateSnapshotAreGenerated() {
    var byDiff = 0
    var byHand = 0
    for seed in Self.seeds.prefix(10) {
      var generator = Self.generator(seed &+ 210_000)
      for round in 0..<Self.chainsPerSeed {
        let context = "seed \(seed) round \(round)"
        if checkComposition(Self.diffChain(&generator), context: context) { byDiff += 1 }
        if checkComposition(Self.handWrittenChain(&generator), context: context) { byHand += 1 }
      }
    }
    #expect(byDiff > 0)
    #expect(byHand > 0)
  }

  /// The empty batch on either side gives back the other batch: the very
  /// same batch for a diff (the composition reads it back the way the diff
  /// chooses), an equivalent one for a hand-written batch.
  @Test(.namesTheSeed)
  func composingWithTheEmptyBatchGivesTheBatchBack() async {
    await forEachSeed(Self.seeds, composingWithTheEmptyBatchGivesTheBatchBack(seed:))
  }

  func composingWithTheEmptyBatchGivesTheBatchBack(seed: UInt64) {
    var generator = Self.generator(seed &+ 140_000)
    let empty = RowBatch()
    for round in 0..<Self.chainsPerSeed {
      let s0 = generator.snapshot()
      let s1 = generator.chance(0.7) ? generator.variation(of: s0) : generator.snapshot()
      let context = "seed \(seed) round \(round)\ns0 \(s0.sections)\ns1 \(s1.sections)"
      let diff = s1.difference(from: s0)
      #expect(
        diff.followed(by: empty, intermediateItemCounts: counts(s1)) == diff, "\(context)")
      #expect(
        empty.followed(by: diff, intermediateItemCounts: counts(s0)) == diff, "\(context)")

      let (written, s1Written) = generator.handWrittenBatch(from: s0)
      for composed in [
        written.followed(by: empty, intermediateItemCounts: counts(s1Written)),
        empty.followed(by: written, intermediateItemCounts: counts(s0)),
      ] {
        guard let composed else {
          Issue.record("nil beside the empty batch: \(context)")
          continue
        }
        let violations = composed.violations(from: s0, to: s1Written)
        #expect(violations.isEmpty, "\(context)\n\(violations)")
        #expect(s0.applying(composed) == s1Written, "\(context)")
        #expect(composed.count <= written.count, "\(context)")
      }
    }
  }

  // MARK: Examples

  @Test func anItemInsertedThenDeletedVanishes() throws {
    let s0 = RowSnapshot(id: 0, items: [Row(id: 1), Row(id: 2)])
    var first = RowBatch()
    first.itemInserts = [.init(path: path(0, 1), item: Row(id: 3))]
    let s1 = try #require(s0.applying(first))
    var second = RowBatch()
    second.itemDeletes = [path(0, 1)]
    let s2 = try #require(s1.applying(second))
    let composed = try compose(s0, first, s1, second, s2)
    #expect(composed.isEmpty)
  }

  /// Followed by position, not matched by identity: an item or a section
  /// that one batch deletes and the other inserts again with the same
  /// identity stays a delete and an insert (the diff of the endpoints
  /// would see nothing).
  @Test func anIdentityDeletedThenInsertedAgainStaysADeleteAndAnInsert() throws {
    let s0 = RowSnapshot(sections: [
      RowSection(id: 0, items: [Row(id: 1), Row(id: 2)]), RowSection(id: 1, items: [Row(id: 3)]),
    ])
    var first = RowBatch()
    first.itemDeletes = [path(0, 0)]
    first.sectionDeletes = [1]
    let s1 = try #require(s0.applying(first))
    var second = RowBatch()
    second.itemInserts = [.init(path: path(0, 0), item: Row(id: 1))]
    second.sectionInserts = [.init(index: 1, section: RowSection(id: 1, items: [Row(id: 3)]))]
    let s2 = try #require(s1.applying(second))
    #expect(s2 == s0)
    let composed = try compose(s0, first, s1, second, s2)
    var expected = RowBatch()
    expected.itemDeletes = [path(0, 0)]
    expected.itemInserts = [.init(path: path(0, 0), item: Row(id: 1))]
    expected.sectionDeletes = [1]
    expected.sectionInserts = [.init(index: 1, section: RowSection(id: 1, items: [Row(id: 3)]))]
    #expect(composed == expected)
    #expect(s2.difference(from: s0).isEmpty)
  }

  @Test func anItemInsertedThenUpdatedIsOneInsertOfTheFinalValue() throws {
    let s0 = RowSnapshot(id: 0, items: [Row(id: 1), Row(id: 2)])
    var first = RowBatch()
    first.itemInserts = [.init(path: path(0, 2), item: Row(id: 3))]
    let s1 = try #require(s0.applying(first))
    // Moved to the front and updated: still one insert, at its final place.
    var second = RowBatch()
    second.itemMoves = [.init(from: path(0, 2), to: path(0, 0))]
    second.itemUpdates = [.init(from: path(0, 2), to: path(0, 0), item: Row(id: 3, revision: 1))]
    let s2 = try #require(s1.applying(second))
    let composed = try compose(s0, first, s1, second, s2)
    var expected = RowBatch()
    expected.itemInserts = [.init(path: path(0, 0), item: Row(id: 3, revision: 1))]
    #expect(composed == expected)
  }

  @Test func anItemUpdatedByBothBatchesIsOneUpdateOfTheFinalValue() throws {
    let s0 = RowSnapshot(id: 0, items: [Row(id: 1), Row(id: 2)])
    var first = RowBatch()
    first.itemUpdates = [.init(from: path(0, 0), to: path(0, 0), item: Row(id: 1, revision: 1))]
    let s1 = try #require(s0.applying(first))
    var second = RowBatch()
    second.itemMoves = [.init(from: path(0, 0), to: path(0, 1))]
    second.itemUpdates = [.init(from: path(0, 0), to: path(0, 1), item: Row(id: 1, revision: 2))]
    let s2 = try #require(s1.applying(second))
    let composed = try compose(s0, first, s1, second, s2)
    // Updated items keep their place; the unchanged one moves instead.
    var expected = RowBatch()
    expected.itemMoves = [.init(from: path(0, 1), to: path(0, 0))]
    expected.itemUpdates = [.init(from: path(0, 0), to: path(0, 1), item: Row(id: 1, revision: 2))]
    #expect(composed == expected)
  }

  @Test func anItemMovedIntoASectionTheNextBatchDeletesIsDeleted() throws {
    let s0 = RowSnapshot(sections: [
      RowSection(id: 0, items: [Row(id: 1), Row(id: 2)]), RowSection(id: 1, items: [Row(id: 3)]),
    ])
    var first = RowBatch()
    first.itemMoves = [.init(from: path(0, 0), to: path(1, 1))]
    let s1 = try #require(s0.applying(first))
    var second = RowBatch()
    second.sectionDeletes = [1]
    let s2 = try #require(s1.applying(second))
    let composed = try compose(s0, first, s1, second, s2)
    var expected = RowBatch()
    expected.sectionDeletes = [1]
    expected.itemDeletes = [path(0, 0)]
    #expect(composed == expected)
  }

  /// UIKit moves nothing out of a deleted section (R13): the item is
  /// inserted, and only S1 (or an update) knows its value.
  @Test func anItemMovedOutOfASectionTheNextBatchDeletesIsInserted() throws {
    let s0 = RowSnapshot(sections: [
      RowSection(id: 0, items: [Row(id: 1), Row(id: 2)]), RowSection(id: 1, items: [Row(id: 3)]),
    ])
    var first = RowBatch()
    first.itemMoves = [.init(from: path(0, 0), to: path(1, 0))]
    let s1 = try #require(s0.applying(first))
    var second = RowBatch()
    second.sectionDeletes = [0]
    let s2 = try #require(s1.applying(second))
    let composed = try compose(s0, first, s1, second, s2)
    var expected = RowBatch()
    expected.sectionDeletes = [0]
    expected.itemInserts = [.init(path: path(0, 0), item: Row(id: 1))]
    #expect(composed == expected)
    #expect(first.followed(by: second, intermediateItemCounts: counts(s1)) == nil)

    // Updated on the way, its value is known without S1.
    first.itemUpdates = [.init(from: path(0, 0), to: path(1, 0), item: Row(id: 1, revision: 1))]
    let s1Updated = try #require(s0.applying(first))
    let s2Updated = try #require(s1Updated.applying(second))
    let updated = try compose(s0, first, s1Updated, second, s2Updated)
    expected.itemInserts = [.init(path: path(0, 0), item: Row(id: 1, revision: 1))]
    #expect(updated == expected)
    #expect(first.followed(by: second, intermediateItemCounts: counts(s1Updated)) == expected)
  }

  @Test func aSectionInsertedThenEditedIsOneSectionInsertWithItsFinalItems() throws {
    let s0 = RowSnapshot(id: 0, items: [Row(id: 1)])
    var first = RowBatch()
    first.sectionInserts = [
      .init(index: 1, section: RowSection(id: 1, header: "b", items: [Row(id: 2), Row(id: 3)]))
    ]
    let s1 = try #require(s0.applying(first))
    var second = RowBatch()
    second.itemDeletes = [path(1, 0)]
    second.itemInserts = [.init(path: path(1, 1), item: Row(id: 4))]
    second.itemUpdates = [.init(from: path(1, 1), to: path(1, 0), item: Row(id: 3, revision: 1))]
    second.sectionUpdates = [.init(from: 1, to: 1, header: "B", footer: "end")]
    let s2 = try #require(s1.applying(second))
    let composed = try compose(s0, first, s1, second, s2)
    var expected = RowBatch()
    expected.sectionInserts = [
      .init(
        index: 1,
        section: RowSection(
          id: 1, header: "B", footer: "end", items: [Row(id: 3, revision: 1), Row(id: 4)]))
    ]
    #expect(composed == expected)
  }

  /// UIKit moves nothing into an inserted section (R14): the item is deleted
  /// where it was and comes with the section, its value read from S1.
  @Test func anItemMovedIntoASectionTheFirstBatchInsertedComesWithTheSection() throws {
    let s0 = RowSnapshot(id: 0, items: [Row(id: 1), Row(id: 2)])
    var first = RowBatch()
    first.sectionInserts = [.init(index: 0, section: RowSection(id: 1, items: [Row(id: 3)]))]
    let s1 = try #require(s0.applying(first))
    var second = RowBatch()
    second.itemMoves = [.init(from: path(1, 1), to: path(0, 1))]
    let s2 = try #require(s1.applying(second))
    let composed = try compose(s0, first, s1, second, s2)
    var expected = RowBatch()
    expected.sectionInserts = [
      .init(index: 0, section: RowSection(id: 1, items: [Row(id: 3), Row(id: 2)]))
    ]
    expected.itemDeletes = [path(0, 1)]
    #expect(composed == expected)
    #expect(first.followed(by: second, intermediateItemCounts: counts(s1)) == nil)
  }

  @Test func aSectionTheNextBatchDeletesIsOneDeleteWhateverTheFirstDidToIt() throws {
    let s0 = RowSnapshot(sections: [
      RowSection(id: 0, items: [Row(id: 1)]), RowSection(id: 1, items: [Row(id: 2)]),
      RowSection(id: 2, header: "c", items: [Row(id: 3), Row(id: 4)]),
    ])
    var first = RowBatch()
    first.sectionMoves = [.init(from: 2, to: 0)]
    first.sectionUpdates = [.init(from: 2, to: 0, header: "C", footer: nil)]
    first.itemUpdates = [.init(from: path(2, 0), to: path(0, 1), item: Row(id: 3, revision: 1))]
    first.itemMoves = [.init(from: path(2, 0), to: path(0, 1))]
    let s1 = try #require(s0.applying(first))
    var second = RowBatch()
    second.sectionDeletes = [0]
    let s2 = try #require(s1.applying(second))
    let composed = try compose(s0, first, s1, second, s2)
    var expected = RowBatch()
    expected.sectionDeletes = [2]
    #expect(composed == expected)
  }

  @Test func movesThatCancelOutDisappear() throws {
    let s0 = RowSnapshot(sections: [
      RowSection(id: 0, items: [Row(id: 1), Row(id: 2), Row(id: 3)]),
      RowSection(id: 1, items: [Row(id: 4)]), RowSection(id: 2, items: []),
    ])
    var first = RowBatch()
    first.sectionMoves = [.init(from: 2, to: 0)]
    first.itemMoves = [
      .init(from: path(0, 0), to: path(1, 2)), .init(from: path(1, 0), to: path(0, 0)),
    ]
    let s1 = try #require(s0.applying(first))
    var second = RowBatch()
    second.sectionMoves = [.init(from: 0, to: 2)]
    second.itemMoves = [
      .init(from: path(1, 2), to: path(0, 0)), .init(from: path(0, 0), to: path(1, 0)),
    ]
    let s2 = try #require(s1.applying(second))
    #expect(s2 == s0)
    let composed = try compose(s0, first, s1, second, s2)
    #expect(composed.isEmpty)
  }

  @Test func aHeaderChangedAndChangedBackIsStillAValidUpdate() throws {
    let s0 = RowSnapshot(sections: [RowSection(id: 0, header: "a"), RowSection(id: 1)])
    var first = RowBatch()
    first.sectionUpdates = [.init(from: 0, to: 0, header: "b", footer: nil)]
    let s1 = try #require(s0.applying(first))
    var second = RowBatch()
    second.sectionMoves = [.init(from: 0, to: 1)]
    second.sectionUpdates = [.init(from: 0, to: 1, header: "a", footer: nil)]
    let s2 = try #require(s1.applying(second))
    let composed = try compose(s0, first, s1, second, s2)
    #expect(composed.sectionUpdates == [.init(from: 0, to: 1, header: "a", footer: nil)])
    #expect(composed.sectionMoves.count == 1)
  }

  /// The counts alone suffice, and a section no batch touches is never
  /// read item by item: here one with 2⁴⁰ items.
  @Test func untouchedSectionsAreNotVisited() throws {
    var first = RowBatch()
    first.sectionInserts = [.init(index: 0, section: RowSection(id: 9, items: [Row(id: 1)]))]
    first.itemInserts = [.init(path: path(2, 0), item: Row(id: 2))]
    var second = RowBatch()
    second.sectionMoves = [.init(from: 1, to: 2)]
    second.itemDeletes = [path(0, 0)]
    second.itemInserts = [.init(path: path(1, 1), item: Row(id: 3))]
    let composed = try #require(
      first.followed(by: second, intermediateItemCounts: [1, 1 << 40, 1]))
    var expected = RowBatch()
    expected.sectionInserts = [.init(index: 0, section: RowSection(id: 9))]
    expected.sectionMoves = [.init(from: 0, to: 2)]
    expected.itemInserts = [
      .init(path: path(1, 0), item: Row(id: 2)), .init(path: path(1, 1), item: Row(id: 3)),
    ]
    #expect(composed == expected)
  }

  /// A section the batches edit is read in pieces (the items they touch
  /// and the runs between them), never item by item: inserts, deletes, a
  /// move and an update in a section of 2⁴⁰ items compose at once, and
  /// the items the edits shift keep their place.
  @Test func touchedSectionsCostTheirEditsNotTheirLength() throws {
    let huge = 1 << 40
    var first = RowBatch()
    first.itemInserts = [.init(path: path(0, 5), item: Row(id: 1))]
    first.itemDeletes = [path(0, huge - 1)]
    var second = RowBatch()
    second.itemMoves = [.init(from: path(0, 0), to: path(0, huge - 2))]
    second.itemUpdates = [.init(from: path(0, 9), to: path(0, 7), item: Row(id: 7, revision: 1))]
    second.itemDeletes = [path(0, 5)]  // the item the first batch inserted
    let composed = try #require(first.followed(by: second, intermediateItemCounts: [huge]))
    var expected = RowBatch()
    expected.itemDeletes = [path(0, huge - 1)]
    expected.itemMoves = [.init(from: path(0, 0), to: path(0, huge - 2))]
    expected.itemUpdates = [.init(from: path(0, 8), to: path(0, 7), item: Row(id: 7, revision: 1))]
    #expect(composed == expected)
  }

  // MARK: Helpers

  /// Three snapshots and the batches between them.
  struct Chain: CustomStringConvertible {
    var s0: RowSnapshot
    var first: RowBatch
    var s1: RowSnapshot
    var second: RowBatch
    var s2: RowSnapshot

    var description: String {
      "s0 \(s0.sections)\ns1 \(s1.sections)\ns2 \(s2.sections)\nfirst \(first)\nsecond \(second)"
    }
  }

  /// S0 → S1 → S2 by diff, each snapshot close to or far from the one before.
  static func diffChain(_ generator: inout SnapshotGenerator) -> Chain {
    let s0 = generator.snapshot()
    let s1 = generator.chance(0.7) ? generator.variation(of: s0) : generator.snapshot()
    let s2 = generator.chance(0.7) ? generator.variation(of: s1) : generator.snapshot()
    return Chain(
      s0: s0, first: s1.difference(from: s0), s1: s1, second: s2.difference(from: s1), s2: s2)
  }

  /// S0 → S1 → S2 by hand-written batches, each one a diff now and then.
  static func handWrittenChain(_ generator: inout SnapshotGenerator) -> Chain {
    let s0 = generator.snapshot()
    var (first, s1) = generator.handWrittenBatch(from: s0)
    if generator.chance(0.2) {
      s1 = generator.variation(of: s0)
      first = s1.difference(from: s0)
    }
    var (second, s2) = generator.handWrittenBatch(from: s1)
    if generator.chance(0.2) {
      s2 = generator.variation(of: s1)
      second = s2.difference(from: s1)
    }
    return Chain(s0: s0, first: first, s1: s1, second: second, s2: s2)
  }

  /// Composes the chain's batches both ways and checks the result against
  /// the library validator and `applying`; returns whether the counts alone
  /// were not enough. `nil` from the counts must mean exactly that the
  /// result inserts an item whose value neither batch carries.
  @discardableResult
  func checkComposition(_ chain: Chain, context: String) -> Bool {
    let (s0, first, s1, second, s2) = (chain.s0, chain.first, chain.s1, chain.second, chain.s2)
    let composed = first.followed(by: second, intermediate: s1)
    let violations = composed.violations(from: s0, to: s2)
    let details = "\(context)\n\(chain)\n→ \(composed)"
    #expect(violations.isEmpty, "\(details)\n\(violations)")
    #expect(s0.applying(composed) == s2, "\(details)")
    var sorted = composed
    sorted.sort()
    #expect(sorted == composed, "the result is sorted: \(details)")
    checkMovesAreMinimal(composed, from: s0, to: s2, context: details)

    var carried: Set<Int> = []
    for batch in [first, second] {
      for insert in batch.itemInserts { carried.insert(insert.item.id) }
      for insert in batch.sectionInserts { carried.formUnion(insert.section.items.map(\.id)) }
      for update in batch.itemUpdates { carried.insert(update.item.id) }
    }
    let inserted =
      composed.itemInserts.map(\.item) + composed.sectionInserts.flatMap(\.section.items)
    let needsIntermediate = inserted.contains { !carried.contains($0.id) }
    let fromCounts = first.followed(by: second, intermediateItemCounts: counts(s1))
    #expect((fromCounts == nil) == needsIntermediate, "\(details)")
    if let fromCounts { #expect(fromCounts == composed, "\(details)") }
    return needsIntermediate
  }

  /// Checks that the inputs chain, composes them, and checks the result.
  func compose(
    _ s0: RowSnapshot, _ first: RowBatch, _ s1: RowSnapshot, _ second: RowBatch,
    _ s2: RowSnapshot
  ) throws -> RowBatch {
    try first.validate(from: s0, to: s1)
    try second.validate(from: s1, to: s2)
    let chain = Chain(s0: s0, first: first, s1: s1, second: second, s2: s2)
    checkComposition(chain, context: "example")
    return first.followed(by: second, intermediate: s1)
  }

  func counts(_ snapshot: RowSnapshot) -> [Int] { snapshot.sections.map(\.items.count) }

  /// Checks the documented minimality: given what survives (the sections
  /// the batch does not delete, the items it neither deletes nor moves to
  /// another section), the surviving sections, and the items that stay in
  /// their section, keep their place along a longest increasing run of old
  /// positions, so the batch moves all but such a run, and no more.
  func checkMovesAreMinimal(
    _ batch: RowBatch, from old: RowSnapshot, to new: RowSnapshot, context: String
  ) {
    // Where every surviving section of `new` was in `old`, as applying reads
    // the batch: moved sections from their move, the others in order.
    let deleted = Set(batch.sectionDeletes)
    let inserted = Set(batch.sectionInserts.map(\.index))
    let movedSectionTo = Dictionary(
      uniqueKeysWithValues: batch.sectionMoves.map { ($0.to, $0.from) })
    let movedSectionFrom = Set(batch.sectionMoves.map(\.from))
    var stayingSections = old.sections.indices.filter {
      !deleted.contains($0) && !movedSectionFrom.contains($0)
    }.makeIterator()
    var origins: [(old: Int, new: Int)] = []
    for t in new.sections.indices where !inserted.contains(t) {
      guard let s = movedSectionTo[t] ?? stayingSections.next() else { continue }
      origins.append((s, t))
    }
    let sectionOrder = origins.map(\.old)
    #expect(
      batch.sectionMoves.count == sectionOrder.count - longestIncreasingRun(sectionOrder),
      "section moves are not minimal: \(context)\n→ \(batch)")

    let movedItemTo = Dictionary(uniqueKeysWithValues: batch.itemMoves.map { ($0.to, $0.from) })
    let movedItemFrom = Set(batch.itemMoves.map(\.from))
    let deletedItems = Set(batch.itemDeletes)
    let insertedItems = Set(batch.itemInserts.map(\.path))
    for (s, t) in origins {
      var staying = old.sections[s].items.indices.filter {
        let path = ItemPath(section: s, item: $0)
        return !deletedItems.contains(path) && !movedItemFrom.contains(path)
      }.makeIterator()
      var order: [Int] = []
      for j in new.sections[t].items.indices {
        let to = ItemPath(section: t, item: j)
        guard !insertedItems.contains(to) else { continue }
        if let from = movedItemTo[to] {
          if from.section == s { order.append(from.item) }
        } else if let i = staying.next() {
          order.append(i)
        }
      }
      let moves = batch.itemMoves.filter { $0.from.section == s && $0.to.section == t }.count
      #expect(
        moves == order.count - longestIncreasingRun(order),
        "item moves in section \(t) are not minimal: \(context)\n→ \(batch)")
    }
  }

  /// The length of a longest strictly increasing subsequence (patience).
  func longestIncreasingRun(_ values: [Int]) -> Int {
    var tails: [Int] = []
    for value in values {
      var low = 0
      var high = tails.count
      while low < high {
        let mid = (low + high) / 2
        if tails[mid] < value { low = mid + 1 } else { high = mid }
      }
      if low == tails.count { tails.append(value) } else { tails[low] = value }
    }
    return tails.count
  }

  func path(_ section: Int, _ item: Int) -> ItemPath { ItemPath(section: section, item: item) }
}

extension SnapshotGenerator {
  /// An item on its way from `old` to the new snapshot: its old path (`nil`
  /// if the batch inserts it) and whether the batch updates it.
  private struct DraftItem {
    var row: Row
    var origin: ItemPath?
    var isUpdated = false
  }

  /// A section on its way: its old index (`nil` if inserted), whether its
  /// header is updated, and its items.
  private struct DraftSection {
    var origin: Int?
    var section: RowSection
    var isUpdated = false
    var items: [DraftItem]
  }

  /// A random batch that `old` accepts, written operation by operation
  /// rather than by a diff, and the snapshot it leads to.
  ///
  /// Unlike a diff it keeps in place a random maximal chain of sections and
  /// of the items staying in each section (never a move that the other
  /// changes imply), may delete an item and insert one of the same identity,
  /// updates items to the same value and headers to the same text, and
  /// reuses the identities of deleted sections and items. Items that end in
  /// an inserted section, or leave a deleted one, are deleted or inserted as
  /// UIKit requires (R13, R14).
  mutating func handWrittenBatch(from old: RowSnapshot) -> (batch: RowBatch, new: RowSnapshot) {
    var drafts: [DraftSection] = []
    var floating: [DraftItem] = []
    var usedItems: Set<Int> = []
    for (s, section) in old.sections.enumerated() where !chance(0.15) {
      var draft = DraftSection(origin: s, section: section, items: [])
      for (i, row) in section.items.enumerated() {
        switch int(0..<20) {
        case 0, 1: continue  // deleted
        case 2: floating.append(DraftItem(row: Row(id: row.id, revision: int(0..<3))))  // again
        case 3, 4, 5:
          floating.append(DraftItem(row: row, origin: ItemPath(section: s, item: i)))
        default:
          draft.items.append(DraftItem(row: row, origin: ItemPath(section: s, item: i)))
        }
        usedItems.insert(row.id)
      }
      drafts.append(draft)
    }
    for _ in 0..<int(0..<3) where drafts.count > 1 {
      let draft = drafts.remove(at: int(0..<drafts.count))
      drafts.insert(draft, at: int(0..<(drafts.count + 1)))
    }
    var usedSections = Set(drafts.map(\.section.id))
    func freshItem() -> Int? {
      let free = (0..<(itemPool + 5)).filter { !usedItems.contains($0) }
      guard let id = free.randomElement(using: &rng) else { return nil }
      usedItems.insert(id)
      return id
    }
    for _ in 0..<int(0..<3) {
      let free = (0..<sectionPool).filter { !usedSections.contains($0) }
      guard let id = free.randomElement(using: &rng) else { break }
      usedSections.insert(id)
      var items: [DraftItem] = []
      for _ in 0..<int(0..<3) {
        if let item = freshItem() { items.append(DraftItem(row: Row(id: item))) }
      }
      let section = RowSection(id: id, header: chance(0.3) ? "h\(int(0..<2))" : nil)
      drafts.insert(
        DraftSection(section: section, items: items), at: int(0..<(drafts.count + 1)))
    }
    for _ in 0..<int(0..<4) {
      if let item = freshItem() { floating.append(DraftItem(row: Row(id: item))) }
    }
    if drafts.isEmpty { floating = [] }
    for item in floating {
      let t = int(0..<drafts.count)
      drafts[t].items.insert(item, at: int(0..<(drafts[t].items.count + 1)))
    }
    for t in drafts.indices {
      if drafts[t].origin != nil, chance(0.15) {
        drafts[t].isUpdated = true
        drafts[t].section.header = chance(0.3) ? nil : "h\(int(0..<3))"
        drafts[t].section.footer = chance(0.8) ? nil : "f"
      }
      for i in drafts[t].items.indices where drafts[t].items[i].origin != nil && chance(0.2) {
        drafts[t].items[i].isUpdated = true
        if chance(0.7) { drafts[t].items[i].row.revision += 1 }
      }
    }
    let new = RowSnapshot(
      sections: drafts.map {
        RowSection(
          id: $0.section.id, header: $0.section.header, footer: $0.section.footer,
          items: $0.items.map(\.row))
      })
    return (batch(from: old, to: drafts), new)
  }

  /// The batch that takes `old` to `drafts`.
  private mutating func batch(from old: RowSnapshot, to drafts: [DraftSection]) -> RowBatch {
    var batch = RowBatch()
    var newIndexOfOld = [Int](repeating: -1, count: old.numberOfSections)
    for (t, draft) in drafts.enumerated() {
      if let s = draft.origin { newIndexOfOld[s] = t }
    }
    for s in old.sections.indices where newIndexOfOld[s] < 0 { batch.sectionDeletes.append(s) }
    var landed: Set<ItemPath> = []
    var common: [(from: Int, to: Int)] = []
    for (t, draft) in drafts.enumerated() {
      guard let s = draft.origin else {
        var section = draft.section
        section.items = .init(draft.items.map(\.row))
        batch.sectionInserts.append(.init(index: t, section: section))
        continue
      }
      common.append((s, t))
      if draft.isUpdated {
        batch.sectionUpdates.append(
          .init(from: s, to: t, header: draft.section.header, footer: draft.section.footer))
      }
      var staying: [(from: Int, to: Int)] = []
      for (j, item) in draft.items.enumerated() {
        let to = ItemPath(section: t, item: j)
        guard let from = item.origin, newIndexOfOld[from.section] >= 0 else {
          batch.itemInserts.append(.init(path: to, item: item.row))
          continue
        }
        landed.insert(from)
        if item.isUpdated { batch.itemUpdates.append(.init(from: from, to: to, item: item.row)) }
        if from.section == s {
          staying.append((from.item, j))
        } else {
          batch.itemMoves.append(.init(from: from, to: to))
        }
      }
      for k in movers(staying.map(\.from)) {
        batch.itemMoves.append(
          .init(
            from: ItemPath(section: s, item: staying[k].from),
            to: ItemPath(section: t, item: staying[k].to)))
      }
    }
    for (s, section) in old.sections.enumerated() where newIndexOfOld[s] >= 0 {
      for i in section.items.indices where !landed.contains(ItemPath(section: s, item: i)) {
        batch.itemDeletes.append(ItemPath(section: s, item: i))
      }
    }
    for k in movers(common.map(\.from)) {
      batch.sectionMoves.append(.init(from: common[k].from, to: common[k].to))
    }
    batch.sort()
    return batch
  }

  /// The offsets of `values` (old positions in new order) outside a random
  /// maximal increasing chain: those that must move. A chain to which no
  /// value can be added leaves no move that the others imply (R18).
  private mutating func movers(_ values: [Int]) -> [Int] {
    var inChain = [Bool](repeating: false, count: values.count)
    var last = -1
    for (k, value) in values.enumerated() where value > last && chance(0.6) {
      inChain[k] = true
      last = value
    }
    // Adding a value only narrows the room for the others: one pass makes
    // the chain maximal.
    for k in values.indices where !inChain[k] {
      let before = values.indices[..<k].last { inChain[$0] }.map { values[$0] } ?? -1
      let after = values.indices[(k + 1)...].first { inChain[$0] }.map { values[$0] } ?? Int.max
      if before < values[k], values[k] < after { inChain[k] = true }
    }
    return values.indices.filter { !inChain[$0] }
  }
}
