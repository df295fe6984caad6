extension IdentityDifference {
  /// The offsets whose identity occurs more than once on their own side of a diff.
  ///
  /// Duplicate identities are bad input for a list UI, but the diff never traps on
  /// them: it still returns a valid, minimal difference and lists here every offset
  /// whose identity is repeated, so that the caller can report or repair them.
  ///
  /// ```swift
  /// let difference = ["a", "b", "a"].identityDifference(from: ["a"])
  /// // difference.duplicates.new == [0, 2]; difference.duplicates.old == []
  /// ```
  public struct Duplicates: Hashable, Sendable {
    /// Ascending offsets in the old collection whose identity occurs more than once there.
    public var old: [Int]
    /// Ascending offsets in the new collection whose identity occurs more than once there.
    public var new: [Int]

    /// Whether both sides have unique identities.
    @inlinable
    public var isEmpty: Bool { old.isEmpty && new.isEmpty }

    /// Creates a report of duplicated offsets.
    ///
    /// - Parameters:
    ///   - old: Ascending offsets in the old collection whose identity is repeated there.
    ///   - new: Ascending offsets in the new collection whose identity is repeated there.
    @inlinable
    public init(old: [Int] = [], new: [Int] = []) {
      self.old = old
      self.new = new
    }
  }
}
