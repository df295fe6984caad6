/// An identity → path hash table, filled once and then only read: the
/// storage of a snapshot's identity table (one per ``_ItemLayer``).
///
/// A `Dictionary<ID, ItemPath>` holds, per bucket, a key and a 16-byte path,
/// in power-of-two tables kept under ¾ full, so an identity costs 32 to 64
/// bytes besides its key's. This table keeps its entries dense, in the order
/// they were inserted, each with its path packed in 8 bytes (section and item
/// in 32 bits each), and its buckets hold 4-byte words (open addressing,
/// linear probing, under ¾ full): an identity costs its key, 8 bytes, and 5
/// to 11 bytes of buckets. For integer identities that is 21 to 27 bytes
/// instead of 32 to 64.
///
/// A bucket's word is its entry's number plus one in the low bits (as many
/// as it takes to number the buckets) and the top bits of the entry's hash
/// above them: a probe reads the entry, which lies anywhere in memory, only
/// when those bits match (one time in 2¹⁴ otherwise, in a table of 2¹⁸
/// buckets), so a look-up reads about as much memory as a `Dictionary`'s.
///
/// A path or an entry count that does not fit 32 bits moves every entry to
/// a `Dictionary` (`wide`), which serves from then on: no snapshot is
/// refused, however large.
@usableFromInline
package struct _PathTable<ID: Hashable> {
  @usableFromInline
  struct Entry {
    @usableFromInline let id: ID
    /// The section in the high 32 bits, the item in the low 32.
    @usableFromInline let packedPath: UInt64

    @inlinable
    init(id: ID, packedPath: UInt64) {
      self.id = id
      self.packedPath = packedPath
    }

    @inlinable var path: ItemPath {
      ItemPath(section: Int(packedPath >> 32), item: Int(packedPath & 0xFFFF_FFFF))
    }
  }

  /// The entries, in the order they were inserted.
  @usableFromInline var entries: [Entry] = []
  /// Per bucket: 0 when empty, else the index of its entry plus one in the
  /// low `indexBits` bits and the top bits of the entry's hash above them.
  /// Empty or a power of two long.
  @usableFromInline var buckets: [UInt32] = []
  /// log₂ of the number of buckets.
  @usableFromInline var indexBits = 0
  /// Whether the entries moved to a `Dictionary`.
  @inlinable package var isWide: Bool { wide != nil }
  /// Every entry, once one path or the count passed `narrowLimit`.
  @usableFromInline var wide: [ID: ItemPath]?
  /// The largest section, item or entry number the packed storage holds
  /// (a parameter so that tests can reach the wide storage).
  @usableFromInline let narrowLimit: Int

  /// An empty table with room for `minimumCapacity` entries.
  ///
  /// - Complexity: O(`minimumCapacity`).
  @inlinable
  package init(minimumCapacity: Int = 0, narrowLimit: Int = Int(UInt32.max) - 1) {
    self.narrowLimit = narrowLimit
    if minimumCapacity > narrowLimit {
      wide = Dictionary(minimumCapacity: minimumCapacity)
    } else if minimumCapacity > 0 {
      entries.reserveCapacity(minimumCapacity)
      makeBuckets(for: minimumCapacity)
    }
  }

  /// The number of entries.
  @inlinable package var count: Int { wide?.count ?? entries.count }

  @inlinable package var isEmpty: Bool { count == 0 }

  /// The path of `id`, or `nil`.
  ///
  /// - Complexity: Expected O(1).
  @inlinable
  package subscript(id: ID) -> ItemPath? {
    if let wide { return wide[id] }
    if buckets.isEmpty { return nil }
    let entry = find(id, hash: id.hashValue).entry
    return entry < 0 ? nil : entries[entry].path
  }

  /// Inserts `path` for `id` unless `id` is there, and returns the path it
  /// had then, or `nil` when it was inserted.
  ///
  /// - Complexity: Expected amortized O(1).
  @inlinable
  @discardableResult
  package mutating func insertIfAbsent(_ path: ItemPath, for id: ID) -> ItemPath? {
    if wide != nil { return insertWide(path, for: id) }
    guard path.section <= narrowLimit, path.item <= narrowLimit, entries.count < narrowLimit
    else {
      widen()
      return insertWide(path, for: id)
    }
    if (entries.count + 1) * 4 > buckets.count * 3 {
      makeBuckets(for: entries.count + 1)
      fileEntries()
    }
    let hash = id.hashValue
    let (bucket, entry) = find(id, hash: hash)
    if entry >= 0 { return entries[entry].path }
    entries.append(Entry(id: id, packedPath: UInt64(path.section) << 32 | UInt64(path.item)))
    buckets[bucket] = word(entry: entries.count - 1, hash: hash)
    return nil
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
        if entries[entry].id == id { return (bucket, entry) }
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
    for e in entries.indices {
      let hash = entries[e].id.hashValue
      var bucket = hash & mask
      while buckets[bucket] != 0 { bucket = (bucket + 1) & mask }
      buckets[bucket] = word(entry: e, hash: hash)
    }
  }

  /// Moves every entry to `wide`.
  @inlinable
  mutating func widen() {
    var wide = [ID: ItemPath](minimumCapacity: entries.count + 1)
    for entry in entries { wide[entry.id] = entry.path }
    self.wide = wide
    entries = []
    buckets = []
  }

  @inlinable
  mutating func insertWide(_ path: ItemPath, for id: ID) -> ItemPath? {
    if let first = wide![id] { return first }
    wide![id] = path
    return nil
  }
}
