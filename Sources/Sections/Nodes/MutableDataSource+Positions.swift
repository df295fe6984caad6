/// The positions of a section's items by identity, kept valid across the
/// inserts and deletes made in the section since it was built: a look-up
/// takes the position recorded and replays the shifts logged after it.
///
/// Every edit of the section logs one shift (an insert of *c* items at *i*
/// moves the items at *i* and after by *c*; a delete at *i* moves those
/// after it back by one); an item that arrives is recorded at its position
/// with the log's length, so only the shifts logged after it apply to it.
/// Once the log is longer than √*m* for *m* items, the table is dropped
/// and built again on the next look-up, so a look-up stays short and the
/// rebuilds cost O(√*m*) per edit, amortized.
struct PositionTable<ID: Hashable> {
  /// An edit of the section: positions at `at` or after move by `by`.
  struct Shift {
    var at: Int
    var by: Int
  }

  /// Per identity: its position when recorded, and the length of the log
  /// then.
  private var entries: [ID: (position: Int, since: Int)]
  private var shifts: [Shift] = []

  /// The table of `items`, in O(*m*).
  init(_ ids: some Collection<ID>) {
    entries = [:]
    entries.reserveCapacity(ids.count)
    for (i, id) in ids.enumerated() { entries[id] = (i, 0) }
  }

  /// Whether the log has grown past √*m* for a section of `count` items:
  /// then building the table again is cheaper than replaying the log.
  func isWorn(forCount count: Int) -> Bool {
    shifts.count > max(32, Int(Double(count).squareRoot()))
  }

  /// The position of `id`, or `nil` if it is not in the section.
  ///
  /// - Complexity: Expected O(1 + *e*) for *e* ≤ √*m* shifts logged.
  func position(of id: ID) -> Int? {
    guard let entry = entries[id] else { return nil }
    var position = entry.position
    for shift in shifts[entry.since...] where position >= shift.at { position += shift.by }
    return position
  }

  /// Records that `ids` were inserted at `index`, one after another.
  mutating func insert(_ ids: some Collection<ID>, at index: Int) {
    shifts.append(Shift(at: index, by: ids.count))
    for (offset, id) in ids.enumerated() { entries[id] = (index + offset, shifts.count) }
  }

  /// Records that `id`, at `index`, was removed.
  mutating func remove(_ id: ID, at index: Int) {
    entries[id] = nil
    shifts.append(Shift(at: index + 1, by: -1))
  }
}
