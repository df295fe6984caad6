import DataSourceGraphSections

/// Replaying a batch's shape on a combinator's own index structures: first
/// the removals (old coordinates, per section, descending), then the
/// section structure, then the arrivals (new coordinates, ascending).
extension BatchShape {
  /// Replays the shape of `batch` on per-section state `sections` (one
  /// element per input section): `remove` is called per old section with
  /// its leaving indices, descending; inserted sections come from `make`;
  /// then `insert` is called for every arriving path, ascending.
  ///
  /// - Complexity: O(*k* + the closures' work), plus O(*s*) when the batch
  ///   changes sections.
  func replay<SectionID, Item, State>(
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
    for path in arrivalPaths { insert(&sections[path.section], path) }
  }
}
