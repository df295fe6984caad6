import DataSourceGraphDiffing
import TestSupport
import Testing

@Suite struct WeightedLongestIncreasingSubsequenceTests {
  @Test func weightsChooseAmongTheLongest() {
    #expect(longestIncreasingSubsequence([2, 1], weights: [0, 1]) == [1])
    #expect(longestIncreasingSubsequence([2, 1], weights: [1, 0]) == [0])
    #expect(longestIncreasingSubsequence([2, 1], weights: [0, 0]) == [0])  // earliest on ties
    // Length always wins over weight.
    #expect(longestIncreasingSubsequence([5, 0, 1], weights: [100, 0, 0]) == [1, 2])
    #expect(longestIncreasingSubsequence([], weights: []) == [])
    #expect(longestIncreasingSubsequence([3, 3, 3], weights: [0, 2, 1]) == [1])
  }

  /// Against brute force over every subsequence of small arrays: the result
  /// increases strictly, is as long as possible, and is the heaviest of the
  /// longest.
  @Test("Longest first, then heaviest, against brute force", .namesTheSeed)
  func bruteForce() async { await forEachSeed(0..<8, bruteForce(seed:)) }

  func bruteForce(seed: UInt64) {
    var rng = SplitMix64(seed: seed)
    for index in 0..<300 {
      let n = Int.random(in: 0...10, using: &rng)
      let values = (0..<n).map { _ in Int.random(in: 0..<8, using: &rng) }
      let weights = (0..<n).map { _ in Int.random(in: -2...3, using: &rng) }
      let offsets = longestIncreasingSubsequence(values, weights: weights)
      let context = "seed \(seed) case \(index): \(values) \(weights)"
      #expect(
        zip(offsets, offsets.dropFirst()).allSatisfy { $0 < $1 && values[$0] < values[$1] },
        "\(context)")

      var bestLength = 0
      var bestWeight = Int.min
      for mask in 0..<(1 << n) {
        let chosen = (0..<n).filter { mask & (1 << $0) != 0 }
        guard zip(chosen, chosen.dropFirst()).allSatisfy({ values[$0] < values[$1] }) else {
          continue
        }
        let weight = chosen.reduce(0) { $0 + weights[$1] }
        if chosen.count > bestLength || (chosen.count == bestLength && weight > bestWeight) {
          bestLength = chosen.count
          bestWeight = weight
        }
      }
      #expect(offsets.count == bestLength, "\(context)")
      if n > 0 { #expect(offsets.reduce(0) { $0 + weights[$1] } == bestWeight, "\(context)") }
    }
  }

  /// Values that come in runs (consecutive values, no value in two runs,
  /// the runs shuffled), some of one value with a weight, as a composition
  /// of batches sees a section's items: the runs kept are exactly those
  /// whose values the search over every value keeps, ties broken alike.
  @Test("Runs are kept as the search over every value keeps them", .namesTheSeed)
  func runsAgreeWithTheSearchOverValues() async {
    await forEachSeed(0..<16, runsAgreeWithTheSearchOverValues(seed:))
  }

  func runsAgreeWithTheSearchOverValues(seed: UInt64) {
    var rng = SplitMix64(seed: seed)
    for index in 0..<300 {
      var runs: [(start: Int, count: Int, weight: Int)] = []
      var next = Int.random(in: 0...3, using: &rng)
      for _ in 0..<Int.random(in: 0...12, using: &rng) {
        let count =
          Int.random(in: 0...3, using: &rng) == 0 ? 1 : Int.random(in: 1...40, using: &rng)
        let weight = count == 1 ? Int.random(in: -1...2, using: &rng) : 0
        runs.append((next, count, weight))
        next += count + Int.random(in: 0...2, using: &rng)
      }
      runs.shuffle(using: &rng)
      var values: [Int] = []
      var weights: [Int] = []
      var runOfValue: [Int] = []
      for (r, run) in runs.enumerated() {
        values += run.start..<(run.start + run.count)
        weights += [run.weight] + Array(repeating: 0, count: run.count - 1)
        runOfValue += Array(repeating: r, count: run.count)
      }
      let kept = longestIncreasingRuns(
        starts: runs.map(\.start), counts: runs.map(\.count), weights: runs.map(\.weight))
      let keptValues = longestIncreasingSubsequence(values, weights: weights)
      var expected: [Int] = []
      for offset in keptValues where expected.last != runOfValue[offset] {
        expected.append(runOfValue[offset])
      }
      let context = "seed \(seed) case \(index): \(runs)"
      #expect(kept == expected, "\(context)")
      #expect(
        keptValues.count == kept.reduce(0) { $0 + runs[$1].count },
        "a run is kept whole: \(context)")
    }
  }
}
