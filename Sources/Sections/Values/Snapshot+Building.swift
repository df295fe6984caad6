/// Building a snapshot step by step, with the calls of a diffable data
/// source's snapshot (`NSDiffableDataSourceSnapshot`); the umbrella
/// module's article "Coming from diffable data sources" maps every call.
///
/// ```swift
/// var snapshot = Snapshot<String, Movie>()
/// snapshot.appendSections(["favourites", "all"])
/// snapshot.appendItems(favourites, toSection: "favourites")
/// snapshot.appendItems(movies)  // to the last section
/// snapshot.deleteItems([watched.id])
/// ```
///
/// Where a diffable snapshot stops the app (an identity already present,
/// or one that is not there), a call here does what it can and returns
/// what it left out (a ``Skipped``, which can be ignored): an identity
/// already present is never added again (as ``init(sections:)`` does, the
/// repeat is left out, and also listed in ``duplicates``), and an identity
/// that is not present is ignored. Each call rebuilds the identity tables
/// of the sections it changes and reuses the others' (see
/// ``init(sections:editedFrom:)``), so appending to one section of many
/// costs about that section. The marks of ``markedItemIDs`` are kept.
extension Snapshot {
  /// Appends empty sections with identities `ids`, in order.
  ///
  /// - Returns: The identities left out, already present or repeated in
  ///   `ids` (also added to ``duplicates``).
  /// - Complexity: O(*s* + *k*) for *s* sections and *k* new ones.
  @discardableResult
  public mutating func appendSections(_ ids: [SectionID]) -> Skipped {
    insertSections(ids, at: sections.count)
  }

  /// Appends `items` to the end of the section with identity `section`, or
  /// of the last section when `section` is `nil`.
  ///
  /// An item whose identity is already present stays where it is, even in
  /// another section: the new occurrence is left out.
  ///
  /// - Returns: The identities left out: every item's when there is no
  ///   such section (or, for `nil`, no section at all); otherwise those
  ///   already present or repeated in `items` (also added to
  ///   ``duplicates``).
  /// - Complexity: Expected O(*s* + *m* + *k*) for *s* sections, *m* items
  ///   in the section and *k* new ones.
  @discardableResult
  public mutating func appendItems(_ items: [Item], toSection section: SectionID? = nil) -> Skipped
  {
    let index =
      section.map { sectionIndex(for: $0) } ?? (sections.isEmpty ? nil : sections.count - 1)
    guard let index else { return Skipped(itemIDs: items.map(\.id)) }
    return insert(items, at: ItemPath(section: index, item: sections[index].items.count))
  }

  /// Removes the items with identities `ids`.
  ///
  /// - Returns: The identities that are not present, ignored.
  /// - Complexity: Expected O(*s* + *k* + Σ *m*) for *s* sections, *k*
  ///   identities and Σ *m* the items of the sections that hold them.
  @discardableResult
  public mutating func deleteItems(_ ids: some Sequence<Item.ID>) -> Skipped {
    var doomed = Set<Item.ID>()
    var absent: [Item.ID] = []
    var holding = Set<Int>()
    for id in ids {
      if let path = itemPath(for: id) {
        doomed.insert(id)
        holding.insert(path.section)
      } else {
        absent.append(id)
      }
    }
    // Only the sections that hold a doomed item are edited (and copied).
    if !holding.isEmpty {
      var next = sections
      for s in holding { next[s].items.removeAll { doomed.contains($0.id) } }
      rebuild(next)
    }
    return Skipped(itemIDs: absent)
  }

  /// Removes the sections with identities `ids`, with their items.
  ///
  /// - Returns: The identities that are not present, ignored.
  /// - Complexity: Expected O(*s* + *k*) for *s* sections and *k* identities.
  @discardableResult
  public mutating func deleteSections(_ ids: some Sequence<SectionID>) -> Skipped {
    var doomed = Set<SectionID>()
    var absent: [SectionID] = []
    for id in ids {
      if sectionIndex(for: id) != nil { doomed.insert(id) } else { absent.append(id) }
    }
    if !doomed.isEmpty { rebuild(sections.filter { !doomed.contains($0.id) }) }
    return Skipped(sectionIDs: absent)
  }

  /// The identities of the items, section after section (diffable's
  /// `itemIdentifiers`).
  ///
  /// - Complexity: O(*n*).
  public var itemIDs: [Item.ID] { sections.flatMap { $0.items.map(\.id) } }

  /// Inserts `items` at `path`, leaving out the identities already present
  /// or repeated (added to ``duplicates``).
  ///
  /// - Returns: The identities left out.
  /// - Complexity: Expected O(*s* + *m* + *k*) for *s* sections, *m* items
  ///   in the section and *k* new ones.
  mutating func insert(_ items: [Item], at path: ItemPath) -> Skipped {
    var seen = Set<Item.ID>()
    var kept: [Item] = []
    var dropped: [Item.ID] = []
    for item in items {
      if itemPath(for: item.id) != nil || !seen.insert(item.id).inserted {
        dropped.append(item.id)
      } else {
        kept.append(item)
      }
    }
    if !kept.isEmpty {
      var next = sections
      next[path.section].items.insert(contentsOf: kept, at: path.item)
      rebuild(next)
    }
    duplicates.itemIDs += dropped
    return Skipped(itemIDs: dropped)
  }

  /// Inserts empty sections with identities `ids` at `index`, leaving out
  /// the identities already present or repeated (added to ``duplicates``).
  ///
  /// - Returns: The identities left out.
  /// - Complexity: O(*s* + *k*) for *s* sections and *k* new ones.
  mutating func insertSections(_ ids: [SectionID], at index: Int) -> Skipped {
    var seen = Set<SectionID>()
    var kept: [SnapshotSection<SectionID, Item>] = []
    var dropped: [SectionID] = []
    for id in ids {
      if sectionIndex(for: id) != nil || !seen.insert(id).inserted {
        dropped.append(id)
      } else {
        kept.append(SnapshotSection(id: id))
      }
    }
    if !kept.isEmpty {
      var next = sections
      next.insert(contentsOf: kept, at: index)
      rebuild(next)
    }
    duplicates.sectionIDs += dropped
    return Skipped(sectionIDs: dropped)
  }

  /// Makes `sections` the content, keeping what was dropped before in
  /// ``duplicates`` (adding what is dropped now) and the marks.
  mutating func rebuild(_ sections: [SnapshotSection<SectionID, Item>]) {
    let dropped = duplicates
    let marks = self.marks
    self = Snapshot(sections: sections, editedFrom: self)
    duplicates.sectionIDs = dropped.sectionIDs + duplicates.sectionIDs
    duplicates.itemIDs = dropped.itemIDs + duplicates.itemIDs
    self.marks = marks
  }
}

/// Diffable's way for items that are their own identity: values given as
/// they are, wrapped in ``ValueItem``. The calls that take identities
/// (``deleteItems(_:)``, `reloadItems(_:)`, `moveItem(_:beforeItem:)`…)
/// take the values as they are, since a ``ValueItem``'s identity is its
/// value.
extension Snapshot {
  /// Appends `values` to the section `section` (the last section when
  /// `nil`), each as a ``ValueItem``; see ``appendItems(_:toSection:)``.
  ///
  /// - Returns: The values left out, as ``appendItems(_:toSection:)`` says.
  @discardableResult
  public mutating func appendItems<Value>(_ values: [Value], toSection section: SectionID? = nil)
    -> Skipped
  where Item == ValueItem<Value> {
    appendItems(values.map { ValueItem($0) }, toSection: section)
  }
}
