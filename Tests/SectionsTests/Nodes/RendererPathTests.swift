import DataSourceGraphNodes
import DataSourceGraphSections
import DataSourceGraphTesting
import SectionsTestSupport
import TestSupport
import Testing

/// The renderer's path: a mirror applies every batch of a long random edit
/// sequence without building identity tables (release builds), every batch
/// has a safe UIKit plan, and a section move beside item or header changes
/// is planned with the quiet sections moved.
@Suite struct RendererPathTests {
  static let seeds: [UInt64] = PropertyDepth.seeds(debug: 1...12, release: 1...100)
  static let steps = PropertyDepth.steps(debug: 150, release: 1_000)

  let p = Shots.path

  /// A source with a few sections of fresh items.
  static func source(_ rng: inout SplitMix64, nextID: inout Int) -> MutableDataSource<Int, Row> {
    let sections = (0..<rng.int(0...4)).map { s in
      RowSection(
        id: s, header: rng.chance(0.3) ? "h\(s)" : nil,
        items: (0..<rng.int(0...12)).map { _ in
          defer { nextID += 1 }
          return Row(id: nextID)
        })
    }
    return MutableDataSource(sections: sections)
  }

  /// One random edit through the source's edit API; returns what it did.
  static func edit(
    _ source: MutableDataSource<Int, Row>, _ rng: inout SplitMix64, nextID: inout Int
  ) -> String {
    let sections = source.sections
    let nonEmpty = sections.indices.filter { !sections[$0].items.isEmpty }
    func fresh(_ count: Int) -> [Row] {
      (0..<count).map { _ in
        defer { nextID += 1 }
        return Row(id: nextID)
      }
    }
    func anyPath() -> ItemPath {
      let s = nonEmpty[rng.int(0..<nonEmpty.count)]
      return ItemPath(section: s, item: rng.int(0..<sections[s].items.count))
    }
    switch rng.int(0..<13) {
    case 0 where !sections.isEmpty:
      let s = rng.int(0..<sections.count)
      let path = ItemPath(section: s, item: rng.int(0...sections[s].items.count))
      var rows = fresh(rng.int(1...4))
      // Now and then an identity already present, which the source drops.
      if !nonEmpty.isEmpty && rng.chance(0.2) { rows.append(source.item(at: anyPath())) }
      source.insert(rows, at: path)
      return "insert \(rows) at \(path)"
    case 1 where !sections.isEmpty:
      let s = rng.int(0..<sections.count)
      let rows = fresh(rng.int(1...30))
      source.append(rows, toSection: s)
      return "append \(rows.count) to \(s)"
    case 2 where !nonEmpty.isEmpty:
      let paths = (0..<rng.int(1...5)).map { _ in anyPath() }
      source.deleteItems(at: paths)
      return "delete \(paths)"
    case 3 where !nonEmpty.isEmpty:
      let ids = (0..<rng.int(1...3)).map { _ in source.item(at: anyPath()).id } + [-7]
      source.deleteItems(withIDs: ids)
      return "delete ids \(ids)"
    case 4 where !nonEmpty.isEmpty:
      let from = anyPath()
      let t = rng.int(0..<sections.count)
      let room = sections[t].items.count - (t == from.section ? 1 : 0)
      let to = ItemPath(section: t, item: rng.int(0...room))
      source.moveItem(from: from, to: to)
      return "move \(from) → \(to)"
    case 5 where !nonEmpty.isEmpty:
      let rows = (0..<rng.int(1...4)).map { _ in
        var row = source.item(at: anyPath())
        row.revision += 1
        return row
      }
      source.update(rows + [Row(id: -8)])
      return "update \(rows)"
    case 6:
      let id = (sections.map(\.id).max() ?? -1) + 1
      let index = rng.int(0...sections.count)
      var rows = fresh(rng.int(0...6))
      if !nonEmpty.isEmpty && rng.chance(0.2) { rows.append(source.item(at: anyPath())) }
      source.insertSection(RowSection(id: id, header: "new", items: rows), at: index)
      return "insert section \(id) \(rows) at \(index)"
    case 7 where !sections.isEmpty:
      let s = rng.int(0..<sections.count)
      source.deleteSection(at: s)
      return "delete section \(s)"
    case 8 where sections.count > 1:
      let from = rng.int(0..<sections.count)
      let to = rng.int(0..<sections.count)
      source.moveSection(from: from, to: to)
      return "move section \(from) → \(to)"
    case 9 where !sections.isEmpty:
      let s = rng.int(0..<sections.count)
      let header: String? = rng.chance(0.3) ? nil : "h\(rng.int(0..<4))"
      source.updateSection(at: s, header: header, footer: rng.chance(0.2) ? "f" : nil)
      return "update section \(s) header \(header ?? "nil")"
    case 10, 11, 12:
      // Several edits of every kind at once: one diffed batch with moves
      // between and inside moved sections, updates and header changes.
      var ids = nextID
      source.perform { sections in
        for _ in 0..<rng.int(1...6) {
          guard !sections.isEmpty else {
            sections.append(RowSection(id: 1_000 + ids, items: [Row(id: ids)]))
            ids += 1
            continue
          }
          let s = rng.int(0..<sections.count)
          switch rng.int(0..<7) {
          case 0 where sections.count > 1:
            let section = sections.remove(at: s)
            sections.insert(section, at: rng.int(0...sections.count))
          case 1:
            sections[s].header = rng.chance(0.5) ? nil : "p\(rng.int(0..<3))"
          case 2 where !sections[s].items.isEmpty:
            var row = sections[s].items.remove(at: rng.int(0..<sections[s].items.count))
            if rng.chance(0.4) { row.revision += 1 }
            let t = rng.int(0..<sections.count)
            sections[t].items.insert(row, at: rng.int(0...sections[t].items.count))
          case 3 where !sections[s].items.isEmpty:
            sections[s].items.remove(at: rng.int(0..<sections[s].items.count))
          case 4 where !sections[s].items.isEmpty:
            sections[s].items[rng.int(0..<sections[s].items.count)].revision += 1
          case 5 where sections.count > 1 && rng.chance(0.3):
            sections.remove(at: s)
          default:
            sections[s].items.insert(Row(id: ids), at: rng.int(0...sections[s].items.count))
            ids += 1
          }
        }
      }
      nextID = ids
      return "perform"
    default:
      // An edit whose precondition failed: start a section.
      let id = (sections.map(\.id).max() ?? -1) + 1
      source.insertSection(RowSection(id: id, items: fresh(rng.int(0...3))), at: 0)
      return "insert section \(id) at 0"
    }
  }

