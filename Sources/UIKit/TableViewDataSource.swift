#if canImport(UIKit) && !os(watchOS) || canImport(UIKitStandIn)
  public import DataSourceGraphSections
  public import DataSourceGraphNodes
  public import DataSourceGraphUIKitPlatform

  /// A `UITableViewDataSource` that shows a node of a data-source graph: it
  /// answers the table view's questions from what the view shows, makes each
  /// cell with your cell provider, and applies every change of the node as
  /// UIKit-safe batch updates (through a ``ListViewRenderer``).
  ///
  /// ```swift
  /// let dataSource = TableViewDataSource(tableView: tableView, source: screen) {
  ///   tableView, indexPath, mail in
  ///   let cell = tableView.dequeueReusableCell(withIdentifier: "mail", for: indexPath)
  ///   var content = cell.defaultContentConfiguration()
  ///   content.text = mail.subject
  ///   cell.contentConfiguration = content
  ///   return cell
  /// }
  /// dataSource.placeholderView = placeholder  // loading, empty, error
  /// ```
  ///
  /// Keep the data source (the table view holds its data source weakly); it
  /// holds the node, so it keeps the screen's graph alive. It becomes the
  /// table view's `dataSource` and reloads it at once.
  ///
  /// Section headers and footers show the sections' `SnapshotSection.header`
  /// and `SnapshotSection.footer` unless ``headerTitleProvider`` or
  /// ``footerTitleProvider`` say otherwise; ``indexTitleProvider`` gives the
  /// section index. A header or footer that changes is reconfigured in
  /// place, never reloaded with its section (``headerViewConfigurator``,
  /// <doc:HeadersAndFooters>). Updated items are reconfigured in place by default
  /// (``ListViewDataSource/options``);
  /// ``ListViewDataSource/perform(animated:_:completion:)`` chooses the animation
  /// of one change and calls back when the view has finished it.
  ///
  /// With ``ListViewDataSource/reordersItems``, the user drags rows to
  /// reorder them, each move made in the leaf that owns the row. Subclass it
  /// to answer the table view's other data source questions (editing).
  /// Rows animate with ``defaultRowAnimation``. For content given as
  /// snapshots, as a diffable data source takes it, use
  /// ``DiffableTableViewDataSource``, which owns its leaf and has `apply`.
  ///
  /// Made the table's `delegate`, it routes each row's selection, display,
  /// swipe actions and context menu to the node that handles them
  /// (``ListViewDataSource/events(for:)``); as the table's
  /// `prefetchDataSource` (from its creation) it routes prefetching the
  /// same way. See <doc:RoutingEvents>.
  @MainActor
  open class TableViewDataSource<SectionID: Hashable, Item: Identifiable & Equatable>:
    ListViewDataSource<SectionID, Item>,
    UITableViewDataSource, UITableViewDelegate, UITableViewDataSourcePrefetching
  {
    /// Makes the cell for an item: dequeue a cell and configure it.
    public typealias CellProvider = @MainActor (UITableView, IndexPath, Item) -> UITableViewCell
    /// A title for a section, from the section shown and its index.
    public typealias SectionTitleProvider =
      @MainActor (SnapshotSection<SectionID, Item>, Int) -> String?

    /// Configures a header or footer view for a section, from the section
    /// shown and its index.
    public typealias HeaderFooterViewConfigurator =
      @MainActor (UITableViewHeaderFooterView, SnapshotSection<SectionID, Item>, Int) -> Void

    private let cellProvider: CellProvider
    /// The table view; held weakly.
    weak var displayedTableView: UITableView?
    /// Configures a header view that your table view delegate gives
    /// (`tableView(_:viewForHeaderInSection:)`): called by
    /// ``configureHeaderView(_:forSection:)``, which your delegate calls for
    /// a view it dequeues, and by the data source for the visible header of
    /// a section whose header changed (title or `SnapshotSection.headerValue`),
    /// in place. `nil` (the default) shows the header title in the view.
    public var headerViewConfigurator: HeaderFooterViewConfigurator?
    /// Configures a footer view that your table view delegate gives, as
    /// ``headerViewConfigurator`` does a header view. `nil` (the default)
    /// shows the footer title in the view.
    public var footerViewConfigurator: HeaderFooterViewConfigurator?
    /// The header title of each section; by default the section's header.
    public var headerTitleProvider: SectionTitleProvider = { section, _ in section.header }
    /// The footer title of each section; by default the section's footer.
    public var footerTitleProvider: SectionTitleProvider = { section, _ in section.footer }
    /// The title of a section in the section index (the letters down the
    /// side), or `nil` for a section without one. No provider (the default)
    /// shows no index. Set it before the view loads, or reload the view.
    /// tvOS has no section index: there it is not asked.
    public var indexTitleProvider: (@MainActor (SnapshotSection<SectionID, Item>) -> String?)?

    /// Creates a data source that shows `source` in `tableView`.
    ///
    /// It sets itself as the table view's `dataSource`, reloads it with the
    /// node's content and state, and applies every later change.
    ///
    /// - Parameters:
    ///   - tableView: The table view; held weakly.
    ///   - source: The node to show; held strongly.
    ///   - cellProvider: Makes the cell of an item.
    public init(
      tableView: UITableView, source: some DataSource<SectionID, Item>,
      cellProvider: @escaping CellProvider
    ) {
      self.cellProvider = cellProvider
      self.displayedTableView = tableView
      super.init(source: source, view: tableView)
      renderer.reconfigureSupplements = { [weak self] sections, _ in
        self?.reconfigureHeadersAndFooters(ofSections: sections) ?? []
      }
      tableView.dataSource = self
      tableView.prefetchDataSource = self
      start()
    }

    /// The animation of the rows and sections inserted, deleted and
    /// reloaded (diffable's `defaultRowAnimation`): the data source's
    /// ``ListViewDataSource/options``' `rowAnimation`. Default:
    /// `.automatic`. One change can say otherwise with
    /// ``perform(animated:rowAnimation:_:completion:)``, one snapshot with
    /// ``DiffableTableViewDataSource/apply(_:animatingDifferences:rowAnimation:completion:)``.
    public var defaultRowAnimation: UITableView.RowAnimation {
      get { options.rowAnimation }
      set { options.rowAnimation = newValue }
    }

    /// Makes the changes `changes` causes with `rowAnimation` for the rows
    /// and sections they insert, delete and reload, animated or not, and
    /// calls `completion` once the view has finished showing them; see
    /// ``ListViewDataSource/perform(animated:_:completion:)``.
    ///
    /// ```swift
    /// dataSource.perform(rowAnimation: .fade) { inbox.deleteItems(withIDs: [mail.id]) }
    /// ```
    public func perform(
      animated: Bool = true, rowAnimation: UITableView.RowAnimation, _ changes: () -> Void,
      completion: (@MainActor () -> Void)? = nil
    ) {
      renderer.perform(
        animated: animated, position: nil, rowAnimation: rowAnimation, changes,
        completion: completion)
    }

    // MARK: UITableViewDataSource

    /// The number of sections shown.
    open func numberOfSections(in tableView: UITableView) -> Int {
      snapshot.sections.count
    }

    /// The number of items shown in `section`.
    open func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
      self.section(at: section)?.items.count ?? 0
    }

    /// The cell of the item at `indexPath`, from the cell provider.
    open func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath)
      -> UITableViewCell
    {
      guard let item = item(at: indexPath) else {
        // UIKit only asks for rows it was told exist; answer without crashing.
        assertionFailure("TableViewDataSource: asked for a cell at \(indexPath), out of range")
        return UITableViewCell(style: .default, reuseIdentifier: nil)
      }
      return cellProvider(tableView, indexPath, item)
    }

    /// The header title of `section`.
    open func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int) -> String? {
      self.section(at: section).flatMap { headerTitleProvider($0, section) }
    }

    /// The footer title of `section`.
    open func tableView(_ tableView: UITableView, titleForFooterInSection section: Int) -> String? {
      self.section(at: section).flatMap { footerTitleProvider($0, section) }
    }

    /// Whether the row at `indexPath` shows a reorder control: with
    /// ``ListViewDataSource/reordersItems``, whether the node can move it.
    ///
    /// - Complexity: O(*d* log *n*) through *d* combinators of the node.
    open func tableView(_ tableView: UITableView, canMoveRowAt indexPath: IndexPath) -> Bool {
      canMoveItem(at: indexPath)
    }

    /// Makes the move the user made (the table view shows it already) in
    /// the node: see ``ListViewDataSource/reordersItems``.
    ///
    /// - Complexity: That of `ReorderRouting.reorderItem(from:to:)`, plus a
    ///   reload of the view when the move is refused.
    open func tableView(
      _ tableView: UITableView, moveRowAt sourceIndexPath: IndexPath,
      to destinationIndexPath: IndexPath
    ) {
      itemMovedByUser(from: sourceIndexPath, to: destinationIndexPath)
    }

    #if !os(tvOS)
      /// The section index titles, if ``indexTitleProvider`` is set.
      open func sectionIndexTitles(for tableView: UITableView) -> [String]? {
        indexTitles(indexTitleProvider)?.map(\.title)
      }

      /// The section the index title at `index` leads to.
      open func tableView(
        _ tableView: UITableView, sectionForSectionIndexTitle title: String, at index: Int
      ) -> Int {
        let titles = indexTitles(indexTitleProvider) ?? []
        return titles.indices.contains(index) ? titles[index].section : 0
      }
    #endif

    // MARK: UITableViewDelegate: the routed calls (see ListViewDataSource+Events.swift)

    /// Routes the selection of the row at `indexPath` (`didSelect`).
    ///
    /// - Complexity: O(*d* log *n*) through *d* combinators, when nodes
    ///   have handlers.
    open func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
      routeEvent(.didSelect, at: indexPath)
    }

    /// Routes the deselection of the row at `indexPath` (`didDeselect`).
    ///
    /// - Complexity: O(*d* log *n*) through *d* combinators, when nodes
    ///   have handlers.
    open func tableView(_ tableView: UITableView, didDeselectRowAt indexPath: IndexPath) {
      routeEvent(.didDeselect, at: indexPath)
    }

    /// Routes `willDisplay` of the row at `indexPath`, and chooses where
    /// its cell's `didEndDisplaying` goes.
    ///
    /// - Complexity: O(*d* log *n*) through *d* combinators, when nodes
    ///   have handlers.
    open func tableView(
      _ tableView: UITableView, willDisplay cell: UITableViewCell, forRowAt indexPath: IndexPath
    ) {
      routeWillDisplay(cell, at: indexPath)
    }

    /// Routes `didEndDisplaying` of `cell` where its `willDisplay` chose,
    /// with the item and index path it had then.
    ///
    /// - Complexity: O(1) expected.
    open func tableView(
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
      open func tableView(
        _ tableView: UITableView, leadingSwipeActionsConfigurationForRowAt indexPath: IndexPath
      ) -> UISwipeActionsConfiguration? {
        swipeActionsConfiguration(leading: true, at: indexPath)
      }

      /// The trailing swipe actions of the row at `indexPath`, from the
      /// handler that takes them (`trailingSwipeActions`).
      ///
      /// - Complexity: O(*d* log *n*) through *d* combinators.
      open func tableView(
        _ tableView: UITableView, trailingSwipeActionsConfigurationForRowAt indexPath: IndexPath
      ) -> UISwipeActionsConfiguration? {
        swipeActionsConfiguration(leading: false, at: indexPath)
      }

      /// The context menu of the row at `indexPath`, from the handler that
      /// takes it (`contextMenu`).
      ///
      /// - Complexity: O(*d* log *n*) through *d* combinators.
      open func tableView(
        _ tableView: UITableView, contextMenuConfigurationForRowAt indexPath: IndexPath,
        point: CGPoint
      ) -> UIContextMenuConfiguration? {
        routeContextMenu(at: indexPath, point: point)
      }
    #endif

    // MARK: UIScrollViewDelegate

    /// Reports the working range (``ListViewDataSource/workingRangeSize``)
    /// after the table scrolled, then tells the app's delegate (the
    /// `forwardingDelegate`, on UIKit).
    open func scrollViewDidScroll(_ scrollView: UIScrollView) {
      updateWorkingRange()
      #if canImport(UIKit) && !os(watchOS)
        (routes.forwardingDelegate as? any UIScrollViewDelegate)?.scrollViewDidScroll?(scrollView)
      #endif
    }

    // MARK: UITableViewDataSourcePrefetching: the routed calls

    /// Routes the prefetch of the rows at `indexPaths`: one `prefetch` call
    /// per handler that takes some of them.
    ///
    /// - Complexity: O(*k* *d* log *n*) for *k* rows through *d*
    ///   combinators, when nodes have handlers.
    open func tableView(_ tableView: UITableView, prefetchRowsAt indexPaths: [IndexPath]) {
      routePrefetching(at: indexPaths, cancel: false)
    }

    /// Routes the cancel of the prefetch of the rows at `indexPaths`: one
    /// `cancelPrefetching` call per handler that takes some of them.
    ///
    /// - Complexity: O(*k* *d* log *n*) for *k* rows through *d*
    ///   combinators, when nodes have handlers.
    open func tableView(
      _ tableView: UITableView, cancelPrefetchingForRowsAt indexPaths: [IndexPath]
    ) {
      routePrefetching(at: indexPaths, cancel: true)
    }
  }
#endif
