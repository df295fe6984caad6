import DataSourceGraphDiffing
import DataSourceGraphSections
import TestSupport
import Testing

/// The sectioned diff's bookkeeping, each piece against a plain model: the
/// items that stay in a section, kept as runs (against three arrays and a
/// longest increasing run over them), the old items claimed (against a set),
/// and the forward reader of a section's runs (against reads by position).
@Suite struct DiffBookkeepingTests {
  /// Staying items appended as a diff appends them (new positions
  /// increasing; old positions in runs, shuffled in places, or in order)
  /// give the moves the plain arrays give, and none while the old
  /// positions increase; reused after `removeAll()`, they forget the
  /// section before.
  @Test(.namesTheSeed)
  func stayingItemsMoveAsThePlainArraysSay() async {
    await forEachSeed(UInt64(1)...300) { seed in
      var rng = SplitMix64(seed: seed)
      var staying = _StayingItems()
      for _ in 0..<3 {
        staying.removeAll()
        let count = rng.int(0...60)
        var olds = Array(0..<(count + rng.int(0...5)))
        // Runs in order, with some swapped or moved.
        for _ in 0..<rng.int(0...3) where olds.count > 1 {
          let from = rng.int(0..<olds.count)
          let to = rng.int(0..<olds.count)
          olds.insert(olds.remove(at: from), at: to)
        }
        // Some old items gone (not staying), some new items inserted.
        var old: [Int] = []
        var new: [Int] = []
        var weights: [Int] = []
        var j = 0
        for o in olds.prefix(count) where !rng.chance(0.1) {
          j += rng.chance(0.1) ? 2 : 1
          let isUpdated = rng.chance(0.2)
          staying.append(old: o, new: j, isUpdated: isUpdated)
          old.append(o)
          new.append(j)
          weights.append(isUpdated ? 1 : 0)
        }
        let kept = Set(longestIncreasingSubsequence(old, weights: weights))
        let increasing = zip(old, old.dropFirst()).allSatisfy { $0 < $1 }
        let expected =
          increasing ? [] : old.indices.filter { !kept.contains($0) }.map { (old[$0], new[$0]) }
        let moved = staying.moved()
        #expect(moved.map(\.old) == expected.map(\.0), "seed \(seed)")
        #expect(moved.map(\.new) == expected.map(\.1), "seed \(seed)")
      }
    }
  }

  /// Claims in sections of random sizes (some not read item by item)
  /// leave unclaimed exactly the items the set model did not claim, per
  /// section, in order.
  @Test(.namesTheSeed)
  func unclaimedItemsAreThoseNotClaimed() async {
    await forEachSeed(UInt64(1)...200) { seed in
      var rng = SplitMix64(seed: seed)
      let counts = (0..<rng.int(0...6)).map { _ in rng.chance(0.3) ? 0 : rng.int(1...40) }
      let claimed = _ClaimedItems(itemCounts: counts)
      var model = Set<ItemPath>()
      for (s, n) in counts.enumerated() where n > 0 {
        for i in 0..<n where rng.chance(0.6) {
          claimed.claim(ItemPath(section: s, item: i))
          model.insert(ItemPath(section: s, item: i))
        }
      }
      for (s, n) in counts.enumerated() {
        var unclaimed: [Int] = []
        claimed.forEachUnclaimed(inSection: s, count: n) { unclaimed.append($0) }
        let expected = (0..<n).filter { !model.contains(ItemPath(section: s, item: $0)) }
        #expect(unclaimed == expected, "seed \(seed), section \(s)")
      }
    }
  }

  /// Reading forward through runs of any lengths (empty ones too), with
  /// jumps, gives the item at each position sought.
  @Test(.namesTheSeed)
  func forwardReaderReadsThePositionSought() async {
    await forEachSeed(UInt64(1)...200) { seed in
      var rng = SplitMix64(seed: seed)
      var items: [Int] = []
      var runs: [ArraySlice<Int>] = []
      for _ in 0..<rng.int(1...8) {
        let length = rng.chance(0.2) ? 0 : rng.int(1...20)
        // A run cut from a larger array, so that it counts from its start.
        let padding = rng.int(0...3)
        let base = Array(repeating: -1, count: padding) + (items.count..<items.count + length)
        runs.append(base[padding...])
        items += items.count..<items.count + length
      }
      var reader = _ForwardReader(runs: runs)
      var position = 0
      while position < items.count {
        let k = reader.seek(position)
        #expect(reader.run[k] == items[position], "seed \(seed), position \(position)")
        position += rng.chance(0.3) ? rng.int(1...25) : rng.int(0...1)
      }
    }
  }
}