  /// Runs `steps` seeded random edits on a source shown in a mirror, and
  /// calls `check` after each with the mirror's snapshot before the edit,
  /// the changes the edit sent and a description of the step.
  static func run(
    seed: UInt64, steps: Int,
    check: (
      MutableDataSource<Int, Row>, MirrorRenderer<Int, Row>, RowSnapshot,
      ArraySlice<SnapshotChange<Int, Row>>, String
    ) -> Bool
  ) -> (source: MutableDataSource<Int, Row>, mirror: MirrorRenderer<Int, Row>, batches: Int) {
    var rng = SplitMix64(seed: seed &* 2_654_435_761)
    var nextID = 0
    let source = Self.source(&rng, nextID: &nextID)
    let mirror = MirrorRenderer(for: source, recordingChanges: true)
    let observation = source.render(into: mirror)
    defer { observation.cancel() }
    for step in 0..<steps {
      let before = mirror.snapshot
      let count = mirror.changes.count
      let what = edit(source, &rng, nextID: &nextID)
      let context = "seed \(seed) step \(step): \(what)"
      guard check(source, mirror, before, mirror.changes[count...], context) else { break }
    }
    return (source, mirror, mirror.batchCount)
  }

  // MARK: 1. The mirror follows without building tables

  @Test(.namesTheSeed)
  func mirrorFollowsARandomEditSequence() async {
    await forEachSeed(Self.seeds, mirrorFollowsARandomEditSequence(seed:))
  }

