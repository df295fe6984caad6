import DataSourceGraphSections
import SectionsTestSupport
import TestSupport
import Testing

/// `SnapshotSection.Items`: an array's answers whatever its size, chunks
/// past `chunkLimit` that stay between 1 and `chunkLimit` items, few of
/// them small (`invariantViolation`, which the internal checks also run
/// after every edit), and snapshots of sections that large diffed and applied as
/// any other.
@Suite struct SectionItemsTests {
  typealias Items = SnapshotSection<Int, Row>.Items
  static let limit = Items.chunkLimit
  static let seeds: [UInt64] = PropertyDepth.seeds(debug: 1...6, release: 1...40)
  static let steps = PropertyDepth.steps(debug: 60, release: 200)

  /// Random edits of every kind on items held as one array and in chunks,
  /// each checked against an array: the items in order, reads by index,
  /// the chunks' invariants, and a copy taken before the edit, which keeps
  /// its items and stops sharing storage.
  @Test(.namesTheSeed)
  func itemsAnswerAsAnArray() async {
    await forEachSeed(Self.seeds, itemsAnswerAsAnArray(seed:))
  }

  func itemsAnswerAsAnArray(seed: UInt64) {
    var rng = SplitMix64(seed: seed)
    var next = 0
    func rows(_ count: Int) -> [Row] {
      defer { next += count }
      return (next..<next + count).map { Row(id: $0) }
    }
    var model = rows(rng.int(0...(3 * Self.limit)))
    var items = Items(model)
    for step in 0..<Self.steps {
      let copy = rng.chance(0.2) ? items : nil
      let modelBefore = model
      let context = "seed \(seed) step \(step)"
      let n = model.count
      switch rng.int(0..<11) {
      case 0:
        let i = rng.int(0...n)
        let new = rows(1)[0]
        items.insert(new, at: i)
        model.insert(new, at: i)
      case 1 where n > 0:
        let i = rng.int(0..<n)
        let removed = items.remove(at: i)
        #expect(removed == model.remove(at: i), "\(context)")
      case 2:
        // Any range, across chunks or not, by any number of items.
        let lower = rng.int(0...n)
        let upper = rng.int(lower...min(n, lower + [3, 100, 2 * Self.limit][rng.int(0..<3)]))
        let new = rows(rng.int(0...[2, 50, 3 * Self.limit][rng.int(0..<3)]))
        items.replaceSubrange(lower..<upper, with: new)
        model.replaceSubrange(lower..<upper, with: new)
      case 3:
        let new = rows(1)[0]
        items.append(new)
        model.append(new)
      case 4 where n > 0:
        let i = rng.int(0..<n)
        let new = Row(id: model[i].id, revision: model[i].revision + 1)
        items[i] = new
        model[i] = new
      case 5 where n > 0:
        // Few or many offsets, spread or in a run.
        let k = rng.int(1...min(n, [4, 40, n][rng.int(0..<3)]))
        let offsets = Array(Set((0..<k).map { _ in rng.int(0..<n) })).sorted()
        items.remove(sortedOffsets: offsets)
        for i in offsets.reversed() { model.remove(at: i) }
      case 6 where n > 0:
        let (from, to) = (rng.int(0..<n), rng.int(0..<n))
        let new = rng.chance(0.5) ? model[from] : rows(1)[0]
        let moved = items.remove(at: from, inserting: new, at: to)
        #expect(moved, "\(context)")
        model.remove(at: from)
        model.insert(new, at: to)
      case 7:
        // Spread over the items, or crowded into one place (many arrivals
        // into one chunk, which then splits).
        let k = rng.int(1...[8, 60, 300][rng.int(0..<3)])
        let width = rng.chance(0.5) ? n + k : min(n + k, k + rng.int(0...8))
        let low = rng.int(0...(n + k - width))
        var chosen: Set<Int> = []
        while chosen.count < k { chosen.insert(low + rng.int(0..<width)) }
        let places = chosen.sorted()
        let arrivals = places.map { (key: ItemPath(section: 0, item: $0), value: rows(1)[0]) }
        let inserted = items.insert(arrivals[...])
        #expect(inserted, "\(context)")
        for arrival in arrivals { model.insert(arrival.value, at: arrival.key.item) }
      case 8:
        let outOfRange = [(key: ItemPath(section: 0, item: n + 1), value: Row(id: -1))]
        let inserted = items.insert(outOfRange[...])
        let moved = items.remove(at: n, inserting: Row(id: -1), at: 0)
        #expect(!inserted && !moved, "\(context)")
      case 9 where rng.chance(0.2):
        items.removeAll()
        model.removeAll()
      default:
        let new = rows(rng.int(0...(3 * Self.limit)))
        items = Items(new)
        model = new
      }
      #expect(items == model && Array(items) == model && items.count == model.count, "\(context)")
      for _ in 0..<8 where !model.isEmpty {
        let i = rng.int(0..<model.count)
        #expect(items[i] == model[i], "\(context): item \(i)")
      }
      #expect(items.map(\.id) == model.map(\.id), "\(context)")
      if let failure = items.invariantViolation { Issue.record("\(context): \(failure)") }
      if let copy {
        #expect(copy == modelBefore, "\(context): the copy kept its items")
        #expect(!copy.sharesStorage(with: items) || model == modelBefore, "\(context)")
      }
    }
  }

