/// An identity → path hash table, filled once and then only read: the
/// storage of a snapshot's identity table (one per ``_ItemLayer``).
///
/// A `Dictionary<ID, ItemPath>` holds, per bucket, a key and a 16-byte path,
/// in power-of-two tables kept under ¾ full, so an identity costs 32 to 64
/// bytes besides its key's. This table keeps its entries dense, in the order
/// they were inserted, each with its path packed in 8 bytes (section and item
/// in 32 bits each), and its buckets hold 4-byte entry numbers (open
/// addressing, linear probing, under ¾ full): an identity costs its key, 8
/// bytes, and 5 to 11 bytes of buckets. For integer identities that is 21 to
/// 27 bytes instead of 32 to 64.
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
  /// Per bucket: 0 when empty, else the index of its entry plus one. Empty
  /// or a power of two long.
  @usableFromInline var buckets: [UInt32] = []
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
      buckets = [UInt32](repeating: 0, count: Self.bucketCount(for: minimumCapacity))
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
    guard let bucket = bucket(of: id) else { return nil }
    let entry = buckets[bucket]
    return entry == 0 ? nil : entries[Int(entry) - 1].path
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
    if (entries.count + 1) * 4 > buckets.count * 3 { grow() }
    let bucket = bucket(of: id)!
    let entry = buckets[bucket]
    if entry != 0 { return entries[Int(entry) - 1].path }
    entries.append(Entry(id: id, packedPath: UInt64(path.section) << 32 | UInt64(path.item)))
    buckets[bucket] = UInt32(entries.count)
    return nil
  }

  /// The bucket that holds `id`, or the empty one where it would go;
  /// `nil` when there are no buckets.
  @inlinable
  func bucket(of id: ID) -> Int? {
    if buckets.isEmpty { return nil }
    let mask = buckets.count - 1
    var bucket = id.hashValue & mask
    while true {
      let entry = buckets[bucket]
      if entry == 0 || entries[Int(entry) - 1].id == id { return bucket }
      bucket = (bucket + 1) & mask
    }
  }

  /// Doubles the buckets (or makes the first ones) and files every entry
  /// again.
  ///
  /// - Complexity: O(*n*).
  @inlinable
  mutating func grow() {
    buckets = [UInt32](repeating: 0, count: Self.bucketCount(for: entries.count + 1))
    let mask = buckets.count - 1
    for e in entries.indices {
      var bucket = entries[e].id.hashValue & mask
      while buckets[bucket] != 0 { bucket = (bucket + 1) & mask }
      buckets[bucket] = UInt32(e + 1)
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

  /// The buckets for `count` entries: a power of two, at most ¾ full.
  @inlinable
  static func bucketCount(for count: Int) -> Int {
    var buckets = 8
    while buckets * 3 < count * 4 { buckets *= 2 }
    return buckets
  }
}
