extension Array {
  /// Whether this array and `other` share one storage buffer, and so hold
  /// the same elements: the case of a copy that was not edited since.
  ///
  /// `false` says nothing: equal arrays built separately do not share
  /// storage. Both buffers are held at once while their addresses are
  /// compared, so two temporary copies (of arrays bridged from Objective-C)
  /// can never be mistaken for one buffer.
  ///
  /// - Complexity: O(1) for native arrays; O(*n*) for an array bridged
  ///   from Objective-C whose elements are not yet contiguous.
  @inlinable
  func _sharesStorage(with other: Self) -> Bool {
    count == other.count
      && withUnsafeBufferPointer { mine in
        other.withUnsafeBufferPointer { theirs in mine.baseAddress == theirs.baseAddress }
      }
  }
}
