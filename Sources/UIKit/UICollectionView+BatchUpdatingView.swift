public import DataSourceGraphSections

#if canImport(UIKit) && !os(watchOS)
  public import UIKit
#else
  public import UIKitStandIn
#endif

extension UICollectionView: BatchUpdatingView {
  /// Whether the collection view is in a window.
  public var isInWindow: Bool { window != nil }

  /// Runs `updates` in `performBatchUpdates`, inside
  /// `UIView.performWithoutAnimation` when `animated` is `false`.
  public func performBatch(
    animated: Bool, _ updates: @escaping () -> Void,
    completion: @escaping @MainActor (Bool) -> Void
  ) {
    withAnimations(animated) {
      performBatchUpdates(updates) { finished in completion(finished) }
    }
  }

  /// Issues `batch`: deletes, reloads and move sources at old positions,
  /// inserts and destinations at new ones. An empty
  /// list of operations is not issued.
  public func issue<SectionID, Item>(
    _ batch: ChangeBatch<SectionID, Item>, itemUpdates: ItemUpdateStyle
  ) {
    if !batch.sectionDeletes.isEmpty { deleteSections(IndexSet(batch.sectionDeletes)) }
    if !batch.sectionInserts.isEmpty {
      insertSections(IndexSet(batch.sectionInserts.map(\.index)))
    }
    for move in batch.sectionMoves { moveSection(move.from, toSection: move.to) }
    if !batch.sectionUpdates.isEmpty {
      reloadSections(IndexSet(batch.sectionUpdates.map(\.from)))
    }
    if !batch.itemDeletes.isEmpty { deleteItems(at: batch.itemDeletes.map { IndexPath($0) }) }
    if !batch.itemInserts.isEmpty { insertItems(at: batch.itemInserts.map { IndexPath($0.path) }) }
    for move in batch.itemMoves { moveItem(at: IndexPath(move.from), to: IndexPath(move.to)) }
    if itemUpdates == .reload, !batch.itemUpdates.isEmpty {
      reloadItems(at: batch.itemUpdates.map { IndexPath($0.from) })
    }
  }

  /// Reconfigures the items at `paths` (`reconfigureItems(at:)`).
  public func reconfigure(itemsAt paths: [ItemPath], animated: Bool) {
    withAnimations(animated) { reconfigureItems(at: paths.map { IndexPath($0) }) }
  }

  /// `reloadData()`.
  public func reloadEverything() { reloadData() }
}
