public import Foundation

/// The object a table view tells ahead of time which rows it will soon
/// need, so their data can be loaded before they show, and which of those
/// it no longer needs.
@MainActor
public protocol UITableViewDataSourcePrefetching: NSObjectProtocol {
  /// The rows at `indexPaths` will soon be needed.
  func tableView(_ tableView: UITableView, prefetchRowsAt indexPaths: [IndexPath])
  /// The rows at `indexPaths`, prefetched before, are no longer needed
  /// soon (default: nothing).
  func tableView(_ tableView: UITableView, cancelPrefetchingForRowsAt indexPaths: [IndexPath])
}

extension UITableViewDataSourcePrefetching {
  /// Does nothing.
  public func tableView(
    _ tableView: UITableView, cancelPrefetchingForRowsAt indexPaths: [IndexPath]
  ) {}
}

/// The object a collection view tells ahead of time which items it will
/// soon need, and which of those it no longer needs.
@MainActor
public protocol UICollectionViewDataSourcePrefetching: NSObjectProtocol {
  /// The items at `indexPaths` will soon be needed.
  func collectionView(_ collectionView: UICollectionView, prefetchItemsAt indexPaths: [IndexPath])
  /// The items at `indexPaths`, prefetched before, are no longer needed
  /// soon (default: nothing).
  func collectionView(
    _ collectionView: UICollectionView, cancelPrefetchingForItemsAt indexPaths: [IndexPath])
}

extension UICollectionViewDataSourcePrefetching {
  /// Does nothing.
  public func collectionView(
    _ collectionView: UICollectionView, cancelPrefetchingForItemsAt indexPaths: [IndexPath]
  ) {}
}
