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
  // tree[i]: the best chain ending at a value in the Fenwick range of i.
  var tree = [_Chain](repeating: _Chain(length: 0, weight: 0, last: -1), count: largest + 2)
  var previous = [Int](repeating: -1, count: values.count)
  var best = _Chain(length: 0, weight: 0, last: -1)
  for (offset, value) in values.enumerated() {
    var top = _Chain(length: 0, weight: 0, last: -1)
    var i = value  // values strictly below `value` are tree positions 1...value
    while i > 0 {
      if tree[i].isBetter(than: top) { top = tree[i] }
      i &= i - 1
    }
    let chain = _Chain(length: top.length + 1, weight: top.weight + weights[offset], last: offset)
    previous[offset] = top.last
    var j = value + 1
    while j < tree.count {
      if chain.isBetter(than: tree[j]) { tree[j] = chain }
      j += j & -j
    }
    if chain.isBetter(than: best) { best = chain }
  }
  var result = [Int](repeating: 0, count: best.length)
  var offset = best.last
  for position in result.indices.reversed() {
    result[position] = offset
    offset = previous[offset]
  }
  return result
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

  /// Longer wins; at equal length, heavier wins; otherwise the incumbent stays.
  @inlinable
  func isBetter(than other: _Chain) -> Bool {
    length != other.length ? length > other.length : weight > other.weight
  }
}
