import DataSourceGraphSections
import TestSupport
import Testing

/// The packed identity table of a snapshot answers as a `Dictionary` that
/// keeps the first path of each identity: with and without room reserved,
/// when it grows, when identities collide in every bucket, for paths that
/// come in runs (as snapshots insert them) or anywhere (any `Int`), and once
/// its count passes what its bucket words number and it moves to a
/// `Dictionary`.
@Suite struct PathTableTests {
  /// Random inserts (identities repeated often; paths that continue a
  /// run, start one, or are anything at all), each checked against the
  /// model: what the insert returns, the count, and every identity's
  /// look-up.
  @Test(.namesTheSeed)
  func answersAsADictionaryKeepingFirstPaths() async {
    await forEachSeed(1...60, answersAsADictionaryKeepingFirstPaths(seed:))
  }

  func answersAsADictionaryKeepingFirstPaths(seed: UInt64) {
    var rng = SplitMix64(seed: seed)
    let pool = 1 + Int(rng.next() % 300)
    let spread = [1, 3, 1_000_000][Int(rng.next() % 3)]
    let limit = seed % 4 == 0 ? 40 : Int(UInt32.max) - 1
    let reserved = [0, pool / 3, pool][Int(rng.next() % 3)]
    var table = _PathTable<Colliding>(minimumCapacity: reserved, narrowLimit: limit)
    var model: [Colliding: ItemPath] = [:]
    var next = ItemPath(section: 0, item: 0)
    for _ in 0..<(pool * 2) {
      let id = Colliding(value: Int(rng.next() % UInt64(pool)), spread: spread)
      switch rng.next() % 10 {
      case 0: next = ItemPath(section: next.section &+ 1, item: 0)
      case 1: next.item &+= 1 + Int(rng.next() % 3)
      case 2:
        next = ItemPath(
          section: Int(truncatingIfNeeded: rng.next()), item: Int(truncatingIfNeeded: rng.next()))
      default: break
      }
      let expected = model[id]
      if expected == nil { model[id] = next }
      #expect(table.insertIfAbsent(next, for: id) == expected)
      #expect(table.count == model.count)
      if expected == nil { next.item &+= 1 }
    }
    for value in 0..<pool {
      let id = Colliding(value: value, spread: spread)
      #expect(table[id] == model[id], "identity \(value)")
    }
    #expect(table.isWide == (model.count > limit))
  }

  /// Sections inserted in bulk (`insertItems`, which reads a group's
  /// buckets before filing it) answer as the same identities inserted one
  /// at a time: the same repeats, and every identity's path.
  @Test(.namesTheSeed)
  func sectionsInBulkAnswerAsInsertsOneAtATime() async {
    await forEachSeed(1...40, sectionsInBulkAnswerAsInsertsOneAtATime(seed:))
  }

  func sectionsInBulkAnswerAsInsertsOneAtATime(seed: UInt64) {
    var rng = SplitMix64(seed: seed)
    let pool = 1 + rng.int(0..<400)
    let spread = [1, 3, 1_000_000][rng.int(0..<3)]
    let limit = seed % 4 == 0 ? 60 : Int(UInt32.max) - 1
    var bulk = _PathTable<Colliding>(
      minimumCapacity: [0, pool][rng.int(0..<2)], narrowLimit: limit)
    var single = _PathTable<Colliding>(narrowLimit: limit)
    for section in 0..<rng.int(1...8) {
      let ids = (0..<rng.int(0...60)).map { _ in
        Colliding(value: rng.int(0..<pool), spread: spread)
      }
      var repeated: [Int] = []
      ids.map(CollidingItem.init).withUnsafeBufferPointer { items in
        var next = 0
        bulk.insertItems(items, ofSection: section, from: &next) { repeated.append($0) }
      }
      var expected: [Int] = []
      var item = 0
      for (offset, id) in ids.enumerated() {
        if single.insertIfAbsent(ItemPath(section: section, item: item), for: id) == nil {
          item += 1
        } else {
          expected.append(offset)
        }
      }
      #expect(repeated == expected, "seed \(seed), section \(section)")
      #expect(bulk.count == single.count)
    }
    for value in 0..<pool {
      let id = Colliding(value: value, spread: spread)
      #expect(bulk[id] == single[id], "seed \(seed), identity \(value)")
    }
  }

  /// Past the count its bucket words number, every entry moves to the wide
  /// storage and keeps its path; any `Int` path is kept, in either storage.
  @Test func entriesPastTheLimitMoveToTheWideStorage() {
    let extremes = [Int.min, -1, 0, Int(UInt32.max), Int.max]
    var table = _PathTable<Int>(narrowLimit: 3)
    for (id, value) in extremes.prefix(3).enumerated() {
      #expect(table.insertIfAbsent(ItemPath(section: value, item: 0 &- value), for: id) == nil)
    }
    #expect(!table.isWide)
    for (id, value) in extremes.prefix(3).enumerated() {
      #expect(table[id] == ItemPath(section: value, item: 0 &- value))
    }
    #expect(table.insertIfAbsent(ItemPath(section: 5, item: Int.max), for: 3) == nil)
    #expect(table.isWide)
    for (id, value) in extremes.prefix(3).enumerated() {
      #expect(table[id] == ItemPath(section: value, item: 0 &- value))
    }
    #expect(table[3] == ItemPath(section: 5, item: Int.max))
    #expect(
      table.insertIfAbsent(ItemPath(section: 0, item: 0), for: 3)
        == ItemPath(section: 5, item: Int.max))
    #expect(table.count == 4)
  }

  /// A snapshot's table, filled section by section with repeats dropped,
  /// answers every path (one run per section, a run broken by a repeat).
  @Test func runsOfSectionsAndRepeats() {
    var table = _PathTable<String>()
    for s in 0..<50 {
      for i in 0..<(s % 7) where !(s == 20 && i == 2) {
        table.insertIfAbsent(ItemPath(section: s, item: i), for: "\(s)-\(i)")
      }
    }
    for s in 0..<50 {
      for i in 0..<(s % 7) {
        #expect(table["\(s)-\(i)"] == (s == 20 && i == 2 ? nil : ItemPath(section: s, item: i)))
      }
    }
  }

  /// An empty table answers `nil` without buckets, and a reservation past
  /// the limit starts wide.
  @Test func emptyAndOversizedTables() {
    let empty = _PathTable<String>()
    #expect(empty["a"] == nil)
    #expect(empty.isEmpty)
    var oversized = _PathTable<String>(minimumCapacity: 11, narrowLimit: 10)
    #expect(oversized.isWide)
    oversized.insertIfAbsent(ItemPath(section: 1, item: 2), for: "a")
    #expect(oversized["a"] == ItemPath(section: 1, item: 2))
  }
}
