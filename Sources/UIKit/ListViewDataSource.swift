#if canImport(UIKit) && !os(watchOS) || canImport(UIKitStandIn)
  public import DataSourceGraphSections
  public import DataSourceGraphNodes
  public import DataSourceGraphUIKitPlatform

  /// What ``TableViewDataSource`` and ``CollectionViewDataSource`` share: the
  /// node they show, the ``ListViewRenderer`` that applies its changes to the
  /// view, how changes are shown, the state views, and look-ups in what the
  /// view shows.
  ///
  /// You make one of its two subclasses, never this class itself.
  @MainActor
  open class ListViewDataSource<SectionID: Hashable, Item: Identifiable & Equatable>: NSObject {
    /// Applies the node's changes to the view, through `moveGuard`.
    let renderer: ListViewRenderer<SectionID, Item>
    /// Stands between the renderer and the view, to keep a move the user
    /// made from reaching the view a second time.
    private let moveGuard: UserMoveGuard
    /// The view, for what reads its geometry (the working range); `nil`
    /// while a move the user made is taken in.
    var scrollableView: (any ScrollableListView)? { moveGuard.forwardedScrollableView }
    /// The node's observation; ends with the data source.
    private var observation: ObservationToken?
    private weak var placeholder: ContentStateView?
    private weak var banner: ContentStateView?
    private var stateHandler: ((ContentState) -> Void)?
    /// Keeps selection and focus on their items through changes.
    let viewState: ViewStateKeeper<SectionID, Item>

    /// The handlers of the nodes' events (`ListViewDataSource+Events.swift`).
    let routes = EventRoutes<SectionID, Item>()

    /// The node shown; held strongly: the data source owns its screen's graph.
    public let source: any DataSource<SectionID, Item>

    /// A data source for `view` that will show `source`; the subclass starts
    /// it with ``start()`` once it is the view's data source.
    init(source: some DataSource<SectionID, Item>, view: any BatchUpdatingView) {
      self.source = source
      moveGuard = UserMoveGuard(view: view)
      renderer = ListViewRenderer(view: moveGuard)
      viewState = ViewStateKeeper(view: view)
      super.init()
      viewState.observe(renderer)
      viewState.afterChange = { [weak self] in self?.updateWorkingRange() }
    }

    /// Starts showing the node: the renderer reloads the view with its
    /// content and state, then takes every change.
    func start() {
      renderer.stateObserver = { [weak self] state in self?.stateDidChange(to: state) }
      observation = source.render(into: renderer)
    }

    /// The content the view shows (it can lag the node by the steps of a
    /// batch update in progress).
    public var snapshot: Snapshot<SectionID, Item> { renderer.snapshot }
    /// The node's content state.
    public var state: ContentState { renderer.state }
    /// How changes reach the view.
    public var options: ListUpdateOptions {
      get { renderer.options }
      set { renderer.options = newValue }
    }
    /// When changes reach the view; see ``ListViewRenderer/scheduling``.
    public var scheduling: ListUpdateScheduling {
      get { renderer.scheduling }
      set { renderer.scheduling = newValue }
    }

    /// Shows at once the changes waiting for the end of the turn; see
    /// ``ListViewRenderer/applyPendingChanges()``.
    public func applyPendingChanges() { renderer.applyPendingChanges() }

    /// Called after every state change of the node.
    public var onStateChange: ((ContentState) -> Void)? {
      get { stateHandler }
      set { stateHandler = newValue }
    }
    /// Called after each change has been handed to the view; see
    /// ``ListViewRenderer/onUpdate``.
    public var onUpdate: ((ListUpdate) -> Void)? {
      get { renderer.onUpdate }
      set { renderer.onUpdate = newValue }
    }
    /// Shows the placeholders of loading, empty and error (for example the
    /// view's `backgroundView`); held weakly. Its retry button reloads the
    /// node (a view replaced here no longer does).
    public var placeholderView: ContentStateView? {
      get { placeholder }
      set {
        if placeholder !== newValue { placeholder?.retryHandler = nil }
        placeholder = newValue
        attach(newValue)
      }
    }
    /// Shows the banners of a failed refresh and of missing parts; held
    /// weakly. Its retry button reloads the node (a view replaced here no
    /// longer does).
    public var bannerView: ContentStateView? {
      get { banner }
      set {
        if banner !== newValue { banner?.retryHandler = nil }
        banner = newValue
        attach(newValue)
      }
    }

    /// Whether the user can drag rows to reorder them (off by default): the
    /// view's `canMoveRowAt` / `canMoveItemAt` then answers whether the row
    /// can move through the node (`ReorderRouting.canReorderItem(at:)`: no
    /// sort orders it, and the leaf that owns it can move items), and
    /// `moveRowAt` / `moveItemAt` makes the move in that leaf
    /// (`ReorderRouting.reorderItem(from:to:)`).
    ///
    /// ```swift
    /// dataSource.reordersItems = true
    /// dataSource.onReorderRefusal = { refusal in print(refusal) }
    /// tableView.isEditing = true  // the reorder controls
    /// ```
    ///
    /// When the user drops a row, the view has already moved it. So when the
    /// node's content after the move is what the view shows, the data source
    /// takes it in without a batch update (which would move the row a second
    /// time); otherwise (the move was refused, or it changed more than the
    /// row's place) it reloads the view from the node's content, which puts
    /// a refused row back. The nodes of `DataSourceGraphComposition` and
    /// `MutableDataSource` route moves; any other `ReorderableDataSource` at
    /// the top takes them itself.
    public var reordersItems = false
    /// Called when a move the user made is refused, with the reason, after
    /// the view was put back.
    public var onReorderRefusal: ((ReorderRefusal) -> Void)?

    /// The item shown at `indexPath`, or `nil` if there is none.
    public func item(at indexPath: IndexPath) -> Item? {
      guard let section = section(at: indexPath.section),
        section.items.indices.contains(indexPath.item)
      else { return nil }
      return section.items[indexPath.item]
    }

    /// The index path at which the item with identity `id` is shown, if it is.
    ///
    /// - Complexity: O(1) expected once the snapshot's identity table is
    ///   built (the first call builds it, O(*n*)).
    public func indexPath(for id: Item.ID) -> IndexPath? {
      snapshot.itemPath(for: id).map { IndexPath($0) }
    }

    /// Makes the changes `changes` causes, animated or not, and calls
    /// `completion` once the view has finished showing them; see
    /// ``ListViewRenderer/perform(animated:_:completion:)``.
    public func perform(
      animated: Bool = true, _ changes: () -> Void, completion: (@MainActor () -> Void)? = nil
    ) {
      renderer.perform(animated: animated, changes, completion: completion)
    }

    /// Makes the changes `changes` causes, keeping the user's place through
    /// them or not; see
    /// ``ListViewRenderer/perform(animated:keepingVisiblePosition:_:completion:)``.
    public func perform(
      animated: Bool = true, keepingVisiblePosition: Bool, _ changes: () -> Void,
      completion: (@MainActor () -> Void)? = nil
    ) {
      renderer.perform(
        animated: animated, keepingVisiblePosition: keepingVisiblePosition, changes,
        completion: completion)
    }

    /// The item whose place is kept through changes while it is shown; see
    /// ``ListViewRenderer/anchorItemID``.
    public var anchorItemID: Item.ID? {
      get { renderer.anchorItemID }
      set { renderer.anchorItemID = newValue }
    }

    /// Reloads the node (`DataSource.reload()`): a pull-to-refresh.
    public func reload() { source.reload() }

    /// Whether the row at `indexPath` can be dragged: see ``reordersItems``.
    ///
    /// - Complexity: O(*d* log *n*) through *d* combinators.
    func canMoveItem(at indexPath: IndexPath) -> Bool {
      guard reordersItems else { return false }
      let path = ItemPath(indexPath)
      if let routing = source as? any ReorderRouting { return routing.canReorderItem(at: path) }
      return source is any ReorderableDataSource
        && section(at: path.section).map {
          $0.items.indices.contains(path.item)
        } == true
    }

    /// Takes in a move the user made in the view (which shows it already):
    /// makes it in the node, then either keeps the view as it is, when the
    /// node shows what the view shows, or reloads it.
    func itemMovedByUser(from sourceIndexPath: IndexPath, to destinationIndexPath: IndexPath) {
      let from = ItemPath(sourceIndexPath)
      let to = ItemPath(destinationIndexPath)
      let shown = snapshot.sections
      guard from != to else { return }
      // What the view shows now, if both paths are in what it showed.
      var expected: [SnapshotSection<SectionID, Item>]?
      if shown.indices.contains(from.section),
        shown[from.section].items.indices.contains(from.item),
        shown.indices.contains(to.section)
      {
        var sections = shown
        let item = sections[from.section].items.remove(at: from.item)
        if (0...sections[to.section].items.count).contains(to.item) {
          sections[to.section].items.insert(item, at: to.item)
          expected = sections
        }
      }
      var refusal: ReorderRefusal?
      let noted = viewState.capture(in: expected ?? shown)
      moveGuard.absorbing = true
      viewState.isSuspended = true
      if !reordersItems {
        refusal = .notReorderable(node: source.name)
      } else if let routing = source as? any ReorderRouting {
        do { try routing.reorderItem(from: from, to: to) } catch { refusal = error }
      } else if let leaf = source as? any ReorderableDataSource, expected != nil {
        leaf.moveItem(from: from, to: to)
      } else {
        refusal = .notReorderable(node: source.name)
      }
      // The move's change (with any change still waiting) is taken in now.
      renderer.applyPendingChanges()
      moveGuard.absorbing = false
      viewState.isSuspended = false
      if refusal != nil || expected != snapshot.sections {
        moveGuard.reloadEverything()
        viewState.restore(noted, in: snapshot, reloaded: true)
      }
      if let refusal { onReorderRefusal?(refusal) }
    }

    /// The section at `index` of what the view shows, or `nil` out of range.
    func section(at index: Int) -> SnapshotSection<SectionID, Item>? {
      let sections = snapshot.sections
      return sections.indices.contains(index) ? sections[index] : nil
    }

    /// The index titles given by `provider`, each with the section it leads
    /// to (none for an empty section when `skippingEmptySections`); `nil`
    /// without a provider.
    func indexTitles(
      _ provider: ((SnapshotSection<SectionID, Item>) -> String?)?,
      skippingEmptySections: Bool = false
    ) -> [(title: String, section: Int)]? {
      guard let provider else { return nil }
      return snapshot.sections.enumerated().compactMap { index, section in
        if skippingEmptySections, section.items.isEmpty { return nil }
        return provider(section).map { (title: $0, section: index) }
      }
    }

    private func stateDidChange(to state: ContentState) {
      placeholder?.show(state)
      banner?.show(state)
      stateHandler?(state)
    }

    private func attach(_ view: ContentStateView?) {
      guard let view else { return }
      view.retryHandler = { [weak self] in self?.source.reload() }
      view.show(state)
    }

    #if canImport(UIKit) && !os(watchOS)
      /// Whether the data source, or else its `forwardingDelegate` (see
      /// ``TableViewDataSource`` and ``CollectionViewDataSource``), answers
      /// `aSelector`: the view's delegate calls it does not route go there.
      open override func responds(to aSelector: Selector!) -> Bool {
        super.responds(to: aSelector) || routes.forwardingDelegate?.responds(to: aSelector) == true
      }

      /// The `forwardingDelegate`, for a call the data source does not
      /// answer.
      open override func forwardingTarget(for aSelector: Selector!) -> Any? {
        guard let delegate = routes.forwardingDelegate, delegate.responds(to: aSelector) else {
          return super.forwardingTarget(for: aSelector)
        }
        return delegate
      }
    #endif
  }

  /// Forwards a renderer's updates to the view, except while ``absorbing``: a
  /// move the user made is being taken in, the view shows it already, so the
  /// updates it causes run their blocks (the renderer's snapshot follows)
  /// without reaching the view; the data source then decides whether the
  /// view needs a reload.
  @MainActor
  private final class UserMoveGuard: BatchUpdatingView, ScrollableListViewForwarding {
    private weak var view: (any BatchUpdatingView)?
    /// Whether updates are kept from the view.
    var absorbing = false

    init(view: any BatchUpdatingView) {
      self.view = view
    }

    var isInWindow: Bool { view?.isInWindow ?? false }

    /// The view, whose place the renderer keeps; none while a move is
    /// taken in (the view shows the move already, and nothing reaches it).
    var forwardedScrollableView: (any ScrollableListView)? {
      absorbing ? nil : view as? any ScrollableListView
    }

    func performBatch(
      animated: Bool, _ updates: @escaping () -> Void,
      completion: @escaping @MainActor (Bool) -> Void
    ) {
      guard !absorbing, let view else {
        updates()
        completion(true)
        return
      }
      view.performBatch(animated: animated, updates, completion: completion)
    }

    func issue<SectionID, Item>(_ batch: ChangeBatch<SectionID, Item>, itemUpdates: ItemUpdateStyle)
    {
      guard !absorbing else { return }
      view?.issue(batch, itemUpdates: itemUpdates)
    }

    func issue<SectionID, Item>(
      _ batch: ChangeBatch<SectionID, Item>, itemUpdates: ItemUpdateStyle,
      rowAnimation: UITableView.RowAnimation
    ) {
      guard !absorbing else { return }
      view?.issue(batch, itemUpdates: itemUpdates, rowAnimation: rowAnimation)
    }

    func reconfigure(itemsAt paths: [ItemPath], animated: Bool) {
      guard !absorbing else { return }
      view?.reconfigure(itemsAt: paths, animated: animated)
    }

    func reloadEverything() {
      guard !absorbing else { return }
      view?.reloadEverything()
    }
  }
#endif
