/// The edits of a diffable data source's snapshot
/// (`NSDiffableDataSourceSnapshot`) beyond appending and deleting: inserts
/// and moves next to an item or a section, reloads and reconfigurations.
///
/// ```swift
/// snapshot.insertItems([alien], beforeItem: dune.id)
/// snapshot.moveItem(vertigo.id, afterItem: alien.id)
/// snapshot.insertSections(["soon"], afterSection: "new")
/// snapshot.reloadItems([casablanca.id])  // reported as an update by the next diff
/// ```
///
/// Where a diffable snapshot stops the app, these do what they can and
/// return what they left out (a ``Skipped``, which can be ignored): an
/// identity already present is never added again (also listed in
/// ``duplicates``); an identity that is not present is ignored; a call
/// whose anchor (the item or section named after `before` or `after`) is
/// not present changes nothing and returns every identity it was given.
extension Snapshot {
  // MARK: Items

  /// Inserts `items` just before the item with identity `beforeItem`, in
  /// its section.
  ///
  /// - Returns: The identities left out: every item's when `beforeItem` is
  ///   not present; otherwise those already present or repeated in `items`
  ///   (also added to ``duplicates``).
  /// - Complexity: Expected O(*s* + *m* + *k*) for *s* sections, *m* items
  ///   in the section and *k* new ones.
  @discardableResult
  public mutating func insertItems(_ items: [Item], beforeItem: Item.ID) -> Skipped {
    guard let path = itemPath(for: beforeItem) else { return Skipped(itemIDs: items.map(\.id)) }
    return insert(items, at: path)
  }

  /// Inserts `items` just after the item with identity `afterItem`, in its
  /// section.
  ///
  /// - Returns: The identities left out: every item's when `afterItem` is
  ///   not present; otherwise those already present or repeated in `items`
  ///   (also added to ``duplicates``).
  /// - Complexity: Expected O(*s* + *m* + *k*) for *s* sections, *m* items
  ///   in the section and *k* new ones.
  @discardableResult
  public mutating func insertItems(_ items: [Item], afterItem: Item.ID) -> Skipped {
    guard let path = itemPath(for: afterItem) else { return Skipped(itemIDs: items.map(\.id)) }
    return insert(items, at: ItemPath(section: path.section, item: path.item + 1))
  }

  /// Moves the item with identity `id` just before the item with identity
  /// `beforeItem`, in that item's section. Moving an item before itself
  /// leaves it where it is.
  ///
  /// - Returns: `id`, not moved, when it or `beforeItem` is not present.
  /// - Complexity: Expected O(*s* + *m*) for *s* sections and *m* items in
  ///   the two sections.
  @discardableResult
  public mutating func moveItem(_ id: Item.ID, beforeItem: Item.ID) -> Skipped {
    moveItem(id, nextTo: beforeItem, after: false)
  }

  /// Moves the item with identity `id` just after the item with identity
  /// `afterItem`, in that item's section. Moving an item after itself
  /// leaves it where it is.
  ///
  /// - Returns: `id`, not moved, when it or `afterItem` is not present.
  /// - Complexity: Expected O(*s* + *m*) for *s* sections and *m* items in
  ///   the two sections.
  @discardableResult
  public mutating func moveItem(_ id: Item.ID, afterItem: Item.ID) -> Skipped {
    moveItem(id, nextTo: afterItem, after: true)
  }

  /// Removes every item and every section, as diffable's `deleteAllItems()`
  /// does; ``duplicates`` is kept.
  ///
  /// - Complexity: O(1), plus releasing the content.
  public mutating func deleteAllItems() {
    let dropped = duplicates
    self = Snapshot()
    duplicates = dropped
  }

  /// Marks the items with identities `ids`, so the next diff reports each
  /// as an update even if its content is unchanged, and its cell is
  /// configured again (diffable's `reloadItems(_:)`; see
  /// ``markedItemIDs``). How the view shows an update (configured in
  /// place, or a new cell) is the data source's choice, not the call's:
  /// `reloadItems` and `reconfigureItems` mark alike.
  ///
  /// - Returns: The identities that are not present, ignored.
  /// - Complexity: Expected O(*k*) for *k* identities.
  @discardableResult
  public mutating func reloadItems(_ ids: some Sequence<Item.ID>) -> Skipped {
    mark(ids)
  }

