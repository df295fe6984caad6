/// Returns the offsets of a longest strictly increasing subsequence of
/// `values` that, among all the longest ones, has the greatest total weight.
///
/// The length comes first, so the result is always a longest increasing
/// subsequence (an LCS, for a diff); the weights only choose between the
/// longest ones. A diff uses this to keep in place the elements that are
/// costly to move (say, updated items, which UIKit cannot reload and move in
/// one batch) and to move the cheap ones instead. Ties are broken toward the
/// earliest offsets, so the result is deterministic.
///
/// ```swift
/// // [2, 1] has two longest increasing subsequences of length 1.
/// longestIncreasingSubsequence([2, 1], weights: [0, 1])  // [1]
/// longestIncreasingSubsequence([2, 1], weights: [1, 0])  // [0]
/// ```
///
/// - Parameters:
///   - values: Non-negative values.
///   - weights: One weight per value (any sign).
/// - Returns: Ascending offsets into `values` whose values strictly increase.
/// - Complexity: O(*n*) when the values already increase (the whole array
///   is the subsequence: a diff's common case, where the items that stay
///   keep their order); otherwise O(*n* log *v*) time and O(*n* + *v*)
///   space, where *n* is the number of values and *v* the largest value: a
///   Fenwick tree over values keeps the best (length, weight) ending below
///   each value.
@inlinable
public func longestIncreasingSubsequence(_ values: [Int], weights: [Int]) -> [Int] {
  precondition(values.count == weights.count, "give one weight per value")
  guard let largest = values.max() else { return [] }
  precondition(values.allSatisfy { $0 >= 0 }, "values must be non-negative")
  // Already increasing: the only longest run is the whole array.
  if zip(values, values.dropFirst()).allSatisfy({ $0 < $1 }) { return Array(values.indices) }
  var tree = _DenseChainTree(size: largest + 2)
  return _heaviestLongestChain(
    starts: values, count: { _ in 1 }, weights: weights, size: largest + 2, in: &tree)
}

/// The search of ``longestIncreasingSubsequence(_:weights:)`` over runs of
/// values: run `r` stands for the values `starts[r]`, `starts[r] + 1`, …
/// (`count(r)` of them) and weighs `weights[r]`; `size` is the largest value
/// plus 2. A Fenwick tree over values keeps, at position *v* + 1, the best
/// chain ending at value *v* (`tree`, an array over every value or a table
/// of the positions reached). Within a run each value extends the one
/// before (it is longer than anything below the run), so only the run's
/// last value is filed: a run of one value is the search over values
/// itself, and a longer run gives the answer that search gives over its
/// values, ties broken alike.
///
/// - Returns: The offsets of the runs kept, ascending.
/// - Complexity: O(*r* log *v*) tree reads and writes for *r* runs and *v*
///   the largest value.
@inlinable
func _heaviestLongestChain<Tree: _ChainTree>(
  starts: [Int], count: (Int) -> Int, weights: [Int], size: Int, in tree: inout Tree
) -> [Int] {
  var previous = [Int](repeating: -1, count: starts.count)
  var best = _Chain.none
  for run in starts.indices {
    var top = _Chain.none
    var i = starts[run]  // values strictly below the run's first: positions 1...i
    while i > 0 {
      let chain = tree[i]
      if chain.isBetter(than: top) { top = chain }
      i &= i - 1
    }
    let length = count(run)
    let chain = _Chain(
      length: top.length + length, weight: top.weight + weights[run], last: run)
    previous[run] = top.last
    var j = starts[run] + length  // the run's last value, plus one
    while j < size {
      if chain.isBetter(than: tree[j]) { tree[j] = chain }
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
  kept.reverse()
  return kept
}

/// Where ``_heaviestLongestChain(starts:count:weights:size:in:)`` keeps the
/// best chain of each tree position (``_Chain/none`` where there is none).
@usableFromInline
protocol _ChainTree {
  subscript(position: Int) -> _Chain { get set }
}

/// A tree with a slot for every position: the search over values.
@usableFromInline
struct _DenseChainTree: _ChainTree {
  @usableFromInline var chains: [_Chain]

  @inlinable
  init(size: Int) { chains = [_Chain](repeating: .none, count: size) }

  @inlinable
  subscript(position: Int) -> _Chain {
    get { chains[position] }
    set { chains[position] = newValue }
  }
}

/// A chain of the weighted subsequence search: its length, total weight and
/// last offset.
@usableFromInline
struct _Chain {
  @usableFromInline var length: Int
  @usableFromInline var weight: Int
  @usableFromInline var last: Int

  @inlinable
  init(length: Int, weight: Int, last: Int) {
    self.length = length
    self.weight = weight
    self.last = last
  }

  /// The empty chain.
  @inlinable
  static var none: _Chain { _Chain(length: 0, weight: 0, last: -1) }

  /// Longer wins; at equal length, heavier wins; otherwise the incumbent stays.
  @inlinable
  func isBetter(than other: _Chain) -> Bool {
    length != other.length ? length > other.length : weight > other.weight
  }
}
