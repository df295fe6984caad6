public import DataSourceGraphCore

/// An identity → path hash table, filled once and then only read: the
/// storage of a snapshot's identity table (one per ``_ItemLayer``).
///
/// A `Dictionary<ID, ItemPath>` holds, per bucket, a key and a 16-byte path,
/// in power-of-two tables kept under ¾ full, so an identity costs 32 to 64
/// bytes besides its key's. This table keeps the identities dense, in the
/// order they were inserted (``_HashedIDs``, which finds them through 4-byte
/// bucket words), and no path per identity: the tables are filled item
/// after item, section by section, so the paths come in *runs*
/// (consecutive items of one section), and a run records where it starts;
/// when there is more than one run, each entry records its run's number in
/// 4 bytes. An identity costs its key and 5 to 11 bytes of buckets, plus 4
/// bytes in a table of several sections: for integer identities 13 to 23
/// bytes instead of 32 to 64.
@usableFromInline
package struct _PathTable<ID: Hashable> {
  /// The identities, in the order they were inserted, and their index.
  @usableFromInline var index: _HashedIDs<ID>
  /// The runs of paths, in entry order; the first starts at entry 0.
  @usableFromInline var runs: [_PathRun] = []
  /// Per entry, the index of its run; empty while there is one run. (A
  /// table of more than 2³² runs would need more than 96 GB for them.)
  @usableFromInline var runOfEntry: [UInt32] = []

  /// An empty table with room for `minimumCapacity` entries.
  ///
  /// - Complexity: O(`minimumCapacity`).
  @inlinable
  package init(minimumCapacity: Int = 0, narrowLimit: Int = Int(UInt32.max) - 1) {
    index = _HashedIDs(minimumCapacity: minimumCapacity, narrowLimit: narrowLimit)
  }

  /// The number of entries.
  @inlinable package var count: Int { index.count }

  /// Whether there are no entries.
  @inlinable package var isEmpty: Bool { index.count == 0 }

  /// Whether the entries are found through a `Dictionary` (past the
  /// bucket words' limit).
  @inlinable package var isWide: Bool { index.isWide }

  /// The path of `id`, or `nil`.
  ///
  /// - Complexity: Expected O(1).
  @inlinable @inline(__always)
  package subscript(id: ID) -> ItemPath? {
    index.entry(of: id).map { path(ofEntry: $0) }
  }

  /// Inserts `path` for `id` unless `id` is there, and returns the path it
  /// had then, or `nil` when it was inserted.
  ///
  /// - Complexity: Expected amortized O(1).
  @inlinable
  @discardableResult
  package mutating func insertIfAbsent(_ path: ItemPath, for id: ID) -> ItemPath? {
    let (e, added) = index.appendIfAbsent(id)
    guard added else { return self.path(ofEntry: e) }
    Self.record(
      path, ofEntry: e, capacity: index.ids.capacity, runs: &runs, runOfEntry: &runOfEntry)
    #if DATASOURCEGRAPH_INTERNAL_CHECKS
      checkInvariants(touching: e..<e + 1)
    #endif
    return nil
  }

  /// Inserts the identities of `items`, the items of section `section`,
  /// at its items from `item` on, in order, except those already there
  /// (repeats), which take no item and whose offsets in `items` `repeated`
  /// is told; `item` ends past the last item filed. Reads the
  /// buckets of a group of identities before filing them (see
  /// `_HashedIDs.appendEachIfAbsent(identitiesOf:outcomes:)`).
  ///
  /// - Complexity: Expected amortized O(*k*) for *k* identities.
  @inlinable
  package mutating func insertItems<Item: Identifiable>(
    _ items: UnsafeBufferPointer<Item>, ofSection section: Int, from item: inout Int,
    repeated: (Int) -> Void
  ) where Item.ID == ID {
    #if DATASOURCEGRAPH_INTERNAL_CHECKS
      let before = index.count
      defer { checkInvariants(touching: before..<index.count) }
    #endif
    let capacity = Swift.max(index.ids.capacity, index.count + items.count)
    withUnsafeTemporaryAllocation(of: Int.self, capacity: items.count) { outcomes in
      index.appendEachIfAbsent(identitiesOf: items, outcomes: outcomes)
      for offset in outcomes.indices {
        let e = outcomes[offset]
        guard e >= 0 else {
          repeated(offset)
          continue
        }
        Self.record(
          ItemPath(section: section, item: item), ofEntry: e, capacity: capacity, runs: &runs,
          runOfEntry: &runOfEntry)
        item += 1
      }
    }
  }

  /// Records in `runs` and `runOfEntry` that entry `e`, the last one
  /// added, has path `path`; `capacity` is the number of entries to make
  /// room for when the table gets a second run.
  @inlinable @inline(__always)
  static func record(
    _ path: ItemPath, ofEntry e: Int, capacity: Int, runs: inout [_PathRun],
    runOfEntry: inout [UInt32]
  ) {
    if runs.last?.path(ofEntry: e) != path {
      if runs.count == 1 {
        // A second run: the entries so far are all in the first.
        runOfEntry.reserveCapacity(capacity)
        runOfEntry.append(contentsOf: repeatElement(0, count: e))
      }
      runs.append(_PathRun(firstEntry: e, section: path.section, firstItem: path.item))
    }
    if runs.count > 1 { runOfEntry.append(UInt32(truncatingIfNeeded: runs.count - 1)) }
  }

  /// The path of entry number `entry`.
  ///
  /// - Complexity: O(1).
  @inlinable
  func path(ofEntry entry: Int) -> ItemPath {
    runs[runOfEntry.isEmpty ? 0 : Int(runOfEntry[entry])].path(ofEntry: entry)
  }
}

