#if canImport(UIKit) && !os(watchOS) || canImport(UIKitStandIn)
  public import DataSourceGraphSections
  public import DataSourceGraphUIKitPlatform

  /// A list view that scrolls: what a ``ListViewRenderer`` reads and sets to
  /// keep the user's place through a change
  /// (``ListUpdateOptions/keepsVisiblePosition``). `UITableView` and
  /// `UICollectionView` conform.
  ///
  /// A view of your own that a renderer drives (a ``BatchUpdatingView``)
  /// conforms to have its place kept too: the scroll members are
  /// `UIScrollView`'s, so a subclass of it only adds ``visibleItemPaths``
  /// and ``frameOfItem(at:)``.
  @MainActor public protocol ScrollableListView: AnyObject {
    /// The paths of the items on screen, in any order (UIKit:
    /// `indexPathsForVisibleRows`, `indexPathsForVisibleItems`).
    var visibleItemPaths: [ItemPath] { get }
    /// The frame of the item at `path` in the content's coordinates, as laid
    /// out now, or `nil` when the view has no such item.
    func frameOfItem(at path: ItemPath) -> CGRect?
    /// The point of the content shown at the view's top left.
    var contentOffset: CGPoint { get set }
    /// The insets the content is laid out with: bars over the view's edges.
    var adjustedContentInset: UIEdgeInsets { get }
    /// The size of the content.
    var contentSize: CGSize { get }
    /// The view's own rectangle; its height is the height of the visible area
    /// with the insets.
    var bounds: CGRect { get }
    /// Lays the view out now if it has changes waiting (UIKit's).
    func layoutIfNeeded()
  }

  extension UITableView: ScrollableListView {
    /// The paths of the visible rows (`indexPathsForVisibleRows`).
    public var visibleItemPaths: [ItemPath] {
      (indexPathsForVisibleRows ?? []).map { ItemPath($0) }
    }

    /// The row's rectangle (`rectForRow(at:)`), or `nil` for a row the
    /// table does not have (where UIKit would raise).
    public func frameOfItem(at path: ItemPath) -> CGRect? {
      guard path.section >= 0, path.section < numberOfSections, path.item >= 0,
        path.item < numberOfRows(inSection: path.section)
      else { return nil }
      return rectForRow(at: IndexPath(path))
    }
  }

  extension UICollectionView: ScrollableListView {
    /// The paths of the visible items (`indexPathsForVisibleItems`).
    public var visibleItemPaths: [ItemPath] { indexPathsForVisibleItems.map { ItemPath($0) } }

    /// The item's frame from its layout attributes
    /// (`layoutAttributesForItem(at:)`).
    public func frameOfItem(at path: ItemPath) -> CGRect? {
      layoutAttributesForItem(at: IndexPath(path))?.frame
    }
  }

  /// A view that stands between a renderer and the view it updates (the
  /// data sources' guard of the user's moves): the renderer keeps the place
  /// of the view behind it.
  @MainActor protocol ScrollableListViewForwarding: AnyObject {
    /// The view whose place is kept now, if any.
    var forwardedScrollableView: (any ScrollableListView)? { get }
  }
#endif
