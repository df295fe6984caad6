/// Identities kept dense, in the order they were added, each found again
/// by its *entry* (its number in that order) through a hash index of 4-byte
/// bucket words: the storage of the library's large identity tables, a
/// snapshot's (`_PathTable`) and a composite's record of which child shows
/// each identity. A table keeps what it maps an identity to in arrays of its
/// own, by entry.
///
/// A `Dictionary` keeps a key and a value in every bucket of a power-of-two
/// table kept under ¾ full, so between ⅜ and ¾ full. Here the identities
/// are dense and each bucket holds a word (open addressing, linear
/// probing): the entry's number plus one in the low bits (as many as it
/// takes to number the buckets) and low bits of the identity's hash above
/// them. A probe reads an identity, which lies anywhere in memory, only
/// when those bits match (one time in 2¹⁴ otherwise, in a table of
/// 200,000 buckets, numbered in 18 bits), so a look-up reads about as much
/// memory as a `Dictionary`'s.
/// The buckets need not be a power of two: an identity's first bucket is
/// its mixed hash scaled to their number (a multiplication), so a table
/// made for a known count (a snapshot's, a composite's) is sized to it,
/// ¾ full, and an identity costs its key and about 5.3 bytes of buckets
/// (a table that grows doubles them). Entries are never removed.
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
  /// low `indexBits` bits and low bits of the entry's hash above them.
  @usableFromInline var buckets: [UInt32] = []
  /// The bits a bucket word gives its entry: enough to number the buckets.
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
  @inlinable @inline(__always)
  public mutating func appendIfAbsent(_ id: ID) -> (entry: Int, added: Bool) {
    if wide != nil { return appendWide(id) }
    guard ids.count < narrowLimit else {
      if let found = entry(of: id) { return (found, false) }
      widen()
      return appendWide(id)
    }
    growIfNeeded(adding: 1)
    let hash = id.hashValue
    let (bucket, found) = find(id, hash: hash)
    if found >= 0 { return (found, false) }
    let e = ids.count
    ids.append(id)
    buckets[bucket] = word(entry: e, hash: hash)
    return (e, true)
  }

  /// Adds the identity of each of `items` that is absent, in order, as
  /// ``appendIfAbsent(_:)`` does, and writes what became of each in
  /// `outcomes` (as long as `items`), at its offset: its entry when it was
  /// added, else `-1 - entry`, the entry it had.
  ///
  /// In a table larger than the processor's caches, an insert waits for
  /// the memory read of its first bucket, and one insert after another
  /// waits for one read after another. Here the identities come in groups
  /// of 16: the group's hashes first, then its first buckets' words, read
  /// one after the other without waiting on any, then the inserts, which
  /// find those words in the cache. An identity whose first bucket was
  /// empty at that read and still is, is absent and goes there.
  ///
  /// - Complexity: Expected amortized O(*k*) for *k* identities.
  @inlinable
  public mutating func appendEachIfAbsent<Item: Identifiable>(
    identitiesOf items: UnsafeBufferPointer<Item>, outcomes: UnsafeMutableBufferPointer<Int>
  ) where Item.ID == ID {
    let count = items.count
    guard wide == nil, ids.count + count <= narrowLimit else {
      for offset in 0..<count {
        let (entry, added) = appendIfAbsent(items[offset].id)
        outcomes[offset] = added ? entry : -1 - entry
      }
      return
    }
    growIfNeeded(adding: count)
    let group = 16
    withUnsafeTemporaryAllocation(of: (hash: Int, bucket: Int, word: UInt32).self, capacity: group)
    { probes in
      var start = 0
      while start < count {
        let end = Swift.min(start + group, count)
        for offset in start..<end {
          let hash = items[offset].id.hashValue
          probes[offset - start] = (hash, firstBucket(hash), 0)
        }
        for j in 0..<(end - start) { probes[j].word = buckets[probes[j].bucket] }
        for offset in start..<end {
          let probe = probes[offset - start]
          let identity = items[offset].id
          var bucket = probe.bucket
          if probe.word != 0 || buckets[bucket] != 0 {
            let found: Int
            (bucket, found) = find(identity, hash: probe.hash)
            if found >= 0 {
              outcomes[offset] = -1 - found
              continue
            }
          }
          outcomes[offset] = ids.count
          buckets[bucket] = word(entry: ids.count, hash: probe.hash)
          ids.append(identity)
        }
        start = end
      }
    }
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
    let indexMask = self.indexMask
    let tag = word(entry: -1, hash: hash)
    var bucket = firstBucket(hash)
    while true {
      let word = buckets[bucket]
      if word == 0 { return (bucket, -1) }
      if word & ~indexMask == tag {
        let entry = Int(word & indexMask) - 1
        if ids[entry] == id { return (bucket, entry) }
      }
      bucket += 1
      if bucket == buckets.count { bucket = 0 }
    }
  }

  /// The bucket where the search for an identity that hashes to `hash`
  /// starts: the hash, mixed (so that hashes that differ only in their
  /// high bits, or small integers, spread), scaled to the number of
  /// buckets.
  @inlinable @inline(__always)
  func firstBucket(_ hash: Int) -> Int {
    let mixed = UInt(bitPattern: hash) &* 0x9E37_79B9_7F4A_7C15
    return Int(truncatingIfNeeded: mixed.multipliedFullWidth(by: UInt(buckets.count)).high)
  }

  /// The low `indexBits` bits of a bucket word: its entry's number plus one.
  @inlinable @inline(__always)
  var indexMask: UInt32 { indexBits >= 32 ? .max : (1 << UInt32(indexBits)) &- 1 }

  /// The bucket word of entry number `entry` (-1 for the tag alone) whose
  /// identity hashes to `hash`.
  @inlinable @inline(__always)
  func word(entry: Int, hash: Int) -> UInt32 {
    let index = UInt32(truncatingIfNeeded: entry + 1)
    guard indexBits < 32 else { return index }
    return UInt32(truncatingIfNeeded: hash) << UInt32(indexBits) | index
  }

  /// Makes buckets for `count` more entries when they would be more than
  /// ¾ full, at least doubling them: amortized O(1) per entry.
  @inlinable @inline(__always)
  mutating func growIfNeeded(adding count: Int) {
    let needed = ids.count + count
    guard needed * 4 > buckets.count * 3 else { return }
    makeBuckets(for: Swift.max(needed, 2 * ids.count))
    fileEntries()
  }

  /// Empty buckets for `count` entries, ¾ full (at least 8).
  @inlinable
  mutating func makeBuckets(for count: Int) {
    let size = max(8, (count * 4 + 2) / 3)
    indexBits = Int.bitWidth - size.leadingZeroBitCount
    buckets = [UInt32](repeating: 0, count: size)
  }

  /// Files every entry in the buckets, which are empty.
  ///
  /// - Complexity: O(*n*).
  @inlinable
  mutating func fileEntries() {
    for e in ids.indices {
      let hash = ids[e].hashValue
      var bucket = firstBucket(hash)
      while buckets[bucket] != 0 {
        bucket += 1
        if bucket == buckets.count { bucket = 0 }
      }
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
