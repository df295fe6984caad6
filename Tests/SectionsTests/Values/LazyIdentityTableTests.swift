import DataSourceGraphNodes
import DataSourceGraphSections
import SectionsTestSupport
import TestSupport
import Testing

/// Snapshots made by applying a batch build their identity table on the
/// first identity read: they answer exactly as a snapshot built from the
/// same sections, reject a batch that brings an identity back, share one
/// table between copies, build it safely under concurrent first reads, and
/// apply bulk edits (beyond the small-count paths) exactly.
@Suite struct LazyIdentityTableTests {
  static let seeds: [UInt64] = PropertyDepth.seeds(debug: 1...16, release: 1...200)
  static let pairsPerSeed = PropertyDepth.steps(debug: 40, release: 200)

  let p = Shots.path

  /// Whether `snapshot`'s identity table is built, read without building
  /// it: in release builds `applyingNamed` checks the identities a batch
  /// brings in only when the table is built, so a batch that brings back an
  /// identity the snapshot has applies exactly when the table is not built.
  /// (`Snapshot.index` is internal, not package, so tests cannot read
  /// `index.isBuilt` directly.) Debug builds always check, and build the
  /// table at once anyway (`_checkInvariants`), so there it answers `true`.
  /// `nil` when the snapshot has no section to probe with.
  static func tableIsBuilt(_ snapshot: RowSnapshot) -> Bool? {
    var probe = RowBatch()
    if let s = snapshot.sections.firstIndex(where: { !$0.items.isEmpty }) {
      let present = snapshot.sections[s].items[0]
      probe.itemInserts = [.init(path: ItemPath(section: s, item: 0), item: present)]
    } else if let first = snapshot.sections.first {
      // A present section identity: when the table is built, the check
      // fails on the section table before reading the item table.
      probe.sectionInserts = [.init(index: 0, section: RowSection(id: first.id))]
    } else {
      return nil
    }
    return snapshot.applyingNamed(probe) == nil
  }

  // MARK: 1. Reads of an applied snapshot

  /// Over a chain of seeded random variations, each applied to the
  /// previous result (so the old snapshot is itself an applied one, its
  /// table built or not): the result equals the target, and answers
  /// `itemPath(for:)`, `numberOfItems` and `isEmpty` as
  /// `Snapshot(sections:)` of its sections does.
  @Test(.namesTheSeed)
  func appliedSnapshotAnswersAsABuiltOne() async {
    await forEachSeed(Self.seeds, appliedSnapshotAnswersAsABuiltOne(seed:))
  }

