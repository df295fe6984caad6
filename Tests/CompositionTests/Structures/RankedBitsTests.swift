import DataSourceGraphComposition
import TestSupport
import Testing

/// A ranked bit sequence answers as the plain array of its bits: each bit,
/// rank, select, the set bits in order and the elements they select,
/// through random inserts, removes and sets, in runs long enough to fill
/// chunks and split them and to empty them, from each of its initializers.
@Suite struct RankedBitsTests {
  @Test(.namesTheSeed)
  func answersAsItsBits() async {
    await forEachSeed(1...24, answersAsItsBits(seed:))
  }

  func answersAsItsBits(seed: UInt64) {
    var rng = SplitMix64(seed: seed)
    let density = [0.0, 0.1, 0.5, 0.9, 1.0][rng.int(0..<5)]
    var model = (0..<rng.int(0..<3_000)).map { _ in rng.chance(density) }
    var bits: RankedBits
    switch seed % 4 {
    case 0: bits = RankedBits(model)
    case 1: bits = RankedBits(count: model.count) { model[$0] }
    case 2: bits = RankedBits(judging: model) { $0 }
    default:
      bits = RankedBits()
      for (i, bit) in model.enumerated() { bits.insert(bit, at: i) }
    }
    expectBits(bits, answerAs: model)
    for step in 0..<400 {
      // Runs of inserts at one place fill a chunk (1,024 bits) and split it;
      // runs of removes empty one.
      let run = rng.chance(0.05) ? rng.int(1...1_200) : 1
      let place = rng.int(0...model.count)
      switch rng.int(0..<3) {
      case 0:
        for k in 0..<run {
          let bit = rng.chance(density)
          bits.insert(bit, at: min(place + k, model.count))
          model.insert(bit, at: min(place + k, model.count))
        }
      case 1:
        for _ in 0..<run where !model.isEmpty {
          let i = min(place, model.count - 1)
          #expect(bits.remove(at: i) == model.remove(at: i))
        }
      default:
        for _ in 0..<run where !model.isEmpty {
          let i = rng.int(0..<model.count)
          let bit = rng.chance(0.5)
          bits.set(i, to: bit)
          model[i] = bit
        }
      }
      if step % 20 == 0 || run > 1 { expectBits(bits, answerAs: model) }
    }
    expectBits(bits, answerAs: model)
  }

  /// The set bit of a word found by rank is the one a plain scan finds:
  /// random words of every density, and the words at the edges (one bit,
  /// every bit, the top bit, alternating bits).
  @Test(.namesTheSeed)
  func findsTheSetBitOfAWordByRank() async {
    await forEachSeed(1...8) { seed in
      var rng = SplitMix64(seed: UInt64(seed))
      var words: [UInt64] = [1, 1 << 63, .max, 0xAAAA_AAAA_AAAA_AAAA, 0x5555_5555_5555_5555]
      for _ in 0..<500 {
        // The AND of a few random words thins the bits out.
        var word = rng.next()
        for _ in 0..<rng.int(0..<4) { word &= rng.next() }
        words.append(word)
      }
      for word in words {
        var scanned: [Int] = []
        for bit in 0..<64 where word >> UInt64(bit) & 1 == 1 { scanned.append(bit) }
        for (rank, position) in scanned.enumerated() {
          let found = RankedBits.position(ofSetBit: rank, in: word)
          #expect(found == position, "word \(word), rank \(rank)")
        }
      }
    }
  }

  private func expectBits(_ bits: RankedBits, answerAs model: [Bool]) {
    #expect(bits.count == model.count)
    let setPositions = model.indices.filter { model[$0] }
    #expect(bits.ones == setPositions.count)
    var visited: [Int] = []
    bits.forEachSetBit { visited.append($0) }
    #expect(visited == setPositions)
    #expect(bits.selected(from: Array(model.indices)) == setPositions)
    var rank = 0
    for i in model.indices {
      if bits[i] != model[i] || bits.rank(i) != rank {
        Issue.record("bit \(i): \(bits[i]), rank \(bits.rank(i)); expected \(model[i]), \(rank)")
        return
      }
      if model[i] { rank += 1 }
    }
    #expect(bits.rank(model.count) == rank)
    for (k, position) in setPositions.enumerated() where bits.select(k) != position {
      Issue.record("select(\(k)) is \(bits.select(k)), expected \(position)")
      return
    }
  }
}
