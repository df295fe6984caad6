public import Foundation

extension UICollectionView {
  /// Runs `updates` as one batch update, then checks it as UIKit does and
  /// updates the items shown; see
  /// `UITableView/performBatchUpdates(_:completion:)`, which works the
  /// same way (before counts, checks, completion held until
  /// `finishAnimations()`). Supplementary views of inserted and reloaded
  /// sections are asked for again; kept sections keep theirs.
  public func performBatchUpdates(_ updates: (() -> Void)?, completion: ((Bool) -> Void)? = nil) {
    core.beginBatch()
    updates?()
    core.endBatch(completion: completion)
  }

  /// Inserts sections at indices of the state after the update.
  public func insertSections(_ sections: IndexSet) {
    core.record(.insertSections(sections, animation: nil)) { $0.sectionInserts += Array(sections) }
  }

  /// Deletes sections at indices of the state before the update.
  public func deleteSections(_ sections: IndexSet) {
    core.record(.deleteSections(sections, animation: nil)) { $0.sectionDeletes += Array(sections) }
  }

  /// Reloads sections at indices of the state before the update.
  public func reloadSections(_ sections: IndexSet) {
    core.record(.reloadSections(sections, animation: nil)) { $0.sectionReloads += Array(sections) }
  }

  /// Moves a section from an index before the update to one after it.
  public func moveSection(_ section: Int, toSection newSection: Int) {
    core.record(.moveSection(section, to: newSection)) {
      $0.sectionMoves.append((section, newSection))
    }
  }

  /// Inserts items at index paths of the state after the update.
  public func insertItems(at indexPaths: [IndexPath]) {
    core.record(.insertRows(indexPaths, animation: nil)) { $0.rowInserts += indexPaths }
  }

  /// Deletes items at index paths of the state before the update.
  public func deleteItems(at indexPaths: [IndexPath]) {
    core.record(.deleteRows(indexPaths, animation: nil)) { $0.rowDeletes += indexPaths }
  }

  /// Reloads items at index paths of the state before the update (a delete
  /// and an insert: the item gets a new cell).
  public func reloadItems(at indexPaths: [IndexPath]) {
    core.record(.reloadRows(indexPaths, animation: nil)) { $0.rowReloads += indexPaths }
  }

  /// Moves an item from an index path before the update to one after it;
  /// the item keeps its cell.
  public func moveItem(at indexPath: IndexPath, to newIndexPath: IndexPath) {
    core.record(.moveRow(indexPath, to: newIndexPath)) {
      $0.rowMoves.append((indexPath, newIndexPath))
    }
  }

  /// Asks the data source again for the cells of items, which must dequeue
  /// and return the cells already shown; index paths as for
  /// `UITableView/reconfigureRows(at:)` (outside a batch: those shown;
  /// inside one: the state before the update).
  public func reconfigureItems(at indexPaths: [IndexPath]) {
    core.reconfigure(indexPaths)
  }
}
