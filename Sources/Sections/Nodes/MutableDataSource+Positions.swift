import DataSourceGraphCore

/// The positions of a section's items by identity, kept valid across the
/// inserts and deletes made in the section: a look-up takes the position
/// recorded and replays the shifts logged after it.
///
/// Every edit of the section logs one shift (an insert of *c* items at *i*
/// moves the items at *i* and after by *c*; a delete at *i* moves those
/// after it back by one); an item that arrives is recorded at its position
/// with the log's length, so only the shifts logged after it apply to it.
///
/// No edit rebuilds the table. A table starts either complete (built from
/// the items, in O(*m*) for *m* items) or empty, over the offsets the
/// leaf's identity table recorded when it adopted its content (``init()``):
/// then an item without an entry of its own is at its recorded offset,
/// moved by every shift logged. Once the log is longer than *m* / 32 shifts,
/// a *refresh* walks the section, 32 items per shift logged (``advance(count:id:)``),
/// recording each item's position anew; when it reaches the end, every
/// item has an entry that postdates the walk's start, and the log before
/// it is dropped. So the log holds at most about *m* / 16 shifts, a
/// look-up replays at most that many (integer additions, no hashing), and
/// an edit costs O(32) hash writes per shift it logs.
struct PositionTable<ID: Hashable> {
  /// An edit of the section: positions at `at` or after move by `by`.
  struct Shift {
    var at: Int
    var by: Int
  }

  /// A position, and the number (counted from the table's creation) of
  /// the first shift logged after it was recorded.
  private struct Entry {
    var position: Int
    var since: Int
  }

  /// The items refreshed per shift logged.
  static var refreshesPerShift: Int { 32 }

  /// Sharded, so that no edit files every entry again when the table
  /// grows (a section fed page by page).
  private var entries = ShardedDictionary<ID, Entry>()
  /// The log, from shift number `logStart` on.
  private var shifts: [Shift] = []
  private var logStart = 0
  /// Whether every item has an entry; otherwise an item without one is at
  /// the offset the leaf's identity table recorded, moved by the whole log
  /// (which then starts at number 0).
  private(set) var coversEveryItem: Bool
  /// While a refresh walks the section: the next position it records, and
  /// the number of the shift the walk started at.
  private var walk: (next: Int, start: Int)?
  /// The items the refresh records at the next ``advance(count:id:)``.
  private var stepsOwed = 0

  /// The number of the next shift logged.
  private var logEnd: Int { logStart + shifts.count }

  /// The table of `ids`, complete.
  ///
  /// - Complexity: O(*m*) for *m* identities.
  init(_ ids: some Collection<ID>) {
    coversEveryItem = true
    entries.reserveCapacity(ids.count)
    for (i, id) in ids.enumerated() { entries[id] = Entry(position: i, since: 0) }
  }

  /// An empty table over the offsets the identity table recorded for the
  /// section, which are its items' positions now.
  ///
  /// - Complexity: O(1).
  init() { coversEveryItem = false }

  /// The position of `id`, or `nil` if it is not in the section;
  /// `recordedOffset` gives the offset the identity table recorded for an
  /// item that has no entry here (asked only while ``coversEveryItem`` is
  /// false).
  ///
  /// - Complexity: Expected O(1 + *e*) for the *e* ≤ *m* / 16 shifts logged
  ///   since the position was recorded.
  func position(of id: ID, recordedOffset: () -> Int?) -> Int? {
    if let entry = entries[id] { return replay(entry.position, from: entry.since) }
    guard !coversEveryItem, let offset = recordedOffset() else { return nil }
    return replay(offset, from: 0)
  }

  private func replay(_ recorded: Int, from since: Int) -> Int {
    var position = recorded
    for shift in shifts[(since - logStart)...] where position >= shift.at {
      position += shift.by
    }
    return position
  }

  /// Records that `ids` were inserted at `index`, one after another.
  mutating func insert(_ ids: [ID], at index: Int) {
    log(Shift(at: index, by: ids.count))
    let since = logEnd
    for offset in ids.indices {
      entries[ids[offset]] = Entry(position: index + offset, since: since)
    }
  }

  /// Records that `id`, at `index`, was removed.
  @inline(__always) mutating func remove(_ id: ID, at index: Int) {
    entries[id] = nil
    log(Shift(at: index + 1, by: -1))
  }

  /// Records that `ids` were removed from `offsets` (ascending, the
  /// offsets they had before any of them was removed): one shift each,
  /// logged from the last, as the removals are made.
  mutating func remove(_ ids: [ID], at offsets: [Int]) {
    for k in offsets.indices.reversed() { remove(ids[k], at: offsets[k]) }
  }

