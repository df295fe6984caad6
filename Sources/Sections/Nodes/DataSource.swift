public import DataSourceGraphSections

/// A node of a data-source graph: something that holds sectioned items,
/// tells its observers how they change, and knows its content state.
///
/// Reads follow the questions a table view asks, and cost O(log *n*) or
/// less without building anything: ``numberOfSections``,
/// ``sectionID(at:)``, ``numberOfItems(inSection:)``, ``item(at:)``,
/// ``itemPath(for:)``. A whole section is read at once with
/// ``items(inSection:)`` (a leaf's stored array; a combinator's assembled
/// from its input's in one pass), and a whole ``snapshot`` is built on
/// demand from those reads (cheap for a leaf, O(*n*) for a combinator);
/// propagation never needs one.
///
/// When a node changes it first updates its own state; then every node
/// that reads it, directly or not, takes the change in, each once and
/// after all of its inputs (in order of height, as incremental-computation
/// engines do); then the observers are told, synchronously and in order,
/// with a ``DataSourceEvent``, before the call that made the change
/// returns. So an observer reading any node of the graph at that moment
/// sees it consistent with the change, and a change that reaches a node
/// along two paths reaches its observers as one batch. A change made
/// during delivery is queued and made after it (see ``ObserverList``).
///
/// ## Shapes of graph
/// Any acyclic graph works: a source may feed several nodes (the unread
/// and read sections of one inbox, "matching results, else everything"),
/// and paths may meet again in a composite, a fallback, a splice or a
/// segmented source. A node written outside the library takes part through
/// ``observe(_:)``: the nodes above it take its changes in when its
/// observers are told, after the nodes of the library, so keep such a node
/// at the bottom of the graph (over leaves of its own) for a change to
/// reach every node in one wave.
///
/// ## Isolation
/// Nodes are not `Sendable`: a graph lives in one isolation domain, usually
/// the main actor, or any single actor. What crosses domains are the values
/// it produces (snapshots, batches, states), which are `Sendable` when their
/// elements are.
///
/// The primary associated types let you store heterogeneous nodes:
/// `let parts: [any DataSource<String, Row>]`.
public protocol DataSource<SectionID, Item>: AnyObject {
  /// The identity of a section.
  associatedtype SectionID: Hashable
  /// An item: identified by `id`, compared with `==` to detect updates.
  associatedtype Item: Identifiable & Equatable

  /// The number of sections.
  var numberOfSections: Int { get }
  /// The identity of the section at `index`.
  func sectionID(at index: Int) -> SectionID
  /// The header and footer of the section at `index`.
  func supplements(ofSection index: Int) -> SectionSupplements
  /// The index of the section with identity `id`, if present.
  func sectionIndex(for id: SectionID) -> Int?
  /// The number of items in the section at `section`.
  func numberOfItems(inSection section: Int) -> Int
  /// The item at `path`.
  func item(at path: ItemPath) -> Item
  /// The items of the section at `section`, in order: what
  /// ``DataSourceGraphNodes/DataSource/item(at:)`` gives one by one, in one
  /// read.
  ///
  /// Combinators read their inputs through it when they rebuild and when
  /// they build a snapshot, so a node that holds its items, or can
  /// assemble them from its input's in one pass, should return them here:
  /// a leaf returns its stored items (shared, not copied: a long section
  /// stays in its chunks), a filter selects from its input's, a sort
  /// permutes them. A node of your own that has an array returns
  /// `SnapshotSection.Items(array)`, which shares the array's storage.
  /// The default reads the items one by one through
  /// ``DataSourceGraphNodes/DataSource/item(at:)``.
  ///
  /// - Complexity: O(*m*) for a section of *m* items in the library's
  ///   nodes (O(1) for a leaf and the nodes that pass a section on as it
  ///   is); O(*m* log *n*) by default.
  func items(inSection section: Int) -> SnapshotSection<SectionID, Item>.Items
  /// The path of the item with identity `id`, if present.
  func itemPath(for id: Item.ID) -> ItemPath?

