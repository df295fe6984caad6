extension SnapshotSection.Items: Equatable where Item: Equatable {
  /// Whether both hold equal items in the same order.
  ///
  /// - Complexity: O(1) when they share storage, else O(*n*).
  @inlinable
  public static func == (lhs: Self, rhs: Self) -> Bool {
    guard lhs.count == rhs.count else { return false }
    if lhs.sharesStorage(with: rhs) { return true }
    if lhs.readsWhole && rhs.readsWhole { return lhs.whole == rhs.whole }
    return equalRuns(lhs, rhs)
  }

  /// Whether the items of `lhs` and `rhs`, of one count, are equal, read
  /// run against run of their storage (the arrays' own comparison for
  /// each stretch two runs share): in code not specialized for the item
  /// type, a walk of two iterators asks the runtime for type metadata at
  /// every item.
  ///
  /// - Complexity: O(*n*) comparisons, plus O(*c*) for *c* chunks.
  @inlinable
  static func equalRuns(_ lhs: Self, _ rhs: Self) -> Bool {
    let (left, right) = (lhs.runs, rhs.runs)
    var (i, j) = (0, 0)
    var (a, b) = (left.first ?? [], right.first ?? [])
    while true {
      if a.isEmpty {
        i += 1
        guard i < left.count else { return true }
        a = left[i]
      }
      if b.isEmpty {
        j += 1
        guard j < right.count else { return true }
        b = right[j]
      }
      guard !a.isEmpty, !b.isEmpty else { continue }
      let n = Swift.min(a.count, b.count)
      guard a.prefix(n) == b.prefix(n) else { return false }
      a = a.dropFirst(n)
      b = b.dropFirst(n)
    }
  }
}

extension SnapshotSection.Items {
  /// The runs of items held contiguously, in order.
  @inlinable var runs: [ArraySlice<Item>] { readsWhole ? [whole[...]] : chunks }
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
