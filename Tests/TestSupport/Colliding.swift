/// An identity whose hash is its value modulo `spread`: with a small
/// spread, long runs of identities share a bucket of a hash table.
public struct Colliding: Hashable, Sendable {
  public var value: Int
  public var spread: Int

  public init(value: Int, spread: Int) {
    self.value = value
    self.spread = spread
  }

  public static func == (a: Self, b: Self) -> Bool { a.value == b.value }
  public func hash(into hasher: inout Hasher) { hasher.combine(value % spread) }
}

/// An item whose identity is a `Colliding`.
public struct CollidingItem: Identifiable, Sendable {
  public var id: Colliding

  public init(id: Colliding) { self.id = id }
}
