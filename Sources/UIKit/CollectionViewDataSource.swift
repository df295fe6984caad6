#if canImport(UIKit) && !os(watchOS) || canImport(UIKitStandIn)
  public import DataSourceGraphSections
  public import DataSourceGraphNodes
  public import DataSourceGraphUIKitPlatform

  /// A `UICollectionViewDataSource` that shows a node of a data-source graph:
  /// it answers the collection view's questions from what the view shows,
  /// makes each cell with your cell provider and each supplementary view
  /// (headers, footers) with your supplementary view provider, and applies
  /// every change of the node as UIKit-safe batch updates (through a
  /// ``ListViewRenderer``).
  ///
  /// ```swift
  /// let cell = UICollectionView.CellRegistration<UICollectionViewListCell, Photo> {
  ///   cell, indexPath, photo in
  ///   var content = cell.defaultContentConfiguration()
  ///   content.text = photo.title
  ///   cell.contentConfiguration = content
  /// }
  /// let dataSource = CollectionViewDataSource(collectionView: collectionView, source: album) {
  ///   collectionView, indexPath, photo in
  ///   collectionView.dequeueConfiguredReusableCell(using: cell, for: indexPath, item: photo)
  /// }
  /// ```
  ///
  /// Keep the data source (the collection view holds its data source
  /// weakly); it holds the node, so it keeps the screen's graph alive. It
  /// becomes the collection view's `dataSource` and reloads it at once.
  ///
  /// Updated items are reconfigured in place by default
  /// (``ListViewDataSource/options``);
  /// ``ListViewDataSource/perform(animated:_:completion:)`` chooses the
  /// animation of one change and calls back when the view has finished it.
  /// A header or footer that changes is reconfigured in place, never by
  /// reloading its section: the data source's own title headers and
  /// footers (while no ``supplementaryViewProvider`` is set) always, your
  /// views once ``supplementaryViewConfigurator`` is set
  /// (<doc:HeadersAndFooters>).
  /// With ``ListViewDataSource/reordersItems``, the user moves items
  /// (interactive movement), each move made in the leaf that owns the item.
  /// For content given as snapshots, as a diffable data source takes it,
  /// use ``DiffableCollectionViewDataSource``, which owns its leaf and has
  /// `apply`.
  ///
  /// Made the view's `delegate`, it routes each item's selection, display
  /// and context menu to the node that handles them
  /// (``ListViewDataSource/events(for:)``); as the view's
  /// `prefetchDataSource` (from its creation) it routes prefetching the
  /// same way. See <doc:RoutingEvents>.
  @MainActor
  open class CollectionViewDataSource<SectionID: Hashable, Item: Identifiable & Equatable>:
    ListViewDataSource<SectionID, Item>, UICollectionViewDataSource, UICollectionViewDelegate,
    UICollectionViewDataSourcePrefetching
  {
    /// Makes the cell for an item: dequeue a cell and configure it.
    public typealias CellProvider =
      @MainActor (UICollectionView, IndexPath, Item) -> UICollectionViewCell
    /// Makes the supplementary view of `kind` (for example
    /// `UICollectionView.elementKindSectionHeader`) at an index path; the
    /// section shown is given for its header and footer.
    public typealias SupplementaryViewProvider =
      @MainActor (UICollectionView, String, IndexPath, SnapshotSection<SectionID, Item>)
      -> UICollectionReusableView

    /// Configures a supplementary view of `kind` at an index path, from the
    /// section shown.
    public typealias SupplementaryViewConfigurator =
      @MainActor (UICollectionReusableView, String, IndexPath, SnapshotSection<SectionID, Item>)
      -> Void

    private let cellProvider: CellProvider
    /// The collection view; held weakly.
    weak var displayedCollectionView: UICollectionView?
    /// Makes the supplementary views the layout asks for, or `nil` (the
    /// default): the data source then makes the section headers and footers
    /// itself, a list cell each (`UICollectionViewListCell`) that shows the
    /// section's header or footer title in its default content
    /// configuration, the list style in a list layout, and refreshes them
    /// in place when a title changes. Set it for views of your own, or for
    /// a layout that asks for other kinds (UIKit requires a view for each).
    public var supplementaryViewProvider: SupplementaryViewProvider?
    /// Configures a supplementary view (a header, a footer) for its
    /// section: called by ``configureSupplementaryView(_:ofKind:at:)``, which
    /// your ``supplementaryViewProvider`` calls for a view it dequeues, and
    /// by the data source for the visible views of a section whose header or
    /// footer changed (title or `SnapshotSection.headerValue`), in place,
    /// for each kind in ``reconfiguredSupplementaryKinds``.
    ///
    /// While it is `nil` (the default) the data source's own title views
    /// are still refreshed in place, but it cannot reach views your
    /// ``supplementaryViewProvider`` makes, and UIKit has no call that asks
    /// the data source again for a visible supplementary view (invalidating
    /// the layout recomputes its frame, not its content), short of
    /// reloading its section. So a section that shows a view of yours whose
    /// header or footer changed is reloaded (`reloadSections`, its items
    /// with it), in a batch update of its own after the change; one whose
    /// views are off screen is not (they are made from the new section when
    /// they appear). Set a configurator to keep every section in place.
    public var supplementaryViewConfigurator: SupplementaryViewConfigurator?
    /// Says whether a change of a section's header or footer (the section
    /// before, then after) makes the layout give the section other
    /// supplementary views, such as a layout that shows a header only for a
    /// section with a title; `nil` (the default) for a layout whose
    /// supplementary views do not depend on them.
    ///
    /// No visible view can show a header the layout had not laid out, so
    /// such a section is reloaded, in a batch update of its own after the
    /// change, and the layout lays it out again.
    public var supplementaryLayoutChanges:
      (@MainActor (SnapshotSection<SectionID, Item>, SnapshotSection<SectionID, Item>) -> Bool)?
    /// The kinds of supplementary views that show a section's header or
    /// footer, reconfigured when it changes: by default
    /// `UICollectionView.elementKindSectionHeader` and
    /// `UICollectionView.elementKindSectionFooter`.
    public var reconfiguredSupplementaryKinds = [
      UICollectionView.elementKindSectionHeader, UICollectionView.elementKindSectionFooter,
    ]
    /// The title of a section in the index (the letters down the side), or
    /// `nil` for a section without one. No provider (the default) shows no
    /// index. An empty section gets no title (UIKit cannot scroll to an item
    /// it does not have). tvOS has no index: there it is not asked.
    public var indexTitleProvider: (@MainActor (SnapshotSection<SectionID, Item>) -> String?)?

    /// Creates a data source that shows `source` in `collectionView`.
    ///
    /// It sets itself as the collection view's `dataSource`, reloads it with
    /// the node's content and state, and applies every later change.
    ///
    /// - Parameters:
    ///   - collectionView: The collection view; held weakly.
    ///   - source: The node to show; held strongly.
    ///   - cellProvider: Makes the cell of an item.
    public init(
      collectionView: UICollectionView, source: some DataSource<SectionID, Item>,
      cellProvider: @escaping CellProvider
    ) {
      self.cellProvider = cellProvider
      self.displayedCollectionView = collectionView
      super.init(source: source, view: collectionView)
      for kind in SectionTitleView.kinds {
        collectionView.register(
          SectionTitleView.self, forSupplementaryViewOfKind: kind,
          withReuseIdentifier: SectionTitleView.reuseIdentifier)
      }
      renderer.reconfigureSupplements = { [weak self] sections, _ in
        self?.reconfigureSupplements(ofSections: sections) ?? []
      }
      collectionView.dataSource = self
      collectionView.prefetchDataSource = self
      start()
    }

    /// The reuse identifier of the empty views given where UIKit asks for a
    /// view the data source cannot make.
    static var fallback: String { "DataSourceGraphUIKit.fallback" }

    /// The views at the list's end and start (``showListEnd(of:placeholders:)``),
    /// by element kind.
    var listEnds: [String: ContentStateView] = [:]

    // MARK: UICollectionViewDataSource

    /// The number of sections shown.
    open func numberOfSections(in collectionView: UICollectionView) -> Int {
      snapshot.sections.count
    }

    /// The number of items shown in `section`.
    open func collectionView(
      _ collectionView: UICollectionView, numberOfItemsInSection section: Int
    ) -> Int {
      self.section(at: section)?.items.count ?? 0
    }

    /// The cell of the item at `indexPath`, from the cell provider.
    open func collectionView(
      _ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath
    ) -> UICollectionViewCell {
      guard let item = item(at: indexPath) else {
        // UIKit only asks for items it was told exist; answer without crashing.
        assertionFailure("CollectionViewDataSource: asked for a cell at \(indexPath), out of range")
        collectionView.register(
          UICollectionViewCell.self, forCellWithReuseIdentifier: Self.fallback)
        return collectionView.dequeueReusableCell(
          withReuseIdentifier: Self.fallback, for: indexPath)
      }
      return cellProvider(collectionView, indexPath, item)
    }

    /// The supplementary view of `kind` at `indexPath`, from
    /// ``supplementaryViewProvider``; without one, the data source's own
    /// title header or footer.
    open func collectionView(
      _ collectionView: UICollectionView, viewForSupplementaryElementOfKind kind: String,
      at indexPath: IndexPath
    ) -> UICollectionReusableView {
      if let view = listEndView(collectionView, ofKind: kind, at: indexPath) { return view }
      guard let provider = supplementaryViewProvider,
        let section = self.section(at: indexPath.section)
      else {
        return defaultSupplementaryView(collectionView, ofKind: kind, at: indexPath)
      }
      return provider(collectionView, kind, indexPath, section)
    }

    /// Whether the item at `indexPath` can be moved by the user: with
    /// ``ListViewDataSource/reordersItems``, whether the node can move it.
    ///
    /// - Complexity: O(*d* log *n*) through *d* combinators of the node.
    open func collectionView(_ collectionView: UICollectionView, canMoveItemAt indexPath: IndexPath)
      -> Bool
    {
      canMoveItem(at: indexPath)
    }

    /// Makes the move the user made (the collection view shows it already)
    /// in the node: see ``ListViewDataSource/reordersItems``.
    ///
    /// - Complexity: That of `ReorderRouting.reorderItem(from:to:)`, plus a
    ///   reload of the view when the move is refused.
    open func collectionView(
      _ collectionView: UICollectionView, moveItemAt sourceIndexPath: IndexPath,
      to destinationIndexPath: IndexPath
    ) {
      itemMovedByUser(from: sourceIndexPath, to: destinationIndexPath)
    }

    #if !os(tvOS)
      /// The index titles, if ``indexTitleProvider`` is set.
      open func indexTitles(for collectionView: UICollectionView) -> [String]? {
        indexTitles(indexTitleProvider, skippingEmptySections: true)?.map(\.title)
      }

      /// The first item of the section the index title at `index` leads to.
      open func collectionView(
        _ collectionView: UICollectionView, indexPathForIndexTitle title: String, at index: Int
      ) -> IndexPath {
        let titles = indexTitles(indexTitleProvider, skippingEmptySections: true) ?? []
        let section = titles.indices.contains(index) ? titles[index].section : 0
        return IndexPath(item: 0, section: section)
      }
    #endif

    // MARK: UICollectionViewDelegate: the routed calls (see ListViewDataSource+Events.swift)

    /// Routes the selection of the item at `indexPath` (`didSelect`).
    ///
    /// - Complexity: O(*d* log *n*) through *d* combinators, when nodes
    ///   have handlers.
    open func collectionView(
      _ collectionView: UICollectionView, didSelectItemAt indexPath: IndexPath
    ) {
      routeEvent(.didSelect, at: indexPath)
    }

    /// Routes the deselection of the item at `indexPath` (`didDeselect`).
    ///
    /// - Complexity: O(*d* log *n*) through *d* combinators, when nodes
    ///   have handlers.
    open func collectionView(
      _ collectionView: UICollectionView, didDeselectItemAt indexPath: IndexPath
    ) {
      routeEvent(.didDeselect, at: indexPath)
    }

    /// Routes `willDisplay` of the item at `indexPath`, and chooses where
    /// its cell's `didEndDisplaying` goes.
    ///
    /// - Complexity: O(*d* log *n*) through *d* combinators, when nodes
    ///   have handlers.
    open func collectionView(
      _ collectionView: UICollectionView, willDisplay cell: UICollectionViewCell,
      forItemAt indexPath: IndexPath
    ) {
      routeWillDisplay(cell, at: indexPath)
    }

    /// Routes `didEndDisplaying` of `cell` where its `willDisplay` chose,
    /// with the item and index path it had then.
    ///
    /// - Complexity: O(1) expected.
    open func collectionView(
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
      open func collectionView(
        _ collectionView: UICollectionView,
        contextMenuConfigurationForItemsAt indexPaths: [IndexPath], point: CGPoint
      ) -> UIContextMenuConfiguration? {
        guard indexPaths.count == 1 else { return nil }
        return routeContextMenu(at: indexPaths[0], point: point)
      }
    #endif

    // MARK: UIScrollViewDelegate

    /// Reports the working range (``ListViewDataSource/workingRangeSize``)
    /// after the collection view scrolled, then tells the app's delegate (the
    /// `forwardingDelegate`, on UIKit).
    open func scrollViewDidScroll(_ scrollView: UIScrollView) {
      updateWorkingRange()
      #if canImport(UIKit) && !os(watchOS)
        (routes.forwardingDelegate as? any UIScrollViewDelegate)?.scrollViewDidScroll?(scrollView)
      #endif
    }

    // MARK: UICollectionViewDataSourcePrefetching: the routed calls

    /// Routes the prefetch of the items at `indexPaths`: one `prefetch`
    /// call per handler that takes some of them.
    ///
    /// - Complexity: O(*k* *d* log *n*) for *k* items through *d*
    ///   combinators, when nodes have handlers.
    open func collectionView(
      _ collectionView: UICollectionView, prefetchItemsAt indexPaths: [IndexPath]
    ) {
      routePrefetching(at: indexPaths, cancel: false)
    }

    /// Routes the cancel of the prefetch of the items at `indexPaths`: one
    /// `cancelPrefetching` call per handler that takes some of them.
    ///
    /// - Complexity: O(*k* *d* log *n*) for *k* items through *d*
    ///   combinators, when nodes have handlers.
    open func collectionView(
      _ collectionView: UICollectionView, cancelPrefetchingForItemsAt indexPaths: [IndexPath]
    ) {
      routePrefetching(at: indexPaths, cancel: true)
    }
  }
#endif