  /// Puts the new values `items` in place of the items with the same
  /// identity and marks them, so the next diff reports each as an update
  /// even if the value is equal (see `reloadItems(_:)`).
  ///
  /// - Returns: The identities of the items that are not present, ignored.
  /// - Complexity: Expected O(*s* + *k* + Σ *m*) for *s* sections, *k*
  ///   items and Σ *m* the items of the sections that hold them.
  @discardableResult
  public mutating func reloadItems(_ items: [Item]) -> Skipped {
    replaceAndMark(items)
  }

  /// Marks the items with identities `ids`, so the next diff reports each
  /// as an update even if its content is unchanged, and its cell is
  /// configured again (diffable's `reconfigureItems(_:)`; see
  /// ``markedItemIDs``). For a ``ValueItem``, give the values.
  ///
  /// - Returns: The identities that are not present, ignored.
  /// - Complexity: Expected O(*k*) for *k* identities.
  @discardableResult
  public mutating func reconfigureItems(_ ids: some Sequence<Item.ID>) -> Skipped {
    mark(ids)
  }

  /// Puts the new values `items` in place of the items with the same
  /// identity and marks them (diffable's `reconfigureItems(_:)`, with the
  /// new content given): the next diff reports each as an update, even if
  /// the value is equal.
  ///
  /// - Returns: The identities of the items that are not present, ignored.
  /// - Complexity: Expected O(*s* + *k* + Σ *m*) for *s* sections, *k*
  ///   items and Σ *m* the items of the sections that hold them.
  @discardableResult
  public mutating func reconfigureItems(_ items: [Item]) -> Skipped {
    replaceAndMark(items)
  }

  // MARK: Sections

  /// Inserts empty sections with identities `ids` just before the section
  /// with identity `beforeSection`.
  ///
  /// - Returns: The identities left out: all of `ids` when `beforeSection`
  ///   is not present; otherwise those already present or repeated (also
  ///   added to ``duplicates``).
  /// - Complexity: O(*s* + *k*) for *s* sections and *k* new ones.
  @discardableResult
  public mutating func insertSections(_ ids: [SectionID], beforeSection: SectionID) -> Skipped {
    guard let index = sectionIndex(for: beforeSection) else { return Skipped(sectionIDs: ids) }
    return insertSections(ids, at: index)
  }

  /// Inserts empty sections with identities `ids` just after the section
  /// with identity `afterSection`.
  ///
  /// - Returns: The identities left out: all of `ids` when `afterSection`
  ///   is not present; otherwise those already present or repeated (also
  ///   added to ``duplicates``).
  /// - Complexity: O(*s* + *k*) for *s* sections and *k* new ones.
  @discardableResult
  public mutating func insertSections(_ ids: [SectionID], afterSection: SectionID) -> Skipped {
    guard let index = sectionIndex(for: afterSection) else { return Skipped(sectionIDs: ids) }
    return insertSections(ids, at: index + 1)
  }

  /// Moves the section with identity `id`, with its items, just before the
  /// section with identity `beforeSection`. Moving a section before itself
  /// leaves it where it is.
  ///
  /// - Returns: `id`, not moved, when it or `beforeSection` is not present.
  /// - Complexity: O(*s*) for *s* sections.
  @discardableResult
  public mutating func moveSection(_ id: SectionID, beforeSection: SectionID) -> Skipped {
    moveSection(id, nextTo: beforeSection, after: false)
  }

  /// Moves the section with identity `id`, with its items, just after the
  /// section with identity `afterSection`. Moving a section after itself
  /// leaves it where it is.
  ///
  /// - Returns: `id`, not moved, when it or `afterSection` is not present.
  /// - Complexity: O(*s*) for *s* sections.
  @discardableResult
  public mutating func moveSection(_ id: SectionID, afterSection: SectionID) -> Skipped {
    moveSection(id, nextTo: afterSection, after: true)
  }

