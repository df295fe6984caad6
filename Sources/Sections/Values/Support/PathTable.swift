/// An identity → path hash table, filled once and then only read: the
/// storage of a snapshot's identity table (one per ``_ItemLayer``).
///
/// A `Dictionary<ID, ItemPath>` holds, per bucket, a key and a 16-byte path,
/// in power-of-two tables kept under ¾ full, so an identity costs 32 to 64
/// bytes besides its key's. This table keeps the identities dense, in the
/// order they were inserted, and no path per identity: the tables are
/// filled item after item, section by section, so the paths come in *runs*
/// (consecutive items of one section), and a run records where it starts;
/// when there is more than one run, each entry records its run's number in
/// 4 bytes. Its buckets hold 4-byte words (open addressing, linear probing,
/// under ¾ full). An identity costs its key and 5 to 11 bytes of buckets,
/// plus 4 bytes in a table of several sections: for integer identities 13
/// to 23 bytes instead of 32 to 64.
///
/// A bucket's word is its entry's number plus one in the low bits (as many
/// as it takes to number the buckets) and the top bits of the entry's hash
/// above them: a probe reads the identity, which lies anywhere in memory,
/// only when those bits match (one time in 2¹⁴ otherwise, in a table of 2¹⁸
/// buckets), so a look-up reads about as much memory as a `Dictionary`'s.
/// A table of more entries than its bucket words can number (2³² − 2)
/// moves every entry to a `Dictionary` (`wide`), which serves from then on:
/// no snapshot is refused, however large.
@usableFromInline
package struct _PathTable<ID: Hashable> {
  /// The identities, in the order they were inserted.
  @usableFromInline var ids: [ID] = []
  /// The runs of paths, in entry order; the first starts at entry 0.
  @usableFromInline var runs: [_PathRun] = []
  /// Per entry, the index of its run; empty while there is one run.
  @usableFromInline var runOfEntry: [UInt32] = []
  /// Per bucket: 0 when empty, else the index of its entry plus one in the
  /// low `indexBits` bits and the top bits of the entry's hash above them.
  /// Empty or a power of two long.
  @usableFromInline var buckets: [UInt32] = []
  /// log₂ of the number of buckets.
  @usableFromInline var indexBits = 0
  /// Whether the entries moved to a `Dictionary`.
  @inlinable package var isWide: Bool { wide != nil }
  /// Every entry, once the count passed `narrowLimit`.
  @usableFromInline var wide: [ID: ItemPath]?
  /// The most entries the bucket words number (a parameter so that tests
  /// can reach the wide storage).
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
      ids.reserveCapacity(minimumCapacity)
      makeBuckets(for: minimumCapacity)
    }
  }

  /// The number of entries.
  @inlinable package var count: Int { wide?.count ?? ids.count }

  /// Whether there are no entries.
  @inlinable package var isEmpty: Bool { count == 0 }

  /// The path of `id`, or `nil`.
  ///
  /// - Complexity: Expected O(1).
  @inlinable
  package subscript(id: ID) -> ItemPath? {
    if let wide { return wide[id] }
    if buckets.isEmpty { return nil }
    let entry = find(id, hash: id.hashValue).entry
    return entry < 0 ? nil : path(ofEntry: entry)
  }

  /// Inserts `path` for `id` unless `id` is there, and returns the path it
  /// had then, or `nil` when it was inserted.
  ///
  /// - Complexity: Expected amortized O(1).
  @inlinable
  @discardableResult
  package mutating func insertIfAbsent(_ path: ItemPath, for id: ID) -> ItemPath? {
    if wide != nil { return insertWide(path, for: id) }
    guard ids.count < narrowLimit else {
      if let first = self[id] { return first }
      widen()
      return insertWide(path, for: id)
    }
    if (ids.count + 1) * 4 > buckets.count * 3 {
      makeBuckets(for: ids.count + 1)
      fileEntries()
    }
    let hash = id.hashValue
    let (bucket, entry) = find(id, hash: hash)
    if entry >= 0 { return self.path(ofEntry: entry) }
    let e = ids.count
    if runs.last?.path(ofEntry: e) != path {
      if runs.count == 1 {
        // A second run: the entries so far are all in the first.
        runOfEntry.reserveCapacity(ids.capacity)
        runOfEntry.append(contentsOf: repeatElement(0, count: e))
      }
      runs.append(_PathRun(firstEntry: e, section: path.section, firstItem: path.item))
    }
    if runs.count > 1 { runOfEntry.append(UInt32(truncatingIfNeeded: runs.count - 1)) }
    ids.append(id)
    buckets[bucket] = word(entry: e, hash: hash)
    return nil
  }

  /// The path of entry number `entry`.
  ///
  /// - Complexity: O(1).
  @inlinable
  func path(ofEntry entry: Int) -> ItemPath {
    runs[runOfEntry.isEmpty ? 0 : Int(runOfEntry[entry])].path(ofEntry: entry)
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

  /// Moves every entry to `wide`.
  @inlinable
  mutating func widen() {
    var wide = [ID: ItemPath](minimumCapacity: ids.count + 1)
    for e in ids.indices { wide[ids[e]] = path(ofEntry: e) }
    self.wide = wide
    ids = []
    runs = []
    runOfEntry = []
    buckets = []
  }

  @inlinable
  mutating func insertWide(_ path: ItemPath, for id: ID) -> ItemPath? {
    if let first = wide![id] { return first }
    wide![id] = path
    return nil
  }
}

/// Entries of a ``_PathTable`` that are consecutive items of one section,
/// from `firstEntry` on: entry `e` of the run is item
/// `firstItem + e - firstEntry`.
///
/// Not nested in `_PathTable`: a type nested in a generic one is generic
/// too, and code not specialized for the identity type would look up the
/// metadata of its array at every read.
@usableFromInline
struct _PathRun {
  @usableFromInline let firstEntry: Int
  @usableFromInline let section: Int
  @usableFromInline let firstItem: Int

  @inlinable
  init(firstEntry: Int, section: Int, firstItem: Int) {
    self.firstEntry = firstEntry
    self.section = section
    self.firstItem = firstItem
  }

  /// The path of entry number `entry`, had the run gone on to it.
  @inlinable
  func path(ofEntry entry: Int) -> ItemPath {
    ItemPath(section: section, item: firstItem &+ (entry - firstEntry))
  }
}
