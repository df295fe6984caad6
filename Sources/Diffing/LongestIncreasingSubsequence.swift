/// Returns the offsets of one longest strictly increasing subsequence of
/// `values`, in ascending order.
///
/// Among subsequences of the greatest length, the one returned ends with the
/// smallest possible last value (patience sorting keeps the smallest tail of
/// each length); the choice is deterministic.
///
/// With unique identities, the elements an identity diff keeps in place are a
/// longest increasing subsequence of old offsets taken in new order: the
/// reduction of the longest common subsequence to this problem by Hunt and
/// Szymanski (1977).
///
/// ```swift
/// longestIncreasingSubsequence([3, 1, 4, 1, 5, 9, 2, 6])  // [1, 2, 4, 7]: 1, 4, 5, 6
/// ```
///
/// - Parameter values: The sequence to search.
/// - Returns: Ascending offsets into `values` whose values strictly increase.
/// - Complexity: O(*n* log *n*) time and O(*n*) space, where *n* is the
///   number of values.
@inlinable
public func longestIncreasingSubsequence(_ values: some RandomAccessCollection<Int>) -> [Int] {
  var tails: [Int] = []  // tails[k]: the smallest value ending a subsequence of length k + 1
  var tailOffsets: [Int] = []
  var previous = [Int](repeating: -1, count: values.count)
  for (offset, value) in values.enumerated() {
    var low = 0
    var high = tails.count
    while low < high {
      let middle = (low + high) >> 1
      if tails[middle] < value { low = middle + 1 } else { high = middle }
    }
    previous[offset] = low > 0 ? tailOffsets[low - 1] : -1
    if low == tails.count {
      tails.append(value)
      tailOffsets.append(offset)
    } else {
      tails[low] = value
      tailOffsets[low] = offset
    }
  }
  var result = [Int](repeating: 0, count: tails.count)
  var offset = tailOffsets.last ?? -1
  for position in result.indices.reversed() {
    result[position] = offset
    offset = previous[offset]
  }
  return result
}
