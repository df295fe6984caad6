/// A shortest edit script between two sequences: what to delete from the old one
/// and what to insert to obtain the new one.
///
/// The elements that are neither deleted nor inserted form a longest common
/// subsequence of the two sequences, so `deletes.count + inserts.count` is the
/// edit distance *D* of Myers 1986.
///
/// ```swift
/// let script = Array("CBABAC").editScript(from: Array("ABCABBA"))
/// // script.deletes.count + script.inserts.count == 5
/// ```
public struct EditScript: Hashable, Sendable {
  /// Ascending offsets in the old sequence of the elements to delete.
  public var deletes: [Int]
  /// Ascending offsets in the new sequence of the elements to insert.
  public var inserts: [Int]

  /// Creates an edit script.
  ///
  /// - Parameters:
  ///   - deletes: Ascending offsets in the old sequence.
  ///   - inserts: Ascending offsets in the new sequence.
  @inlinable
  public init(deletes: [Int] = [], inserts: [Int] = []) {
    self.deletes = deletes
    self.inserts = inserts
  }

  /// Whether the two sequences were equal.
  @inlinable
  public var isEmpty: Bool { deletes.isEmpty && inserts.isEmpty }
}