  /// Regression: many offsets to remove from items in chunks, one of them
  /// the end position, looped for ever (the chunk found for the end took
  /// none of them); it now stops the process, as an array's removal would.
  @Test func removingAtTheEndPositionStops() async {
    await #expect(processExitsWith: .failure) {
      var items = SnapshotSection<Int, Row>.Items((0..<3_000).map { Row(id: $0) })
      items.remove(sortedOffsets: Array(2_990...3_000))
    }
  }

  /// Snapshots with sections of thousands of items, held in chunks: a diff
  /// applied to the old snapshot gives the new one and passes the
  /// validator, and applying where the items are gives what applying
  /// gives, identities included.
  @Test(.namesTheSeed)
  func chunkedSectionsDiffAndApply() async {
    await forEachSeed(Self.seeds, chunkedSectionsDiffAndApply(seed:))
  }

  func chunkedSectionsDiffAndApply(seed: UInt64) {
    var generator = SnapshotGenerator(seed: seed, sectionPool: 2, itemPool: 5 * Self.limit)
    var old = generator.snapshot()
    while !old.sections.contains(where: { $0.items.count > Self.limit }) {
      old = generator.snapshot()
    }
    var chunkedSections = 0
    for round in 0..<6 {
      var new = generator.variation(of: old)
      for _ in 0..<generator.int(0..<4) { new = generator.variation(of: new) }
      chunkedSections += old.sections.filter { !$0.items.chunkSizes.isEmpty }.count
      let batch = new.difference(from: old)
      let context = "seed \(seed) round \(round)"
      #expect(old.applying(batch) == new, "\(context)")
      #expect(batch.violations(from: old, to: new).isEmpty, "\(context)")
      var inPlace = old
      let applied = inPlace.applyNamed(batch)
      #expect(applied, "\(context)")
      #expect(inPlace == new, "\(context)")
      #expect(inPlace.itemPaths(agreeWith: new.sections), "\(context)")
      for section in inPlace.sections {
        if let failure = section.items.invariantViolation {
          Issue.record("\(context): \(failure)")
        }
      }
      old = new
    }
    #expect(chunkedSections > 0, "seed \(seed): no section past the limit")
  }

  /// Items held in chunks cut differently (one array, chunks cut from it,
  /// chunks after scattered edits) compare equal exactly when they hold
  /// equal items in order, whatever their runs.
  @Test(.namesTheSeed)
  func equalityReadsRunAgainstRun() async {
    await forEachSeed(1...30 as ClosedRange<UInt64>, equalityReadsRunAgainstRun(seed:))
  }

  func equalityReadsRunAgainstRun(seed: UInt64) {
    var rng = SplitMix64(seed: seed)
    let count = rng.int(0...(5 * Self.limit))
    let model = (0..<count).map { Row(id: $0) }
    // The same items, edited into place: chunks of other lengths.
    var edited = Items(model)
    for _ in 0..<rng.int(0...20) where !model.isEmpty {
      let i = rng.int(0..<model.count)
      let removed = edited.remove(at: i)
      edited.insert(removed, at: i)
    }
    let whole = Items(model)
    #expect(edited == whole && whole == edited, "seed \(seed)")
    guard !model.isEmpty else { return }
    var changed = edited
    let i = rng.int(0..<model.count)
    changed[i] = Row(id: model[i].id, revision: model[i].revision + 1)
    #expect(changed != whole && whole != changed, "seed \(seed): item \(i) changed")
  }
}
