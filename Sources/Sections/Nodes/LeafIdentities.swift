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
/// no base (O(*n*), after at least *n* edits: O(1) amortized), so what is
/// held stays within twice the items.
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

  /// The identities of `sections`, with no base.
  ///
  /// - Complexity: Expected O(*n*) for *n* items.
  init<Item: Identifiable>(_ sections: [SnapshotSection<SectionID, Item>])
  where Item.ID == ItemID {
    changes.reserveCapacity(sections.reduce(0) { $0 + $1.items.count })
    for section in sections {
      for item in section.items { changes[item.id] = section.id }
    }
    count = changes.count
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

  /// Whether the edits since the base outnumber the items: then
  /// `init(_:)` from the sections holds less.
  var isWorn: Bool { changes.count + removed.count > max(1_024, count) }

  /// Records that the items of the section `section` have shifted.
  mutating func shift(_ section: SectionID) {
    // Without a base there is no offset to invalidate.
    if base != nil { shiftedSections.insert(section) }
  }

  /// Records that the item with identity `id` has arrived in `section`,
  /// unless the identity is present: then returns `false`.
  @inline(__always) mutating func insert(_ id: ItemID, in section: SectionID) -> Bool {
    guard self.section(of: id) == nil else { return false }
    changes[id] = section
    count += 1
    return true
  }

  /// Records that the item with identity `id`, present, is now in
  /// `section`.
  mutating func move(_ id: ItemID, to section: SectionID) { changes[id] = section }

  /// Records that the item with identity `id`, present, has left.
  @inline(__always) mutating func remove(_ id: ItemID) {
    changes[id] = nil
    if base?[id] != nil { removed[id] = () }
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
