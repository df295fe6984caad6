/// The questions a diffable data source's snapshot answers
/// (`NSDiffableDataSourceSnapshot`), asked by section identity where the
/// reads of ``Snapshot`` take indices; the umbrella module's article
/// "Coming from diffable data sources" maps every call.
///
/// ```swift
/// snapshot.sectionID(containingItem: dune.id)  // "new"
/// snapshot.itemIDs(inSectionWithID: "classics")  // [casablanca.id, vertigo.id]
/// snapshot.numberOfItems(inSectionWithID: "new")  // 1
/// snapshot.itemOffset(for: dune.id)  // 2, its place in `itemIDs`
/// ```
///
/// A diffable snapshot stops the app when asked about a section it does
/// not have; these answer `nil`, or no items.
extension Snapshot {
  /// The identity of the section that holds the item with identity `id`,
  /// or `nil` if there is none (diffable's
  /// `sectionIdentifier(containingItem:)`).
  ///
  /// - Complexity: As ``itemPath(for:)``: expected O(1).
  public func sectionID(containingItem id: Item.ID) -> SectionID? {
    itemPath(for: id).map { sections[$0.section].id }
  }

  /// The identities of the items of the section with identity `id`, in
  /// order; empty if there is no such section (diffable's
  /// `itemIdentifiers(inSection:)`).
  ///
  /// Named by the section's identity (`inSectionWithID:`), so that it is
  /// never taken for a read by index, even when section identities are
  /// `Int`s.
  ///
  /// - Complexity: O(*m*) for *m* items in the section.
  public func itemIDs(inSectionWithID id: SectionID) -> [Item.ID] {
    sectionIndex(for: id).map { sections[$0].items.map(\.id) } ?? []
  }

  /// The number of items in the section with identity `id`; 0 if there is
  /// no such section (diffable's `numberOfItems(inSection:)`).
  ///
  /// Named by the section's identity (`inSectionWithID:`): with `Int`
  /// section identities, `numberOfItems(inSection:)` would read the
  /// section at that index instead, as a table view asks.
  ///
  /// - Complexity: Expected O(1).
  public func numberOfItems(inSectionWithID id: SectionID) -> Int {
    sectionIndex(for: id).map { sections[$0].items.count } ?? 0
  }

  /// The place of the item with identity `id` among all the items, section
  /// after section (its index in ``itemIDs``), or `nil` if there is none
  /// (diffable's `indexOfItem(_:)`). ``itemPath(for:)`` gives its section
  /// and its place in it.
  ///
  /// - Complexity: Expected O(*s*) for *s* sections (the items of the
  ///   sections before it are counted).
  public func itemOffset(for id: Item.ID) -> Int? {
    guard let path = itemPath(for: id) else { return nil }
    return sections[..<path.section].reduce(path.item) { $0 + $1.items.count }
  }
}
