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
    // Loops, not `map`: in code not specialized for the item types, a
    // closure called per element asks the runtime for the new element's
    // type at every call; here the ask is made once.
    out.itemInserts.reserveCapacity(itemInserts.count)
    for insert in itemInserts {
      out.itemInserts.append(.init(path: path(insert.path), item: item(insert.item)))
    }
    out.itemMoves = itemMoves.map { .init(from: path($0.from), to: path($0.to)) }
    out.itemUpdates.reserveCapacity(itemUpdates.count)
    for update in itemUpdates {
      out.itemUpdates.append(
        .init(from: path(update.from), to: path(update.to), item: item(update.item)))
    }
    return out
  }
}
