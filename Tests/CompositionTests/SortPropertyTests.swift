import DataSourceGraphComposition
import DataSourceGraphNodes
import DataSourceGraphSections
import TestSupport
import Testing

/// Seeded random edits of a sort's input: sections of a few hundred items
/// with many equal sort keys, inserts, deletes, moves (within and across
/// sections), updates that change the key, and section inserts, deletes and
/// moves. After every batch the sort emits: the batch applies to the
/// previous snapshot and gives the sort's current snapshot, and the
/// validator finds nothing; after every step the sort equals a stable sort
/// from scratch of its input, and its reads agree with its snapshot.
@Suite struct SortPropertyTests {
  static let seeds: [UInt64] = PropertyDepth.seeds(debug: 1...12, release: 1...60)
  static let steps = PropertyDepth.steps(debug: 40, release: 120)

  /// A sort watched by an observer that applies and validates every batch.
  final class Harness {
    let leaf: MutableDataSource<Int, Row>
    let sorted: SortedDataSource<Int, Row>
    let descending: Bool
    var last: Snapshot<Int, Row>
    var failures: [String] = []
    var batches = 0
    var observation: ObservationToken?

    init(leaf: MutableDataSource<Int, Row>, descending: Bool) {
      self.leaf = leaf
      self.descending = descending
      sorted =
        descending ? leaf.sorted { $0.value > $1.value } : leaf.sorted { $0.value < $1.value }
      last = sorted.snapshot
      observation = sorted.observe { [unowned self] event in
        guard case .changed(let change) = event else { return }
        batches += 1
        guard let next = last.applying(change) else {
          failures.append("\(change) does not apply")
          return
        }
        let current = sorted.snapshot
        if next != current {
          failures.append(
            "the batch leads to \(SortPropertyTests.difference(next, current)), the sort shows otherwise"
          )
        }
        if case .batch(let batch) = change {
          failures += batch.violations(from: last, to: next).map(\.description)
        }
        last = current
      }
    }

    /// The input sorted from scratch (stable).
    var expected: Snapshot<Int, Row> {
      Snapshot(
        sections: leaf.snapshot.sections.map { section in
          var kept = section
          kept.items = .init(
            section.items.enumerated().sorted { a, b in
              let (x, y) = (a.element.value, b.element.value)
              if x != y { return descending ? x > y : x < y }
              return a.offset < b.offset
            }.map(\.element))
          return kept
        })
    }

    /// Compares the sort with the sort from scratch and checks its reads.
    func verify(_ rng: inout SplitMix64) {
      let expected = expected
      let shown = sorted.snapshot
      if shown != expected {
        failures.append(
          "the sort shows \(SortPropertyTests.difference(shown, expected)) against a sort from scratch"
        )
      }
      if last != shown {
        failures.append(
          "the batches lead to \(SortPropertyTests.difference(last, shown)) against the sort")
      }
      for (s, section) in expected.sections.enumerated() {
        if sorted.numberOfItems(inSection: s) != section.items.count {
          failures.append("numberOfItems(inSection: \(s)) is wrong")
        }
        for _ in 0..<min(section.items.count, 8) {
          let i = rng.int(0..<section.items.count)
          let item = section.items[i]
          if sorted.itemPath(for: item.id) != ItemPath(section: s, item: i) {
            failures.append(
              "itemPath(for: \(item.id)) is \(String(describing: sorted.itemPath(for: item.id))), expected \(s), \(i)"
            )
          }
          if sorted.item(at: ItemPath(section: s, item: i)) != item {
            failures.append("item(at: \(s), \(i)) is wrong")
          }
        }
      }
    }
  }

  /// Where two snapshots first differ, in a few words.
  static func difference(_ a: Snapshot<Int, Row>, _ b: Snapshot<Int, Row>) -> String {
    guard a.sections.count == b.sections.count else {
      return "\(a.sections.count) sections, not \(b.sections.count)"
    }
    for (s, (x, y)) in zip(a.sections, b.sections).enumerated() where x != y {
      guard x.id == y.id, x.items.count == y.items.count else {
        return
          "section \(s): id \(x.id) with \(x.items.count) items, not \(y.id) with \(y.items.count)"
      }
      let i = x.items.indices.first { x.items[$0] != y.items[$0] } ?? 0
      return "section \(s), item \(i): \(x.items[i]), not \(y.items[i])"
    }
    return "equal sections"
  }

