extension IdentityDifference {
  /// An element that keeps its identity but changes position.
  ///
  /// `from` is an offset in the old collection and `to` an offset in the new one,
  /// as UIKit's `moveItem(at:to:)` expects inside `performBatchUpdates`.
  ///
  /// ```swift
  /// let difference = ["b", "a"].identityDifference(from: ["a", "b"])
  /// // difference.moves == [IdentityDifference.Move(from: 0, to: 1)]
  /// ```
  public struct Move: Hashable, Sendable {
    /// The offset of the element in the old collection.
    public var from: Int
    /// The offset of the element in the new collection.
    public var to: Int

    /// Creates a move of the element at old offset `from` to new offset `to`.
    ///
    /// - Parameters:
    ///   - from: The element's offset in the old collection.
    ///   - to: The element's offset in the new collection.
    @inlinable
    public init(from: Int, to: Int) {
      self.from = from
      self.to = to
    }
  }
}

extension IdentityDifference.Move: CustomStringConvertible {
  /// A compact description, such as `3→7`.
  public var description: String { "\(from)→\(to)" }
}
