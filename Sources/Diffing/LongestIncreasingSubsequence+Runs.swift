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
///   value: the search's tree over values
///   (`_heaviestLongestChain(starts:count:weights:size:in:)`), kept in a
///   hash table with an entry for each position a run's last value
///   reaches.
package func longestIncreasingRuns(starts: [Int], counts: [Int], weights: [Int]) -> [Int] {
  precondition(
    starts.count == counts.count && starts.count == weights.count,
    "give one count and weight per run")
  guard let largest = zip(starts, counts).map({ $0 + $1 - 1 }).max() else { return [] }
  var tree = _SparseChainTree()
  return _heaviestLongestChain(
    starts: starts, count: { counts[$0] }, weights: weights, size: largest + 2, in: &tree)
}

/// A tree with an entry for each position a run's last value reaches: the
/// search over runs whose values span far more than there are runs.
struct _SparseChainTree: _ChainTree {
  var chains: [Int: _Chain] = [:]

  subscript(position: Int) -> _Chain {
    get { chains[position] ?? .none }
    set { chains[position] = newValue }
  }
}