  /// Random edits of a leaf under a sort, `steps` of them.
  static func run(seed: UInt64, steps: Int, sectionSize: ClosedRange<Int>, keys: Int) -> [String] {
    var rng = SplitMix64(seed: seed)
    var nextID = 0
    var nextSection = 0
    func row() -> Row {
      nextID += 1
      return Row(id: nextID, value: rng.int(0..<keys))
    }
    func section() -> SnapshotSection<Int, Row> {
      nextSection += 1
      return SnapshotSection(id: nextSection, items: (0..<rng.int(sectionSize)).map { _ in row() })
    }
    let leaf = MutableDataSource<Int, Row>(sections: (0..<rng.int(1...4)).map { _ in section() })
    let harness = Harness(leaf: leaf, descending: rng.chance(0.5))
    for step in 0..<steps {
      let before = harness.failures.count
      let kind = rng.int(0..<9)
      let sections = leaf.sections
      let nonEmpty = sections.indices.filter { !sections[$0].items.isEmpty }
      func randomPath() -> ItemPath? {
        guard let s = nonEmpty.randomElement(using: &rng) else { return nil }
        return ItemPath(section: s, item: rng.int(0..<sections[s].items.count))
      }
      switch kind {
      case 0 where !sections.isEmpty:
        // A few items inserted at one place.
        let s = rng.int(0..<sections.count)
        let at = ItemPath(section: s, item: rng.int(0...sections[s].items.count))
        leaf.insert((0..<rng.int(1...5)).map { _ in row() }, at: at)
      case 1:
        if let path = randomPath() { leaf.deleteItems(at: [path]) }
      case 2:
        // One item moved, maybe to another section.
        if let from = randomPath() {
          let t = rng.int(0..<sections.count)
          let count = sections[t].items.count - (t == from.section ? 1 : 0)
          leaf.moveItem(from: from, to: ItemPath(section: t, item: rng.int(0...count)))
        }
      case 3:
        // Updates that change the key, or keep it.
        var updated: [Row] = []
        for _ in 0..<rng.int(1...4) {
          guard let path = randomPath() else { break }
          var item = sections[path.section].items[path.item]
          if rng.chance(0.8) { item.value = rng.int(0..<keys) }
          if !updated.contains(where: { $0.id == item.id }) { updated.append(item) }
        }
        leaf.update(updated)
      case 4:
        leaf.insertSection(section(), at: rng.int(0...sections.count))
      default:
        // Everything at once, as one diffed batch.
        leaf.perform { sections in
          if !sections.isEmpty && rng.chance(0.3) {
            sections.remove(at: rng.int(0..<sections.count))
          }
          if rng.chance(0.3) { sections.insert(section(), at: rng.int(0...sections.count)) }
          if sections.count > 1 && rng.chance(0.3) {
            let moved = sections.remove(at: rng.int(0..<sections.count))
            sections.insert(moved, at: rng.int(0...sections.count))
          }
          guard !sections.isEmpty else { return }
          for _ in 0..<rng.int(0...12) {
            let s = rng.int(0..<sections.count)
            guard !sections[s].items.isEmpty else { continue }
            let i = rng.int(0..<sections[s].items.count)
            switch rng.int(0..<4) {
            case 0: sections[s].items.remove(at: i)
            case 1: sections[s].items[i].value = rng.int(0..<keys)
            case 2:
              let item = sections[s].items.remove(at: i)
              let t = rng.int(0..<sections.count)
              sections[t].items.insert(item, at: rng.int(0...sections[t].items.count))
            default:
              sections[s].items.insert(row(), at: rng.int(0...sections[s].items.count))
            }
          }
        }
      }
      harness.verify(&rng)
      if harness.failures.count > before {
        return harness.failures.prefix(3).map { "seed \(seed), step \(step): \($0)" }
      }
    }
    if harness.batches == 0 { return ["seed \(seed): no batch"] }
    return []
  }

  @Test(.namesTheSeed)
  func randomEditsKeepTheSortExact() async {
    await forEachSeed(Self.seeds, randomEditsKeepTheSortExact(seed:))
  }

  func randomEditsKeepTheSortExact(seed: UInt64) {
    let failures = Self.run(seed: seed, steps: Self.steps, sectionSize: 100...400, keys: 12)
    #expect(failures.isEmpty, "seed \(seed): \(failures)")
  }

  /// Sections of thousands of items, held in chunks (past
  /// `SnapshotSection.Items.chunkLimit`) by the leaf, the sort's snapshot
  /// and the observer's copy, each edited where it is.
  @Test(.namesTheSeed)
  func sectionsHeldInChunks() async {
    await forEachSeed(Self.seeds.prefix(2), sectionsHeldInChunks(seed:))
  }

