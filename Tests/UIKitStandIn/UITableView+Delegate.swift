package import Foundation

extension UITableView {
  /// The object told what the user does with the rows and which rows come
  /// and go; held weakly.
  public var delegate: (any UITableViewDelegate)? {
    get { core.delegate as? any UITableViewDelegate }
    set { core.delegate = newValue }
  }

  /// The object told ahead of time which rows will soon be needed; held
  /// weakly.
  public var prefetchDataSource: (any UITableViewDataSourcePrefetching)? {
    get { core.prefetchDataSource as? any UITableViewDataSourcePrefetching }
    set { core.prefetchDataSource = newValue }
  }
}

extension UITableView: ListDisplayHost {
  func hostWillDisplay(_ cell: UIView, at indexPath: IndexPath) {
    guard let cell = cell as? UITableViewCell else { return }
    delegate?.tableView(self, willDisplay: cell, forRowAt: indexPath)
  }

  func hostDidEndDisplaying(_ cell: UIView, at indexPath: IndexPath) {
    guard let cell = cell as? UITableViewCell else { return }
    delegate?.tableView(self, didEndDisplaying: cell, forRowAt: indexPath)
  }
}

/// What the user does, as UIKit tells the delegate and the prefetching data
/// source of it (stand-in only). Each returns `nil` or `false`, calling
/// nothing, when the view does not show the row: UIKit only reports rows it
/// has.
extension UITableView {
  /// The user taps the row at `indexPath`: the selection changes as
  /// UIKit changes it (see `ListCore.userTap(at:)`: with multiple
  /// selection a tap on a selected row deselects it; with single
  /// selection the former selection goes), and the delegate hears of it:
  /// `didDeselectRowAt` for each row deselected, then `didSelectRowAt`.
  /// `false` when the view has no such row.
  @discardableResult
  package func simulateUserTap(at indexPath: IndexPath) -> Bool {
    guard showsRow(at: indexPath) else { return false }
    let (deselected, selected) = core.userTap(at: indexPath)
    for path in deselected { delegate?.tableView(self, didDeselectRowAt: path) }
    if let selected { delegate?.tableView(self, didSelectRowAt: selected) }
    return true
  }

  /// The user swipes the row at `indexPath` from its leading edge (or its
  /// trailing edge): the delegate's configuration of the actions shown.
  package func simulateUserSwipe(leading: Bool, at indexPath: IndexPath)
    -> UISwipeActionsConfiguration?
  {
    guard showsRow(at: indexPath), let delegate else { return nil }
    return leading
      ? delegate.tableView(self, leadingSwipeActionsConfigurationForRowAt: indexPath)
      : delegate.tableView(self, trailingSwipeActionsConfigurationForRowAt: indexPath)
  }

  /// The user touches and holds the row at `indexPath` at `point`: the
  /// delegate's context menu.
  package func simulateUserContextMenu(at indexPath: IndexPath, point: CGPoint = .zero)
    -> UIContextMenuConfiguration?
  {
    guard showsRow(at: indexPath), let delegate else { return nil }
    return delegate.tableView(self, contextMenuConfigurationForRowAt: indexPath, point: point)
  }

  /// The user scrolls towards the rows at `indexPaths`: the prefetching
  /// data source's `prefetchRowsAt` (or, with `cancel`, the rows scrolled
  /// away from: `cancelPrefetchingForRowsAt`). `false` when a path is not a
  /// row of the view or there is no prefetching data source.
  @discardableResult
  package func simulatePrefetching(at indexPaths: [IndexPath], cancel: Bool = false) -> Bool {
    guard indexPaths.allSatisfy(showsRow(at:)), let prefetchDataSource else { return false }
    if cancel {
      prefetchDataSource.tableView(self, cancelPrefetchingForRowsAt: indexPaths)
    } else {
      prefetchDataSource.tableView(self, prefetchRowsAt: indexPaths)
    }
    return true
  }

  private func showsRow(at indexPath: IndexPath) -> Bool {
    indexPath.row >= 0 && indexPath.row < numberOfRows(inSection: indexPath.section)
  }
}
