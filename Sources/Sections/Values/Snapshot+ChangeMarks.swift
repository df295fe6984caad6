/// Marks for the next diff: the items and sections that `reloadItems(_:)`,
/// `reconfigureItems(_:)` and `reloadSections(_:)` name, so that the diff
/// reports them as updated even where their content is equal. See
/// ``Snapshot/markedItemIDs``.
extension Snapshot {
  /// The identities marked for the next diff.
  @usableFromInline
  struct ChangeMarks {
    /// Items reported as updated.
    @usableFromInline var itemIDs: Set<Item.ID> = []
    /// Sections reported as updated (their header and footer).
    @usableFromInline var sectionIDs: Set<SectionID> = []

    @inlinable init() {}

    /// Whether nothing is marked.
    @inlinable var isEmpty: Bool { itemIDs.isEmpty && sectionIDs.isEmpty }
  }

  /// The identities of the items the next diff reports as updated even if
  /// their content is equal on both sides (diffable's
  /// `reloadedItemIdentifiers` and `reconfiguredItemIdentifiers`, in one
  /// set): those given to `reloadItems(_:)` and `reconfigureItems(_:)`, by
  /// identity or with items, and the items the sections given to
  /// ``reloadSections(_:)`` held then.
  ///
  /// A snapshot is content, and a batch is the diff of two of them
  /// (`new.difference(from: old)`), so an item whose content is equal on
  /// both sides is no update. A mark asks for one anyway: the diff from any
  /// earlier snapshot to a marked one reports each marked item that is on
  /// both sides as an update, so its cell is configured again (how, the
  /// data source's item-update style says), and each marked section on both
  /// sides as a section update, so its header and footer are shown again.
  /// An item or section that is new, or gone, is an insert or a delete
  /// whatever its mark.
  ///
  /// Marks belong to the value until it is taken as content: the building
  /// calls and ``modifySections(_:)`` keep them (a mark whose identity is
  /// gone is ignored), a snapshot made by an initializer or by applying a
  /// batch has none, and a leaf that takes a marked snapshot
  /// (`MutableDataSource.replace(with:)`, a load's answer, a UIKit data
  /// source's `apply`) emits the updates and keeps the content without the
  /// marks, so they are not reported twice. `==` ignores them.
  public var markedItemIDs: Set<Item.ID> { marks.itemIDs }

  /// The identities of the sections the next diff reports as section
  /// updates (header and footer shown again) even if their header and
  /// footer are equal on both sides: those given to ``reloadSections(_:)``
  /// (diffable's `reloadedSectionIdentifiers`); their items are in
  /// ``markedItemIDs``. See ``markedItemIDs`` for when marks are kept.
  public var markedSectionIDs: Set<SectionID> { marks.sectionIDs }

  /// This snapshot without marks: the content a node keeps once the diff
  /// that reads them is made.
  ///
  /// - Complexity: O(1).
  package var unmarked: Self {
    guard !marks.isEmpty else { return self }
    var copy = self
    copy.marks = ChangeMarks()
    return copy
  }

  /// Per section of this snapshot, whether it holds a marked item; empty
  /// when no item is marked.
  ///
  /// - Complexity: Expected O(*s* + *k*) for *s* sections and *k* marked
  ///   items, plus O(*n*) once if the identity table is not built yet.
  @inlinable
  func sectionsHoldingMarkedItems() -> [Bool] {
    guard !marks.itemIDs.isEmpty else { return [] }
    var marked = [Bool](repeating: false, count: sections.count)
    for id in marks.itemIDs {
      if let path = itemPath(for: id) { marked[path.section] = true }
    }
    return marked
  }
}

extension Snapshot.ChangeMarks: Sendable where SectionID: Sendable, Item.ID: Sendable {}