  func mirrorFollowsARandomEditSequence(seed: UInt64) {
    var unbuiltChecks = 0
    let (source, mirror, batches) = Self.run(seed: seed, steps: Self.steps) {
      source, mirror, before, changes, context in
      // First, before any identity read of the new snapshot. An update in
      // place keeps the table the mirror had (built, say, with the
      // snapshot it was reset to): every identity keeps its path.
      if case .batch(let batch) = changes.last,
        !(before.fitsInPlace(batch) && LazyIdentityTableTests.tableIsBuilt(before) == true)
      {
        #if !DATASOURCEGRAPH_INTERNAL_CHECKS
          let built = LazyIdentityTableTests.tableIsBuilt(mirror.snapshot)
          #expect(built != true, "\(context): the mirror's identity table was built")
          if built == false { unbuiltChecks += 1 }
        #endif
      }
      #expect(mirror.failures.isEmpty, "\(context): \(mirror.failures)")
      #expect(mirror.snapshot == source.snapshot, "\(context)")
      return mirror.failures.isEmpty
    }
    #expect(mirror.snapshot == source.snapshot, "seed \(seed)")
    #expect(mirror.failures.isEmpty, "seed \(seed): \(mirror.failures)")
    #expect(mirror.state.isSameState(as: source.contentState), "seed \(seed)")
    #expect(batches > Self.steps / 2, "seed \(seed): only \(batches) batches")
    #if !DATASOURCEGRAPH_INTERNAL_CHECKS
      #expect(unbuiltChecks > Self.steps / 2, "seed \(seed): only \(unbuiltChecks) probes")
    #endif
  }

  // MARK: 2. Every batch has a safe plan

  @Test(.namesTheSeed)
  func everyBatchHasASafePlan() async {
    await forEachSeed(Self.seeds, everyBatchHasASafePlan(seed:))
  }

