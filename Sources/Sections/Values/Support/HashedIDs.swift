/// Identities kept dense, in the order they were added, each found again
/// by its *entry* (its number in that order) through a hash index of 4-byte
/// bucket words: the storage of the library's large identity tables, a
/// snapshot's (``_PathTable``) and a composite's record of which child shows
/// each identity. A table keeps what it maps an identity to in arrays of its
/// own, by entry.
///
/// A `Dictionary` keeps a key and a value in every bucket of a power-of-two
/// table kept under ¾ full. Here the identities are dense and each bucket
/// holds a word (open addressing, linear probing, under ¾ full): the
/// entry's number plus one in the low bits (as many as it takes to number
/// the buckets) and the top bits of the identity's hash above them. A probe
/// reads an identity, which lies anywhere in memory, only when those bits
/// match (one time in 2¹⁴ otherwise, in a table of 2¹⁸ buckets), so a
/// look-up reads about as much memory as a `Dictionary`'s, and an identity
/// costs its key and 5 to 11 bytes of buckets. Entries are never removed.
///
/// Past `narrowLimit` entries (2³² − 2, what a word numbers) the index moves
/// to a `Dictionary` of entries (`wide`), which serves from then on: no
/// table is refused, however large.
///
/// Public, under an underscored name, only so that the library's inlinable
/// code in other modules (a composite's table, filled in the caller's
/// module where the item type is known) can use it; not for apps.
public struct _HashedIDs<ID: Hashable> {
  /// The identities, in the order they were added.
  @usableFromInline var ids: [ID] = []
  /// Per bucket: 0 when empty, else the index of its entry plus one in the
  /// low `indexBits` bits and the top bits of the entry's hash above them.
  /// Empty or a power of two long.
  @usableFromInline var buckets: [UInt32] = []
  /// log₂ of the number of buckets.
  @usableFromInline var indexBits = 0
  /// Each identity's entry, once the count passed `narrowLimit`.
  @usableFromInline var wide: [ID: Int]?
  /// The most entries the bucket words number (a parameter so that tests
  /// can reach the wide storage).
  @usableFromInline let narrowLimit: Int

  /// An empty index with room for `minimumCapacity` entries.
  ///
  /// - Complexity: O(`minimumCapacity`).
  @inlinable
  public init(minimumCapacity: Int = 0, narrowLimit: Int = Int(UInt32.max) - 1) {
    self.narrowLimit = narrowLimit
    reserveCapacity(minimumCapacity)
  }

  /// The number of entries.
  @inlinable public var count: Int { ids.count }

  /// Whether the entries are found through a `Dictionary`.
  @inlinable public var isWide: Bool { wide != nil }

  /// The entry of `id`, or `nil`.
  ///
  /// - Complexity: Expected O(1).
  @inlinable
  public func entry(of id: ID) -> Int? {
    if let wide { return wide[id] }
    if buckets.isEmpty { return nil }
    let entry = find(id, hash: id.hashValue).entry
    return entry < 0 ? nil : entry
  }

  /// Adds `id` as the next entry unless it is there, and returns its entry
  /// and whether it was added.
  ///
  /// - Complexity: Expected amortized O(1).
  @inlinable
  public mutating func appendIfAbsent(_ id: ID) -> (entry: Int, added: Bool) {
    if wide != nil { return appendWide(id) }
    guard ids.count < narrowLimit else {
      if let found = entry(of: id) { return (found, false) }
      widen()
      return appendWide(id)
    }
    if (ids.count + 1) * 4 > buckets.count * 3 {
      makeBuckets(for: ids.count + 1)
      fileEntries()
    }
    let hash = id.hashValue
    let (bucket, found) = find(id, hash: hash)
    if found >= 0 { return (found, false) }
    let e = ids.count
    ids.append(id)
    buckets[bucket] = word(entry: e, hash: hash)
    return (e, true)
  }

  /// Makes room for `minimumCapacity` entries.
  ///
  /// - Complexity: O(*n* + `minimumCapacity`) when it makes room, else O(1).
  @inlinable
  public mutating func reserveCapacity(_ minimumCapacity: Int) {
    guard minimumCapacity > 0 else { return }
    ids.reserveCapacity(minimumCapacity)
    if minimumCapacity > narrowLimit, wide == nil { widen() }
    if wide != nil {
      wide!.reserveCapacity(minimumCapacity)
    } else if minimumCapacity * 4 > buckets.count * 3 {
      makeBuckets(for: minimumCapacity)
      fileEntries()
    }
  }

  /// Removes every entry, keeping the room made for them when
  /// `keepingCapacity`.
  ///
  /// - Complexity: O(*n*).
  @inlinable
  public mutating func removeAll(keepingCapacity: Bool) {
    ids.removeAll(keepingCapacity: keepingCapacity)
    wide = nil
    if keepingCapacity {
      buckets.withUnsafeMutableBufferPointer { $0.update(repeating: 0) }
    } else {
      buckets = []
      indexBits = 0
    }
  }

  /// The bucket that holds `id` and its entry, or the empty bucket where
  /// it would go and -1. There must be buckets.
  @inlinable @inline(__always)
  func find(_ id: ID, hash: Int) -> (bucket: Int, entry: Int) {
    let mask = buckets.count - 1
    let indexMask = UInt32(truncatingIfNeeded: mask)
    let tag = word(entry: -1, hash: hash)
    var bucket = hash & mask
    while true {
      let word = buckets[bucket]
      if word == 0 { return (bucket, -1) }
      if word & ~indexMask == tag {
        let entry = Int(word & indexMask) - 1
        if ids[entry] == id { return (bucket, entry) }
      }
      bucket = (bucket + 1) & mask
    }
  }

  /// The bucket word of entry number `entry` (-1 for the tag alone) whose
  /// identity hashes to `hash`.
  @inlinable @inline(__always)
  func word(entry: Int, hash: Int) -> UInt32 {
    let index = UInt32(truncatingIfNeeded: entry + 1)
    guard indexBits < 32 else { return index }
    let tag = UInt32(truncatingIfNeeded: UInt(bitPattern: hash) >> (32 + indexBits))
    return tag << indexBits | index
  }

  /// Empty buckets for `count` entries: a power of two, at most ¾ full.
  @inlinable
  mutating func makeBuckets(for count: Int) {
    indexBits = 3
    while (1 << indexBits) * 3 < count * 4 { indexBits += 1 }
    buckets = [UInt32](repeating: 0, count: 1 << indexBits)
  }

  /// Files every entry in the buckets, which are empty.
  ///
  /// - Complexity: O(*n*).
  @inlinable
  mutating func fileEntries() {
    let mask = buckets.count - 1
    for e in ids.indices {
      let hash = ids[e].hashValue
      var bucket = hash & mask
      while buckets[bucket] != 0 { bucket = (bucket + 1) & mask }
      buckets[bucket] = word(entry: e, hash: hash)
    }
  }

  /// Moves the index of every entry to `wide`.
  @inlinable
  mutating func widen() {
    var wide = [ID: Int](minimumCapacity: ids.count + 1)
    for e in ids.indices { wide[ids[e]] = e }
    self.wide = wide
    buckets = []
    indexBits = 0
  }

  @inlinable
  mutating func appendWide(_ id: ID) -> (entry: Int, added: Bool) {
    if let found = wide![id] { return (found, false) }
    wide![id] = ids.count
    ids.append(id)
    return (ids.count - 1, true)
  }
}
