import DataSourceGraphCore
import TestSupport
import Testing

/// The chunked storage of the large identity tables' entries reads and
/// writes as an `Array` does, and grows without copying what it holds.
@Suite struct ChunkedArrayTests {
  /// Random appends (one at a time and several at once, across several
  /// chunks), writes, room reserved and everything removed now and then,
  /// checked against an `Array` after every step (the count, the
  /// capacity, never below the count, and elements read back at random)
  /// and at the end (every element).
  @Test(.namesTheSeed)
  func readsAndWritesAsAnArray() async {
    await forEachSeed(1...20, readsAndWritesAsAnArray(seed:))
  }

  func readsAndWritesAsAnArray(seed: UInt64) {
    var rng = SplitMix64(seed: seed)
    var chunked = _ChunkedArray<Int>()
    var model: [Int] = []
    for step in 0..<400 {
      switch rng.int(0..<100) {
      case 0:
        let keep = rng.int(0..<2) == 0
        chunked.removeAll(keepingCapacity: keep)
        model.removeAll()
      case 1..<5:
        chunked.reserveCapacity(chunked.count + rng.int(0..<40_000))
      case 5..<30 where !model.isEmpty:
        let index = rng.int(0..<model.count)
        let value = rng.int(0..<1_000_000)
        chunked[index] = value
        model[index] = value
      case 30..<45:
        let values = (0..<rng.int(0..<2_000)).map { _ in rng.int(0..<1_000_000) }
        values.withUnsafeBufferPointer { chunked.append(contentsOf: $0) }
        model += values
      default:
        for _ in 0..<rng.int(0..<2_000) {
          let value = rng.int(0..<1_000_000)
          chunked.append(value)
          model.append(value)
        }
      }
      #expect(chunked.count == model.count, "seed \(seed), step \(step)")
      #expect(chunked.isEmpty == model.isEmpty, "seed \(seed), step \(step)")
      #expect(chunked.capacity >= chunked.count, "seed \(seed), step \(step)")
      #expect(chunked.indices == model.indices, "seed \(seed), step \(step)")
      for _ in 0..<(model.isEmpty ? 0 : 20) {
        let index = rng.int(0..<model.count)
        #expect(chunked[index] == model[index], "seed \(seed), step \(step), index \(index)")
      }
    }
    #expect(chunked.indices.map { chunked[$0] } == model, "seed \(seed)")
  }

  /// Room reserved is filled as it is, and past it the room never runs
  /// more than a chunk ahead of the elements (an `Array` that doubles may
  /// hold twice what it needs).
  @Test func roomGrowsAChunkAtATime() {
    var chunked = _ChunkedArray<Int>()
    chunked.reserveCapacity(40_000)
    let reserved = chunked.capacity
    #expect(reserved >= 40_000)
    for value in 0..<40_000 { chunked.append(value) }
    #expect(chunked.capacity == reserved)
    for value in 40_000..<300_000 {
      chunked.append(value)
      if value % 1_000 == 0, value > 40_000 {
        #expect(chunked.capacity - chunked.count < 16_384)
      }
    }
    #expect((0..<300_000).allSatisfy { chunked[$0] == $0 })
  }
}