  func appliedSnapshotAnswersAsABuiltOne(seed: UInt64) {
    var generator = SnapshotGenerator(
      seed: seed &* 104_729, sectionPool: 3 + Int(seed % 4), itemPool: 5 + Int(seed % 23))
    var current = generator.snapshot()
    for round in 0..<Self.pairsPerSeed {
      let new = generator.chance(0.9) ? generator.variation(of: current) : generator.snapshot()
      let context = "seed \(seed) round \(round)\nold \(current.sections)\nnew \(new.sections)"
      let batch = new.difference(from: current)
      guard let applied = current.applying(batch) else {
        Issue.record("the diff does not apply: \(context)\n\(batch)")
        return
      }
      #expect(applied == new, "\(context)")
      #expect(applied.duplicates.isEmpty, "\(context)")
      let built = RowSnapshot(sections: applied.sections)
      #expect(built.duplicates.isEmpty, "\(context): the applied sections repeat an identity")
      // Counts first: they must not need the table.
      #expect(applied.numberOfItems == built.numberOfItems, "\(context)")
      #expect(applied.isEmpty == built.isEmpty, "\(context)")
      #expect(applied.numberOfSections == built.numberOfSections, "\(context)")
      // Half the rounds read identities now; the other half leave the table
      // unbuilt for the next round's `applying` to meet.
      if generator.chance(0.5) {
        for id in -1...(generator.itemPool + 1) {
          let path = applied.itemPath(for: id)
          #expect(path == built.itemPath(for: id), "\(context) id \(id)")
          #expect(path == new.itemPath(for: id), "\(context) id \(id)")
          if let path { #expect(applied.item(at: path).id == id, "\(context) id \(id)") }
        }
        for id in -1...(generator.sectionPool + 1) {
          #expect(applied.sectionIndex(for: id) == built.sectionIndex(for: id), "\(context)")
        }
      }
      current = applied
    }
  }

  // MARK: 2. Identities brought back

  /// A snapshot made by applying (in release builds its table is not built
  /// yet), fresh for every case.
  func appliedBase() -> RowSnapshot {
    let base = Shots.make([0: [1, 2, 3], 1: [4, 5], 2: []])
    var batch = RowBatch()
    batch.itemMoves = [Shots.move(p(0, 0), p(1, 2))]
    batch.itemInserts = [.init(path: p(2, 0), item: Row(id: 6))]
    let applied = base.applying(batch)!
    #expect(applied == Shots.make([0: [2, 3], 1: [4, 5, 1], 2: [6]]))
    return applied
  }

  @Test func applyingRejectsAnIdentityAlreadyPresentBeforeTheTableIsBuilt() {
    #if !DATASOURCEGRAPH_INTERNAL_CHECKS
      #expect(Self.tableIsBuilt(appliedBase()) == false, "the probe must see an unbuilt table")
    #endif
    // Each case on a fresh applied snapshot, so none finds a built table.
    func rejects(_ describe: String, _ edit: (inout RowBatch) -> Void) {
      var batch = RowBatch()
      edit(&batch)
      let old = appliedBase()
      #expect(old.applying(batch) == nil, "\(describe)")
      // The same on a snapshot built from the same sections.
      #expect(RowSnapshot(sections: old.sections).applying(batch) == nil, "\(describe), built")
      #if DATASOURCEGRAPH_INTERNAL_CHECKS
        #expect(
          appliedBase().applyingNamed(batch) == nil, "\(describe), applyingNamed (internal checks)")
      #endif
    }
    rejects("an item present elsewhere") {
      $0.itemInserts = [.init(path: p(2, 1), item: Row(id: 2))]
    }
    rejects("an item present in the same section") {
      $0.itemInserts = [.init(path: p(1, 0), item: Row(id: 4, revision: 1))]
    }
    rejects("an item the applied batch moved") {
      $0.itemInserts = [.init(path: p(0, 0), item: Row(id: 1))]
    }
    rejects("an item the applied batch inserted") {
      $0.itemInserts = [.init(path: p(0, 2), item: Row(id: 6))]
    }
    rejects("a new item inserted twice") {
      $0.itemInserts = [
        .init(path: p(0, 0), item: Row(id: 9)), .init(path: p(1, 0), item: Row(id: 9)),
      ]
    }
    rejects("a present section") {
      $0.sectionInserts = [.init(index: 3, section: RowSection(id: 1))]
    }
    rejects("a new section carrying a present item") {
      $0.sectionInserts = [.init(index: 0, section: RowSection(id: 7, items: [Row(id: 5)]))]
    }
    rejects("a new section inserted twice") {
      $0.sectionInserts = [
        .init(index: 0, section: RowSection(id: 7)), .init(index: 1, section: RowSection(id: 7)),
      ]
    }
    rejects("an item moved out while a copy arrives") {
      $0.itemMoves = [Shots.move(p(0, 0), p(1, 0))]
      $0.itemInserts = [.init(path: p(0, 0), item: Row(id: 2))]
    }
  }

  @Test func applyingAcceptsAnIdentityDeletedAndReinserted() {
    func accepts(_ describe: String, _ expected: RowSnapshot, _ edit: (inout RowBatch) -> Void) {
      var batch = RowBatch()
      edit(&batch)
      let result = appliedBase().applying(batch)
      #expect(result == expected, "\(describe)")
      #expect(appliedBase().applyingNamed(batch) == expected, "\(describe), applyingNamed")
      if let result {
        #expect(result.itemPath(for: 2) == expected.itemPath(for: 2), "\(describe)")
        for id in 0...10 {
          #expect(result.itemPath(for: id) == expected.itemPath(for: id), "\(describe) id \(id)")
        }
      }
    }
    accepts(
      "an item deleted and reinserted elsewhere",
      Shots.make([0: [3], 1: [4, 5, 1], 2: [2, 6]], revised: [2])
    ) {
      $0.itemDeletes = [p(0, 0)]
      $0.itemInserts = [.init(path: p(2, 0), item: Row(id: 2, revision: 1))]
    }
    accepts(
      "an item deleted and reinserted in place",
      Shots.make([0: [2, 3], 1: [4, 5, 1], 2: [6]], revised: [1])
    ) {
      $0.itemDeletes = [p(1, 2)]
      $0.itemInserts = [.init(path: p(1, 2), item: Row(id: 1, revision: 1))]
    }
    accepts("an item of a deleted section reinserted", Shots.make([0: [2, 3, 4], 2: [6]])) {
      $0.sectionDeletes = [1]
      $0.itemInserts = [.init(path: p(0, 2), item: Row(id: 4))]
    }
    accepts("a section deleted and reinserted", Shots.make([1: [4, 5, 1], 0: [2], 2: [6]])) {
      $0.sectionDeletes = [0]
      $0.sectionInserts = [.init(index: 1, section: RowSection(id: 0, items: [Row(id: 2)]))]
    }
    accepts(
      "a new section taking a deleted item", Shots.make([7: [3], 0: [2], 1: [4, 5, 1], 2: [6]])
    ) {
      $0.itemDeletes = [p(0, 1)]
      $0.sectionInserts = [.init(index: 0, section: RowSection(id: 7, items: [Row(id: 3)]))]
    }
  }

