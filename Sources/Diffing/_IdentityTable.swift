/// An open-addressing hash table of identities that stores only 32-bit references
/// to the elements of the two identity buffers, never the identities themselves:
/// the same layout as `OrderedSet`'s hash table in swift-collections, and about a
/// quarter of the memory of a `Dictionary<ID, Int>`.
///
/// A slot holds `0` when empty, `i + 1` for old offset `i`, and `~j` for new offset
/// `j`. Linear probing; the table doubles when it is three quarters full. Nothing
/// ever iterates the table, so results never depend on the per-process hash seed.
@usableFromInline
internal struct _IdentityTable<ID: Hashable> {
  @usableFromInline internal var slots: UnsafeMutablePointer<Int32>
  @usableFromInline internal var mask: Int
  @usableFromInline internal var count: Int
  @usableFromInline internal let old: UnsafeBufferPointer<ID>
  @usableFromInline internal let new: UnsafeBufferPointer<ID>

  /// Creates an empty table sized for `expected` entries at a load of at most one half.
  @inlinable
  internal init(old: UnsafeBufferPointer<ID>, new: UnsafeBufferPointer<ID>, expected: Int) {
    precondition(
      old.count < Int(Int32.max) && new.count < Int(Int32.max),
      "Diffing supports collections of fewer than 2^31 - 1 elements")
    self.old = old
    self.new = new
    var capacity = 16
    while capacity < 2 * expected { capacity &<<= 1 }
    mask = capacity - 1
    count = 0
    slots = .allocate(capacity: capacity)
    slots.initialize(repeating: 0, count: capacity)
  }

  @inlinable
  internal func deallocate() { slots.deallocate() }

  @inlinable @inline(__always)
  internal static func code(old offset: Int) -> Int32 { Int32(truncatingIfNeeded: offset &+ 1) }

  @inlinable @inline(__always)
  internal static func code(new offset: Int) -> Int32 { ~Int32(truncatingIfNeeded: offset) }

  /// The identity a non-empty slot code refers to.
  @inlinable @inline(__always)
  internal func identity(of code: Int32) -> ID {
    code > 0 ? old[Int(code) &- 1] : new[Int(~code)]
  }

  /// Finds the entry for `id`, or inserts `code` for it.
  ///
  /// - Returns: The slot of the entry and the code found there, `0` if `code` was
  ///   just inserted. The slot stays valid until the next insertion.
  @inlinable @inline(__always)
  internal mutating func findOrInsert(_ id: ID, code: Int32) -> (slot: Int, found: Int32) {
    if (count &+ 1) &* 4 > (mask &+ 1) &* 3 { grow() }
    var slot = id.hashValue & mask
    while true {
      let existing = slots[slot]
      if existing == 0 {
        slots[slot] = code
        count &+= 1
        return (slot, 0)
      }
      if identity(of: existing) == id { return (slot, existing) }
      slot = (slot &+ 1) & mask
    }
  }

  /// Makes `slot` refer to another element with the same identity.
  @inlinable @inline(__always)
  internal func replace(at slot: Int, with code: Int32) { slots[slot] = code }

  @inlinable
  internal mutating func grow() {
    let oldSlots = slots
    let oldCapacity = mask &+ 1
    let capacity = oldCapacity &* 2
    slots = .allocate(capacity: capacity)
    slots.initialize(repeating: 0, count: capacity)
    mask = capacity &- 1
    for index in 0..<oldCapacity {
      let code = oldSlots[index]
      guard code != 0 else { continue }
      var slot = identity(of: code).hashValue & mask
      while slots[slot] != 0 { slot = (slot &+ 1) & mask }
      slots[slot] = code
    }
    oldSlots.deallocate()
  }
}
