import DataSourceGraphCore
import DataSourceGraphSections

/// Which section of a leaf holds each item, and, for the sections no edit
/// has reordered, where in it: the identity table of the snapshot the leaf
/// adopted last (its *base*), plus the changes made since.
///
/// The snapshot built that table anyway (to drop repeated identities), so
/// adopting one costs O(*s*) for *s* sections, and the leaf holds one
/// identity table, not a second one beside the snapshot's. An edit records
/// only the identities it adds, moves or removes. Once the changes
/// outnumber the items, the table is built again from the sections, with
/// no base, a few items at each edit (see `IdentityRebuild`), so what is
/// held stays within about three times the items, and no edit pays for the
/// whole table.
struct LeafIdentities<SectionID: Hashable, ItemID: Hashable> {
  /// The table of the snapshot adopted last, and its sections' identities.
  private var base: ItemPathLookup<ItemID>?
  private var baseSectionIDs: [SectionID] = []
  /// Per identity that has arrived or moved since the base: its section
  /// now. Sharded, like `removed`, so that no insert files every entry
  /// again when the table grows (a leaf fed page by page holds all its
  /// identities here).
  private var changes = ShardedDictionary<ItemID, SectionID>()
  /// The identities of the base that have left since (a set: the values
  /// are empty). Kept apart from `changes`, not as its `nil` values: in
  /// code not specialized for the identity types, a nested optional costs
  /// a metadata look-up per read.
  private var removed = ShardedDictionary<ItemID, Void>()
  /// The sections whose items an insert, delete or move has shifted since
  /// the base: the base's offsets are not theirs any more.
  private var shiftedSections: Set<SectionID> = []
  /// The table being built again from the sections, while it is.
  private var rebuild: IdentityRebuild<SectionID, ItemID>?
  /// The number of items.
  private(set) var count = 0

  /// No items.
  init() {}

  /// The identities of `snapshot`, whose table it has built.
  ///
  /// - Complexity: O(*s*) for *s* sections.
  init<Item: Identifiable>(_ snapshot: Snapshot<SectionID, Item>, table: ItemPathLookup<ItemID>)
  where Item.ID == ItemID {
    // An empty table answers nothing: no look-up in it (a leaf that starts
    // empty and grows by pages pays one hash look-up per new item, not two).
    base = table.count > 0 ? table : nil
    baseSectionIDs = snapshot.sections.map { $0.id }
    count = table.count
  }

  /// The identities of `table`, with no base: what a rebuild built.
  private init(_ table: ShardedDictionary<ItemID, SectionID>) {
    changes = table
    count = table.count
  }

  /// The section that holds the item with identity `id`, or `nil`.
  ///
  /// - Complexity: Expected O(1).
  @inline(__always) func section(of id: ItemID) -> SectionID? {
    if let section = changes[id] { return section }
    return basePath(of: id).map { baseSectionIDs[$0.section] }
  }

  /// The section that holds the item with identity `id`, and its offset
  /// there when the base still knows it (the item has not moved, and no
  /// item of the section has been inserted, deleted or moved since), or
  /// `nil` when the identity is not present.
  ///
  /// - Complexity: Expected O(1).
  func place(of id: ItemID) -> (section: SectionID, offset: Int?)? {
    if let section = changes[id] { return (section, nil) }
    guard let path = basePath(of: id) else { return nil }
    let section = baseSectionIDs[path.section]
    return (section, shiftedSections.contains(section) ? nil : path.item)
  }

  /// Whether the offsets the base recorded for the section `section` are
  /// its items' positions: it is in the base, and no insert, delete or
  /// move has shifted its items since.
  func recordsOffsets(in section: SectionID) -> Bool {
    base != nil && !shiftedSections.contains(section) && baseSectionIDs.contains(section)
  }

  /// The offset the base recorded for the item with identity `id`, if it
  /// was in the section `section` then and has not left or moved since.
  ///
  /// - Complexity: Expected O(1).
  func recordedOffset(of id: ItemID, in section: SectionID) -> Int? {
    guard changes[id] == nil, let path = basePath(of: id), baseSectionIDs[path.section] == section
    else { return nil }
    return path.item
  }