  // MARK: 3. One shared table

  /// Reading an identity through a copy builds the table of the original:
  /// the box is shared. Observed through ``tableIsBuilt(_:)``, which can
  /// only tell without the library's internal checks (they build every table
  /// at once); so a plain debug build, an app's, builds no table either.
  @Test func copiesShareOneTable() {
    let original = appliedBase()
    let copy = original
    #if !DATASOURCEGRAPH_INTERNAL_CHECKS
      #expect(Self.tableIsBuilt(original) == false)
      #expect(Self.tableIsBuilt(copy) == false)
    #endif
    #expect(copy.itemPath(for: 6) == p(2, 0))
    #expect(Self.tableIsBuilt(original) == true)
    #expect(original.itemPath(for: 1) == p(1, 2))
    // A snapshot applied from it has its own box, not built yet.
    var batch = RowBatch()
    batch.itemDeletes = [p(0, 0)]
    let next = original.applying(batch)!
    #if !DATASOURCEGRAPH_INTERNAL_CHECKS
      #expect(Self.tableIsBuilt(next) == false)
    #endif
    #expect(next.itemPath(for: 2) == nil && next.itemPath(for: 3) == p(0, 0))
    #expect(Self.tableIsBuilt(next) == true)
    #expect(original.itemPath(for: 2) == p(0, 0))
  }

  // MARK: 4. Concurrent first reads

  /// Many tasks read identities of one applied 50,000-item snapshot at once,
  /// each starting at a different place, so in release builds they race
  /// for the first build; every answer is right.
  @Test func concurrentFirstReadsAgree() async {
    let sectionCount = 10
    let perSection = 5_000
    let total = sectionCount * perSection
    let old = RowSnapshot(
      sections: (0..<sectionCount).map { s in
        RowSection(id: s, items: (0..<perSection).map { Row(id: s * perSection + $0) })
      })
    var batch = RowBatch()
    batch.itemDeletes = [p(0, 0)]
    batch.itemInserts = [.init(path: p(sectionCount - 1, perSection), item: Row(id: total))]
    guard let applied = old.applying(batch) else {
      Issue.record("the batch does not apply")
      return
    }
    #if !DATASOURCEGRAPH_INTERNAL_CHECKS
      #expect(Self.tableIsBuilt(applied) == false, "the reads below must be the first")
    #endif
    @Sendable func expected(_ id: Int) -> ItemPath? {
      guard (1...total).contains(id) else { return nil }
      if id == total { return ItemPath(section: sectionCount - 1, item: perSection) }
      let s = id / perSection
      return ItemPath(section: s, item: id % perSection - (s == 0 ? 1 : 0))
    }
    let tasks = 16
    let wrong = await withTaskGroup(of: Int.self) { group in
      for t in 0..<tasks {
        group.addTask {
          var wrong = 0
          let start = t * (total / tasks)
          for k in 0...(total + 1) {
            let id = (start + k) % (total + 2) - 1  // -1...total, from `start` on
            if applied.itemPath(for: id) != expected(id) { wrong += 1 }
          }
          return wrong
        }
      }
      return await group.reduce(0, +)
    }
    #expect(wrong == 0)
    #expect(applied.numberOfItems == total)
  }

  // MARK: 5. Bulk deletes and inserts in one section

  /// `count` distinct offsets in `0..<range`, in random order.
  static func offsets(_ count: Int, in range: Int, _ rng: inout SplitMix64) -> [Int] {
    var all = Array(0..<range)
    all.shuffle(using: &rng)
    return Array(all.prefix(count))
  }

