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
/// Growing does not file every entry again at once: in a table of a
/// million identities, that held up the first insert after a composite of
/// a million items was built for 70 ms or more. Nor does it zero the new
/// buckets at once (10 MB at a million identities, 2 ms). A growth has
/// two stages:
///
/// 1. *Preparing.* The new buckets are allocated (`nextBuckets`, their
///    room reserved, none made) and each entry added zeroes
///    `zeroedPerAddedEntry` of them, while the buckets now in use take the
///    adds, past ¾ full but never past ⅞ (an add that would pass it
///    finishes the zeroing).
/// 2. *Filing.* Once zeroed, the new buckets take the adds; the buckets
///    before stay beside them (`previousBuckets`) and still find the
///    entries not filed yet (`unfiled`); each entry added files up to four
///    of them (`refilesPerAddedEntry`) in the new buckets. A look-up that
///    misses in the new buckets asks the ones before until then.
///
/// The identities themselves are kept in a `_ChunkedArray`: one array up to
/// the count reserved (a table built for a known count fills and reads it
/// as fast as an `Array`), then chunks, so that no add copies more than a
/// chunk of them. One insert costs O(1) in the worst case. The new buckets
/// are sized for twice the entries, so the filing ends long before they
/// fill.
///
/// Past `narrowLimit` entries (2³² − 2, what a word numbers) the index moves
/// to a `Dictionary` of entries (`wide`), which serves from then on: no
/// table is refused, however large.
///
/// Visible to the package's other modules (`@usableFromInline`) so that
/// the library's inlinable code there (a composite's table, filled in the
/// caller's module where the item type is known) can use it; not public.
@usableFromInline package struct _HashedIDs<ID: Hashable> {
  /// The identities, in the order they were added: no add copies more
  /// than a chunk of them.
  @usableFromInline package var ids = _ChunkedArray<ID>()
  /// Per bucket: 0 when empty, else the index of its entry plus one in the
  /// low `indexBits` bits and low bits of the entry's hash above them.
  @usableFromInline var buckets: [UInt32] = []
  /// The bits a bucket word gives its entry: enough to number the buckets.
  @usableFromInline var indexBits = 0
  /// While the buckets grow: the buckets before, which find every entry
  /// there was then, `unfiled` among them; empty otherwise.
  @usableFromInline var previousBuckets: [UInt32] = []
  /// The bits a word of `previousBuckets` gives its entry.
  @usableFromInline var previousIndexBits = 0
  /// The entries that `buckets` does not hold yet: only `previousBuckets`
  /// finds them. Empty when no growth is under way.
  @usableFromInline var unfiled = 0..<0
  /// While a growth is being prepared: the buckets that take over once
  /// they are `nextBucketCount` long, zeroed as far as they go; empty
  /// otherwise.
  @usableFromInline var nextBuckets: [UInt32] = []
  /// The number of buckets being prepared; 0 when none are.
  @usableFromInline var nextBucketCount = 0
  /// Each identity's entry, once the count passed `narrowLimit`.
  @usableFromInline var wide: [ID: Int]?
  /// The most entries the bucket words number (a parameter so that tests
  /// can reach the wide storage).
  @usableFromInline let narrowLimit: Int

  /// An empty index with room for `minimumCapacity` entries.
  ///
  /// - Complexity: O(`minimumCapacity`).
  @inlinable
  package init(minimumCapacity: Int = 0, narrowLimit: Int = Int(UInt32.max) - 1) {
    self.narrowLimit = narrowLimit
    reserveCapacity(minimumCapacity)
  }

  /// The number of entries.
  @inlinable package var count: Int { ids.count }

  /// Whether the entries are found through a `Dictionary`.
  @inlinable package var isWide: Bool { wide != nil }

  /// The entries that the buckets before a growth still find and the new
  /// ones do not yet: 0 when no growth is under way.
  package var entriesAwaitingRefile: Int { unfiled.count }

  /// The buckets of a growth being prepared that are not zeroed yet: 0
  /// when none is.
  package var bucketsAwaitingZeroing: Int { nextBucketCount - nextBuckets.count }

  /// How many entries filed in the buckets before a growth each entry
  /// added files in the new ones.
  @inlinable static var refilesPerAddedEntry: Int { 4 }

  /// How many of the buckets of a growth being prepared each entry added
  /// zeroes: 4 KB, a page of memory, about a microsecond with the fault
  /// that brings it (16 KB an add cost inserts 5 to 10 µs while a growth
  /// of a million identities was prepared).
  @inlinable static var zeroedPerAddedEntry: Int { 1_024 }

  /// The entry of `id`, or `nil`.
  ///
  /// - Complexity: Expected O(1).
  @inlinable
  package func entry(of id: ID) -> Int? {
    if let wide { return wide[id] }
    if buckets.isEmpty { return nil }
    let hash = Self.hash(of: id)
    let entry = find(id, hash: hash).entry
    if entry >= 0 { return entry }
    let earlier = findEarlier(id, hash: hash)
    return earlier < 0 ? nil : earlier
  }

  /// Adds `id` as the next entry unless it is there, and returns its entry
  /// and whether it was added.
  ///
  /// - Complexity: Expected O(1), in the worst case too: a growth of the
  ///   buckets is paid entry by entry, and no add copies more than a chunk
  ///   of the identities.
  @inlinable @inline(__always)
  package mutating func appendIfAbsent(_ id: ID) -> (entry: Int, added: Bool) {
    #if DATASOURCEGRAPH_INTERNAL_CHECKS
      let before = ids.count
      defer { checkInvariants(touching: before..<ids.count) }
    #endif
    if wide != nil { return appendWide(id) }
    guard ids.count < narrowLimit else {
      if let found = entry(of: id) { return (found, false) }
      widen()
      return appendWide(id)
    }
    growIfNeeded(adding: 1)
    return appendIfAbsentInBuckets(id)
  }

  /// ``appendIfAbsent(_:)`` for a table whose room was made for every
  /// identity it will be given (``init(minimumCapacity:narrowLimit:)`` or
  /// ``reserveCapacity(_:)``, within `narrowLimit`): no growth to pay, so
  /// no check for one; a diff's table, filled once and dropped, adds
  /// through it. Adding more than the room made is a programming error
  /// (the internal checks stop it).
  ///
  /// - Complexity: Expected O(1).
  @inlinable @inline(__always)
  package mutating func appendIfAbsentWithinRoom(_ id: ID) -> (entry: Int, added: Bool) {
    #if DATASOURCEGRAPH_INTERNAL_CHECKS
      precondition(
        wide == nil && unfiled.isEmpty && nextBucketCount == 0
          && (ids.count + 1) * 4 <= buckets.count * 3,
        "an add past the room made")
      let before = ids.count
      defer { checkInvariants(touching: before..<ids.count) }
    #endif
    return appendIfAbsentInBuckets(id)
  }

  /// ``appendIfAbsent(_:)`` once the buckets have room for `id`.
  @inlinable @inline(__always)
  mutating func appendIfAbsentInBuckets(_ id: ID) -> (entry: Int, added: Bool) {
    let hash = Self.hash(of: id)
    let (bucket, found) = find(id, hash: hash)
    if found >= 0 { return (found, false) }
    let earlier = findEarlier(id, hash: hash)
    if earlier >= 0 { return (earlier, false) }
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
  package mutating func appendEachIfAbsent<Item: Identifiable>(
    identitiesOf items: UnsafeBufferPointer<Item>, outcomes: UnsafeMutableBufferPointer<Int>
  ) where Item.ID == ID {
    #if DATASOURCEGRAPH_INTERNAL_CHECKS
      let before = ids.count
      defer { checkInvariants(touching: before..<ids.count) }
    #endif
    let count = items.count
    guard wide == nil, ids.count + count <= narrowLimit else {
      return appendOneAtATime(identitiesOf: items, outcomes: outcomes, roomMade: false)
    }
    growIfNeeded(adding: count)
    // A growth under way: an identity may be filed only in the buckets
    // before it, so each is looked for in both.
    guard unfiled.isEmpty else {
      return appendOneAtATime(identitiesOf: items, outcomes: outcomes, roomMade: true)
    }
    let group = 16
    let indexBits = indexBits
    // The buckets through a pointer: a write to the array would check
    // that it is not shared at every insert. A group's new identities wait
    // in `added` and join the identities in one append at the group's end
    // (an append each checked the array's room and sharing).
    buckets.withUnsafeMutableBufferPointer { buckets in
      withUnsafeTemporaryAllocation(
        of: (hash: Int, bucket: Int, word: UInt32).self, capacity: group
      ) { probes in
        withUnsafeTemporaryAllocation(of: ID.self, capacity: group) { added in
          var start = 0
          while start < count {
            let end = Swift.min(start + group, count)
            for offset in start..<end {
              let hash = Self.hash(of: items[offset].id)
              probes[offset - start] = (hash, Self.firstBucket(hash, bucketCount: buckets.count), 0)
            }
            for j in 0..<(end - start) { probes[j].word = buckets[probes[j].bucket] }
            // Entries from `base` on are the group's, in `added`.
            let base = ids.count
            var addedCount = 0
            for offset in start..<end {
              let probe = probes[offset - start]
              let identity = items[offset].id
              var bucket = probe.bucket
              if probe.word != 0 || buckets[bucket] != 0 {
                let found: Int
                (bucket, found) = Self.find(
                  hash: probe.hash, in: UnsafeBufferPointer(buckets), indexBits: indexBits
                ) { $0 < base ? ids[$0] == identity : added[$0 &- base] == identity }
                if found >= 0 {
                  outcomes[offset] = -1 - found
                  continue
                }
              }
              let entry = base &+ addedCount
              outcomes[offset] = entry
              buckets[bucket] = Self.word(entry: entry, hash: probe.hash, indexBits: indexBits)
              (added.baseAddress! + addedCount).initialize(to: identity)
              addedCount &+= 1
            }
            ids.append(contentsOf: UnsafeBufferPointer(rebasing: added[..<addedCount]))
            added.baseAddress!.deinitialize(count: addedCount)
            start = end
          }
        }
      }
    }
  }

  /// ``appendEachIfAbsent(identitiesOf:outcomes:)`` one identity at a
  /// time, with ``appendIfAbsentInBuckets(_:)`` when `roomMade` (the
  /// buckets have room for them all), else ``appendIfAbsent(_:)``.
  @inlinable
  mutating func appendOneAtATime<Item: Identifiable>(
    identitiesOf items: UnsafeBufferPointer<Item>, outcomes: UnsafeMutableBufferPointer<Int>,
    roomMade: Bool
  ) where Item.ID == ID {
    for offset in items.indices {
      let id = items[offset].id
      let (entry, added) = roomMade ? appendIfAbsentInBuckets(id) : appendIfAbsent(id)
      outcomes[offset] = added ? entry : -1 - entry
    }
  }

  /// Makes room for `minimumCapacity` entries.
  ///
  /// - Complexity: O(*n* + `minimumCapacity`) when it makes room, else O(1).
  @inlinable
  package mutating func reserveCapacity(_ minimumCapacity: Int) {
    #if DATASOURCEGRAPH_INTERNAL_CHECKS
      defer { checkInvariants(touching: ids.indices) }
    #endif
    guard minimumCapacity > 0 else { return }
    ids.reserveCapacity(minimumCapacity)
    if minimumCapacity > narrowLimit, wide == nil { widen() }
    if wide != nil {
      wide!.reserveCapacity(minimumCapacity)
    } else if minimumCapacity * 4 > buckets.count * 3 {
      stopGrowing()
      makeBuckets(for: minimumCapacity)
      file(ids.indices)
    }
  }

  /// Removes every entry, keeping the room made for them when
  /// `keepingCapacity`.
  ///
  /// - Complexity: O(*n*).
  @inlinable
  package mutating func removeAll(keepingCapacity: Bool) {
    #if DATASOURCEGRAPH_INTERNAL_CHECKS
      defer { checkInvariants(touching: ids.indices) }
    #endif
    ids.removeAll(keepingCapacity: keepingCapacity)
    wide = nil
    stopGrowing()
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
    buckets.withUnsafeBufferPointer {
      Self.find(id, hash: hash, in: $0, indexBits: indexBits, ids: ids)
    }
  }

  /// The entry of `id` in the buckets before a growth under way, or -1.
  @inlinable @inline(__always)
  func findEarlier(_ id: ID, hash: Int) -> Int {
    guard !unfiled.isEmpty else { return -1 }
    return previousBuckets.withUnsafeBufferPointer {
      Self.find(id, hash: hash, in: $0, indexBits: previousIndexBits, ids: ids).entry
    }
  }

  /// The bucket of `buckets` (whose words number entries in `indexBits`
  /// bits) that holds `id` and its entry, or the empty bucket where it
  /// would go and -1. There must be buckets.
  @inlinable @inline(__always)
  static func find(
    _ id: ID, hash: Int, in buckets: UnsafeBufferPointer<UInt32>, indexBits: Int,
    ids: _ChunkedArray<ID>
  ) -> (bucket: Int, entry: Int) {
    find(hash: hash, in: buckets, indexBits: indexBits) { ids[$0] == id }
  }

  /// The bucket of `buckets` that holds the entry of an identity that
  /// hashes to `hash`, the entry being the one `holdsIdentity` accepts, and
  /// that entry; or the empty bucket where it would go and -1.
  /// `holdsIdentity` is asked only of entries whose bucket word carries the
  /// hash's bits.
  @inlinable @inline(__always)
  static func find(
    hash: Int, in buckets: UnsafeBufferPointer<UInt32>, indexBits: Int,
    holdsIdentity: (Int) -> Bool
  ) -> (bucket: Int, entry: Int) {
    let indexMask = indexBits >= 32 ? UInt32.max : (1 << UInt32(indexBits)) &- 1
    let tag = word(entry: -1, hash: hash, indexBits: indexBits)
    var bucket = firstBucket(hash, bucketCount: buckets.count)
    while true {
      let word = buckets[bucket]
      if word == 0 { return (bucket, -1) }
      if word & ~indexMask == tag {
        let entry = Int(word & indexMask) - 1
        if holdsIdentity(entry) { return (bucket, entry) }
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
  func firstBucket(_ hash: Int) -> Int { Self.firstBucket(hash, bucketCount: buckets.count) }

  @inlinable @inline(__always)
  static func firstBucket(_ hash: Int, bucketCount: Int) -> Int {
    let mixed = UInt(bitPattern: hash) &* 0x9E37_79B9_7F4A_7C15
    return Int(truncatingIfNeeded: mixed.multipliedFullWidth(by: UInt(bucketCount)).high)
  }

  /// The bucket word of entry number `entry` (-1 for the tag alone) whose
  /// identity hashes to `hash`.
  @inlinable @inline(__always)
  func word(entry: Int, hash: Int) -> UInt32 {
    Self.word(entry: entry, hash: hash, indexBits: indexBits)
  }

  /// The bucket word of entry number `entry` (-1 for the tag alone) whose
  /// identity hashes to `hash`, in buckets whose words number entries in
  /// `indexBits` bits: the entry's number plus one in those bits, low bits
  /// of the hash above them.
  @inlinable @inline(__always)
  static func word(entry: Int, hash: Int, indexBits: Int) -> UInt32 {
    let index = UInt32(truncatingIfNeeded: entry + 1)
    guard indexBits < 32 else { return index }
    return UInt32(truncatingIfNeeded: hash) << UInt32(indexBits) | index
  }

  /// Makes room for `count` more entries: pays their share of a growth
  /// under way (zeroing or filing), and starts a growth when the buckets
  /// would be more than ¾ full. O(`count`) in the worst case.
  @inlinable @inline(__always)
  mutating func growIfNeeded(adding count: Int) {
    if !unfiled.isEmpty { fileEarlierEntries(count * Self.refilesPerAddedEntry) }
    if nextBucketCount > 0 { prepareNextBuckets(adding: count) }
    let needed = ids.count + count
    guard needed * 4 > buckets.count * 3, nextBucketCount == 0 else { return }
    grow(toHold: needed, adding: count)
  }

  /// Starts a growth into buckets for `needed` entries, at least twice the
  /// entries now, and pays the share of it of `count` entries about to be
  /// added.
  @inlinable
  mutating func grow(toHold needed: Int, adding count: Int) {
    // A growth while one is under way (an add of many entries at once)
    // finishes the earlier one: O(entries), paid by the many added.
    if !unfiled.isEmpty { fileEarlierEntries(ids.count) }
    nextBucketCount = Self.bucketCount(for: Swift.max(needed, 2 * ids.count))
    nextBuckets.reserveCapacity(nextBucketCount)
    prepareNextBuckets(adding: count)
  }

  /// Zeroes the share of the buckets being prepared that `count` entries
  /// about to be added pay, all that is left when the buckets in use would
  /// be more than ⅞ full with them, and, once every one is zeroed, makes
  /// them the buckets in use: the buckets before stay beside them until
  /// every entry is filed in the new ones, ``refilesPerAddedEntry`` per
  /// entry added, from these `count` on.
  @inlinable
  mutating func prepareNextBuckets(adding count: Int) {
    let left = nextBucketCount - nextBuckets.count
    let full = (ids.count + count) * 8 > buckets.count * 7
    let zeroed = full ? left : Swift.min(left, count * Self.zeroedPerAddedEntry)
    nextBuckets.append(contentsOf: repeatElement(0, count: zeroed))
    guard nextBuckets.count == nextBucketCount else { return }
    if !ids.isEmpty {
      previousBuckets = buckets
      previousIndexBits = indexBits
      unfiled = 0..<ids.count
    }
    buckets = nextBuckets
    indexBits = Self.indexBits(bucketCount: nextBucketCount)
    nextBuckets = []
    nextBucketCount = 0
    fileEarlierEntries(count * Self.refilesPerAddedEntry)
  }

  /// Files up to `limit` of the entries that only the buckets before a
  /// growth find, in the new buckets, and drops the buckets before once
  /// every entry is filed.
  @inlinable
  mutating func fileEarlierEntries(_ limit: Int) {
    guard !unfiled.isEmpty else { return }
    let end = unfiled.count <= limit ? unfiled.upperBound : unfiled.lowerBound + limit
    file(unfiled.lowerBound..<end)
    unfiled = end..<unfiled.upperBound
    if unfiled.isEmpty { previousBuckets = [] }
  }

  /// Drops a growth under way, its buckets before and its buckets being
  /// prepared: every entry is filed again, or none is left.
  @inlinable
  mutating func stopGrowing() {
    previousBuckets = []
    unfiled = 0..<0
    nextBuckets = []
    nextBucketCount = 0
  }

  /// Empty buckets for `count` entries, ¾ full (at least 8).
  @inlinable
  mutating func makeBuckets(for count: Int) {
    let size = Self.bucketCount(for: count)
    indexBits = Self.indexBits(bucketCount: size)
    buckets = [UInt32](repeating: 0, count: size)
  }

  /// The number of buckets for `count` entries, ¾ full (at least 8).
  @inlinable
  static func bucketCount(for count: Int) -> Int { max(8, (count * 4 + 2) / 3) }

  /// The bits a bucket word gives its entry in `bucketCount` buckets.
  @inlinable
  static func indexBits(bucketCount: Int) -> Int { Int.bitWidth - bucketCount.leadingZeroBitCount }

  /// Files entries `entries` in the buckets, which do not hold them.
  ///
  /// - Complexity: O(`entries.count`).
  @inlinable
  mutating func file(_ entries: Range<Int>) {
    for e in entries {
      let hash = Self.hash(of: ids[e])
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
    stopGrowing()
  }

  @inlinable
  mutating func appendWide(_ id: ID) -> (entry: Int, added: Bool) {
    if let found = wide![id] { return (found, false) }
    wide![id] = ids.count
    ids.append(id)
    return (ids.count - 1, true)
  }

  #if DATASOURCEGRAPH_INTERNAL_CHECKS
    /// Stops the program when the index does not hold its entries as its
    /// look-ups assume, after a change that added the entries `touched`
    /// (or, for a change of every entry, named them all).
    ///
    /// Always, in O(1): a wide index has no buckets and maps every entry;
    /// the buckets in use are at most ⅞ full and numbered in `indexBits`
    /// bits; a growth under way keeps the buckets before exactly while
    /// entries are left to file, and prepares no more buckets than it
    /// sized. Then every touched identity is found at its entry. And when
    /// the change makes the count reach a power of two, or `touched` is at
    /// least half the entries, the whole table: every identity found at its entry (so no
    /// two are equal), and the buckets in use hold one word per filed
    /// entry. So the whole check costs O(1) amortized per entry added.
    ///
    /// Compiled only for the library's internal checks, which run it after
    /// every add, every room made and every removal of all.
    @inlinable
    package func checkInvariants(touching touched: Range<Int>) {
      let n = ids.count
      if let wide {
        precondition(
          buckets.isEmpty && previousBuckets.isEmpty && nextBucketCount == 0 && unfiled.isEmpty,
          "a wide index with buckets")
        precondition(wide.count == n, "a wide index maps \(wide.count) of \(n) entries")
      } else {
        precondition(n * 8 <= buckets.count * 7, "\(n) entries in \(buckets.count) buckets")
        precondition(
          buckets.isEmpty || indexBits == Self.indexBits(bucketCount: buckets.count),
          "\(buckets.count) buckets numbered in \(indexBits) bits")
        precondition(unfiled.upperBound <= n, "entries \(unfiled) left to file of \(n)")
        precondition(
          unfiled.isEmpty == previousBuckets.isEmpty,
          "\(unfiled.count) entries left to file beside \(previousBuckets.count) buckets before")
        precondition(
          nextBuckets.count <= nextBucketCount && (nextBucketCount > 0 || nextBuckets.isEmpty),
          "\(nextBuckets.count) buckets prepared of \(nextBucketCount)")
      }
      // The highest power of two up to the count, reached by this change.
      let reached = n > 0 && 1 << (Int.bitWidth - 1 - n.leadingZeroBitCount) > touched.lowerBound
      let whole = reached || touched.count * 2 >= n
      for e in whole ? ids.indices : touched.clamped(to: ids.indices) {
        let found = entry(of: ids[e]) ?? -1
        precondition(found == e, "the identity of entry \(e) found at entry \(found)")
      }
      if whole, wide == nil, buckets.count <= 8 * n + 64 {
        let words = buckets.reduce(0) { $1 == 0 ? $0 : $0 + 1 }
        let filed = n - unfiled.count
        precondition(words == filed, "\(words) bucket words for \(filed) filed entries")
      }
    }
  #endif
}