  /// The whole content as a value.
  var snapshot: Snapshot<SectionID, Item> { get }
  /// Whether the node has content to show; the loading state is built on it.
  /// By default, whether it has at least one item.
  var hasContent: Bool { get }
  /// The node's content state (see <doc:LoadingState>).
  var contentState: ContentState { get }

  /// A name for the node that people read: what a combinator's state, its
  /// errors and a renderer call the node when it is one of several
  /// children ("Archive: The server is offline." rather than "child 1: …").
  ///
  /// ```swift
  /// let archive = MutableDataSource<String, Mail>(name: "Archive")
  /// archive.filter { !$0.isRead }.name  // "Archive": a filter reports its input's
  /// ```
  ///
  /// A leaf has the name it was given; a combinator over one input (filter,
  /// map, sort, flatten, remove-empty, switchable; a fallback its
  /// primary's, a splice its base's, a segmented source its selected
  /// child's) reports that input's name unless it was given its own; a
  /// composite has only its own. The default is `nil`: the node is then
  /// called by its index ("child 1", "part 2").
  ///
  /// A combinator reads its children's names when it resolves its state,
  /// so name a node before it is composed: a rename alone emits nothing,
  /// and shows in a combinator's state at its next change.
  var name: String? { get }

  /// Starts a new load of the content, if the node knows how: a leaf with a
  /// loader runs it again; a combinator reloads its children (a
  /// pull-to-refresh of a whole screen). The default does nothing.
  func reload()

  /// Runs `body` once the loads under way in this node have settled: at
  /// once if none is running. AdvancedCollectionView's `whenLoaded:`, on
  /// every node, so a whole screen can be waited for.
  ///
  /// A leaf waits for its current load (succeeded, failed, cancelled or
  /// reset); a combinator over one input waits for its input; a composite,
  /// a splice and a fallback wait for every input; a segmented source for
  /// its selected child; a disabled switch shows nothing and does not
  /// wait. Each input is waited for once: a load that starts after an
  /// input has settled is not waited for. `body` runs after the observers
  /// were told of the final state.
  ///
  /// The default, for nodes written outside the library, waits until the
  /// node's ``contentState`` is neither `ContentState.loading` nor
  /// `ContentState.refreshing`.
  func whenLoaded(_ body: @escaping () -> Void)

  /// Starts telling `handler` about every change until the returned token
  /// is cancelled or released.
  func observe(_ handler: @escaping (DataSourceEvent<SectionID, Item>) -> Void) -> ObservationToken
}

/// What a data source tells its observers.
public enum DataSourceEvent<SectionID: Hashable, Item: Identifiable> {
  /// The content changed; the change takes the previous content to the
  /// current one.
  case changed(SnapshotChange<SectionID, Item>)
  /// The content state changed from `old` to the current ``DataSource/contentState``.
  case stateChanged(old: ContentState, new: ContentState)
}

extension DataSourceEvent: Sendable
where SectionID: Sendable, Item: Sendable, Item.ID: Sendable {}

extension DataSource {
  /// No name: a node that does not implement ``name`` is called by its
  /// index among its siblings.
  public var name: String? { nil }

  /// Does nothing: a node without a loader has nothing to reload.
  public func reload() {}

  /// Runs `body` once ``contentState`` is neither loading nor refreshing:
  /// at once if it is not, otherwise after the observers are told of the
  /// state change that ends the load, or when the node is released.
  public func whenLoaded(_ body: @escaping () -> Void) {
    guard contentState.isLoadingOrRefreshing else { return body() }
    let waiter = StateWaiter(body)
    waiter.token = observe { event in
      guard case .stateChanged(_, let new) = event, !new.isLoadingOrRefreshing else { return }
      waiter.finish()
    }
  }

  /// Returns once the loads under way in this node have settled; at once if
  /// none is running. See ``whenLoaded(_:)``.
  ///
  /// ```swift
  /// screen.reload()
  /// await screen.loaded()   // every leaf the screen shows has answered
  /// ```
  ///
  /// A load whose answer never comes keeps the caller waiting; a reset or
  /// the release of the leaf ends the wait.
  ///
  /// - Parameter isolation: The actor the node lives on; the caller's, by
  ///   default.
  public func loaded(isolation: isolated (any Actor)? = #isolation) async {
    await withCheckedContinuation(isolation: isolation) { continuation in
      whenLoaded { continuation.resume() }
    }
  }

