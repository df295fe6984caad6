#if canImport(UIKit) && !os(watchOS) || canImport(UIKitStandIn)
  import DataSourceGraphNodes
  #if canImport(UIKit) && !os(watchOS)
    public import UIKit
  #else
    public import UIKitStandIn
  #endif

  /// The table's delegate calls that carry a row's events: each goes to the
  /// handlers of the node that takes it (``ListViewDataSource/events(for:)``)
  /// or to the data source's own. Make the data source the table's
  /// delegate to route them (`tableView.delegate = dataSource`).
  extension TableViewDataSource: UITableViewDelegate {
    /// Routes the selection of the row at `indexPath` (`didSelect`).
    ///
    /// - Complexity: O(*d* log *n*) through *d* combinators, when nodes
    ///   have handlers.
    public func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
      routeEvent(.didSelect, at: indexPath)
    }

    /// Routes the deselection of the row at `indexPath` (`didDeselect`).
    ///
    /// - Complexity: O(*d* log *n*) through *d* combinators, when nodes
    ///   have handlers.
    public func tableView(_ tableView: UITableView, didDeselectRowAt indexPath: IndexPath) {
      routeEvent(.didDeselect, at: indexPath)
    }

    /// Routes `willDisplay` of the row at `indexPath`, and chooses where
    /// its cell's `didEndDisplaying` goes.
    ///
    /// - Complexity: O(*d* log *n*) through *d* combinators, when nodes
    ///   have handlers.
    public func tableView(
      _ tableView: UITableView, willDisplay cell: UITableViewCell, forRowAt indexPath: IndexPath
    ) {
      routeWillDisplay(cell, at: indexPath)
    }

    /// Routes `didEndDisplaying` of `cell` where its `willDisplay` chose,
    /// with the item and index path it had then.
    ///
    /// - Complexity: O(1) expected.
    public func tableView(
      _ tableView: UITableView, didEndDisplaying cell: UITableViewCell,
      forRowAt indexPath: IndexPath
    ) {
      routeDidEndDisplaying(cell)
    }

    #if !os(tvOS)
      /// The leading swipe actions of the row at `indexPath`, from the
      /// handler that takes them (`leadingSwipeActions`).
      ///
      /// - Complexity: O(*d* log *n*) through *d* combinators.
      public func tableView(
        _ tableView: UITableView, leadingSwipeActionsConfigurationForRowAt indexPath: IndexPath
      ) -> UISwipeActionsConfiguration? {
        swipeActionsConfiguration(leading: true, at: indexPath)
      }

      /// The trailing swipe actions of the row at `indexPath`, from the
      /// handler that takes them (`trailingSwipeActions`).
      ///
      /// - Complexity: O(*d* log *n*) through *d* combinators.
      public func tableView(
        _ tableView: UITableView, trailingSwipeActionsConfigurationForRowAt indexPath: IndexPath
      ) -> UISwipeActionsConfiguration? {
        swipeActionsConfiguration(leading: false, at: indexPath)
      }

      /// The context menu of the row at `indexPath`, from the handler that
      /// takes it (`contextMenu`).
      ///
      /// - Complexity: O(*d* log *n*) through *d* combinators.
      public func tableView(
        _ tableView: UITableView, contextMenuConfigurationForRowAt indexPath: IndexPath,
        point: CGPoint
      ) -> UIContextMenuConfiguration? {
        routeContextMenu(at: indexPath, point: point)
      }
    #endif
  }

  /// The table's prefetching calls, each row's going to the handlers of
  /// the node that takes it, with the node's identities. The data source is
  /// the table's `prefetchDataSource` from its creation.
  extension TableViewDataSource: UITableViewDataSourcePrefetching {
    /// Routes the prefetch of the rows at `indexPaths`: one `prefetch` call
    /// per handler that takes some of them.
    ///
    /// - Complexity: O(*k* *d* log *n*) for *k* rows through *d*
    ///   combinators, when nodes have handlers.
    public func tableView(_ tableView: UITableView, prefetchRowsAt indexPaths: [IndexPath]) {
      routePrefetching(at: indexPaths, cancel: false)
    }

    /// Routes the cancel of the prefetch of the rows at `indexPaths`: one
    /// `cancelPrefetching` call per handler that takes some of them.
    ///
    /// - Complexity: O(*k* *d* log *n*) for *k* rows through *d*
    ///   combinators, when nodes have handlers.
    public func tableView(
      _ tableView: UITableView, cancelPrefetchingForRowsAt indexPaths: [IndexPath]
    ) {
      routePrefetching(at: indexPaths, cancel: true)
    }
  }

  #if canImport(UIKit) && !os(watchOS)
    extension TableViewDataSource {
      /// The app's table view delegate, which gets every delegate call the
      /// data source does not route (heights, highlighting, editing,
      /// scrolling…) once the data source is the table's delegate; held
      /// weakly. The calls the data source routes do not reach it: set the
      /// data source's ``ListViewDataSource/events`` handlers instead.
      /// Set it before making the data source the table's delegate: UIKit
      /// asks which calls its delegate answers when it is set.
      ///
      /// ```swift
      /// dataSource.forwardingDelegate = self  // heights, scrolling…
      /// tableView.delegate = dataSource
      /// ```
      public var forwardingDelegate: (any UITableViewDelegate)? {
        get { routes.forwardingDelegate as? any UITableViewDelegate }
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
