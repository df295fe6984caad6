public import Foundation

extension UITableView {
  /// Where a row ends up when the table scrolls to it.
  public enum ScrollPosition: Int, Sendable {
    /// No scrolling.
    case none = 0
    /// The row at the top.
    case top = 1
    /// The row in the middle.
    case middle = 2
    /// The row at the bottom.
    case bottom = 3
  }

  /// Whether rows can be selected (`true` by default); when `false`,
  /// selecting and deselecting have no effect.
  public var allowsSelection: Bool {
    get { core.selection.allowsSelection }
    set { core.selection.allowsSelection = newValue }
  }

  /// Whether more than one row can be selected (`false` by default).
  public var allowsMultipleSelection: Bool {
    get { core.selection.allowsMultipleSelection }
    set { core.selection.allowsMultipleSelection = newValue }
  }

  /// The index path of the selected row (the first, with multiple
  /// selection), or `nil`.
  public var indexPathForSelectedRow: IndexPath? { core.selectedPaths.first }

  /// The index paths of the selected rows, or `nil` when none is
  /// selected. A batch update carries a selected row's selection to its
  /// new index path; a deleted or reloaded row loses it (a reconfigured
  /// one keeps it); `reloadData()` clears it.
  public var indexPathsForSelectedRows: [IndexPath]? {
    let paths = core.selectedPaths
    return paths.isEmpty ? nil : paths
  }

  /// Selects the row at `indexPath` (with single selection, instead of the
  /// former one); `nil` clears the selection. Tells no delegate. The
  /// stand-in does not scroll. A row that does not exist is an invalid
  /// update.
  public func selectRow(
    at indexPath: IndexPath?, animated: Bool, scrollPosition: ScrollPosition
  ) {
    core.select(indexPath)
  }

  /// Deselects the row at `indexPath`. Tells no delegate.
  public func deselectRow(at indexPath: IndexPath, animated: Bool) {
    core.deselect(indexPath)
  }
}