  /// Marks the sections with identities `ids` and the items they hold, so
  /// the next diff reports each section as a section update (its header
  /// and footer shown again) and each of its items as an update, even if
  /// nothing changed (diffable's `reloadSections(_:)`; see
  /// ``markedSectionIDs``).
  ///
  /// - Returns: The identities that are not present, ignored.
  /// - Complexity: Expected O(*k* + Σ *m*) for *k* identities and Σ *m*
  ///   the items of their sections.
  @discardableResult
  public mutating func reloadSections(_ ids: some Sequence<SectionID>) -> Skipped {
    var absent: [SectionID] = []
    for id in ids {
      guard let s = sectionIndex(for: id) else {
        absent.append(id)
        continue
      }
      marks.sectionIDs.insert(id)
      for item in sections[s].items { marks.itemIDs.insert(item.id) }
    }
    return Skipped(sectionIDs: absent)
  }

  // MARK: Shared

  /// Marks the items with identities `ids` that are present.
  ///
  /// - Returns: The identities that are not present.
  private mutating func mark(_ ids: some Sequence<Item.ID>) -> Skipped {
    var absent: [Item.ID] = []
    for id in ids {
      if itemPath(for: id) != nil { marks.itemIDs.insert(id) } else { absent.append(id) }
    }
    return Skipped(itemIDs: absent)
  }

  /// Puts `items` in place of the items with the same identity, and marks
  /// them.
  ///
  /// - Returns: The identities of the items that are not present.
  private mutating func replaceAndMark(_ items: [Item]) -> Skipped {
    var next = sections
    var absent: [Item.ID] = []
    for item in items {
      guard let path = itemPath(for: item.id) else {
        absent.append(item.id)
        continue
      }
      next[path.section].items[path.item] = item
      marks.itemIDs.insert(item.id)
    }
    if absent.count < items.count { rebuild(next) }
    return Skipped(itemIDs: absent)
  }

  /// Moves the item with identity `id` next to the item with identity
  /// `anchor`: just after it when `after`, else just before.
  private mutating func moveItem(_ id: Item.ID, nextTo anchor: Item.ID, after: Bool) -> Skipped {
    guard let from = itemPath(for: id), var to = itemPath(for: anchor) else {
      return Skipped(itemIDs: [id])
    }
    guard id != anchor else { return Skipped() }
    var next = sections
    let item = next[from.section].items.remove(at: from.item)
    if to.section == from.section && to.item > from.item { to.item -= 1 }
    if after { to.item += 1 }
    next[to.section].items.insert(item, at: to.item)
    rebuild(next)
    return Skipped()
  }

  /// Moves the section with identity `id` next to the section with
  /// identity `anchor`: just after it when `after`, else just before.
  private mutating func moveSection(_ id: SectionID, nextTo anchor: SectionID, after: Bool)
    -> Skipped
  {
    guard let from = sectionIndex(for: id), var to = sectionIndex(for: anchor) else {
      return Skipped(sectionIDs: [id])
    }
    guard id != anchor else { return Skipped() }
    var next = sections
    let section = next.remove(at: from)
    if to > from { to -= 1 }
    if after { to += 1 }
    next.insert(section, at: to)
    rebuild(next)
    return Skipped()
  }
}

/// The edits above for items that are their own identity, given as values
/// (see ``ValueItem``); the calls that take identities take the values as
/// they are.
extension Snapshot {
  /// Inserts `values`, each as a ``ValueItem``, just before the item
  /// `beforeItem`; see `insertItems(_:beforeItem:)`.
  ///
  /// - Returns: The values left out, as the call with items says.
  @discardableResult
  public mutating func insertItems<Value>(_ values: [Value], beforeItem: Value) -> Skipped
  where Item == ValueItem<Value> {
    insertItems(values.map { ValueItem($0) }, beforeItem: beforeItem)
  }

  /// Inserts `values`, each as a ``ValueItem``, just after the item
  /// `afterItem`; see `insertItems(_:afterItem:)`.
  ///
  /// - Returns: The values left out, as the call with items says.
  @discardableResult
  public mutating func insertItems<Value>(_ values: [Value], afterItem: Value) -> Skipped
  where Item == ValueItem<Value> {
    insertItems(values.map { ValueItem($0) }, afterItem: afterItem)
  }
}