  /// The path the item with identity `id` had in the base, unless it has
  /// left since.
  @inline(__always) private func basePath(of id: ItemID) -> ItemPath? {
    guard let base, removed.isEmpty || !removed.contains(id) else { return nil }
    return base[id]
  }

  /// Whether the edits since the base outnumber the items, and no rebuild
  /// is under way: then a table built from the sections holds less.
  var isWorn: Bool { rebuild == nil && changes.count + removed.count > max(1_024, count) }

  /// Records that the items of the section `section` have changed as a
  /// whole (the offsets of all of them may have).
  mutating func shift(_ section: SectionID) {
    // Without a base there is no offset to invalidate.
    if base != nil { shiftedSections.insert(section) }
    rebuild?.restart(section)
  }

  /// Records that `count` items were inserted at `index` in `section`.
  mutating func recordInsert(of count: Int, at index: Int, in section: SectionID) {
    if base != nil { shiftedSections.insert(section) }
    rebuild?.recordInsert(of: count, at: index, in: section)
  }

  /// Records that the items at `offsets` (ascending, the offsets they had
  /// before any of them was removed) were removed from `section`.
  mutating func recordRemovals(at offsets: [Int], in section: SectionID) {
    if base != nil { shiftedSections.insert(section) }
    rebuild?.recordRemovals(at: offsets, in: section)
  }

  /// Records that the item with identity `id` has arrived in `section`,
  /// unless the identity is present: then returns `false`.
  @inline(__always) mutating func insert(_ id: ItemID, in section: SectionID) -> Bool {
    guard self.section(of: id) == nil else { return false }
    changes[id] = section
    rebuild?.file(id, in: section)
    count += 1
    return true
  }

  /// Records that the item with identity `id`, present, is now in
  /// `section`.
  mutating func move(_ id: ItemID, to section: SectionID) {
    changes[id] = section
    rebuild?.file(id, in: section)
  }

  /// Records that the item with identity `id`, present, has left.
  @inline(__always) mutating func remove(_ id: ItemID) {
    changes[id] = nil
    if base?[id] != nil { removed[id] = () }
    rebuild?.drop(id)
    count -= 1
  }

  /// Records that the items with identities `ids`, present and distinct,
  /// have left.
  ///
  /// - Complexity: Expected O(*k*) for *k* identities.
  mutating func remove(_ ids: [ItemID]) {
    for id in ids { remove(id) }
  }
}

extension LeafIdentities {
  // MARK: Rebuilding in pieces

  /// Starts building the table again from the sections with identities
  /// `sectionIDs`, in that order (see `IdentityRebuild`).
  ///
  /// - Complexity: O(*s*) for *s* sections.
  mutating func startRebuild(sectionIDs: [SectionID]) {
    rebuild = IdentityRebuild(sectionIDs: sectionIDs)
  }

  /// Whether a rebuild is under way.
  var isRebuilding: Bool { rebuild != nil }

  /// The section the rebuild walks next, or `nil` when there is no rebuild
  /// or it has walked every section.
  var rebuildSection: SectionID? { rebuild?.section }

  /// The items the edits have owed the rebuild since the last call, or
  /// `nil` when there is no rebuild.
  mutating func takeRebuildOwed() -> Int? { rebuild?.takeOwed() }

  /// Files the next items of `items`, those of ``rebuildSection``, at most
  /// `budget` of them (less what it uses).
  ///
  /// - Complexity: Expected O(*k*) for the *k* items filed.
  mutating func walkRebuild<Item: Identifiable>(
    _ items: SnapshotSection<SectionID, Item>.Items, budget: inout Int
  ) where Item.ID == ItemID {
    rebuild?.walk(items, budget: &budget)
  }

  /// Passes over ``rebuildSection``, which is gone.
  mutating func skipRebuildSection() { rebuild?.skipSection() }

  /// Makes the table the rebuild built the leaf's, once it has walked
  /// every section: no base, no offsets recorded.
  ///
  /// - Complexity: O(1).
  mutating func finishRebuild() {
    guard let rebuild, rebuild.section == nil else { return }
    #if DATASOURCEGRAPH_INTERNAL_CHECKS
      precondition(
        rebuild.table.count == count,
        "a rebuild filed \(rebuild.table.count) identities for \(count) items")
    #endif
    self = LeafIdentities(rebuild.table)
  }
}
