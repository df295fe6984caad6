#if canImport(UIKit) && !os(watchOS) || canImport(UIKitStandIn)
  import DataSourceGraphNodes
  import DataSourceGraphSections
  public import DataSourceGraphUIKitPlatform

  /// What one node of a screen does when the user acts on its rows, when
  /// its rows come and go on screen, and when the view prefetches them: the
  /// handlers a ``TableViewDataSource`` or a ``CollectionViewDataSource``
  /// routes each cell's events to, with the node's own item and the row's
  /// index path *in that node*.
  ///
  /// ```swift
  /// let inboxEvents = dataSource.events(for: inbox)
  /// inboxEvents.didSelect = { mail, indexPathInInbox in
  ///   opened.append(mail.id)
  /// }
  /// inboxEvents.prefetch = { ids in thumbnails.load(ids) }
  /// ```
  ///
  /// Get one from ``ListViewDataSource/events(for:)`` (for a node of the
  /// screen: a leaf, or any combinator) or ``ListViewDataSource/events``
  /// (the data source's own, which takes what no node takes). Setting a
  /// handler is what makes the node handle that event: an event goes to the
  /// node nearest the row's leaf, on the way from the leaf up to the
  /// screen, whose handler for it is set, else to the data source's own.
  /// See <doc:RoutingEvents>.
  @MainActor
  public final class ListEvents<SectionID: Hashable, Item: Identifiable & Equatable> {
    /// Called with an item and its index path in the node.
    public typealias Handler = @MainActor (Item, IndexPath) -> Void
    /// Called with the identities of items of the node, in the order the
    /// view gave their rows.
    public typealias IdentitiesHandler = @MainActor ([Item.ID]) -> Void

    /// The user selected the row.
    public var didSelect: Handler?
    /// The user deselected the row.
    public var didDeselect: Handler?
    /// The row's cell is about to be shown.
    public var willDisplay: Handler?
    /// The row's cell left the screen. The row may be gone already (it
    /// was deleted): the item and the index path are the ones the row had
    /// in the node when its cell was shown, and the handler is the one its
    /// `willDisplay` routing chose.
    public var didEndDisplaying: Handler?
    /// The view will soon need these rows (the view's prefetching data
    /// source's `prefetchRowsAt` / `prefetchItemsAt`): start loading what
    /// their cells show.
    public var prefetch: IdentitiesHandler?
    /// The view no longer needs soon these rows it prefetched:
    /// cancel what ``prefetch`` started.
    public var cancelPrefetching: IdentitiesHandler?

    #if !os(tvOS)
      /// The actions of a swipe from the row's leading edge (tables, and
      /// lists of collection views through
      /// ``ListViewDataSource/swipeActionsConfiguration(leading:at:)``); a
      /// `nil` configuration is the view's default. Not on tvOS.
      public var leadingSwipeActions:
        (@MainActor (Item, IndexPath) -> UISwipeActionsConfiguration?)?
      /// The actions of a swipe from the row's trailing edge; see
      /// ``leadingSwipeActions``. Not on tvOS.
      public var trailingSwipeActions:
        (@MainActor (Item, IndexPath) -> UISwipeActionsConfiguration?)?
      /// The context menu of the row, touched at a point of the view
      /// (`nil`: no menu). A collection view's menu for several items, or
      /// for its background, is not routed. Not on tvOS.
      public var contextMenu:
        (@MainActor (Item, IndexPath, CGPoint) -> UIContextMenuConfiguration?)?
    #endif

    /// The node's item at a path of the node (the view's, for the data
    /// source's own handlers), or `nil` if it has none there.
    let item: @MainActor (ItemPath) -> Item?

    init(item: @escaping @MainActor (ItemPath) -> Item?) {
      self.item = item
    }
  }

  /// The events routed to a node's handlers.
  enum ListEventKind {
    case didSelect, didDeselect, willDisplay, didEndDisplaying, prefetch, cancelPrefetching
    #if !os(tvOS)
      case leadingSwipeActions, trailingSwipeActions, contextMenu
    #endif
  }

  /// A node's handlers with their types erased, as the router keeps them.
  @MainActor
  protocol RoutedEvents: AnyObject {
    /// Whether the handler of `kind` is set.
    func handles(_ kind: ListEventKind) -> Bool
    /// Calls the handler of `kind` (a select, a deselect, or a
    /// `willDisplay`) with the item at `path` of the node.
    func deliver(_ kind: ListEventKind, at path: ItemPath)
    /// What calls the `didEndDisplaying` handler later (when it is set
    /// then) with the item at `path` of the node now.
    func endOfDisplay(at path: ItemPath) -> @MainActor () -> Void
    /// Calls the prefetch (or, with `cancel`, the cancel) handler with the
    /// identities of the items at `paths` of the node.
    func prefetch(at paths: [ItemPath], cancel: Bool)
    #if !os(tvOS)
      /// The configuration the swipe handler of `kind` gives for the item
      /// at `path`.
      func swipeActions(_ kind: ListEventKind, at path: ItemPath) -> UISwipeActionsConfiguration?
      /// The context menu the handler gives for the item at `path`.
      func contextMenu(at path: ItemPath, point: CGPoint) -> UIContextMenuConfiguration?
    #endif
  }

  extension ListEvents: RoutedEvents {
    func handles(_ kind: ListEventKind) -> Bool {
      switch kind {
      case .didSelect: didSelect != nil
      case .didDeselect: didDeselect != nil
      case .willDisplay: willDisplay != nil
      case .didEndDisplaying: didEndDisplaying != nil
      case .prefetch: prefetch != nil
      case .cancelPrefetching: cancelPrefetching != nil
      #if !os(tvOS)
        case .leadingSwipeActions: leadingSwipeActions != nil
        case .trailingSwipeActions: trailingSwipeActions != nil
        case .contextMenu: contextMenu != nil
      #endif
      }
    }

    func deliver(_ kind: ListEventKind, at path: ItemPath) {
      let handler: Handler? =
        switch kind {
        case .didSelect: didSelect
        case .didDeselect: didDeselect
        case .willDisplay: willDisplay
        case .didEndDisplaying: didEndDisplaying
        default: nil
        }
      guard let handler, let item = item(path) else { return }
      handler(item, IndexPath(path))
    }

    func endOfDisplay(at path: ItemPath) -> @MainActor () -> Void {
      let item = item(path)
      return { [weak self] in
        guard let item, let handler = self?.didEndDisplaying else { return }
        handler(item, IndexPath(path))
      }
    }

    func prefetch(at paths: [ItemPath], cancel: Bool) {
      guard let handler = cancel ? cancelPrefetching : prefetch else { return }
      let ids = paths.compactMap { item($0)?.id }
      if !ids.isEmpty { handler(ids) }
    }

    #if !os(tvOS)
      func swipeActions(_ kind: ListEventKind, at path: ItemPath) -> UISwipeActionsConfiguration? {
        let handler = kind == .leadingSwipeActions ? leadingSwipeActions : trailingSwipeActions
        guard let handler, let item = item(path) else { return nil }
        return handler(item, IndexPath(path))
      }

      func contextMenu(at path: ItemPath, point: CGPoint) -> UIContextMenuConfiguration? {
        guard let contextMenu, let item = item(path) else { return nil }
        return contextMenu(item, IndexPath(path), point)
      }
    #endif
  }
#endif
