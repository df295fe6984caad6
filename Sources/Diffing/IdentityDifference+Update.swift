extension IdentityDifference {
  /// An element whose identity occurs on both sides but whose content changed.
  ///
  /// `old` is the element's offset in the old collection and `new` its offset in
  /// the new one. The two differ when the element also moved or when elements
  /// before it were inserted or deleted.
  public struct Update: Hashable, Sendable {
    /// The offset of the element in the old collection.
    public var old: Int
    /// The offset of the element in the new collection.
    public var new: Int

    /// Creates an update of the element at old offset `old`, found at new offset `new`.
    ///
    /// - Parameters:
    ///   - old: The element's offset in the old collection.
    ///   - new: The element's offset in the new collection.
    @inlinable
    public init(old: Int, new: Int) {
      self.old = old
      self.new = new
    }
  }
}

extension IdentityDifference.Update: CustomStringConvertible {
  /// A compact description, such as `3~7`.
  public var description: String { "\(old)~\(new)" }
}
