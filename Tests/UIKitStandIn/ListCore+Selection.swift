import Foundation

/// What a table or collection view keeps of its selection.
///
/// UIKit keeps the selection by row: a batch update carries it with the
/// row (a moved row stays selected), drops it silently for a deleted row
/// and for a reloaded one (a reload is a delete and an insert; a
/// reconfigured row keeps its cell and its selection), and `reloadData()`
/// clears it. The stand-in gets all of that from one rule: the selection is
/// a set of cells, and a cell leaves it when the view recycles it (see
/// `ListCore.apply`, which recycles deleted and reloaded rows, carries
/// moved ones and keeps reconfigured ones). A real `UICollectionView` has
/// been seen to keep selected index paths through `reloadData()`, pointing
/// at other items; the stand-in clears them, as the table view does: a data
/// source that sets the selection it wants after a reload is right in both.
struct ListSelection {
  /// The selected cells.
  var cells: Set<ObjectIdentifier> = []
  /// Whether the app can select rows (`allowsSelection`); when `false`,
  /// selecting and deselecting have no effect.
  var allowsSelection = true
  /// Whether more than one row can be selected (`allowsMultipleSelection`).
  var allowsMultipleSelection = false
}

extension ListCore {
  /// The index paths of the selected rows, in index path order (the order
  /// of UIKit's `indexPathsForSelectedRows` is not documented).
  ///
  /// - Complexity: O(*n*) for the *n* rows shown; O(1) with no selection.
  var selectedPaths: [IndexPath] {
    guard !selection.cells.isEmpty, let sections else { return [] }
    var paths: [IndexPath] = []
    for (section, shown) in sections.enumerated() {
      for (row, cell) in shown.rows.enumerated()
      where selection.cells.contains(ObjectIdentifier(cell)) {
        paths.append(IndexPath(row: row, section: section))
      }
    }
    return paths
  }

  /// Selects the row at `path` (`nil`: clears the selection), as
  /// `selectRow(at:animated:scrollPosition:)` and
  /// `selectItem(at:animated:scrollPosition:)` do: with single selection
  /// the former selection is dropped; nothing happens when selection is
  /// not allowed. A view whose content is not loaded (a collection view's
  /// `reloadData()` still pending) selects nothing: UIKit's deferred
  /// reload would drop it.
  func select(_ path: IndexPath?) {
    guard selection.allowsSelection, sections != nil else { return }
    guard let path else {
      selection.cells = []
      return
    }
    guard let cell = selectableCell(at: path, doing: "select") else { return }
    if !selection.allowsMultipleSelection { selection.cells = [] }
    selection.cells.insert(ObjectIdentifier(cell))
  }

  /// Deselects the row at `path`, as `deselectRow(at:animated:)` and
  /// `deselectItem(at:animated:)` do.
  func deselect(_ path: IndexPath) {
    guard selection.allowsSelection, sections != nil else { return }
    guard let cell = selectableCell(at: path, doing: "deselect") else { return }
    selection.cells.remove(ObjectIdentifier(cell))
  }

  /// The cell shown at `path`; reports a path that does not exist, or a
  /// call made inside a batch update (UIKit's selection would then be in
  /// neither the old nor the new index space).
  private func selectableCell(at path: IndexPath, doing action: String) -> UIView? {
    guard batchDepth == 0 else {
      report(
        .selectNonexistent,
        "attempt to \(action) index path \(BatchUpdateCheck.text(path)) inside a batch update",
        indexPaths: [path])
      return nil
    }
    guard let shown = sections, shown.indices.contains(path.section),
      shown[path.section].rows.indices.contains(path.row)
    else {
      report(
        .selectNonexistent,
        "attempt to \(action) index path \(BatchUpdateCheck.text(path)) that does not exist",
        indexPaths: [path])
      return nil
    }
    return shown[path.section].rows[path.row]
  }

  /// Forgets `cell`, which the view recycled: it leaves the selection, and
  /// VoiceOver's focus leaves it (see `UIAccessibility`).
  func cellLeft(_ cell: UIView) {
    selection.cells.remove(ObjectIdentifier(cell))
    StandInVoiceOver.viewLeft(cell)
  }
}
