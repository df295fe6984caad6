/// The content of a list at one moment: sections in order, each with its
/// items, plus the look-ups a renderer needs.
///
/// Section identities are unique in a snapshot, and item identities are
/// unique across all of its sections. A snapshot built from input that
/// repeats an identity keeps the first occurrence and drops the rest: the
/// dropped sections and items are listed in ``duplicates``, so a batch
/// computed from a snapshot can never name one identity twice (the
/// "supplied identifiers are not unique" crash of diffable data sources).
///
/// ```swift
/// let snapshot = Snapshot(sections: [
///   SnapshotSection(id: "fruit", header: "Fruit", items: [Row(id: 1, title: "Apple")]),
/// ])
/// snapshot.itemPath(for: 1)  // ItemPath(section: 0, item: 0)
/// ```
public struct Snapshot<SectionID: Hashable, Item: Identifiable> {
  /// The sections, in display order.
  public internal(set) var sections: [SnapshotSection<SectionID, Item>]
  /// What the initializer dropped because an identity was already present.
  ///
  /// A report on how this value was built from its input, not part of the
  /// content: `==` ignores it (a snapshot built from input with repeats
  /// equals one built from the same input without them), and a snapshot
  /// made by applying a batch or a change reports nothing.
  public internal(set) var duplicates: Skipped
  @usableFromInline var sectionIndices: [SectionID: Int]
  /// The number of items in all sections.
  @usableFromInline var itemCount: Int
  /// The identity → path table, built at once, derived from an earlier
  /// snapshot's, or built on first use.
  @usableFromInline let index: _ItemIndex<SectionID, Item>
  /// The items and sections the next diff from an earlier snapshot reports
  /// as updated even where their content is equal (`reloadItems(_:)`,
  /// `reconfigureItems(_:)`, `reloadSections(_:)`): a request to that diff,
  /// not content.
  @usableFromInline var marks = ChangeMarks()

  /// The identities an operation left out: the one way a snapshot and an
  /// edit of a leaf say what they did not do. For a snapshot
  /// (``duplicates``) and the edits that add, the identities that were
  /// already present (or, for a snapshot's edits whose target section or
  /// anchor is missing, every identity given); for an update, and for a
  /// snapshot's edits that name identities (a delete, a move, a reload),
  /// those that were missing. (A leaf's edit asked for while its observers
  /// are being told of a change returns `nil` instead: it is made after
  /// that delivery, so what it will leave out is not known yet.)
  public struct Skipped {
    /// Identities of sections dropped (with all their items), in input order.
    public var sectionIDs: [SectionID] = []
    /// Identities of items dropped, in input order.
    public var itemIDs: [Item.ID] = []
    /// Creates a report of dropped identities.
    @inlinable
    public init(sectionIDs: [SectionID] = [], itemIDs: [Item.ID] = []) {
      self.sectionIDs = sectionIDs
      self.itemIDs = itemIDs
    }

    /// Whether nothing was dropped.
    public var isEmpty: Bool { sectionIDs.isEmpty && itemIDs.isEmpty }
  }

  /// Creates an empty snapshot.
  public init() {
    sections = []
    duplicates = Skipped()
    sectionIndices = [:]
    itemCount = 0
    index = _ItemIndex(_ItemTable(flat: _PathTable(), sectionItemCounts: []))
  }

  /// Creates a snapshot from sections, keeping the first occurrence of any
  /// repeated section or item identity and recording the rest in
  /// ``duplicates``.
  ///
  /// - Complexity: Expected O(*n* + *s*), where *n* is the number of items
  ///   and *s* the number of sections, if the identities implement
  ///   high-quality hashing.
  @inlinable
  public init(sections input: [SnapshotSection<SectionID, Item>]) {
    var sections: [SnapshotSection<SectionID, Item>] = []
    var duplicates = Skipped()
    var sectionIndices: [SectionID: Int] = [:]
    sections.reserveCapacity(input.count)
    sectionIndices.reserveCapacity(input.count)
    var itemPaths = _PathTable<Item.ID>(minimumCapacity: input.reduce(0) { $0 + $1.items.count })
    for var section in input {
      guard sectionIndices[section.id] == nil else {
        duplicates.sectionIDs.append(section.id)
        continue
      }
      let sectionIndex = sections.count
      sectionIndices[section.id] = sectionIndex
      // One hash look-up per item: insert, and see whether it was there.
      var repeats: [Int] = []
      var item = 0
      section.items.forEachRun { items, start in
        itemPaths.insertItems(items, ofSection: sectionIndex, from: &item) {
          repeats.append(start + $0)
        }
      }
      if !repeats.isEmpty {
        var kept: [Item] = []
        kept.reserveCapacity(section.items.count - repeats.count)
        var start = 0
        for offset in repeats {
          duplicates.itemIDs.append(section.items[offset].id)
          kept += section.items[start..<offset]
          start = offset + 1
        }
        kept += section.items[start...]
        section.items = SnapshotSection.Items(kept)
      }
      sections.append(section)
    }
    self.init(
      _sections: sections, duplicates: duplicates, sectionIndices: sectionIndices,
      table: _ItemTable(
        flat: itemPaths, sectionItemCounts: SnapshotSection.itemCounts(of: sections)))
  }

  @usableFromInline
  init(
    _sections sections: [SnapshotSection<SectionID, Item>], duplicates: Skipped,
    sectionIndices: [SectionID: Int], table: _ItemTable<Item.ID>
  ) {
    self.sections = sections
    self.duplicates = duplicates
    self.sectionIndices = sectionIndices
    itemCount = table.count
    index = _ItemIndex(table)
    _checkInvariants()
  }

