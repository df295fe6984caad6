public import Foundation

/// The object a table view tells about what the user does with its rows
/// and about rows coming and going on screen, and that may give it custom
/// section header and footer views.
///
/// The optional methods of UIKit's Objective-C protocol are requirements
/// here with UIKit's defaults in an extension, so a conforming class's own
/// implementations are the ones called. Only the calls the UIKit layer
/// answers are modelled.
@MainActor
public protocol UITableViewDelegate: UIScrollViewDelegate {
  /// The user selected the row at `indexPath` (default: nothing).
  func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath)
  /// The user deselected the row at `indexPath` (default: nothing).
  func tableView(_ tableView: UITableView, didDeselectRowAt indexPath: IndexPath)
  /// `cell` is about to be shown at `indexPath` (default: nothing).
  func tableView(
    _ tableView: UITableView, willDisplay cell: UITableViewCell, forRowAt indexPath: IndexPath)
  /// `cell`, which was shown at `indexPath`, left the screen (default:
  /// nothing). The row may no longer exist.
  func tableView(
    _ tableView: UITableView, didEndDisplaying cell: UITableViewCell,
    forRowAt indexPath: IndexPath)
  /// The actions of a swipe from the leading edge of the row (default
  /// `nil`: the table's own, none outside editing).
  func tableView(
    _ tableView: UITableView, leadingSwipeActionsConfigurationForRowAt indexPath: IndexPath
  ) -> UISwipeActionsConfiguration?
  /// The actions of a swipe from the trailing edge of the row (default
  /// `nil`: the table's own, delete when the row can be edited).
  func tableView(
    _ tableView: UITableView, trailingSwipeActionsConfigurationForRowAt indexPath: IndexPath
  ) -> UISwipeActionsConfiguration?
  /// The context menu of the row at `indexPath`, touched at `point`
  /// (default `nil`: no menu).
  func tableView(
    _ tableView: UITableView, contextMenuConfigurationForRowAt indexPath: IndexPath,
    point: CGPoint
  ) -> UIContextMenuConfiguration?
  /// The view of the header of `section` (default `nil`: the table's own,
  /// for a title).
  func tableView(_ tableView: UITableView, viewForHeaderInSection section: Int) -> UIView?
  /// The view of the footer of `section` (default `nil`: the table's own,
  /// for a title).
  func tableView(_ tableView: UITableView, viewForFooterInSection section: Int) -> UIView?
}

extension UITableViewDelegate {
  /// Does nothing.
  public func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {}
  /// Does nothing.
  public func tableView(_ tableView: UITableView, didDeselectRowAt indexPath: IndexPath) {}
  /// Does nothing.
  public func tableView(
    _ tableView: UITableView, willDisplay cell: UITableViewCell, forRowAt indexPath: IndexPath
  ) {}
  /// Does nothing.
  public func tableView(
    _ tableView: UITableView, didEndDisplaying cell: UITableViewCell,
    forRowAt indexPath: IndexPath
  ) {}
  /// No configuration of the delegate's.
  public func tableView(
    _ tableView: UITableView, leadingSwipeActionsConfigurationForRowAt indexPath: IndexPath
  ) -> UISwipeActionsConfiguration? { nil }
  /// No configuration of the delegate's.
  public func tableView(
    _ tableView: UITableView, trailingSwipeActionsConfigurationForRowAt indexPath: IndexPath
  ) -> UISwipeActionsConfiguration? { nil }
  /// No menu.
  public func tableView(
    _ tableView: UITableView, contextMenuConfigurationForRowAt indexPath: IndexPath,
    point: CGPoint
  ) -> UIContextMenuConfiguration? { nil }
  /// No custom header view.
  public func tableView(_ tableView: UITableView, viewForHeaderInSection section: Int) -> UIView? {
    nil
  }
  /// No custom footer view.
  public func tableView(_ tableView: UITableView, viewForFooterInSection section: Int) -> UIView? {
    nil
  }
}
