#if canImport(UIKit) && !os(watchOS) || canImport(UIKitStandIn)
  public import DataSourceGraphNodes
  import DataSourceGraphSections
  public import DataSourceGraphUIKitPlatform

  /// What a data source keeps to route cells' events: the handlers of each
  /// node, its own, and where each shown cell's `didEndDisplaying` goes.
  @MainActor
  final class EventRoutes<SectionID: Hashable, Item: Identifiable & Equatable> {
    /// The handlers of each node, by the node's identity. A node's handlers
    /// hold the node.
    var handlers: [ObjectIdentifier: any RoutedEvents] = [:]
    /// The data source's own handlers, once asked for.
    var own: ListEvents<SectionID, Item>?
    /// For each cell shown since its `willDisplay`, the delivery of its
    /// `didEndDisplaying`, chosen then.
    var endOfDisplay: [ObjectIdentifier: @MainActor () -> Void] = [:]
    /// The app's delegate, for the calls the data source does not answer
    /// (UIKit only). Not isolated: the Objective-C runtime reads it from
    /// `responds(to:)` and `forwardingTarget(for:)`, which are not, and which
    /// UIKit calls on the main thread, where it is set.
    nonisolated(unsafe) weak var forwardingDelegate: AnyObject?
    /// The rows before and after those on screen in the working range.
    var workingRangeSize = 0
  }

  extension ListViewDataSource {
    /// The handlers of `node`, a node of the screen this data source shows
    /// (a leaf, a combinator, or the screen itself): set one to take an
    /// event of the rows that pass through the node.
    ///
    /// ```swift
    /// dataSource.events(for: favorites).didSelect = { photo, indexPathInFavorites in
    ///   print("favorite", photo.id, "at", indexPathInFavorites.item)
    /// }
    /// ```
    ///
    /// An event of a row goes to the node nearest the row's leaf, on the
    /// way up from the leaf (the node that owns the row) to the screen,
    /// whose handler for that event is set, with the node's item and the
    /// row's index path in that node; with none, to the data source's own
    /// ``events``. The way is the one the row on screen came by, through
    /// every combinator (`DataSource.leafLocation(at:)` walks it), so a
    /// handler is called however the screen shows the node's rows: in a
    /// composite, filtered, sorted, spliced, flattened.
    ///
    /// Every call for one node returns the same object; it holds the node.
    /// A node that is not in the screen's graph never gets an event.
    ///
    /// - Parameter node: A node of the graph this data source shows.
    /// - Returns: The node's handlers.
    /// - Complexity: O(1) expected.
    public func events<Node: DataSource>(for node: Node)
      -> ListEvents<Node.SectionID, Node.Item>
    {
      let key = ObjectIdentifier(node)
      if let existing = routes.handlers[key] as? ListEvents<Node.SectionID, Node.Item> {
        return existing
      }
      let events = ListEvents<Node.SectionID, Node.Item> { path in
        guard (0..<node.numberOfSections).contains(path.section),
          (0..<node.numberOfItems(inSection: path.section)).contains(path.item)
        else { return nil }
        return node.item(at: path)
      }
      events.workingRangeHandlersDidChange = { [weak self] in self?.updateWorkingRange() }
      routes.handlers[key] = events
      return events
    }

    /// The data source's own handlers: they take each event no node's
    /// handler takes (see ``events(for:)``), with the item the view shows
    /// and the view's index path.
    ///
    /// ```swift
    /// dataSource.events.didSelect = { item, indexPath in
    ///   print("selected", item.id, "at", indexPath)
    /// }
    /// ```
    public var events: ListEvents<SectionID, Item> {
      if let own = routes.own { return own }
      let own = ListEvents<SectionID, Item> { [weak self] path in self?.item(at: IndexPath(path)) }
      own.workingRangeHandlersDidChange = { [weak self] in self?.updateWorkingRange() }
      routes.own = own
      return own
    }

    #if !os(tvOS)
      /// The actions of a swipe on the row at `indexPath`, from the handler
      /// of the swipe's edge that takes the row (see ``events(for:)``);
      /// `nil` when none does (the view's default actions).
      ///
      /// A table view data source answers the table's swipe questions with
      /// it. A collection view's list layout asks its configuration:
      ///
      /// ```swift
      /// var list = UICollectionLayoutListConfiguration(appearance: .plain)
      /// list.trailingSwipeActionsConfigurationProvider = { [weak dataSource] indexPath in
      ///   dataSource?.swipeActionsConfiguration(leading: false, at: indexPath)
      /// }
      /// ```
      ///
      /// - Complexity: O(*d* log *n*) through *d* combinators, when nodes
      ///   have handlers.
      public func swipeActionsConfiguration(leading: Bool, at indexPath: IndexPath)
        -> UISwipeActionsConfiguration?
      {
        let kind: ListEventKind = leading ? .leadingSwipeActions : .trailingSwipeActions
        guard let (events, path) = recipient(of: kind, at: indexPath) else { return nil }
        return events.swipeActions(kind, at: path)
      }
    #endif

    // MARK: What the view's delegate calls

    /// Delivers a select, a deselect or a `willDisplay` of the row at
    /// `indexPath`; `false` if no handler takes it.
    @discardableResult
    func routeEvent(_ kind: ListEventKind, at indexPath: IndexPath) -> Bool {
      guard let (events, path) = recipient(of: kind, at: indexPath) else { return false }
      events.deliver(kind, at: path)
      return true
    }

    /// Delivers the `willDisplay` of `cell` at `indexPath`, and chooses
    /// where its `didEndDisplaying` will go, with the item shown now.
    func routeWillDisplay(_ cell: AnyObject, at indexPath: IndexPath) {
      let key = ObjectIdentifier(cell)
      routes.endOfDisplay[key] = nil
      guard !routes.handlers.isEmpty || routes.own != nil else { return }
      let chain = locationChain(at: indexPath)
      if let (events, path) = recipient(of: .willDisplay, in: chain, at: indexPath) {
        events.deliver(.willDisplay, at: path)
      }
      if let (events, path) = recipient(of: .didEndDisplaying, in: chain, at: indexPath) {
        routes.endOfDisplay[key] = events.endOfDisplay(at: path)
      }
    }

    /// Delivers the `didEndDisplaying` of `cell` where its `willDisplay`
    /// chose: the row may be gone, so `indexPath` is not looked up.
    func routeDidEndDisplaying(_ cell: AnyObject) {
      routes.endOfDisplay.removeValue(forKey: ObjectIdentifier(cell))?()
    }

    /// Delivers a prefetch (or its cancel) of the rows at `indexPaths`:
    /// one call per handler that takes some of them, with their
    /// identities in the order of `indexPaths`.
    ///
    /// - Complexity: O(*k* *d* log *n*) for *k* rows through *d*
    ///   combinators, when nodes have handlers.
    func routePrefetching(at indexPaths: [IndexPath], cancel: Bool) {
      let kind: ListEventKind = cancel ? .cancelPrefetching : .prefetch
      for (events, paths) in recipients(of: kind, at: indexPaths) {
        events.prefetch(at: paths, cancel: cancel)
      }
    }

    /// The handlers that take `kind` for the rows at `indexPaths`, each with
    /// the paths of its rows in its node, in the order of `indexPaths`.
    ///
    /// - Complexity: O(*k* *d* log *n*) for *k* rows through *d*
    ///   combinators, when nodes have handlers.
    func recipients(of kind: ListEventKind, at indexPaths: [IndexPath])
      -> [(events: any RoutedEvents, paths: [ItemPath])]
    {
      var groups: [(events: any RoutedEvents, paths: [ItemPath])] = []
      var group: [ObjectIdentifier: Int] = [:]
      for indexPath in indexPaths {
        guard let (events, path) = recipient(of: kind, at: indexPath) else { continue }
        let key = ObjectIdentifier(events)
        if let index = group[key] {
          groups[index].paths.append(path)
        } else {
          group[key] = groups.count
          groups.append((events, [path]))
        }
      }
      return groups
    }

    #if !os(tvOS)
      /// The context menu of the row at `indexPath`, from the handler that
      /// takes it; `nil` when none does.
      func routeContextMenu(at indexPath: IndexPath, point: CGPoint)
        -> UIContextMenuConfiguration?
      {
        guard let (events, path) = recipient(of: .contextMenu, at: indexPath) else { return nil }
        return events.contextMenu(at: path, point: point)
      }
    #endif

    // MARK: The walk

    /// The handlers that take `kind` for the row at `indexPath`, and the
    /// row's path in their node.
    private func recipient(of kind: ListEventKind, at indexPath: IndexPath)
      -> (events: any RoutedEvents, path: ItemPath)?
    {
      recipient(of: kind, in: locationChain(at: indexPath), at: indexPath)
    }

    /// The handlers nearest the leaf on `chain` (from the row at
    /// `indexPath` of the view down to its leaf) that take `kind`, else the
    /// data source's own (if the view shows a row there).
    private func recipient(
      of kind: ListEventKind, in chain: [NodeLocation], at indexPath: IndexPath
    ) -> (events: any RoutedEvents, path: ItemPath)? {
      for location in chain.reversed() {
        if let events = routes.handlers[ObjectIdentifier(location.node)], events.handles(kind) {
          return (events, location.path)
        }
      }
      guard let own = routes.own, own.handles(kind), item(at: indexPath) != nil else { return nil }
      return (own, ItemPath(indexPath))
    }

    /// The nodes the row the view shows at `indexPath` passes through, the
    /// screen's node first, each with the row's path in it; empty when no
    /// node has handlers or the node no longer shows the row.
    ///
    /// The view can lag the node (a change waits for the end of the turn,
    /// or a batch update is under way): the row is the one with the
    /// identity of the item the view shows, at its place in the node now.
    ///
    /// - Complexity: O(*d* log *n*) through *d* combinators; O(1)
    ///   expected more when the view lags.
    private func locationChain(at indexPath: IndexPath) -> [NodeLocation] {
      guard !routes.handlers.isEmpty, let shown = item(at: indexPath) else { return [] }
      let viewPath = ItemPath(indexPath)
      let path: ItemPath
      if viewPath.section < source.numberOfSections,
        viewPath.item < source.numberOfItems(inSection: viewPath.section),
        source.item(at: viewPath).id == shown.id
      {
        path = viewPath
      } else if let found = source.itemPath(for: shown.id) {
        path = found
      } else {
        return []
      }
      if let routing = source as? any LocationRouting {
        return routing.locationChain(at: path) ?? []
      }
      return [NodeLocation(node: source, path: path)]
    }
  }
#endif