  /// A snapshot of sections whose identities are known to be unique (the
  /// result of applying a checked batch): the section table is built, the
  /// item table is left for the first read that needs it.
  ///
  /// - Complexity: O(*s*) for *s* sections.
  @inlinable
  init(_trusted sections: [SnapshotSection<SectionID, Item>]) {
    var sectionIndices: [SectionID: Int] = [:]
    sectionIndices.reserveCapacity(sections.count)
    var itemCount = 0
    for (s, section) in sections.enumerated() {
      sectionIndices[section.id] = s
      itemCount += section.items.count
    }
    self.init(_trusted: sections, sectionIndices: sectionIndices, itemCount: itemCount)
  }

  /// As ``init(_trusted:)``, with the section table and the item count
  /// already known.
  @usableFromInline
  init(
    _trusted sections: [SnapshotSection<SectionID, Item>], sectionIndices: [SectionID: Int],
    itemCount: Int
  ) {
    self.sections = sections
    duplicates = Skipped()
    self.sectionIndices = sectionIndices
    self.itemCount = itemCount
    index = _ItemIndex(nil)
    _checkInvariants()
  }

  /// The identity → path table, built on first use.
  ///
  /// - Complexity: Expected O(*n*) the first time for a snapshot made by
  ///   applying a batch, O(1) otherwise.
  @inlinable var itemPaths: _ItemTable<Item.ID> { index.table(of: sections, count: itemCount) }

  /// Creates a snapshot of one section.
  @inlinable
  public init(id: SectionID, header: String? = nil, footer: String? = nil, items: [Item]) {
    self.init(sections: [SnapshotSection(id: id, header: header, footer: footer, items: items)])
  }

  // MARK: Reads, as a table view asks them

  /// The number of sections.
  @inlinable public var numberOfSections: Int { sections.count }

  /// The number of items in all sections.
  @inlinable public var numberOfItems: Int { itemCount }

  /// Whether the snapshot has no items (it may still have empty sections).
  @inlinable public var isEmpty: Bool { itemCount == 0 }

  /// The number of items in the section at `section`.
  ///
  /// - Complexity: O(1).
  @inlinable public func numberOfItems(inSection section: Int) -> Int {
    sections[section].items.count
  }

  /// The item at `path`.
  @inlinable public func item(at path: ItemPath) -> Item {
    sections[path.section].items[path.item]
  }

  /// The path of the item with identity `id`, or `nil` if there is none.
  ///
  /// - Complexity: Expected O(1). A snapshot made by applying a batch
  ///   builds its identity table on the first such read, in expected O(*n*).
  ///   One built from an earlier one (``init(sections:editedFrom:)``,
  ///   ``modifySections(_:)``, the building calls) keeps the earlier
  ///   table's entries for the sections it did not edit, in layers: one
  ///   hash look-up per layer at most, O(log *n*) in the worst case, and one
  ///   for an item of a section left alone since the table was last merged.
  @inlinable public func itemPath(for id: Item.ID) -> ItemPath? { itemPaths[id] }

  /// The index of the section with identity `id`, or `nil` if there is none.
  ///
  /// - Complexity: Expected O(1).
  @inlinable public func sectionIndex(for id: SectionID) -> Int? { sectionIndices[id] }

  /// The identities of the sections, in order.
  ///
  /// - Complexity: O(*s*), where *s* is the number of sections.
  public var sectionIDs: [SectionID] { sections.map { $0.id } }

  /// Every item, section after section.
  ///
  /// - Complexity: O(*n*), where *n* is the number of items.
  public var allItems: [Item] { sections.flatMap(\.items) }

  /// Checks that the look-up tables agree with the sections, in O(*n*):
  /// compiled only when the library is built with its internal checks
  /// (`swift build -Xswiftc -DDATASOURCEGRAPH_INTERNAL_CHECKS`, as its own
  /// tests and CI do), never merely in a debug build, so an app's debug
  /// build applies a batch without building the identity table.
  @inlinable @inline(__always)
  func _checkInvariants() {
    #if DATASOURCEGRAPH_INTERNAL_CHECKS
      precondition(sectionIndices.count == sections.count, "section identities must be unique")
      let itemPaths = self.itemPaths
      var count = 0
      for (s, section) in sections.enumerated() {
        precondition(sectionIndices[section.id] == s, "section index table out of date")
        for (i, item) in section.items.enumerated() {
          precondition(
            itemPaths[item.id] == ItemPath(section: s, item: i), "item path table out of date")
          count += 1
        }
      }
      precondition(count == itemPaths.count, "item identities must be unique")
      precondition(count == itemCount, "item count out of date")
    #endif
  }
}

extension Snapshot: Equatable where Item: Equatable {
  /// Two snapshots are equal when their sections (identity, header, footer
  /// and items) are equal.
  ///
  /// ``duplicates`` is not compared: it reports how a value was built, not
  /// what it holds, so a snapshot built from input that repeats an identity
  /// equals the same content built without the repeat, and equals the
  /// result of applying the batch that leads to it. Nor are the marks of
  /// ``markedItemIDs`` and ``markedSectionIDs``: they ask the next diff for
  /// updates, and change no content.
  ///
  /// - Complexity: O(1) for copies of one value (their sections share
  ///   storage); otherwise O(*s*) plus O(*n*) for the items of the sections
  ///   whose items do not share storage, where *s* is the number of sections
  ///   and *n* the number of items in them.
  @inlinable
  public static func == (lhs: Self, rhs: Self) -> Bool { lhs.sections == rhs.sections }
}

extension Snapshot: Sendable where SectionID: Sendable, Item: Sendable, Item.ID: Sendable {}
extension Snapshot.Skipped: Sendable where SectionID: Sendable, Item.ID: Sendable {}
extension Snapshot.Skipped: Equatable {}
