#if canImport(UIKit) && !os(watchOS) || canImport(UIKitStandIn)
  import DataSourceGraphNodes
  #if canImport(UIKit) && !os(watchOS)
    public import UIKit
  #else
    public import UIKitStandIn
  #endif

  /// The collection view's delegate calls that carry an item's events:
  /// each goes to the handlers of the node that takes it
  /// (``ListViewDataSource/events(for:)``) or to the data source's own.
  /// Make the data source the view's delegate to route them
  /// (`collectionView.delegate = dataSource`). Swipe actions of a list
  /// layout come from
  /// ``ListViewDataSource/swipeActionsConfiguration(leading:at:)``.
  extension CollectionViewDataSource: UICollectionViewDelegate {
    /// Routes the selection of the item at `indexPath` (`didSelect`).
    ///
    /// - Complexity: O(*d* log *n*) through *d* combinators, when nodes
    ///   have handlers.
    public func collectionView(
      _ collectionView: UICollectionView, didSelectItemAt indexPath: IndexPath
    ) {
      routeEvent(.didSelect, at: indexPath)
    }

    /// Routes the deselection of the item at `indexPath` (`didDeselect`).
    ///
    /// - Complexity: O(*d* log *n*) through *d* combinators, when nodes
    ///   have handlers.
    public func collectionView(
      _ collectionView: UICollectionView, didDeselectItemAt indexPath: IndexPath
    ) {
      routeEvent(.didDeselect, at: indexPath)
    }

    /// Routes `willDisplay` of the item at `indexPath`, and chooses where
    /// its cell's `didEndDisplaying` goes.
    ///
    /// - Complexity: O(*d* log *n*) through *d* combinators, when nodes
    ///   have handlers.
    public func collectionView(
      _ collectionView: UICollectionView, willDisplay cell: UICollectionViewCell,
      forItemAt indexPath: IndexPath
    ) {
      routeWillDisplay(cell, at: indexPath)
    }

    /// Routes `didEndDisplaying` of `cell` where its `willDisplay` chose,
    /// with the item and index path it had then.
    ///
    /// - Complexity: O(1) expected.
    public func collectionView(
      _ collectionView: UICollectionView, didEndDisplaying cell: UICollectionViewCell,
      forItemAt indexPath: IndexPath
    ) {
      routeDidEndDisplaying(cell)
    }

    #if !os(tvOS)
      /// The context menu of the one item at `indexPaths`, from the handler
      /// that takes it (`contextMenu`); `nil` (no menu) for several items
      /// or for the background, which are not routed.
      ///
      /// - Complexity: O(*d* log *n*) through *d* combinators.
      public func collectionView(
        _ collectionView: UICollectionView,
        contextMenuConfigurationForItemsAt indexPaths: [IndexPath], point: CGPoint
      ) -> UIContextMenuConfiguration? {
        guard indexPaths.count == 1 else { return nil }
        return routeContextMenu(at: indexPaths[0], point: point)
      }
    #endif
  }

  /// The collection view's prefetching calls, each item's going to the
  /// handlers of the node that takes it, with the node's identities. The
  /// data source is the view's `prefetchDataSource` from its creation.
  extension CollectionViewDataSource: UICollectionViewDataSourcePrefetching {
    /// Routes the prefetch of the items at `indexPaths`: one `prefetch`
    /// call per handler that takes some of them.
    ///
    /// - Complexity: O(*k* *d* log *n*) for *k* items through *d*
    ///   combinators, when nodes have handlers.
    public func collectionView(
      _ collectionView: UICollectionView, prefetchItemsAt indexPaths: [IndexPath]
    ) {
      routePrefetching(at: indexPaths, cancel: false)
    }

    /// Routes the cancel of the prefetch of the items at `indexPaths`: one
    /// `cancelPrefetching` call per handler that takes some of them.
    ///
    /// - Complexity: O(*k* *d* log *n*) for *k* items through *d*
    ///   combinators, when nodes have handlers.
    public func collectionView(
      _ collectionView: UICollectionView, cancelPrefetchingForItemsAt indexPaths: [IndexPath]
    ) {
      routePrefetching(at: indexPaths, cancel: true)
    }
  }

  #if canImport(UIKit) && !os(watchOS)
    extension CollectionViewDataSource {
      /// The app's collection view delegate, which gets every delegate call
      /// the data source does not route (layout, highlighting, scrolling…)
      /// once the data source is the view's delegate; held weakly. The
      /// calls the data source routes do not reach it: set the data
      /// source's ``ListViewDataSource/events`` handlers instead. Set it
      /// before making the data source the view's delegate: UIKit asks
      /// which calls its delegate answers when it is set.
      public var forwardingDelegate: (any UICollectionViewDelegate)? {
        get { routes.forwardingDelegate as? any UICollectionViewDelegate }
        set { routes.forwardingDelegate = newValue }
      }

      /// Whether the data source, or else its ``forwardingDelegate``,
      /// answers `aSelector`.
      open override func responds(to aSelector: Selector!) -> Bool {
        super.responds(to: aSelector) || routes.forwardingDelegate?.responds(to: aSelector) == true
      }

      /// The ``forwardingDelegate``, for a call the data source does not
      /// answer.
      open override func forwardingTarget(for aSelector: Selector!) -> Any? {
        guard let delegate = routes.forwardingDelegate, delegate.responds(to: aSelector) else {
          return super.forwardingTarget(for: aSelector)
        }
        return delegate
      }
    }
  #endif
#endif
