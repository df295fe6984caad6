public import DataSourceGraphCore

/// A composite's identity table: the key of the child that shows each
/// identity, one entry per item of the composite.
///
/// The identities are kept dense with a hash index of 4-byte words
/// (`_HashedIDs`) and the keys beside them, 4 bytes each: for integer
/// identities about 17 bytes per identity where a `Dictionary<ID, Int32>`
/// takes about 25, and one scattered memory read per insert instead of
/// three (its bitmap, keys and values); a section's claims are filed in
/// groups whose memory reads overlap (``claimEach(_:for:)``). An entry is
/// never taken out: a removed identity keeps its entry with no key
/// (`Self.none`), which `count` still counts, until the composite
/// rebuilds the table.
@usableFromInline
package struct _OwnerTable<ID: Hashable> {
  @usableFromInline var index: _HashedIDs<ID>
  /// Per entry, the key of the child that shows its identity, or
  /// `Self.none`: in chunks, like the identities, so that no insert
  /// copies them all.
  @usableFromInline var keys = _ChunkedArray<Int32>()

  /// The key of an entry whose identity was removed.
  @usableFromInline static var none: Int32 { -1 }

  /// An empty table (`narrowLimit`: see ``_HashedIDs``).
  @inlinable
  package init(narrowLimit: Int = Int(UInt32.max) - 1) {
    index = _HashedIDs(narrowLimit: narrowLimit)
  }

  /// The number of entries, removed identities included.
  @inlinable package var count: Int { keys.count }

  /// The key of the child that shows `id`, or `nil`. Setting a key records
  /// it; setting `nil` removes the identity.
  ///
  /// - Complexity: Expected amortized O(1).
  @inlinable @inline(__always)
  package subscript(id: ID) -> Int32? {
    get {
      guard let e = index.entry(of: id), keys[e] != Self.none else { return nil }
      return keys[e]
    }
    set {
      guard let key = newValue else {
        if let e = index.entry(of: id) { keys[e] = Self.none }
        return
      }
      let (e, added) = index.appendIfAbsent(id)
      if added { keys.append(key) } else { keys[e] = key }
      #if DATASOURCEGRAPH_INTERNAL_CHECKS
        checkInvariants()
      #endif
    }
  }

  /// Records, in order, that the child with key `key` shows the identity
  /// of each of `items` that no other child shows (an identity with no key
  /// is shown by none), and returns the offsets of the others: those
  /// another child shows, and repeats within `items`.
  ///
  /// - Complexity: Expected amortized O(*m*) for *m* items.
  @inlinable
  package mutating func claimEach<Item: Identifiable>(_ items: [Item], for key: Int32) -> [Int]
  where Item.ID == ID {
    var repeats: [Int] = []
    keys.reserveCapacity(keys.count + items.count)
    items.withUnsafeBufferPointer { items in
      withUnsafeTemporaryAllocation(of: Int.self, capacity: items.count) { outcomes in
        index.appendEachIfAbsent(identitiesOf: items, outcomes: outcomes)
        for offset in outcomes.indices {
          let e = outcomes[offset]
          if e >= 0 {
            keys.append(key)
          } else if keys[-1 - e] == Self.none {
            keys[-1 - e] = key
          } else {
            repeats.append(offset)
          }
        }
      }
    }
    #if DATASOURCEGRAPH_INTERNAL_CHECKS
      checkInvariants()
    #endif
    return repeats
  }

  /// Makes room for `minimumCapacity` entries.
  ///
  /// - Complexity: O(*n* + `minimumCapacity`).
  @inlinable
  package mutating func reserveCapacity(_ minimumCapacity: Int) {
    index.reserveCapacity(minimumCapacity)
    keys.reserveCapacity(minimumCapacity)
    #if DATASOURCEGRAPH_INTERNAL_CHECKS
      checkInvariants()
    #endif
  }

  /// Removes every entry, keeping the room made for them.
  ///
  /// - Complexity: O(*n*).
  @inlinable
  package mutating func removeAllKeepingCapacity() {
    index.removeAll(keepingCapacity: true)
    keys.removeAll(keepingCapacity: true)
    #if DATASOURCEGRAPH_INTERNAL_CHECKS
      checkInvariants()
    #endif
  }

  #if DATASOURCEGRAPH_INTERNAL_CHECKS
    /// Stops the program when an entry has no key (or a key no entry):
    /// one key, or ``none``, per identity of the index, which checks
    /// itself. Compiled only for the library's internal checks, which run
    /// it after every change.
    ///
    /// - Complexity: O(1).
    @inlinable
    package func checkInvariants() {
      precondition(keys.count == index.count, "\(keys.count) keys for \(index.count) identities")
    }
  #endif
}
