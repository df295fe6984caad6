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
/// As ``init(sections:)`` does, a call never adds an identity already
/// present: a repeated section or item is left out and listed in
/// ``duplicates``, the one place a snapshot says what it did not do.
/// Each call rebuilds the identity tables of the sections it changes and
/// reuses the others' (see ``init(sections:editedFrom:)``), so appending
/// to one section of many costs about that section.
extension Snapshot {
  /// Appends empty sections with identities `ids`, in order.
  ///
  /// - Complexity: O(*s* + *k*) for *s* sections and *k* new ones.
  public mutating func appendSections(_ ids: [SectionID]) {
    rebuild(sections + ids.map { SnapshotSection(id: $0) })
  }

  /// Appends `items` to the end of the section with identity `section`, or
  /// of the last section when `section` is `nil`.
  ///
  /// - Precondition: The section exists (when `nil`: a section exists).
  /// - Complexity: Expected O(*s* + *m* + *k*) for *s* sections, *m* items
  ///   in the section and *k* new ones.
  public mutating func appendItems(_ items: [Item], toSection section: SectionID? = nil) {
    let index =
      section.map { sectionIndex(for: $0) } ?? (sections.isEmpty ? nil : sections.count - 1)
    guard let index else {
      preconditionFailure(
        section == nil
          ? "appendItems(_:toSection:) with no section: append a section first (appendSections(_:))"
          : "appendItems(_:toSection:): no section \(section!); append it first (appendSections(_:))"
      )
    }
    // An identity already present stays where it is, even in a later
    // section: the new occurrence is the one left out.
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
    var next = sections
    next[index].items += kept
    rebuild(next)
    duplicates.itemIDs += dropped
  }

  /// Removes the items with identities `ids`; identities not present are
  /// ignored.
  ///
  /// - Complexity: Expected O(*s* + *k* + Σ *m*) for *s* sections, *k*
  ///   identities and Σ *m* the items of the sections that hold them.
  public mutating func deleteItems(_ ids: some Sequence<Item.ID>) {
    let doomed = Set(ids)
    // Only the sections that hold a doomed item are edited (and copied).
    let holding = Set(doomed.compactMap { itemPath(for: $0)?.section })
    guard !holding.isEmpty else { return }
    var next = sections
    for s in holding { next[s].items.removeAll { doomed.contains($0.id) } }
    rebuild(next)
  }

  /// Removes the sections with identities `ids`, with their items;
  /// identities not present are ignored.
  ///
  /// - Complexity: Expected O(*s* + *k*) for *s* sections and *k* identities.
  public mutating func deleteSections(_ ids: some Sequence<SectionID>) {
    let doomed = Set(ids)
    rebuild(sections.filter { !doomed.contains($0.id) })
  }

  /// Puts the new values `items` in place of the items with the same
  /// identity (diffable's `reconfigureItems`, with the new content given):
  /// a diff from the snapshot before reports each changed one as an
  /// update. Items whose identity is not present are ignored.
  ///
  /// - Complexity: Expected O(*s* + *k* + Σ *m*) for *s* sections, *k*
  ///   items and Σ *m* the items of the sections that hold them.
  public mutating func reconfigureItems(_ items: [Item]) {
    var next = sections
    for item in items {
      guard let path = itemPath(for: item.id) else { continue }
      next[path.section].items[path.item] = item
    }
    rebuild(next)
  }

  /// The identities of the items, section after section (diffable's
  /// `itemIdentifiers`).
  ///
  /// - Complexity: O(*n*).
  public var itemIDs: [Item.ID] { sections.flatMap { $0.items.map(\.id) } }

  /// Makes `sections` the content, keeping what was dropped before in
  /// ``duplicates`` and adding what is dropped now.
  private mutating func rebuild(_ sections: [SnapshotSection<SectionID, Item>]) {
    let dropped = duplicates
    self = Snapshot(sections: sections, editedFrom: self)
    duplicates.sectionIDs = dropped.sectionIDs + duplicates.sectionIDs
    duplicates.itemIDs = dropped.itemIDs + duplicates.itemIDs
  }
}

/// Diffable's way for items that are their own identity: values given as
/// they are, wrapped in ``ValueItem``.
extension Snapshot {
  /// Appends `values` to the section `section` (the last section when
  /// `nil`), each as a ``ValueItem``; see ``appendItems(_:toSection:)``.
  public mutating func appendItems<Value>(_ values: [Value], toSection section: SectionID? = nil)
  where Item == ValueItem<Value> {
    appendItems(values.map { ValueItem($0) }, toSection: section)
  }

  /// Marks the items with values `values` as changed, so a diff from the
  /// snapshot before reports them as updates and their cells are
  /// configured again (diffable's `reconfigureItems`). Values not present
  /// are ignored.
  ///
  /// - Complexity: Expected O(*n* + *k*).
  public mutating func reconfigureItems<Value>(_ values: [Value]) where Item == ValueItem<Value> {
    reconfigureItems(
      values.compactMap { value in
        itemPath(for: value).map { item(at: $0).reconfigured() }
      })
  }
}
