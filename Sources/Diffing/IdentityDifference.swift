/// The difference between two collections of identified elements, in the index
/// semantics of UIKit's batch updates.
///
/// Deletes and move sources are offsets in the old collection; inserts and move
/// destinations are offsets in the new one (UIKit rules R1–R4). An element whose
/// identity occurs on both sides is never reported as a delete plus an insert,
/// unless duplicate identities leave more occurrences on one side than on the
/// other.
///
/// The difference is *minimal*: the elements that stay in place (matched, and
/// neither moved nor deleted) form a longest common subsequence of the two
/// sequences of identities, so no shorter list of moves exists.
///
/// ```swift
/// struct Row: Identifiable, Equatable { var id: Int; var title: String }
/// let old = [Row(id: 1, title: "a"), Row(id: 2, title: "b"), Row(id: 3, title: "c")]
/// let new = [Row(id: 3, title: "c"), Row(id: 1, title: "A"), Row(id: 4, title: "d")]
/// let difference = new.identityDifference(from: old)
/// // deletes [1], inserts [2], moves [2→0], updates [0~1]
/// ```
public struct IdentityDifference: Hashable, Sendable {
  /// Ascending offsets in the old collection of the elements removed for good.
  public var deletes: [Int]
  /// Ascending offsets in the new collection of the elements that are new.
  public var inserts: [Int]
  /// Elements present on both sides that changed position, sorted by `to`.
  public var moves: [IdentityDifference.Move]
  /// Every matched pair, kept in place or moved, whose content differs, sorted by `old`.
  public var updates: [IdentityDifference.Update]
  /// The offsets whose identity occurs more than once on their side.
  public var duplicates: IdentityDifference.Duplicates

  /// Creates a difference from its parts.
  ///
  /// - Parameters:
  ///   - deletes: Ascending old offsets of removed elements.
  ///   - inserts: Ascending new offsets of added elements.
  ///   - moves: Moves sorted by destination.
  ///   - updates: Updates sorted by old offset.
  ///   - duplicates: The offsets whose identity is repeated on their side.
  @inlinable
  public init(
    deletes: [Int] = [],
    inserts: [Int] = [],
    moves: [IdentityDifference.Move] = [],
    updates: [IdentityDifference.Update] = [],
    duplicates: IdentityDifference.Duplicates = IdentityDifference.Duplicates()
  ) {
    self.deletes = deletes
    self.inserts = inserts
    self.moves = moves
    self.updates = updates
    self.duplicates = duplicates
  }

  /// Whether the difference changes nothing: no deletes, inserts, moves or updates.
  ///
  /// Duplicates do not count: `diff(a, a)` is empty even when `a` repeats an identity.
  @inlinable
  public var isEmpty: Bool {
    deletes.isEmpty && inserts.isEmpty && moves.isEmpty && updates.isEmpty
  }
}

extension IdentityDifference {
  /// Checks the ordering invariants when the library is built with its
  /// internal checks (`DATASOURCEGRAPH_INTERNAL_CHECKS`, on in its own tests
  /// and CI); compiled out otherwise, so an app's debug build never pays
  /// for them.
  @inlinable
  @inline(__always)
  internal func _checkInvariants(oldCount: Int, newCount: Int) {
    #if DATASOURCEGRAPH_INTERNAL_CHECKS
      func isAscending(_ offsets: some Sequence<Int>, below bound: Int) -> Bool {
        var previous = -1
        for offset in offsets {
          guard offset > previous, offset < bound else { return false }
          previous = offset
        }
        return true
      }
      precondition(isAscending(deletes, below: oldCount), "deletes not ascending old offsets")
      precondition(isAscending(inserts, below: newCount), "inserts not ascending new offsets")
      precondition(isAscending(moves.lazy.map(\.to), below: newCount), "moves not sorted by `to`")
      precondition(
        isAscending(updates.lazy.map(\.old), below: oldCount), "updates not sorted by `old`")
      precondition(
        oldCount - deletes.count + inserts.count == newCount,
        "counts disagree: \(oldCount) - \(deletes.count) + \(inserts.count) != \(newCount)")
    #endif
  }
}
