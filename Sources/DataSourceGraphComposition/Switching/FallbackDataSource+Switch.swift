import DataSourceGraphSections

extension FallbackDataSource {
  /// The one batch from the primary's content before `batch` to the
  /// fallback's content, when `batch` left the primary without items.
  ///
  /// Every item the primary showed left in `batch` (as an item delete, or
  /// with its section), so the result deletes those; it keeps each section
  /// of the primary that survived `batch` and whose identity the fallback
  /// also has (moved to the fallback's place, its supplements updated if
  /// they differ), deletes the primary's other sections and inserts the
  /// fallback's other sections with their items. An item that both show is
  /// deleted and inserted, not moved: the primary's deleted items are known
  /// by position only.
  ///
  /// - Complexity: O(*n* + *s* log *s* + *k* log *k*), where *n* is the
  ///   number of the fallback's items, *s* the number of sections and *k*
  ///   the number of operations in `batch`.
  func batchToFallback(after batch: ChangeBatch<SectionID, Item>) -> ChangeBatch<SectionID, Item> {
    let oldCount =
      primary.numberOfSections + batch.sectionDeletes.count - batch.sectionInserts.count
    let origins = BatchShape<SectionID, Item>.sectionOrigins(oldCount: oldCount, batch: batch)
    let updated = Set(batch.sectionUpdates.map(\.from))
    let target = fallback.snapshot
    var out = ChangeBatch<SectionID, Item>()
    var survives = [Bool](repeating: false, count: oldCount)
    for (f, section) in target.sections.enumerated() {
      guard let p = primary.sectionIndex(for: section.id), let o = origins[p] else {
        out.sectionInserts.append(.init(index: f, section: section))
        continue
      }
      survives[o] = true
      out.sectionMoves.append(.init(from: o, to: f))
      let current = primary.supplements(ofSection: p)
      if updated.contains(o) || current.header != section.header || current.footer != section.footer
      {
        out.sectionUpdates.append(
          .init(from: o, to: f, header: section.header, footer: section.footer))
      }
      for (i, item) in section.items.enumerated() {
        out.itemInserts.append(.init(path: ItemPath(section: f, item: i), item: item))
      }
    }
    out.sectionDeletes = (0..<oldCount).filter { !survives[$0] }
    out.itemDeletes = batch.itemDeletes.filter { survives[$0.section] }
    out.dropImpliedMoves(oldSectionCount: oldCount)
    return out
  }
}