  func everyBatchHasASafePlan(seed: UInt64) {
    var staged = 0
    let (source, mirror, _) = Self.run(seed: seed &+ 77, steps: Self.steps) {
      _, mirror, before, changes, context in
      var current = before
      for (k, change) in changes.enumerated() {
        guard case .batch(let batch) = change else { continue }
        let after = k == changes.count - 1 ? mirror.snapshot : current.applying(batch)
        guard let after else {
          Issue.record("\(context): change \(k) does not apply")
          return false
        }
        do {
          let plan = try change.uikitPlan(from: current)
          let violations = plan.violations(from: current, to: after)
          #expect(
            violations.isEmpty,
            "\(context)\nbefore \(current.sections)\nafter \(after.sections)\n\(batch)\n\(violations)"
          )
          #expect(!plan.isReload, "\(context): the plan reloads\n\(batch)")
          #expect(plan.steps.last?.snapshot == after, "\(context)")
          if plan.steps.count > 1 { staged += 1 }
          if !violations.isEmpty { return false }
        } catch {
          Issue.record("\(context): the plan threw \(error)\n\(batch)")
          return false
        }
        current = after
      }
      return true
    }
    #expect(mirror.snapshot == source.snapshot, "seed \(seed)")
    #expect(mirror.failures.isEmpty, "seed \(seed): \(mirror.failures)")
    #expect(staged > 0, "seed \(seed): no batch needed staging")
  }

  // MARK: 3. Section moves re-chosen

  /// Checks that `batch` breaks `rule` in one step, and that its plan is
  /// `steps` safe steps, the section moves of the first being `moves`.
  func expectPlan(
    _ batch: RowBatch, _ old: RowSnapshot, _ new: RowSnapshot, breaks rule: UIKitRule,
    steps: Int, moves: [RowBatch.Move<Int>], sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    #expect(
      batch.violations(from: old, to: new).isEmpty, "the batch is valid",
      sourceLocation: sourceLocation)
    #expect(old.applying(batch) == new, sourceLocation: sourceLocation)
    let stepViolations = batch.violations(from: old, to: new, mode: .uikitStep)
    #expect(
      stepViolations.contains { $0.rule == rule }, "\(stepViolations)",
      sourceLocation: sourceLocation)
    let plan = try batch.uikitPlan(from: old, to: new)
    let violations = plan.violations(from: old, to: new)
    #expect(violations.isEmpty, "\(violations)", sourceLocation: sourceLocation)
    #expect(!plan.isReload, sourceLocation: sourceLocation)
    #expect(plan.steps.count == steps, "\(plan.steps)", sourceLocation: sourceLocation)
    #expect(plan.steps.last?.snapshot == new, sourceLocation: sourceLocation)
    let firstMoves = plan.steps.lazy.compactMap(\.batch).first { !$0.sectionMoves.isEmpty }
    #expect(
      firstMoves?.sectionMoves.sorted(by: { $0.to < $1.to }) == moves,
      "\(plan.steps)", sourceLocation: sourceLocation)
    // Through the applied snapshot a renderer holds, the same plan.
    let applied = old.applying(RowBatch())!
    let change = SnapshotChange<Int, Row>.batch(batch)
    let viaChange = try change.uikitPlan(from: applied)
    #expect(
      viaChange.violations(from: applied, to: new).isEmpty, sourceLocation: sourceLocation)
    #expect(viaChange.steps.count == steps, sourceLocation: sourceLocation)
  }

  /// R19 with R16: a section whose header changes and whose items move is
  /// moved. The section-level form of R19 forbids any section reload beside
  /// any section move, so no single step can do it; the plan takes two
  /// steps, and the step that moves sections moves the quiet one, keeping
  /// the busy one (item moves, header) in place.
  @Test func headerChangeBesideASectionMove() throws {
    let old = Shots.make([0: [1], 1: [2, 3]])
    let new = Shots.make([1: [3, 2], 0: [1]], headers: [1: "x"])
    var batch = RowBatch()
    batch.sectionMoves = [.init(from: 1, to: 0)]
    batch.itemMoves = [Shots.move(p(1, 1), p(0, 0))]
    batch.sectionUpdates = [.init(from: 1, to: 0, header: "x", footer: nil)]
    try expectPlan(batch, old, new, breaks: .r19, steps: 2, moves: [.init(from: 0, to: 1)])
    // Moving the quiet section instead still reloads beside a move.
    var quiet = batch
    quiet.sectionMoves = [.init(from: 0, to: 1)]
    #expect(quiet.violations(from: old, to: new).isEmpty)
    #expect(Set(quiet.violations(from: old, to: new, mode: .uikitStep).map(\.rule)) == [.r19])
    Shots.expectDiffAndPlanAreSafe(old, new)
  }

  /// R19 alone: only a header change, on the moved section. Any section
  /// move beside it breaks R19, so the plan moves in one step and reloads
  /// the header in the next.
  @Test func headerChangeOfTheMovedSection() throws {
    let old = Shots.make([0: [1], 1: [2], 2: [3]])
    let new = Shots.make([2: [3], 0: [1], 1: [2]], headers: [2: "x"])
    var batch = RowBatch()
    batch.sectionMoves = [.init(from: 2, to: 0)]
    batch.sectionUpdates = [.init(from: 2, to: 0, header: "x", footer: nil)]
    try expectPlan(batch, old, new, breaks: .r19, steps: 2, moves: [.init(from: 2, to: 0)])
    Shots.expectDiffAndPlanAreSafe(old, new)
  }

  /// R16 in three sections: the batch moves the middle section, in which an
  /// item moves; of the two longest runs the plan keeps the busy section in
  /// place and moves the quiet last one, in one step.
  @Test func threeSectionsTheQuietOneMoves() throws {
    let old = Shots.make([0: [1], 1: [2, 3], 2: [4]])
    let new = Shots.make([0: [1], 2: [4], 1: [3, 2]])
    var batch = RowBatch()
    batch.sectionMoves = [.init(from: 1, to: 2)]
    batch.itemMoves = [Shots.move(p(1, 1), p(2, 0))]
    try expectPlan(batch, old, new, breaks: .r16, steps: 1, moves: [.init(from: 2, to: 1)])
    Shots.expectDiffAndPlanAreSafe(old, new)
  }

  /// R16 in three reversed sections: the batch keeps the first in place and
  /// moves the middle one, into which an item is inserted; the plan keeps
  /// the busy middle one and moves the two quiet ones, in one step.
  @Test func threeReversedSectionsTheQuietOnesMove() throws {
    let old = Shots.make([0: [1], 1: [2], 2: [3]])
    let new = Shots.make([2: [3], 1: [2, 9], 0: [1]])
    var batch = RowBatch()
    batch.sectionMoves = [.init(from: 2, to: 0), .init(from: 1, to: 1)]
    batch.itemInserts = [.init(path: p(1, 1), item: Row(id: 9))]
    try expectPlan(
      batch, old, new, breaks: .r16, steps: 1,
      moves: [.init(from: 2, to: 0), .init(from: 0, to: 2)])
    Shots.expectDiffAndPlanAreSafe(old, new)
  }
}
