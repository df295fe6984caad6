package import Foundation

extension UICollectionView {
  /// The object told what the user does with the items and which items
  /// come and go; held weakly.
  public var delegate: (any UICollectionViewDelegate)? {
    get { core.delegate as? any UICollectionViewDelegate }
    set { core.delegate = newValue }
  }

  /// The object told ahead of time which items will soon be needed; held
  /// weakly.
  public var prefetchDataSource: (any UICollectionViewDataSourcePrefetching)? {
    get { core.prefetchDataSource as? any UICollectionViewDataSourcePrefetching }
    set { core.prefetchDataSource = newValue }
  }
}

extension UICollectionView: ListDisplayHost {
  func hostWillDisplay(_ cell: UIView, at indexPath: IndexPath) {
    guard let cell = cell as? UICollectionViewCell else { return }
    delegate?.collectionView(self, willDisplay: cell, forItemAt: indexPath)
  }

  func hostDidEndDisplaying(_ cell: UIView, at indexPath: IndexPath) {
    guard let cell = cell as? UICollectionViewCell else { return }
    delegate?.collectionView(self, didEndDisplaying: cell, forItemAt: indexPath)
  }
}

/// What the user does, as UIKit tells the delegate and the prefetching data
/// source of it (stand-in only). Each returns `nil` or `false`, calling
/// nothing, when the view does not show the item: UIKit only reports items
/// it has.
extension UICollectionView {
  /// The user taps the item at `indexPath`: the selection changes as
  /// UIKit changes it (see `ListCore.userTap(at:)`: with multiple
  /// selection a tap on a selected item deselects it; with single
  /// selection the former selection goes), and the delegate hears of it:
  /// `didDeselectItemAt` for each item deselected, then `didSelectItemAt`.
  /// `false` when the view has no such item.
  @discardableResult
  package func simulateUserTap(at indexPath: IndexPath) -> Bool {
    guard showsItem(at: indexPath) else { return false }
    let (deselected, selected) = core.userTap(at: indexPath)
    for path in deselected { delegate?.collectionView(self, didDeselectItemAt: path) }
    if let selected { delegate?.collectionView(self, didSelectItemAt: selected) }
    return true
  }

  /// The user touches and holds the items at `indexPaths` (several when
  /// several are selected; none for the background) at `point`: the
  /// delegate's context menu.
  package func simulateUserContextMenu(at indexPaths: [IndexPath], point: CGPoint = .zero)
    -> UIContextMenuConfiguration?
  {
    guard indexPaths.allSatisfy(showsItem(at:)), let delegate else { return nil }
    return delegate.collectionView(
      self, contextMenuConfigurationForItemsAt: indexPaths, point: point)
  }

  /// The user scrolls towards the items at `indexPaths`: the prefetching
  /// data source's `prefetchItemsAt` (or, with `cancel`,
  /// `cancelPrefetchingForItemsAt`). `false` when a path is not an item of
  /// the view or there is no prefetching data source.
  @discardableResult
  package func simulatePrefetching(at indexPaths: [IndexPath], cancel: Bool = false) -> Bool {
    guard indexPaths.allSatisfy(showsItem(at:)), let prefetchDataSource else { return false }
    if cancel {
      prefetchDataSource.collectionView(self, cancelPrefetchingForItemsAt: indexPaths)
    } else {
      prefetchDataSource.collectionView(self, prefetchItemsAt: indexPaths)
    }
    return true
  }

  private func showsItem(at indexPath: IndexPath) -> Bool {
    indexPath.item >= 0 && indexPath.item < numberOfItems(inSection: indexPath.section)
  }
}