/// Entries of a ``_PathTable`` that are consecutive items of one section,
/// from `firstEntry` on: entry `e` of the run is item
/// `firstItem + e - firstEntry`.
///
/// Not nested in `_PathTable`: a type nested in a generic one is generic
/// too, and code not specialized for the identity type would look up the
/// metadata of its array at every read.
#if DATASOURCEGRAPH_INTERNAL_CHECKS
  extension _PathTable {
    /// Stops the program when the runs do not number the entries: none
    /// without entries, else the first starts at entry 0, and with more
    /// than one every entry names its run; each touched entry lies in the
    /// run it names (from its first entry to the next run's). When the
    /// change makes the count reach a power of two, or `touched` is at
    /// least half the entries, every entry, and the runs start in increasing order: O(1)
    /// amortized per entry added. The identities' index checks itself.
    ///
    /// Compiled only for the library's internal checks, which run it after
    /// every insert.
    @inlinable
    package func checkInvariants(touching touched: Range<Int>) {
      let n = index.count
      precondition(runs.isEmpty == (n == 0), "\(runs.count) runs for \(n) entries")
      precondition(runs.first.map { $0.firstEntry == 0 } ?? true, "a first run after entry 0")
      precondition(
        runs.count <= 1 ? runOfEntry.isEmpty : runOfEntry.count == n,
        "\(runOfEntry.count) run numbers for \(n) entries in \(runs.count) runs")
      // The highest power of two up to the count, reached by this change.
      let reached = n > 0 && 1 << (Int.bitWidth - 1 - n.leadingZeroBitCount) > touched.lowerBound
      let whole = reached || touched.count * 2 >= n
      if whole {
        for k in runs.indices.dropFirst() {
          precondition(
            runs[k - 1].firstEntry < runs[k].firstEntry, "run \(k) starts before the one before")
        }
      }
      for e in whole ? 0..<n : touched.clamped(to: 0..<n) {
        let run = runOfEntry.isEmpty ? 0 : Int(runOfEntry[e])
        precondition(run < runs.count, "entry \(e) in run \(run) of \(runs.count)")
        let end = run + 1 < runs.count ? runs[run + 1].firstEntry : n
        precondition(
          (runs[run].firstEntry..<end).contains(e), "entry \(e) outside its run \(run)")
      }
    }
  }
#endif

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
