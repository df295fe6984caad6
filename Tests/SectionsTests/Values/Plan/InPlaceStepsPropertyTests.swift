import DataSourceGraphSections
import SectionsTestSupport
import TestSupport
import Testing

/// The steps of a batch that changes only items, known from the batch and
/// the content before it (what a renderer that edits its content where it
/// is has): the same answer as the validator and the plan, which read the
/// content after it too.
@Suite struct InPlaceStepsPropertyTests {
  /// `old` with a few item edits of every kind, its sections unchanged:
  /// moves within and across sections, inserts, deletes, new revisions.
  static func itemEdits(of old: RowSnapshot, _ gen: inout SnapshotGenerator) -> RowSnapshot {
    var sections = old.sections
    guard !sections.isEmpty else { return old }
    var nextID = 1_000
    for _ in 0..<gen.int(1..<5) {
      let s = gen.int(0..<sections.count)
      let t = gen.int(0..<sections.count)
      switch gen.int(0..<4) {
      case 0 where !sections[s].items.isEmpty:
        sections[s].items.remove(at: gen.int(0..<sections[s].items.count))
      case 1 where !sections[s].items.isEmpty:
        var item = sections[s].items.remove(at: gen.int(0..<sections[s].items.count))
        if gen.chance(0.5) { item.revision += 1 }
        sections[t].items.insert(item, at: gen.int(0..<(sections[t].items.count + 1)))
      case 2 where !sections[s].items.isEmpty:
        sections[s].items[gen.int(0..<sections[s].items.count)].revision += 1
      default:
        nextID += 1
        sections[t].items.insert(
          Row(id: nextID), at: gen.int(0..<(sections[t].items.count + 1)))
      }
    }
    return RowSnapshot(sections: sections)
  }

  /// A random path near `snapshot`'s: sometimes out of range.
  static func path(in snapshot: RowSnapshot, _ gen: inout SnapshotGenerator) -> ItemPath {
    let s = gen.int(0..<max(snapshot.numberOfSections, 1))
    let count = snapshot.numberOfSections > s ? snapshot.numberOfItems(inSection: s) : 0
    return ItemPath(section: s, item: gen.int(0..<(count + 2)))
  }

  /// `batch` with one random fault or oddity: an operation at a random
  /// path, a repeated update, an update beside a move of its item, a
  /// move that goes nowhere, an identity brought in twice.
  static func perturbed(
    _ batch: RowBatch, of old: RowSnapshot, _ gen: inout SnapshotGenerator
  ) -> RowBatch {
    var batch = batch
    switch gen.int(0..<7) {
    case 0: batch.itemDeletes.append(path(in: old, &gen))
    case 1:
      batch.itemMoves.append(.init(from: path(in: old, &gen), to: path(in: old, &gen)))
    case 2:
      batch.itemInserts.append(.init(path: path(in: old, &gen), item: Row(id: gen.int(0..<40))))
    case 3:
      let p = path(in: old, &gen)
      let item = old.contains(p) ? old.item(at: p) : Row(id: 7)
      batch.itemUpdates.append(.init(from: p, to: path(in: old, &gen), item: item))
    case 4 where !batch.itemUpdates.isEmpty:
      batch.itemUpdates.append(batch.itemUpdates[0])
    case 5 where !batch.itemMoves.isEmpty:
      let move = batch.itemMoves[0]
      batch.itemUpdates.append(.init(from: move.from, to: path(in: old, &gen), item: Row(id: 3)))
    default:
      let p = path(in: old, &gen)
      if old.contains(p) { batch.itemMoves.append(.init(from: p, to: p)) }
    }
    return batch
  }

  @Test(.namesTheSeed)
  func theStepsAreThePlansAndTheValidatorsAnswer() async {
    var answers: [InPlaceSteps: Int] = [:]
    await forEachSeed(1...300) { theStepsAreThePlansAndTheValidatorsAnswer(seed: $0, &answers) }
    #expect(answers[.one, default: 0] > 100, "\(answers)")
    #expect(answers[.updatesFirst, default: 0] > 10, "\(answers)")
  }

