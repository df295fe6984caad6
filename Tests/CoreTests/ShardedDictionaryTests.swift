import DataSourceGraphCore
import TestSupport
import Testing

/// A sharded dictionary answers as a `Dictionary` through random sets,
/// replacements and removals, across many splits of its shards, and it
/// never lets the average shard grow past its load.
@Suite struct ShardedDictionaryTests {
  @Test(.namesTheSeed)
  func answersAsADictionary() async {
    await forEachSeed(1...20, answersAsADictionary(seed:))
  }

  func answersAsADictionary(seed: UInt64) {
    var rng = SplitMix64(seed: seed)
    var sharded = ShardedDictionary<Int, Int>()
    var model: [Int: Int] = [:]
    if rng.chance(0.3) {
      let room = rng.int(0..<5_000)
      sharded.reserveCapacity(room)
      #expect(sharded.shardCount * ShardedDictionary<Int, Int>.averageShardLoad >= room)
    }
    // Keys from a range a little wider than the entries, so that sets
    // often replace and removals often find their key.
    let keys = rng.int(100..<8_000)
    for step in 0..<6_000 {
      let key = rng.int(0..<keys)
      switch rng.int(0..<10) {
      case 0..<6:
        let value = rng.int(0..<1_000)
        #expect(sharded.updateValue(value, forKey: key) == model.updateValue(value, forKey: key))
      case 6..<8:
        #expect(sharded.removeValue(forKey: key) == model.removeValue(forKey: key))
      case 8:
        let value: Int? = rng.chance(0.5) ? nil : rng.int(0..<1_000)
        sharded[key] = value
        model[key] = value
      default:
        #expect(sharded.contains(key) == (model[key] != nil), "seed \(seed), step \(step)")
      }
      #expect(sharded[key] == model[key], "seed \(seed), step \(step): key \(key)")
      #expect(sharded.count == model.count, "seed \(seed), step \(step): count")
      #expect(
        sharded.count <= sharded.shardCount * ShardedDictionary<Int, Int>.averageShardLoad,
        "seed \(seed), step \(step): \(sharded.count) entries in \(sharded.shardCount) shards")
    }
    for key in 0..<keys { #expect(sharded[key] == model[key], "seed \(seed): key \(key)") }
    #expect(sharded.isEmpty == model.isEmpty)
    #expect(sharded.allValuesSatisfy { $0 < 1_000 })
    #expect(!sharded.allValuesSatisfy { $0 < 0 } || model.isEmpty)
    #if DATASOURCEGRAPH_INTERNAL_CHECKS
      sharded.checkInvariants()
    #endif
  }

  /// Growing one entry at a time to 100,000, no insert moves more than a
  /// few shards' worth of entries: the shards stay many and small.
  @Test func growsShardByShard() {
    var sharded = ShardedDictionary<Int, Int>()
    var lastShards = 1
    for key in 0..<100_000 {
      sharded[key] = key
      // At most one split per insert.
      #expect(sharded.shardCount - lastShards <= 1)
      lastShards = sharded.shardCount
    }
    let load = ShardedDictionary<Int, Int>.averageShardLoad
    #expect(sharded.shardCount >= 100_000 / load)
    #expect(sharded.shardCount <= 2 * 100_000 / load)
    #expect((0..<100_000).allSatisfy { sharded[$0] == $0 })
  }
}
