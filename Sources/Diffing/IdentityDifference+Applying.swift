extension IdentityDifference {
  /// Returns `old` changed by this difference, taking inserted and updated
  /// elements from `new`, or `nil` if the difference does not fit `old`.
  ///
  /// The result follows UIKit's batch model (rule R4): deletes and move
  /// sources leave `old`; inserted elements come from `new` at their offsets;
  /// moved elements arrive from `old` at their destinations; the elements left
  /// fill the other offsets in their order; an updated element is replaced by
  /// its new version. For a difference computed from `old` to `new`, the result
  /// equals `new`: the diff's central test property.
  ///
  /// ```swift
  /// let old = ["a", "b", "c"], new = ["c", "a", "d"]
  /// let difference = new.identityDifference(from: old)
  /// difference.applying(to: old, taking: new)  // ["c", "a", "d"]
  /// ```
  ///
  /// - Parameters:
  ///   - old: The collection the difference starts from.
  ///   - new: Where inserted and updated elements are taken from, by new offset.
  /// - Returns: The changed elements, or `nil` when an offset is out of range or
  ///   repeated, the counts disagree, or an update does not name where its
  ///   element lands.
  /// - Complexity: O(*N* + *M*), where *N* and *M* are the lengths of `old` and `new`.
  public func applying<Old: RandomAccessCollection, New: RandomAccessCollection>(
    to old: Old, taking new: New
  ) -> [Old.Element]? where New.Element == Old.Element {
    let n = old.count
    let m = new.count
    guard n - deletes.count + inserts.count == m else { return nil }
    var removed = [Bool](repeating: false, count: n)
    for i in deletes {
      guard 0 <= i, i < n, !removed[i] else { return nil }
      removed[i] = true
    }
    for move in moves {
      guard 0 <= move.from, move.from < n, !removed[move.from] else { return nil }
      removed[move.from] = true
    }
    let unset = -1
    let inserted = -2
    // The old offset each new offset comes from, or `inserted`.
    var source = [Int](repeating: unset, count: m)
    for j in inserts {
      guard 0 <= j, j < m, source[j] == unset else { return nil }
      source[j] = inserted
    }
    for move in moves {
      guard 0 <= move.to, move.to < m, source[move.to] == unset else { return nil }
      source[move.to] = move.from
    }
    var i = 0
    for j in 0..<m where source[j] == unset {
      while i < n && removed[i] { i += 1 }
      guard i < n else { return nil }
      source[j] = i
      i += 1
    }
    var landing = [Int](repeating: unset, count: n)
    for (j, i) in source.enumerated() where i >= 0 { landing[i] = j }
    var result: [Old.Element] = []
    result.reserveCapacity(m)
    for (j, i) in source.enumerated() {
      result.append(
        i == inserted
          ? new[new.index(new.startIndex, offsetBy: j)]
          : old[old.index(old.startIndex, offsetBy: i)])
    }
    for update in updates {
      guard 0 <= update.old, update.old < n, landing[update.old] == update.new else { return nil }
      result[update.new] = new[new.index(new.startIndex, offsetBy: update.new)]
    }
    return result
  }
}
