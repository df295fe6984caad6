import DataSourceGraphNodes
import DataSourceGraphSections

extension ChangeBatch {
  /// The batch with every field mapped: section indices by `sectionIndex`,
  /// item paths by `path`, inserted sections by `section` and the items the
  /// batch carries (inserted and updated) by `item`. Combinators that pass
  /// an input's batch on with other coordinates or other types (composite,
  /// map, splice) build theirs with it.
  ///
  /// - Complexity: O(*k*) calls for *k* operations, plus `section` for
  ///   each inserted section.
  func mapped<NewSectionID: Hashable, NewItem: Identifiable>(
    sectionIndex: (Int) -> Int, path: (ItemPath) -> ItemPath,
    section: (SnapshotSection<SectionID, Item>) -> SnapshotSection<NewSectionID, NewItem>,
    item: (Item) -> NewItem
  ) -> ChangeBatch<NewSectionID, NewItem> {
    var out = ChangeBatch<NewSectionID, NewItem>()
    out.sectionDeletes = sectionDeletes.map(sectionIndex)
    out.sectionInserts = sectionInserts.map {
      .init(index: sectionIndex($0.index), section: section($0.section))
    }
    out.sectionMoves = sectionMoves.map {
      .init(from: sectionIndex($0.from), to: sectionIndex($0.to))
    }
    out.sectionUpdates = sectionUpdates.map {
      $0.moved(from: sectionIndex($0.from), to: sectionIndex($0.to))
    }
    out.itemDeletes = itemDeletes.map(path)
    out.itemInserts = itemInserts.map { .init(path: path($0.path), item: item($0.item)) }
    out.itemMoves = itemMoves.map { .init(from: path($0.from), to: path($0.to)) }
    out.itemUpdates = itemUpdates.map {
      .init(from: path($0.from), to: path($0.to), item: item($0.item))
    }
    return out
  }
}
