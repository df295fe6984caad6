import DataSourceGraphSections

/// The shape of an input batch, in the order `Snapshot.applying(_:)` reads
/// it (R4 of the article "UIKit's batch-update rules" in the
/// DataSourceGraphSections documentation): which items leave each old
/// section, which arrive in each new section, and where each new section
/// comes from.
///
/// Combinators replay this shape on their own index structures: first the
/// removals (old coordinates, per section, descending), then the section
/// structure, then the arrivals (new coordinates, ascending).
struct BatchShape<SectionID: Hashable, Item: Identifiable> {
  /// Old item indices that leave each old section (deletes and move
  /// sources), ascending.
  var removals: [Int: [Int]] = [:]
  /// New item paths that arrive (inserts and move destinations), ascending.
  var arrivals: [ItemPath] = []
  /// Whether sections are inserted, deleted or moved.
  var changesSections: Bool

  /// Reads the shape of `batch`.
  ///
  /// - Complexity: O(*k* log *k*) in the number of operations.
  init(_ batch: ChangeBatch<SectionID, Item>) {
    if !batch.itemDeletes.isEmpty || !batch.itemMoves.isEmpty {
      for path in batch.itemDeletes { removals[path.section, default: []].append(path.item) }
      for move in batch.itemMoves {
        removals[move.from.section, default: []].append(move.from.item)
      }
      for (key, value) in removals where value.count > 1 { removals[key] = value.sorted() }
    }
    if !batch.itemInserts.isEmpty || !batch.itemMoves.isEmpty {
      arrivals.reserveCapacity(batch.itemInserts.count + batch.itemMoves.count)
      for insert in batch.itemInserts { arrivals.append(insert.path) }
      for move in batch.itemMoves { arrivals.append(move.to) }
      if arrivals.count > 1 { arrivals.sort() }
    }
    changesSections =
      !batch.sectionDeletes.isEmpty || !batch.sectionInserts.isEmpty || !batch.sectionMoves.isEmpty
  }

  /// Replays the shape on per-section state `sections` (one element per
  /// input section): `remove` is called per old section with its leaving
  /// indices, descending; inserted sections come from `make`; then `insert`
  /// is called for every arriving path, ascending.
  ///
  /// - Complexity: O(*k* + the closures' work), plus O(*s*) when the batch
  ///   changes sections.
  func replay<State>(
    _ batch: ChangeBatch<SectionID, Item>,
    on sections: inout [State],
    remove: (inout State, Int) -> Void,
    make: (ChangeBatch<SectionID, Item>.SectionInsert) -> State,
    insert: (inout State, ItemPath) -> Void
  ) {
    for (s, indices) in removals {
      for i in indices.reversed() { remove(&sections[s], i) }
    }
    if changesSections {
      let origins = batch.sectionOrigins(oldCount: sections.count)
      var inserted: [Int: ChangeBatch<SectionID, Item>.SectionInsert] = [:]
      for insert in batch.sectionInserts { inserted[insert.index] = insert }
      let old = sections
      sections = origins.enumerated().map { t, origin in
        if let origin { old[origin] } else { make(inserted[t]!) }
      }
    }
    for path in arrivals { insert(&sections[path.section], path) }
  }
}
