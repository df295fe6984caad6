import DataSourceGraphCore
import DataSourceGraphSections

/// A leaf's identity table built again from its sections a few items at
/// each change, while the edits go on (see `LeafIdentities`).
///
/// The walk goes through the sections in the order they had when it
/// began, and through each section's items from the first. Every item it
/// files is filed with the section it is in now. The edits made meanwhile
/// are filed as they are made: an identity that arrives or changes section
/// is filed with its new section, and one that leaves is dropped. An item
/// the walk has not reached yet is filed when it is reached; one it has
/// passed was filed, and kept up to date since. So when the walk ends, the
/// table holds exactly the items there are, each with its section.
///
/// Only the section being walked needs more: its edits move its items
/// under the walk. The walk's next offset follows them, as a position
/// table's refresh does (an insert before it moves it on, a delete before
/// it moves it back), and a change of the section as a whole starts the
/// section again.
///
/// Each identity the edits file owes the walk ``itemsPerChange`` items, so
/// that the walk costs O(1) per edit, and ends after at most
/// *n* / ``itemsPerChange`` edits of *n* items.
struct IdentityRebuild<SectionID: Hashable, ItemID: Hashable> {
  /// The items the walk files per identity the edits file.
  static var itemsPerChange: Int { 8 }

  /// Every identity filed so far, with its section now.
  private(set) var table = ShardedDictionary<ItemID, SectionID>()
  /// The sections to walk, in their order when the walk began.
  private let sectionIDs: [SectionID]
  /// The index in `sectionIDs` of the section being walked.
  private var sectionIndex = 0
  /// The offset, in that section, of the next item to file.
  private(set) var offset = 0
  /// The items the next step files.
  private(set) var owed = 0

  /// A walk through the sections with identities `sectionIDs`, in order.
  /// (The table is not given its capacity: reserving it at once took 2 ms
  /// for 100,000 items; it grows a shard at a time instead.)
  init(sectionIDs: [SectionID]) { self.sectionIDs = sectionIDs }

  /// The section being walked, or `nil` once every section has been.
  var section: SectionID? { sectionIndex < sectionIDs.count ? sectionIDs[sectionIndex] : nil }

  /// Files the identity `id`, which has arrived in or moved to `section`.
  mutating func file(_ id: ItemID, in section: SectionID) {
    table[id] = section
    owed += Self.itemsPerChange
  }

  /// Drops the identity `id`, which has left.
  mutating func drop(_ id: ItemID) {
    table[id] = nil
    owed += Self.itemsPerChange
  }

  /// Records that `count` items were inserted at `index` in `section`.
  mutating func recordInsert(of count: Int, at index: Int, in section: SectionID) {
    // The items inserted are filed one by one; the walk goes on after them.
    if section == self.section, offset >= index { offset += count }
  }

  /// Records that the items at `offsets` (ascending, the offsets they had
  /// before any of them was removed) were removed from `section`.
  mutating func recordRemovals(at offsets: [Int], in section: SectionID) {
    guard section == self.section else { return }
    for removed in offsets.reversed() where removed < offset { offset -= 1 }
  }

  /// Records that the items of `section` changed as a whole: the walk
  /// starts it again.
  mutating func restart(_ section: SectionID) {
    if section == self.section { offset = 0 }
  }

  /// Files the next items of `items`, those of the section being walked,
  /// at most `budget` of them (less what it uses), and moves on to the
  /// next section when it reaches the end.
  ///
  /// - Complexity: Expected O(*k*) for the *k* items filed.
  mutating func walk<Item: Identifiable>(
    _ items: SnapshotSection<SectionID, Item>.Items, budget: inout Int
  ) where Item.ID == ItemID {
    guard let section else { return }
    let end = min(items.count, offset + max(budget, 0))
    budget -= end - offset
    while offset < end {
      table[items[offset].id] = section
      offset += 1
    }
    if offset >= items.count { skipSection() }
  }

  /// Moves on to the next section (the one being walked is done, or gone).
  mutating func skipSection() {
    sectionIndex += 1
    offset = 0
  }

  /// Takes the items the edits have owed since the last call.
  mutating func takeOwed() -> Int {
    defer { owed = 0 }
    return owed
  }
}
