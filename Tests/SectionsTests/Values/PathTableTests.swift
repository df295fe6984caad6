import DataSourceGraphSections
import TestSupport
import Testing

/// The packed identity table of a snapshot answers as a `Dictionary` that
/// keeps the first path of each identity: with and without room reserved,
/// when it grows, when identities collide in every bucket, and once a path
/// or the count passes what its packed storage holds and it moves to a
/// `Dictionary`.
@Suite struct PathTableTests {
  /// An identity whose hash is its value modulo `spread`: with a small
  /// spread, long runs of identities share a bucket.
  struct Colliding: Hashable {
    var value: Int
    var spread: Int
    static func == (a: Self, b: Self) -> Bool { a.value == b.value }
    func hash(into hasher: inout Hasher) { hasher.combine(value % spread) }
  }

  /// Random inserts (identities repeated often, some paths past the
  /// packed limit), each checked against the model: what the insert
  /// returns, the count, and every identity's look-up.
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
    for _ in 0..<(pool * 2) {
      let id = Colliding(value: Int(rng.next() % UInt64(pool)), spread: spread)
      let bound = UInt64(limit == 40 && rng.next() % 50 == 0 ? 60 : 30)
      let path = ItemPath(section: Int(rng.next() % bound), item: Int(rng.next() % bound))
      let expected = model[id]
      if expected == nil { model[id] = path }
      #expect(table.insertIfAbsent(path, for: id) == expected)
      #expect(table.count == model.count)
    }
    for value in 0..<pool {
      let id = Colliding(value: value, spread: spread)
      #expect(table[id] == model[id], "identity \(value)")
    }
    if limit == Int(UInt32.max) - 1 { #expect(!table.isWide) }
  }

  /// The packed storage holds the largest section and item it allows, and
  /// one past them moves every entry to the wide storage, keeping them.
  @Test func pathsAtAndPastThePackedLimit() {
    var table = _PathTable<Int>(narrowLimit: 100)
    #expect(table.insertIfAbsent(ItemPath(section: 100, item: 100), for: 1) == nil)
    #expect(table.insertIfAbsent(ItemPath(section: 0, item: 7), for: 2) == nil)
    #expect(!table.isWide)
    #expect(table.insertIfAbsent(ItemPath(section: 0, item: 101), for: 3) == nil)
    #expect(table.isWide)
    #expect(table[1] == ItemPath(section: 100, item: 100))
    #expect(table[2] == ItemPath(section: 0, item: 7))
    #expect(table[3] == ItemPath(section: 0, item: 101))
    #expect(
      table.insertIfAbsent(ItemPath(section: 5, item: 5), for: 2) == ItemPath(section: 0, item: 7))
    #expect(table.count == 3)

    let full = _PathTable<Int>(narrowLimit: Int(UInt32.max) - 1)
    var packed = full
    packed.insertIfAbsent(ItemPath(section: Int(UInt32.max) - 1, item: Int(UInt32.max) - 1), for: 0)
    #expect(!packed.isWide)
    #expect(packed[0] == ItemPath(section: Int(UInt32.max) - 1, item: Int(UInt32.max) - 1))
    var wide = full
    wide.insertIfAbsent(ItemPath(section: 0, item: Int(UInt32.max)), for: 0)
    #expect(wide.isWide)
    #expect(wide[0] == ItemPath(section: 0, item: Int(UInt32.max)))
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
