public import DataSourceGraphCore

/// Computes the identity difference of two buffers of identities, without updates.
///
/// The paths, chosen in this order:
/// 1. Trim the common prefix and suffix.
/// 2. Myers (Myers 1986) on the rest, with a work budget of about *N* + *M*
///    comparisons for the search that finds *D*: few edits end here, without
///    hashing the middle. One hash per old identity then pairs the deleted and
///    inserted elements into moves and proves the identities unique.
/// 3. Otherwise hash every identity; with unique identities the kept elements
///    are a longest increasing subsequence of old offsets in new order.
/// 4. With duplicate identities, Hunt–Szymanski (1977) over the matching pairs,
///    or Myers without a budget if there are too many pairs.
@usableFromInline
internal struct _IdentityDiffer<ID: Hashable> {
  @usableFromInline internal let old: UnsafeBufferPointer<ID>
  @usableFromInline internal let new: UnsafeBufferPointer<ID>
  /// The length of the common prefix.
  @usableFromInline internal let prefix: Int
  /// The length of the common suffix (disjoint from the prefix).
  @usableFromInline internal let suffix: Int

  @inlinable
  internal init(old: UnsafeBufferPointer<ID>, new: UnsafeBufferPointer<ID>) {
    precondition(
      old.count < Int(Int32.max) && new.count < Int(Int32.max),
      "Diffing supports collections of fewer than 2^31 - 1 elements")
    self.old = old
    self.new = new
    let common = Swift.min(old.count, new.count)
    var prefix = 0
    while prefix < common && old[prefix] == new[prefix] { prefix += 1 }
    var suffix = 0
    while suffix < common - prefix && old[old.count - 1 - suffix] == new[new.count - 1 - suffix] {
      suffix += 1
    }
    self.prefix = prefix
    self.suffix = suffix
  }

  @inlinable
  internal var oldMiddle: Range<Int> { prefix..<(old.count - suffix) }

  @inlinable
  internal var newMiddle: Range<Int> { prefix..<(new.count - suffix) }

  @inlinable
  internal func difference(strategy: IdentityDiffStrategy) -> IdentityDifference {
    switch strategy {
    case .automatic, .myers:
      var script = EditScript()
      let budget = strategy == .myers ? Int.max : oldMiddle.count + newMiddle.count + 4096
      let finished = _myersEditScript(
        old: oldMiddle, new: newMiddle, workLimit: budget,
        deletes: &script.deletes, inserts: &script.inserts
      ) { old[$0] == new[$1] }
      if finished { return pairingUnique(script) ?? pairingGeneral(keeping: script) }
      return uniqueHashing() ?? pairingGeneral(keeping: nil)
    case .hashing:
      return uniqueHashing() ?? pairingGeneral(keeping: nil)
    case .huntSzymanski:
      return pairingGeneral(keeping: nil, forceHuntSzymanski: true)
    }
  }

  /// Turns the edit script of the middle into deletes, inserts and moves, hashing
  /// every old identity once (which also proves them unique) and looking up only
  /// the inserted ones.
  ///
  /// - Returns: `nil` if an identity occurs twice on a side.
  @inlinable
  internal func pairingUnique(_ script: EditScript) -> IdentityDifference? {
    var table = _HashedIDs<ID>(minimumCapacity: old.count + script.inserts.count)
    for i in 0..<old.count where !table.appendIfAbsentWithinRoom(old[i]).added { return nil }
    var consumed = [Bool](repeating: false, count: script.deletes.count)
    var moves: [IdentityDifference.Move] = []
    var inserts: [Int] = []
    inserts.reserveCapacity(script.inserts.count)
    for j in script.inserts {
      let (entry, added) = table.appendIfAbsentWithinRoom(new[j])
      if added {
        inserts.append(j)
        continue
      }
      // A new-only identity, an old element kept in place or one already
      // moved: the identity repeats in `new`.
      guard entry < old.count, let position = _binarySearch(script.deletes, entry),
        !consumed[position]
      else { return nil }
      consumed[position] = true
      moves.append(IdentityDifference.Move(from: entry, to: j))
    }
    var deletes: [Int] = []
    deletes.reserveCapacity(script.deletes.count - moves.count)
    for (position, i) in script.deletes.enumerated() where !consumed[position] { deletes.append(i) }
    return IdentityDifference(deletes: deletes, inserts: inserts, moves: moves)
  }
}

/// The position of `value` in the ascending array `sorted`, if present.
@inlinable
internal func _binarySearch(_ sorted: [Int], _ value: Int) -> Int? {
  let low = sorted.countOfElements(below: value)
  return low < sorted.count && sorted[low] == value ? low : nil
}