  func sectionsHeldInChunks(seed: UInt64) {
    let limit = SnapshotSection<Int, Row>.Items.chunkLimit
    let failures = Self.run(
      seed: seed &+ 2_000, steps: Self.steps / 3, sectionSize: limit...(2 * limit), keys: 40)
    #expect(failures.isEmpty, "seed \(seed &+ 2_000): \(failures)")
  }

  /// Few keys: long runs of equal items, ordered by input index.
  @Test(.namesTheSeed)
  func manyEqualKeys() async { await forEachSeed(Self.seeds, manyEqualKeys(seed:)) }

  func manyEqualKeys(seed: UInt64) {
    let failures = Self.run(seed: seed &+ 1_000, steps: Self.steps, sectionSize: 50...300, keys: 2)
    #expect(failures.isEmpty, "seed \(seed &+ 1_000): \(failures)")
  }

  /// One section that grows past several chunks of the sort's structure
  /// (512 handles) one item at a time, then shrinks to nothing: chunks
  /// split, fill and empty.
  @Test(.namesTheSeed)
  func sectionGrowsAndShrinks() async {
    await forEachSeed([UInt64(1), 2, 3], sectionGrowsAndShrinks(seed:))
  }

  func sectionGrowsAndShrinks(seed: UInt64) {
    var rng = SplitMix64(seed: seed)
    let leaf = MutableDataSource<Int, Row>(sections: [SnapshotSection(id: 0, items: [])])
    let harness = Harness(leaf: leaf, descending: false)
    var nextID = 0
    for step in 0..<1_800 {
      let count = leaf.sections[0].items.count
      if step < 1_200 {
        nextID += 1
        let row = Row(id: nextID, value: rng.int(0..<50))
        leaf.insert([row], at: ItemPath(section: 0, item: rng.int(0...count)))
      } else if count > 0 {
        leaf.deleteItems(at: [ItemPath(section: 0, item: rng.int(0..<count))])
        if count > 1 {
          leaf.deleteItems(at: [ItemPath(section: 0, item: rng.int(0..<(count - 1)))])
        }
      }
      if step % 151 == 0 || step >= 1_790 { harness.verify(&rng) }
      if !harness.failures.isEmpty { break }
    }
    #expect(leaf.sections[0].items.isEmpty)
    #expect(harness.failures.isEmpty, "seed \(seed): \(harness.failures.prefix(3))")
  }

  /// Updates of items next to each other in sorted order, in one batch,
  /// each key kept or moved by one among few keys: an updated item still in
  /// order between neighbours that are not updated keeps its place without
  /// a search, the others are placed again, and the sort stays what a sort
  /// from scratch gives.
  @Test(.namesTheSeed)
  func updatesOfNeighboursInSortedOrder() async {
    await forEachSeed(Self.seeds, updatesOfNeighboursInSortedOrder(seed:))
  }

  func updatesOfNeighboursInSortedOrder(seed: UInt64) {
    var rng = SplitMix64(seed: seed &+ 2_000)
    let keys = rng.int(2...6)
    var nextID = 0
    let leaf = MutableDataSource<Int, Row>(
      sections: (0..<rng.int(1...3)).map { s in
        SnapshotSection(
          id: s,
          items: (0..<rng.int(1...80)).map { _ in
            nextID += 1
            return Row(id: nextID, value: rng.int(0..<keys))
          })
      })
    let harness = Harness(leaf: leaf, descending: rng.chance(0.5))
    for step in 0..<Self.steps {
      let s = rng.int(0..<harness.sorted.numberOfSections)
      let count = harness.sorted.numberOfItems(inSection: s)
      let first = rng.int(0..<count)
      var updated: [Row] = []
      // A run of neighbours in sorted order, or neighbours with a gap of one.
      let stride = rng.chance(0.7) ? 1 : 2
      for position in Swift.stride(from: first, to: min(count, first + 5 * stride), by: stride) {
        var row = harness.sorted.item(at: ItemPath(section: s, item: position))
        row.value = min(max(row.value + rng.int(-1...1), 0), keys - 1)
        if rng.chance(0.8) { updated.append(row) }
      }
      leaf.update(updated)
      harness.verify(&rng)
      if !harness.failures.isEmpty {
        Issue.record("seed \(seed &+ 2_000), step \(step): \(harness.failures.prefix(3))")
        return
      }
    }
  }
}
