extension RandomAccessCollection {
  /// Returns a shortest edit script from `old` to this collection: the fewest
  /// deletes and inserts, comparing elements with `areEquivalent`.
  ///
  /// The elements neither deleted nor inserted form a longest common
  /// subsequence, so `deletes.count + inserts.count == N + M - 2·LCS`. This is
  /// Myers' greedy algorithm in linear space (Myers 1986, §4b: middle snakes,
  /// divide and conquer) after trimming the common prefix and suffix. It never
  /// hashes, which makes it the fastest choice when the sequences differ little.
  ///
  /// ```swift
  /// let script = Array("CBABAC").editScript(from: Array("ABCABBA"), by: ==)
  /// // script.deletes == [0, 1, 5], script.inserts == [2, 5]  (D = 5)
  /// ```
  ///
  /// - Parameters:
  ///   - old: The sequence before the change.
  ///   - areEquivalent: Whether an old and a new element are the same.
  /// - Returns: Ascending old offsets to delete and new offsets to insert.
  /// - Complexity: O((*N* + *M*)·*D*) time, usually near O(*N* + *M* + *D*²),
  ///   and O(*D*) extra space, where *N* and *M* are the lengths and *D* the
  ///   size of the result (Myers 1986).
  @inlinable
  public func editScript<Old: RandomAccessCollection>(
    from old: Old, by areEquivalent: (Element, Element) throws -> Bool
  ) rethrows -> EditScript where Old.Element == Element {
    var script = EditScript()
    _ = try _myersEditScript(
      old: 0..<old.count, new: 0..<count, workLimit: .max,
      deletes: &script.deletes, inserts: &script.inserts
    ) { i, j in
      try areEquivalent(
        old[old.index(old.startIndex, offsetBy: i)], self[index(startIndex, offsetBy: j)])
    }
    return script
  }
}

extension RandomAccessCollection where Element: Equatable {
  /// Returns a shortest edit script from `old` to this collection, comparing
  /// elements with `==`.
  ///
  /// ```swift
  /// let script = [1, 2, 3, 4].editScript(from: [1, 3, 4, 5])
  /// // script.deletes == [3], script.inserts == [1]
  /// ```
  ///
  /// - Parameter old: The sequence before the change.
  /// - Returns: Ascending old offsets to delete and new offsets to insert.
  /// - Complexity: O((*N* + *M*)·*D*) time and O(*D*) extra space (Myers 1986).
  @inlinable
  public func editScript<Old: RandomAccessCollection>(
    from old: Old
  ) -> EditScript where Old.Element == Element {
    editScript(from: old, by: ==)
  }
}
