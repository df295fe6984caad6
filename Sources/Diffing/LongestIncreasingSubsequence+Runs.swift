/// The runs kept by ``longestIncreasingSubsequence(_:weights:)`` when its
/// values come in runs: run `r` stands for the values `starts[r]`,
/// `starts[r] + 1`, … (`counts[r]` of them), whose weights add up to
/// `weights[r]`, and no value is in two runs.
///
/// The answer is the one the search over every value gives, ties broken
/// the same way, without visiting the values of a run: a run is all in the
/// subsequence or not at all (its values follow one another, and no other
/// run's values fall between them). So a composition of batches that
/// keeps long runs of a section's items in place chooses the items that
/// move as the diff does, in time of the runs.
///
/// ```swift
/// // Values 10…14, then 0…1, then 5.
/// longestIncreasingRuns(starts: [10, 0, 5], counts: [5, 2, 1], weights: [0, 0, 0])  // [0]
/// ```
///
/// - Parameters:
///   - starts: The first value of each run, non-negative.
///   - counts: The number of values of each run, at least 1.
///   - weights: The total weight of each run's values.
/// - Returns: The offsets of the runs kept, ascending.
/// - Complexity: O(*r* log *v*) expected for *r* runs and *v* the largest
///   value: the search's tree over values, kept in a hash table with an
///   entry for each node a run's last value reaches.
package func longestIncreasingRuns(starts: [Int], counts: [Int], weights: [Int]) -> [Int] {
  precondition(
    starts.count == counts.count && starts.count == weights.count,
    "give one count and weight per run")
  guard let largest = zip(starts, counts).map({ $0 + $1 - 1 }).max() else { return [] }
  // As the search over values: tree position v + 1 holds the best chain
  // ending at value v. Within a run each value extends the one before (it
  // is longer than anything below the run), so only the run's last value
  // is ever the best below a later run's first value: only it is filed.
  let size = largest + 2
  let none = _Chain(length: 0, weight: 0, last: -1)
  var tree: [Int: _Chain] = [:]
  var previous = [Int](repeating: -1, count: starts.count)
  var best = none
  for run in starts.indices {
    var top = none
    var i = starts[run]  // values strictly below the run's first
    while i > 0 {
      if let chain = tree[i], chain.isBetter(than: top) { top = chain }
      i &= i - 1
    }
    let chain = _Chain(
      length: top.length + counts[run], weight: top.weight + weights[run], last: run)
    previous[run] = top.last
    var j = starts[run] + counts[run]  // the run's last value, plus one
    while j < size {
      if chain.isBetter(than: tree[j] ?? none) { tree[j] = chain }
      j += j & -j
    }
    if chain.isBetter(than: best) { best = chain }
  }
  var kept: [Int] = []
  var run = best.last
  while run >= 0 {
    kept.append(run)
    run = previous[run]
  }
  return kept.reversed()
}
