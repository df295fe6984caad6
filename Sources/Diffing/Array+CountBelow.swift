extension Array where Element == Int {
  /// The number of elements less than `value` in this ascending array: where
  /// `value` would be inserted to keep it sorted.
  ///
  /// Package-internal: the diff engine, the validator and the combinators
  /// share it.
  ///
  /// - Complexity: O(log *n*), where *n* is the number of elements.
  @inlinable
  package func countOfElements(below value: Int) -> Int {
    var low = 0
    var high = count
    while low < high {
      let middle = (low + high) / 2
      if self[middle] < value { low = middle + 1 } else { high = middle }
    }
    return low
  }
}