  /// Hundreds of deletes and inserts in a 2,000-item section (and counts
  /// around the small-count paths' limit of 8): the batch gives the array
  /// built by hand, and the same as applying its operations one by one.
  @Test(arguments: [
    (UInt64(1), 300, 400), (2, 400, 300), (3, 9, 9), (4, 8, 8), (5, 9, 0), (6, 0, 9), (7, 1_999, 5),
    (8, 2_000, 2_000),
  ])
  func bulkDeletesAndInsertsInOneSection(seed: UInt64, deletes: Int, inserts: Int) {
    var rng = SplitMix64(seed: seed)
    let size = 2_000
    let old = Shots.make([0: [-1, -2], 1: Array(0..<size), 2: [-3]])
    let deleted = Self.offsets(deletes, in: size, &rng)
    let finalCount = size - deletes + inserts
    let arrivals = Self.offsets(inserts, in: finalCount, &rng)
    let context = "seed \(seed), \(deletes) deletes, \(inserts) inserts"

    // By hand.
    let gone = Set(deleted)
    var items = (0..<size).filter { !gone.contains($0) }.map { Row(id: $0) }
    for (k, offset) in arrivals.enumerated().sorted(by: { $0.element < $1.element }) {
      items.insert(Row(id: 10_000 + k), at: offset)
    }
    let expected = RowSnapshot(sections: [
      old.sections[0], RowSection(id: 1, items: items), old.sections[2],
    ])
    #expect(expected.numberOfItems == old.numberOfItems - deletes + inserts, "\(context)")

    var batch = RowBatch()
    batch.itemDeletes = deleted.map { p(1, $0) }
    batch.itemInserts = arrivals.enumerated().map {
      .init(path: p(1, $0.element), item: Row(id: 10_000 + $0.offset))
    }
    // Applied from a built snapshot and from an applied one.
    let fromApplied = old.applying(RowBatch())!
    for (name, start) in [("built", old), ("applied", fromApplied)] {
      let result = start.applying(batch)
      #expect(result == expected, "\(context) from \(name)")
      #expect(result?.numberOfItems == expected.numberOfItems, "\(context) from \(name)")
      #expect(result?.sections[0].items == old.sections[0].items, "\(context) from \(name)")
      if let result {
        for id in [-3, -2, -1] + deleted.prefix(20) + Array(10_000..<(10_000 + min(inserts, 20))) {
          #expect(result.itemPath(for: id) == expected.itemPath(for: id), "\(context) id \(id)")
        }
      }
      #expect(start.applyingNamed(batch) == expected, "\(context) from \(name), applyingNamed")
    }

    // One by one: deletes from the highest offset, then inserts ascending.
    var stepwise: RowSnapshot? = old
    for offset in deleted.sorted(by: >) {
      var one = RowBatch()
      one.itemDeletes = [p(1, offset)]
      stepwise = stepwise?.applying(one)
    }
    for (k, offset) in arrivals.enumerated().sorted(by: { $0.element < $1.element }) {
      var one = RowBatch()
      one.itemInserts = [.init(path: p(1, offset), item: Row(id: 10_000 + k))]
      stepwise = stepwise?.applying(one)
    }
    #expect(stepwise == expected, "\(context) one by one")

    // Out of range or repeated paths do not apply.
    func rejects(_ describe: String, _ edit: (inout RowBatch) -> Void) {
      var bad = batch
      edit(&bad)
      #expect(old.applying(bad) == nil, "\(context): \(describe)")
      #expect(fromApplied.applying(bad) == nil, "\(context): \(describe), from applied")
      #expect(old.applyingNamed(bad) == nil, "\(context): \(describe), applyingNamed")
    }
    if let first = deleted.first {
      rejects("a delete repeated") { $0.itemDeletes.append(p(1, first)) }
    }
    rejects("a delete past the end") { $0.itemDeletes.append(p(1, size)) }
    rejects("a negative delete") { $0.itemDeletes.append(p(1, -1)) }
    rejects("a delete in a missing section") { $0.itemDeletes.append(p(3, 0)) }
    if let first = arrivals.first {
      rejects("an insert path repeated") {
        $0.itemInserts.append(.init(path: p(1, first), item: Row(id: 20_000)))
      }
    }
    rejects("an insert past the end") {
      $0.itemInserts.append(.init(path: p(1, finalCount + 1), item: Row(id: 20_000)))
    }
    rejects("a negative insert") {
      $0.itemInserts.append(.init(path: p(1, -1), item: Row(id: 20_000)))
    }
    rejects("an insert in a missing section") {
      $0.itemInserts.append(.init(path: p(3, 0), item: Row(id: 20_000)))
    }
  }
}