  func theStepsAreThePlansAndTheValidatorsAnswer(
    seed: UInt64, _ answers: inout [InPlaceSteps: Int]
  ) {
    var gen = SnapshotGenerator(seed: seed, sectionPool: 3, itemPool: 14)
    for round in 0..<30 {
      let old = gen.snapshot()
      let new = Self.itemEdits(of: old, &gen)
      let diff = new.difference(from: old)
      let batch = gen.chance(0.4) ? Self.perturbed(diff, of: old, &gen) : diff
      let context = "seed \(seed) round \(round): \(batch) on \(old)"
      let steps = batch.inPlaceSteps(on: old)
      guard let applied = old.applying(batch),
        batch.violations(from: old, to: applied, mode: .batch).isEmpty
      else {
        #expect(steps == nil, "\(context)")
        continue
      }
      let rules = Set(batch.violations(from: old, to: applied, mode: .uikitStep).map(\.rule))
      guard let steps else {
        // Left to the full plan only where a diff might keep an updated
        // and moved item in place.
        let decidable =
          rules.isEmpty
          || (rules == [.r7]
            && (!batch.updatesAnItemMovedInItsSection(from: old, to: applied)
              || batch.movesAnUpdatedItemInEveryDiff(from: old, to: applied)))
        #expect(batch.isEmpty || !decidable, "\(context): \(rules)")
        continue
      }
      answers[steps, default: 0] += 1
      #expect(rules == (steps == .one ? [] : [.r7]), "\(context)")
      guard let plan = try? batch.uikitPlan(from: old, to: applied) else {
        Issue.record("no plan: \(context)")
        continue
      }
      let expected =
        steps == .one ? [batch] : [batch.updatesAtTheirOldPaths, batch.withoutItemUpdates]
      let planned = plan.steps.map { step -> [[String]]? in
        guard case .batch(let batch) = step.change else { return nil }
        return Self.operations(batch)
      }
      #expect(planned == expected.map(Self.operations), "\(context)")
      // The steps, applied one after the other where they are, reach what
      // the batch does.
      var shown = old
      for step in expected {
        let applies = shown.applyNamed(step)
        #expect(applies, "\(context)")
      }
      #expect(shown == applied, "\(context)")
    }
  }

  /// The operations of `batch`, each kind in a set order: a batch is a set
  /// of operations, whatever order they are listed in.
  static func operations(_ batch: RowBatch) -> [[String]] {
    [
      batch.itemDeletes.map { "\($0)" }.sorted(), batch.itemInserts.map { "\($0)" }.sorted(),
      batch.itemMoves.map { "\($0)" }.sorted(), batch.itemUpdates.map { "\($0)" }.sorted(),
      [
        batch.sectionDeletes.count, batch.sectionInserts.count, batch.sectionMoves.count,
        batch.sectionUpdates.count,
      ].map { "\($0)" },
    ]
  }

  /// A batch that moves an item where the other changes put it anyway (R18)
  /// is not shown in place: the validator refuses it.
  @Test func aMoveTheOtherChangesImplyIsRefused() {
    let old = RowSnapshot(id: 0, items: (0..<5).map { Row(id: $0) })
    var batch = RowBatch()
    batch.itemDeletes = [ItemPath(section: 0, item: 0)]
    batch.itemMoves = [
      .init(from: ItemPath(section: 0, item: 3), to: ItemPath(section: 0, item: 2))
    ]
    #expect(batch.inPlaceSteps(on: old) == nil)
    batch.itemMoves = [
      .init(from: ItemPath(section: 0, item: 3), to: ItemPath(section: 0, item: 0))
    ]
    #expect(batch.inPlaceSteps(on: old) == .one)
  }

  /// Every item that stays is found where the batch takes it, from the
  /// batch alone.
  @Test(.namesTheSeed)
  func anItemThatStaysIsFoundWhereTheBatchTakesIt() async {
    await forEachSeed(1...200, anItemThatStaysIsFoundWhereTheBatchTakesIt(seed:))
  }

  func anItemThatStaysIsFoundWhereTheBatchTakesIt(seed: UInt64) {
    var gen = SnapshotGenerator(seed: seed, sectionPool: 3, itemPool: 14)
    for round in 0..<20 {
      let old = gen.snapshot()
      let new = Self.itemEdits(of: old, &gen)
      let batch = new.difference(from: old)
      for (s, section) in old.sections.enumerated() {
        for (i, item) in section.items.enumerated() {
          let p = ItemPath(section: s, item: i)
          let leaves =
            batch.itemDeletes.contains(p) || batch.itemMoves.contains { $0.from == p }
          let expected = leaves ? nil : new.itemPath(for: item.id)
          #expect(
            batch.path(afterItemAt: p) == expected,
            "seed \(seed) round \(round): \(p) in \(batch) on \(old)")
        }
      }
    }
  }
}
