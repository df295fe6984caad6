package import Foundation

/// One call a table or collection view received, in order (stand-in only).
///
/// Rows of a table view and items of a collection view are both called
/// rows here. Row animations are those of a table view; `nil` for a
/// collection view.
package enum UpdateLogEntry: Hashable, Sendable {
  /// The view reloaded everything, for `reason`.
  case reloadData(ReloadReason)
  /// A batch update began (`performBatchUpdates` or the outermost
  /// `beginUpdates()`), with animations enabled or not at that moment.
  case batchBegan(animated: Bool)
  /// A batch update ended, with animations enabled or not at that moment,
  /// and whether UIKit would have accepted it.
  case batchEnded(animated: Bool, valid: Bool)
  /// `insertSections`.
  case insertSections(IndexSet, animation: UITableView.RowAnimation?)
  /// `deleteSections`.
  case deleteSections(IndexSet, animation: UITableView.RowAnimation?)
  /// `reloadSections`.
  case reloadSections(IndexSet, animation: UITableView.RowAnimation?)
  /// `moveSection(_:toSection:)`.
  case moveSection(Int, to: Int)
  /// `insertRows(at:with:)` / `insertItems(at:)`.
  case insertRows([IndexPath], animation: UITableView.RowAnimation?)
  /// `deleteRows(at:with:)` / `deleteItems(at:)`.
  case deleteRows([IndexPath], animation: UITableView.RowAnimation?)
  /// `reloadRows(at:with:)` / `reloadItems(at:)`.
  case reloadRows([IndexPath], animation: UITableView.RowAnimation?)
  /// `moveRow(at:to:)` / `moveItem(at:to:)`.
  case moveRow(IndexPath, to: IndexPath)
  /// `reconfigureRows(at:)` / `reconfigureItems(at:)`.
  case reconfigureRows([IndexPath])

  /// Why a view reloaded everything.
  package enum ReloadReason: Hashable, Sendable {
    /// `reloadData()` was called.
    case explicit
    /// The view had not loaded yet (first layout, first question about its
    /// content, or first batch update) and loaded on its own, as UIKit does.
    case initialLoad
    /// An invalid update was recorded and the view reloaded to go on.
    case recovery
  }
}

/// A question the view asked its data source (stand-in only). Rows of a
/// table view and items of a collection view are both called rows.
package enum DataSourceQuestion: Hashable, Sendable {
  /// `numberOfSections(in:)`.
  case numberOfSections
  /// `tableView(_:numberOfRowsInSection:)` / `collectionView(_:numberOfItemsInSection:)`.
  case numberOfRows(inSection: Int)
  /// `tableView(_:cellForRowAt:)` / `collectionView(_:cellForItemAt:)`.
  case cell(IndexPath)
  /// `tableView(_:titleForHeaderInSection:)`.
  case titleForHeader(inSection: Int)
  /// `tableView(_:titleForFooterInSection:)`.
  case titleForFooter(inSection: Int)
  /// `sectionIndexTitles(for:)` / `indexTitles(for:)`.
  case indexTitles
  /// `collectionView(_:viewForSupplementaryElementOfKind:at:)`.
  case supplementaryView(kind: String, IndexPath)
  /// The table view delegate's `tableView(_:viewForHeaderInSection:)`
  /// (asked only when the table has a delegate).
  case viewForHeader(inSection: Int)
  /// The table view delegate's `tableView(_:viewForFooterInSection:)`
  /// (asked only when the table has a delegate).
  case viewForFooter(inSection: Int)
}

/// What one batch update did (stand-in only).
package struct BatchRecord: Hashable, Sendable {
  /// Whether animations were enabled when the batch was committed.
  package var animated: Bool
  /// Whether UIKit would have accepted it.
  package var valid: Bool
  /// Rows per section the view showed before the batch.
  package var countsBefore: [Int]
  /// Rows per section the data source gave after the update block.
  package var countsAfter: [Int]
}

/// How a dequeue was served (stand-in only).
package enum DequeueOutcome: Hashable, Sendable {
  /// A new view of the registered class.
  case created
  /// A view from the reuse pool, after `prepareForReuse()`.
  case reused
  /// The cell already shown at that index path, during a reconfigure.
  case existing
  /// Nothing was registered for the identifier (an invalid update).
  case unregistered
}

/// One dequeue (stand-in only).
package struct DequeueRecord: Hashable, Sendable {
  /// The reuse identifier asked for (for a supplementary view,
  /// `"kind/identifier"`).
  package var reuseIdentifier: String
  /// The index path given, if any.
  package var indexPath: IndexPath?
  /// How it was served.
  package var outcome: DequeueOutcome
}

extension Sequence<UpdateLogEntry> {
  /// The row animation of each entry that takes one (section and row
  /// inserts, deletes and reloads), in order: `nil` for a collection
  /// view's (stand-in only).
  package var rowAnimations: [UITableView.RowAnimation?] {
    compactMap { entry in
      switch entry {
      case .insertSections(_, let animation), .deleteSections(_, let animation),
        .reloadSections(_, let animation), .insertRows(_, let animation),
        .deleteRows(_, let animation), .reloadRows(_, let animation):
        return .some(animation)
      default:
        return nil
      }
    }
  }
}
