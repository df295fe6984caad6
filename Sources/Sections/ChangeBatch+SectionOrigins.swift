/// Pairs the positions that stay in a sequence changed by position: the old
/// positions nothing takes away (`leaving` is `false`), in order, go to the
/// new positions nothing else fills (`arriving` is `false`), in order, as
/// UIKit reads a batch.
///
/// The one home of that walk: applying a batch, composing two, and every
/// combinator that follows sections or rows through a batch use it.
///
/// - Returns: `false` if the two sides do not have as many staying
///   positions (the change does not fit the counts).
/// - Complexity: O(*m* + *n*) for *m* old and *n* new positions.
@inlinable
package func forEachStaying(
  leaving: [Bool], arriving: [Bool], _ body: (_ old: Int, _ new: Int) -> Void
) -> Bool {
  var old = 0
  for new in arriving.indices where !arriving[new] {
    while old < leaving.count, leaving[old] { old += 1 }
    guard old < leaving.count else { return false }
    body(old, new)
    old += 1
  }
  while old < leaving.count, leaving[old] { old += 1 }
  return old == leaving.count
}

extension ChangeBatch {
  /// For every section after the batch, the index it had before, or `nil`
  /// for a section the batch inserts; `nil` when the batch's section
  /// operations do not fit `oldCount` sections (an index out of range or
  /// named twice).
  ///
  /// Moved sections come from their `from`; the others that stay keep their
  /// old order in the places no insert or move fills.
  ///
  /// - Complexity: O(*s*) in the number of sections.
  @inlinable
  package func sectionOrigins(fitting oldCount: Int) -> [Int?]? {
    let newCount = oldCount - sectionDeletes.count + sectionInserts.count
    guard newCount >= 0 else { return nil }
    var leaving = [Bool](repeating: false, count: oldCount)
    for s in sectionDeletes {
      guard (0..<oldCount).contains(s), !leaving[s] else { return nil }
      leaving[s] = true
    }
    for move in sectionMoves {
      guard (0..<oldCount).contains(move.from), !leaving[move.from] else { return nil }
      leaving[move.from] = true
    }
    var origins = [Int?](repeating: nil, count: newCount)
    var taken = [Bool](repeating: false, count: newCount)
    for insert in sectionInserts {
      guard (0..<newCount).contains(insert.index), !taken[insert.index] else { return nil }
      taken[insert.index] = true
    }
    for move in sectionMoves {
      guard (0..<newCount).contains(move.to), !taken[move.to] else { return nil }
      origins[move.to] = move.from
      taken[move.to] = true
    }
    let fits = forEachStaying(leaving: leaving, arriving: taken) { old, new in
      origins[new] = old
    }
    return fits ? origins : nil
  }

  /// For every section after the batch, the index it had before, or `nil`
  /// for a section the batch inserts (see ``sectionOrigins(fitting:)``).
  ///
  /// - Precondition: The batch's section operations fit `oldCount`
  ///   sections.
  /// - Complexity: O(*s*) in the number of sections.
  @inlinable
  package func sectionOrigins(oldCount: Int) -> [Int?] {
    guard let origins = sectionOrigins(fitting: oldCount) else {
      preconditionFailure("the batch's section operations do not fit \(oldCount) sections")
    }
    return origins
  }
}
