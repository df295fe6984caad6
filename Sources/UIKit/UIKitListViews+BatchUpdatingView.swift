#if canImport(UIKit) && !os(watchOS) || canImport(UIKitStandIn)
  public import DataSourceGraphSections
  import DataSourceGraphNodes
  public import DataSourceGraphUIKitPlatform

  /// UIKit's two list views: they run a batch update and are in a window
  /// in the same way, and issue a batch each through its own calls (rows
  /// and row animations for a table, items for a collection).
  @MainActor protocol UIKitListView: UIView, BatchUpdatingView {
    /// UIKit's batch update of the view.
    func performBatchUpdates(_ updates: (() -> Void)?, completion: ((Bool) -> Void)?)
  }

  extension UIKitListView {
    /// Whether the view is in a window.
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
  }

  extension UITableView: UIKitListView {
    /// Issues `batch` with `.automatic` animations; see
    /// `issue(_:itemUpdates:rowAnimation:)`.
    public func issue<SectionID, Item>(
      _ batch: ChangeBatch<SectionID, Item>, itemUpdates: ItemUpdateStyle
    ) {
      issue(batch, itemUpdates: itemUpdates, rowAnimation: .automatic)
    }

    /// Issues `batch` with `rowAnimation` for the rows and sections it
    /// inserts, deletes and reloads: deletes, reloads and move sources at
    /// old positions, inserts and destinations at new ones. An empty list
    /// of operations is not issued.
    public func issue<SectionID, Item>(
      _ batch: ChangeBatch<SectionID, Item>, itemUpdates: ItemUpdateStyle,
      rowAnimation: UITableView.RowAnimation
    ) {
      if !batch.sectionDeletes.isEmpty {
        deleteSections(IndexSet(batch.sectionDeletes), with: rowAnimation)
      }
      if !batch.sectionInserts.isEmpty {
        insertSections(IndexSet(batch.sectionInserts.map(\.index)), with: rowAnimation)
      }
      for move in batch.sectionMoves { moveSection(move.from, toSection: move.to) }
      if !batch.sectionUpdates.isEmpty {
        reloadSections(IndexSet(batch.sectionUpdates.map(\.from)), with: rowAnimation)
      }
      if !batch.itemDeletes.isEmpty {
        deleteRows(at: batch.itemDeletes.map { IndexPath($0) }, with: rowAnimation)
      }
      if !batch.itemInserts.isEmpty {
        insertRows(at: batch.itemInserts.map { IndexPath($0.path) }, with: rowAnimation)
      }
      for move in batch.itemMoves { moveRow(at: IndexPath(move.from), to: IndexPath(move.to)) }
      if itemUpdates == .reload, !batch.itemUpdates.isEmpty {
        reloadRows(at: batch.itemUpdates.map { IndexPath($0.from) }, with: rowAnimation)
      }
    }

    /// Reconfigures the rows at `paths` (`reconfigureRows(at:)`).
    public func reconfigure(itemsAt paths: [ItemPath], animated: Bool) {
      withAnimations(animated) { reconfigureRows(at: paths.map { IndexPath($0) }) }
    }

    /// `reloadData()`.
    public func reloadEverything() { reloadData() }
  }

  extension UICollectionView: UIKitListView {
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
      if !batch.itemInserts.isEmpty {
        insertItems(at: batch.itemInserts.map { IndexPath($0.path) })
      }
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
#endif
