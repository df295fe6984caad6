extension SnapshotSection.Items: Equatable where Item: Equatable {
  /// Whether both hold equal items in the same order.
  ///
  /// - Complexity: O(1) when they share storage, else O(*n*).
  @inlinable
  public static func == (lhs: Self, rhs: Self) -> Bool {
    guard lhs.count == rhs.count else { return false }
    if lhs.sharesStorage(with: rhs) { return true }
    if lhs.isOneArray && rhs.isOneArray { return lhs.whole == rhs.whole }
    return lhs.elementsEqual(rhs)
  }
}

extension SnapshotSection.Items where Item: Equatable {
  /// Whether `items` holds the items of `array`, in order.
  ///
  /// - Complexity: O(*n*).
  @inlinable
  public static func == (items: Self, array: [Item]) -> Bool {
    items.count == array.count && items.elementsEqual(array)
  }

  /// Whether `array` holds the items of `items`, in order.
  ///
  /// - Complexity: O(*n*).
  @inlinable
  public static func == (array: [Item], items: Self) -> Bool { items == array }

  /// Whether `items` and `array` differ.
  @inlinable
  public static func != (items: Self, array: [Item]) -> Bool { !(items == array) }

  /// Whether `array` and `items` differ.
  @inlinable
  public static func != (array: [Item], items: Self) -> Bool { !(items == array) }
}

extension SnapshotSection.Items: Hashable where Item: Hashable {
  /// Hashes the items in order.
  ///
  /// - Complexity: O(*n*).
  @inlinable
  public func hash(into hasher: inout Hasher) {
    hasher.combine(count)
    for item in self { hasher.combine(item) }
  }
}

extension SnapshotSection.Items: CustomStringConvertible {
  /// The items, written as an array's are.
  public var description: String { array.description }
}
