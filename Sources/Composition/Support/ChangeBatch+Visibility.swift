import DataSourceGraphNodes
import DataSourceGraphSections

extension ChangeBatch {
  /// Appends the new side of `batch` as a node that shows some of its
  /// input's items sees it (a filter, a composite that hides repeated
  /// identities): each insert that is shown; each move and update by
  /// whether its item was shown before (`movedFrom`, `updatedFrom`: its old
  /// shown position, `nil` if it was hidden) and is shown after
  /// (`isShown`): a move or an update between shown places, a delete when
  /// it is hidden now, an insert when it appears.
  ///
  /// - Parameters:
  ///   - batch: The input's batch.
  ///   - movedFrom: For every move of `batch`, the old shown position.
  ///   - updatedFrom: For every update of `batch`, the old shown position.
  ///   - isShown: Whether the item at an input path is shown after the
  ///     batch.
  ///   - newPosition: The shown position of an input path after the batch.
  ///   - item: The input's item at a path after the batch.
  /// - Complexity: O(*k*) calls of the closures for *k* operations.
  mutating func appendNewSide(
    of batch: Self, movedFrom: [ItemPath?], updatedFrom: [ItemPath?],
    isShown: (ItemPath) -> Bool, newPosition: (ItemPath) -> ItemPath,
    item: (ItemPath) -> Item
  ) {
    for insert in batch.itemInserts where isShown(insert.path) {
      itemInserts.append(.init(path: newPosition(insert.path), item: insert.item))
    }
    for (move, from) in zip(batch.itemMoves, movedFrom) {
      switch (from, isShown(move.to)) {
      case (let from?, true): itemMoves.append(.init(from: from, to: newPosition(move.to)))
      case (let from?, false): itemDeletes.append(from)
      case (nil, true): itemInserts.append(.init(path: newPosition(move.to), item: item(move.to)))
      case (nil, false): break
      }
    }
    let moveSources = batch.itemMoves.isEmpty ? [] : Set(batch.itemMoves.map { $0.from })
    // Over offsets, not `zip`: the updates' type holds the item's, and
    // unspecialized, `zip` asks the runtime for type metadata at every step.
    for k in 0..<updatedFrom.count {
      let (update, from) = (batch.itemUpdates[k], updatedFrom[k])
      // A moved item's update travels with its move.
      let moved = moveSources.contains(update.from)
      switch (from, isShown(update.to)) {
      case (let from?, true):
        itemUpdates.append(.init(from: from, to: newPosition(update.to), item: update.item))
      case (let from?, false) where !moved: itemDeletes.append(from)
      case (nil, true) where !moved:
        itemInserts.append(.init(path: newPosition(update.to), item: update.item))
      default: break
      }
    }
  }
}