  /// Reloads the node (``reload()``: a combinator reloads the leaves it
  /// shows) and returns once the loads have settled: a pull-to-refresh that
  /// can be awaited.
  ///
  /// ```swift
  /// await screen.refresh()
  /// print(screen.contentState)   // content, empty, error…: not loading
  /// ```
  ///
  /// - Parameter isolation: The actor the node lives on; the caller's, by
  ///   default.
  public func refresh(isolation: isolated (any Actor)? = #isolation) async {
    reload()
    await loaded(isolation: isolation)
  }

  /// Whether at least one section has an item.
  ///
  /// - Complexity: O(*s*) in the number of sections in the worst case.
  public var hasContent: Bool {
    for section in 0..<numberOfSections where numberOfItems(inSection: section) > 0 {
      return true
    }
    return false
  }

  /// The total number of items.
  ///
  /// - Complexity: O(*s*), where *s* is the number of sections.
  public var numberOfItems: Int {
    (0..<numberOfSections).reduce(0) { $0 + numberOfItems(inSection: $1) }
  }

  /// The items of the section at `section`, read one by one through
  /// ``DataSourceGraphNodes/DataSource/item(at:)``: the default for a node
  /// that cannot do better.
  ///
  /// - Complexity: O(*m* log *n*), where *m* is the section's length.
  public func items(inSection section: Int) -> SnapshotSection<SectionID, Item>.Items {
    SnapshotSection<SectionID, Item>.Items(
      (0..<numberOfItems(inSection: section)).map { item(at: ItemPath(section: section, item: $0)) }
    )
  }

  /// The section at `index` with its identity, supplements and items, read
  /// through the read methods (the items in one bulk read).
  ///
  /// - Complexity: The node's bulk read of the section: O(*m*) for the
  ///   library's nodes, where *m* is the section's length.
  public func section(at index: Int) -> SnapshotSection<SectionID, Item> {
    let supplements = supplements(ofSection: index)
    return SnapshotSection(
      id: sectionID(at: index), supplements: supplements, items: items(inSection: index))
  }

  /// A snapshot assembled through the read methods, each section's items
  /// in one read (``DataSourceGraphNodes/DataSource/items(inSection:)``);
  /// combinators use it as their
  /// ``DataSourceGraphNodes/DataSource/snapshot``.
  ///
  /// A graph of the library's nodes (over leaves, composites and the
  /// combinators that pass items along) cannot show an identity twice:
  /// its snapshot builds its identity table on the first read by identity
  /// (`Snapshot.itemPath(for:)`), not here, so a renderer that reads by
  /// position never pays for it. Any other node's snapshot is built as
  /// `Snapshot.init(sections:)` builds one, repeats dropped.
  ///
  /// - Complexity: O(*n*) in the number of items, plus the bulk reads; the
  ///   identity table, expected O(*n*), is built here only for a node that
  ///   could repeat an identity.
  public func readSnapshot() -> Snapshot<SectionID, Item> {
    let sections = (0..<numberOfSections).map(section(at:))
    return hasUniqueIdentities ? Snapshot(uniqueSections: sections) : Snapshot(sections: sections)
  }
}

/// A wait of the default ``DataSource/whenLoaded(_:)``: held by its own
/// observation of the node until the wait ends; if the node is released
/// first (and its observers with it), the wait ends then.
private final class StateWaiter {
  var token: ObservationToken?
  private var body: (() -> Void)?

  init(_ body: @escaping () -> Void) { self.body = body }

  /// Ends the wait: `body` runs after the delivery under way.
  func finish() {
    guard let body else { return }
    self.body = nil
    token?.cancel()
    token = nil
    DeliveryWave.afterDelivery(body)
  }

  deinit { body?() }
}

extension ContentState {
  /// Whether a load is running: ``loading``, ``refreshing``, or a
  /// ``partial(_:)`` state whose children with content are refreshing.
  package var isLoadingOrRefreshing: Bool {
    switch self {
    case .loading, .refreshing: true
    case .partial(let partial): partial.isRefreshing
    default: false
    }
  }
}
