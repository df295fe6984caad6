import DataSourceGraphDiffing
import TestSupport
import Testing

@Suite struct LongestIncreasingSubsequenceTests {
  @Test func example() {
    #expect(longestIncreasingSubsequence([3, 1, 4, 1, 5, 9, 2, 6]) == [1, 2, 4, 7])
    #expect(longestIncreasingSubsequence([Int]()) == [])
    #expect(longestIncreasingSubsequence([5, 4, 3]).count == 1)
    #expect(longestIncreasingSubsequence([2, 2, 2]).count == 1)  // strictly increasing
  }

  @Test("Length equals the LCS with the sorted distinct values", .namesTheSeed)
  func randomSequences() async { await forEachSeed(0..<8, randomSequences(seed:)) }

  func randomSequences(seed: UInt64) {
    var rng = SplitMix64(seed: seed)
    for index in 0..<200 {
      let values = (0..<Int.random(in: 0...20, using: &rng)).map { _ in
        Int.random(in: -5..<15, using: &rng)
      }
      let offsets = longestIncreasingSubsequence(values)
      let chosen = offsets.map { values[$0] }
      #expect(
        zip(offsets, offsets.dropFirst()).allSatisfy { $0 < $1 }, "seed \(seed) case \(index)")
      #expect(zip(chosen, chosen.dropFirst()).allSatisfy { $0 < $1 }, "seed \(seed) case \(index)")
      #expect(
        offsets.count == naiveLCSLength(values, Array(Set(values)).sorted()),
        "seed \(seed) case \(index): \(values)")
    }
  }
}
