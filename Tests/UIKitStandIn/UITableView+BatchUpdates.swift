public import Foundation

extension UITableView {
  /// Runs `updates` as one batch update, then checks it as UIKit does and
  /// updates the rows shown.
  ///
  /// - Before the block: a table that never loaded loads first, so the
  ///   "before" counts are read from the data source before `updates` runs
  ///   (UIKit does the same); otherwise "before" is what the table shows.
  /// - After the block: the table asks the data source for the section
  ///   count and every section's row count, and checks the calls made in
  ///   the block against them (see `InvalidUpdate/Kind`). A batch UIKit
  ///   would refuse is recorded in `invalidUpdates` and the table
  ///   reloads; a valid one updates the rows shown as UIKit's model does:
  ///   deletes and reloads at old index paths, inserts and move
  ///   destinations at new ones, moved rows keep their cell, inserted and
  ///   reloaded rows get a new cell from the data source.
  /// - Calls can be nested (with `beginUpdates()` too): they form one
  ///   batch, checked when the outermost one ends.
  /// - `completion` does not run at once: UIKit runs it when the
  ///   animations end, the stand-in when the test calls
  ///   `finishAnimations()` (stand-in only), with `true`, or `false` for
  ///   a batch UIKit would have refused. This holds inside
  ///   `UIView.performWithoutAnimation` too; `batchRecords` tells whether
  ///   a batch was animated.
  public func performBatchUpdates(_ updates: (() -> Void)?, completion: ((Bool) -> Void)? = nil) {
    core.beginBatch()
    updates?()
    core.endBatch(completion: completion)
  }

  /// Begins a batch update; calls nest, and the batch is checked and
  /// applied at the outermost `endUpdates()`.
  public func beginUpdates() {
    core.beginBatch()
  }

  /// Ends a batch update begun with `beginUpdates()`.
  public func endUpdates() {
    core.endBatch(completion: nil)
  }

  /// Inserts sections at indices of the state after the update.
  public func insertSections(_ sections: IndexSet, with animation: RowAnimation) {
    core.record(.insertSections(sections, animation: animation)) {
      $0.sectionInserts += Array(sections)
    }
  }

  /// Deletes sections at indices of the state before the update.
  public func deleteSections(_ sections: IndexSet, with animation: RowAnimation) {
    core.record(.deleteSections(sections, animation: animation)) {
      $0.sectionDeletes += Array(sections)
    }
  }

  /// Reloads sections at indices of the state before the update (a delete
  /// and an insert).
  public func reloadSections(_ sections: IndexSet, with animation: RowAnimation) {
    core.record(.reloadSections(sections, animation: animation)) {
      $0.sectionReloads += Array(sections)
    }
  }

  /// Moves a section from an index before the update to one after it.
  public func moveSection(_ section: Int, toSection newSection: Int) {
    core.record(.moveSection(section, to: newSection)) {
      $0.sectionMoves.append((section, newSection))
    }
  }

  /// Inserts rows at index paths of the state after the update.
  public func insertRows(at indexPaths: [IndexPath], with animation: RowAnimation) {
    core.record(.insertRows(indexPaths, animation: animation)) { $0.rowInserts += indexPaths }
  }

  /// Deletes rows at index paths of the state before the update.
  public func deleteRows(at indexPaths: [IndexPath], with animation: RowAnimation) {
    core.record(.deleteRows(indexPaths, animation: animation)) { $0.rowDeletes += indexPaths }
  }

  /// Reloads rows at index paths of the state before the update (a delete
  /// and an insert: the row gets a new cell).
  public func reloadRows(at indexPaths: [IndexPath], with animation: RowAnimation) {
    core.record(.reloadRows(indexPaths, animation: animation)) { $0.rowReloads += indexPaths }
  }

  /// Moves a row from an index path before the update to one after it; the
  /// row keeps its cell.
  public func moveRow(at indexPath: IndexPath, to newIndexPath: IndexPath) {
    core.record(.moveRow(indexPath, to: newIndexPath)) {
      $0.rowMoves.append((indexPath, newIndexPath))
    }
  }

  /// Asks the data source again for the cells of rows, which must dequeue
  /// and return the cells already shown (no new cell, no
  /// `prepareForReuse()`).
  ///
  /// Outside a batch the index paths are those shown, and the rows are
  /// reconfigured at once. Inside a batch (stand-in) they are index paths
  /// of the state before the update, like reloads, and the rows are
  /// reconfigured at their new places when the batch ends; a row deleted
  /// or reloaded in the batch is skipped.
  public func reconfigureRows(at indexPaths: [IndexPath]) {
    core.reconfigure(indexPaths)
  }
}
