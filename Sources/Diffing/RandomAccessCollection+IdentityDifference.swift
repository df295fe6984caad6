extension RandomAccessCollection {
  /// Returns the difference from `old` to this collection, matching elements by
  /// the identity `id` returns and comparing matched elements with `contentEquals`.
  ///
  /// Deletes and move sources are offsets in `old`; inserts and move
  /// destinations are offsets in this collection, as UIKit's batch updates
  /// expect. The elements left in place form a longest common subsequence of
  /// the two sequences of identities, so the moves are as few as possible.
  /// Every matched pair, kept or moved, whose content differs is an update.
  ///
  /// Identities may repeat: the diff stays valid and minimal (among the
  /// occurrences of an identity not kept in place, old and new ones are paired
  /// in order as moves, the excess are deletes or inserts), and `duplicates`
  /// lists every repeated offset. The result is deterministic.
  ///
  /// ```swift
  /// let old = [(id: 1, name: "a"), (id: 2, name: "b"), (id: 3, name: "c")]
  /// let new = [(id: 3, name: "c"), (id: 1, name: "A")]
  /// let difference = new.identityDifference(
  ///   from: old, identifiedBy: { $0.id }, contentEquals: { $0.name == $1.name })
  /// // deletes [1], moves [2→0], updates [0~1]
  /// ```
  ///
  /// - Parameters:
  ///   - old: The collection before the change.
  ///   - id: Returns an element's identity; called exactly once per element.
  ///   - contentEquals: Whether two elements with the same identity have the
  ///     same content; called once per matched pair.
  /// - Returns: The deletes, inserts, moves, updates and duplicate report.
  /// - Complexity: O(*N* + *M* + *D*²) expected when the *D* edits are few
  ///   (Myers 1986, linear space, with a budget of about *N* + *M* steps);
  ///   otherwise O(*N* + *M* log *M*) expected for unique identities (a longest
  ///   increasing subsequence, Hunt–Szymanski 1977) if `ID` implements
  ///   high-quality hashing; with repeated identities O((*r* + *N* + *M*) log *N*)
  ///   for *r* matching pairs, falling back to O((*N* + *M*)·*D*) when *r* is
  ///   large. *N* and *M* are the lengths of `old` and of this collection. Extra
  ///   memory is O(*N* + *M*) 32-bit integers.
  @inlinable
  public func identityDifference<Old: RandomAccessCollection, ID: Hashable>(
    from old: Old,
    identifiedBy id: (Element) throws -> ID,
    contentEquals: (Element, Element) throws -> Bool
  ) rethrows -> IdentityDifference where Old.Element == Element {
    try _identityDifference(
      from: old, identifiedBy: id, contentEquals: contentEquals, strategy: .automatic)
  }

  /// `identityDifference(from:identifiedBy:contentEquals:)` with a chosen
  /// algorithm; the tests use it to check that every path is minimal.
  @inlinable
  package func _identityDifference<Old: RandomAccessCollection, ID: Hashable>(
    from old: Old,
    identifiedBy id: (Element) throws -> ID,
    contentEquals: (Element, Element) throws -> Bool,
    strategy: IdentityDiffStrategy
  ) rethrows -> IdentityDifference where Old.Element == Element {
    var oldIDs = ContiguousArray<ID>()
    oldIDs.reserveCapacity(old.count)
    for element in old { oldIDs.append(try id(element)) }
    var newIDs = ContiguousArray<ID>()
    newIDs.reserveCapacity(count)
    for element in self { newIDs.append(try id(element)) }
    var difference = oldIDs.withUnsafeBufferPointer { oldIDs in
      newIDs.withUnsafeBufferPointer { newIDs in
        _IdentityDiffer(old: oldIDs, new: newIDs).difference(strategy: strategy)
      }
    }
    try difference._computeUpdates(old: old, new: self, contentEquals: contentEquals)
    difference._checkInvariants(oldCount: old.count, newCount: count)
    return difference
  }
}

extension RandomAccessCollection where Element: Identifiable & Equatable {
  /// Returns the difference from `old` to this collection, matching elements by
  /// `id` and reporting an update for every matched pair that is not `==`.
  ///
  /// ```swift
  /// struct Row: Identifiable, Equatable { var id: Int; var title: String }
  /// let difference = [Row(id: 2, title: "b"), Row(id: 1, title: "A")]
  ///   .identityDifference(from: [Row(id: 1, title: "a"), Row(id: 2, title: "b")])
  /// // moves [1→0], updates [0~1]
  /// ```
  ///
  /// - Parameter old: The collection before the change.
  /// - Returns: The deletes, inserts, moves, updates and duplicate report.
  /// - Complexity: As `identityDifference(from:identifiedBy:contentEquals:)`.
  @inlinable
  public func identityDifference<Old: RandomAccessCollection>(
    from old: Old
  ) -> IdentityDifference where Old.Element == Element {
    identityDifference(from: old, identifiedBy: { $0.id }, contentEquals: ==)
  }
}

extension RandomAccessCollection where Element: Identifiable & Hashable {
  /// Returns the difference from `old` to this collection, matching elements by
  /// `id` and reporting an update for every matched pair that is not `==`.
  ///
  /// For elements that are both `Identifiable` and `Hashable`, `id` is the
  /// identity (as for any `Identifiable`), not the whole value.
  ///
  /// - Parameter old: The collection before the change.
  /// - Returns: The deletes, inserts, moves, updates and duplicate report.
  /// - Complexity: As `identityDifference(from:identifiedBy:contentEquals:)`.
  @inlinable
  public func identityDifference<Old: RandomAccessCollection>(
    from old: Old
  ) -> IdentityDifference where Old.Element == Element {
    identityDifference(from: old, identifiedBy: { $0.id }, contentEquals: ==)
  }
}

extension RandomAccessCollection where Element: Hashable {
  /// Returns the difference from `old` to this collection, where each element
  /// is its own identity; there are never updates.
  ///
  /// Arrays are diffed in place, without copying their elements.
  ///
  /// ```swift
  /// let difference = ["a", "c", "b", "d"].identityDifference(from: ["a", "b", "c"])
  /// // inserts [3], moves [2→1]  (or [1→2]: one of the two is kept in place)
  /// ```
  ///
  /// - Parameter old: The collection before the change.
  /// - Returns: The deletes, inserts, moves and duplicate report.
  /// - Complexity: As `identityDifference(from:identifiedBy:contentEquals:)`.
  @inlinable
  public func identityDifference<Old: RandomAccessCollection>(
    from old: Old
  ) -> IdentityDifference where Old.Element == Element {
    _identityDifference(from: old, strategy: .automatic)
  }

  /// `identityDifference(from:)` with a chosen algorithm, for the tests.
  @inlinable
  package func _identityDifference<Old: RandomAccessCollection>(
    from old: Old, strategy: IdentityDiffStrategy
  ) -> IdentityDifference where Old.Element == Element {
    let difference =
      withContiguousStorageIfAvailable { newIDs in
        old.withContiguousStorageIfAvailable { oldIDs in
          _IdentityDiffer(old: oldIDs, new: newIDs).difference(strategy: strategy)
        }
      } ?? nil
    if let difference {
      difference._checkInvariants(oldCount: old.count, newCount: count)
      return difference
    }
    return _identityDifference(
      from: old, identifiedBy: { $0 }, contentEquals: { _, _ in true }, strategy: strategy)
  }
}