  @inline(__always) private mutating func log(_ shift: Shift) {
    shifts.append(shift)
    stepsOwed += Self.refreshesPerShift
    // The walk's next position is a position too: it follows its item.
    if let walk, walk.next >= shift.at { self.walk = (walk.next + shift.by, walk.start) }
  }

  /// Whether ``advance(count:id:)`` has work to do: a refresh under way, or
  /// a log long enough to start one.
  func needsRefresh(count: Int) -> Bool {
    walk != nil || shifts.count > max(32, count / Self.refreshesPerShift)
  }

  /// Goes on with the refresh (starting one when the log has grown past
  /// *m* / 32 shifts), now that the edits logged have been made: records
  /// anew 32 items of the section per shift logged since the last call.
  /// `count` is the number of items and `id` reads their identities. A
  /// refresh that reaches the end drops the log before it.
  ///
  /// - Complexity: O(32 *k*) for *k* shifts logged since the last call.
  mutating func advance(count: Int, id: (Int) -> ID) {
    let steps = stepsOwed
    stepsOwed = 0
    guard needsRefresh(count: count) else { return }
    refresh(steps: steps, count: count, id: id)
  }

  /// Walks on through the section, `steps` items at most, if the table
  /// does not cover every item: what the leaf does, in pieces, before its
  /// identity table forgets the offsets it recorded. Returns the number
  /// of items walked.
  ///
  /// - Complexity: O(`steps`).
  mutating func cover(steps: Int, count: Int, id: (Int) -> ID) -> Int {
    guard !coversEveryItem else { return 0 }
    let start = walk?.next ?? 0
    refresh(steps: steps, count: count, id: id)
    return (walk?.next ?? count) - start
  }

  private mutating func refresh(steps: Int, count: Int, id: (Int) -> ID) {
    var (next, start) = walk ?? (0, logEnd)
    let end = min(count, next + steps)
    while next < end {
      entries[id(next)] = Entry(position: next, since: logEnd)
      next += 1
    }
    guard next >= count else {
      walk = (next, start)
      return
    }
    walk = nil
    coversEveryItem = true
    shifts.removeFirst(start - logStart)
    logStart = start
    #if DATASOURCEGRAPH_INTERNAL_CHECKS
      // Once per refresh, every m / 32 shifts: O(32) per shift.
      precondition(
        entries.count == count, "a refresh left \(entries.count) entries for \(count) items")
      precondition(
        entries.allValuesSatisfy { $0.since >= logStart },
        "a refresh left an entry older than the log")
    #endif
  }
}

/// The places a batch's item deletes, inserts and moves leave and take,
/// per section, in the order a position table records them: the places
/// left ascending (in the old content), the places taken ascending (in the
/// new), consecutive ones in runs.
///
/// A leaf that takes in a batch (a replace that changes a few rows) keeps
/// its position tables with them, and so keeps the offsets its identity
/// table recorded: without them, the next look-up by identity in such a
/// section built its whole table again (40 to 97 ms for a section of
/// 50,000 items).
struct BatchPlaces<SectionID: Hashable, ID> {
  private var leaving: [SectionID: [(offset: Int, id: ID)]] = [:]
  private var taking: [SectionID: [(offset: Int, id: ID)]] = [:]

  /// Records that the item with identity `id` leaves `offset` in `section`.
  mutating func leave(_ id: ID, at offset: Int, in section: SectionID) {
    leaving[section, default: []].append((offset, id))
  }

  /// Records that the item with identity `id` takes `offset` in `section`.
  mutating func take(_ id: ID, at offset: Int, in section: SectionID) {
    taking[section, default: []].append((offset, id))
  }

  /// Per section, the places left, ascending.
  ///
  /// - Complexity: O(*k* log *k*) for *k* places.
  var left: [(section: SectionID, places: [(offset: Int, id: ID)])] {
    leaving.map { ($0.key, $0.value.sorted { $0.offset < $1.offset }) }
  }

  /// Per section, the places taken, ascending, in runs of consecutive
  /// offsets.
  ///
  /// - Complexity: O(*k* log *k*) for *k* places.
  var taken: [(section: SectionID, runs: [(offset: Int, ids: [ID])])] {
    taking.map { section, places in
      var runs: [(offset: Int, ids: [ID])] = []
      for place in places.sorted(by: { $0.offset < $1.offset }) {
        if let last = runs.last, last.offset + last.ids.count == place.offset {
          runs[runs.count - 1].ids.append(place.id)
        } else {
          runs.append((place.offset, [place.id]))
        }
      }
      return (section, runs)
    }
  }
}
