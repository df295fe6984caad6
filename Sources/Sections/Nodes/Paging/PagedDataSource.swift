public import DataSourceGraphSections

/// A leaf that loads its items page by page, for an infinite scroll: the
/// first page is the source's load, and "load the next page" appends the
/// next one with an exact batch of inserts.
///
/// ```swift
/// let feed = PagedDataSource<String, Post, Int>(section: "feed") { offset in
///   let posts = try await api.posts(offset: offset ?? 0, limit: 50)
///   return Page(items: posts, next: posts.count < 50 ? nil : (offset ?? 0) + posts.count)
/// }
/// feed.load()                                   // the first page
/// feed.loadNextPageIfNeeded(showing: post.id)   // from the cell of `post`
/// ```
///
/// The items form one section, ``sectionID``. The source takes part in a
/// graph as any leaf does: combinators over it see pages arrive as inserts.
///
/// ## Pages
/// - One page request is in flight at a time: ``loadNextPage()`` does
///   nothing while a page, or the first page, is loading, or after the last
///   page (``PagingState/complete``).
/// - ``reload()`` starts over from the first page, as a pull-to-refresh
///   does: the pages shown stay visible (the state is
///   `ContentState.refreshing`) until the first page answers, which then
///   replaces them all with one minimal batch. A page request in flight is
///   dropped (its task cancelled), and so is its answer.
/// - ``reset()`` empties the source; every request in flight is dropped.
/// - An item whose identity is already shown is left out of a later page
///   (offset pagination over changing data repeats items).
///
/// ## Asking while rows arrive
/// Calling the paging methods from a cell provider, an observer, a
/// renderer or a `whenLoaded` body is the normal case: a cell provider
/// asks for the next page as the rows of a page are being shown. Each call
/// takes its place in line, in the order calls and answers were made:
/// - A page's rows, its cursor and ``pagingState`` change together, before
///   any observer hears of the page: what an observer reads is what the
///   page left.
/// - A request (``loadNextPage()``, ``loadNextPageIfNeeded(showing:within:)``)
///   made while observers are being told of a change is made right after
///   that delivery, with the state and the cursor of that moment; one that
///   the state then forbids (a refresh loading, the last page shown) is not
///   made.
/// - ``reload()``, ``reset()`` and ``load(isolation:)`` asked for then are
///   made after the delivery too, but the requests they drop are obsolete
///   at once: an answer given after the call returns `false`, and one given
///   before it is applied first.
/// - Callers of ``whenLoaded(_:)`` resume after observers heard the final
///   state.
///
/// ## State
/// ``contentState`` is that of the first page's load, so an aggregate over
/// the source (a composite's `ContentState.partial(_:)`, say) is what it
/// is for any leaf, and a next page that is loading or failed never makes
/// the screen loading or an error. What to draw at the bottom of the list is
/// ``pagingState``, which ``observePaging(_:)`` reports.
///
/// ``whenLoaded(_:)`` (and so `loaded()`) waits for the first page's load
/// and for a next page in flight.
public final class PagedDataSource<SectionID: Hashable, Item: Identifiable & Equatable, Cursor>:
  DataSource
{
  /// Holds the pages: its loads, edits and batches are the source's.
  let storage: MutableDataSource<SectionID, Item>
  /// The identity of the one section.
  public let sectionID: SectionID
  /// The section's header title.
  public let header: String?
  /// The section's footer title.
  public let footer: String?
  private let loadPage: (PageRequest<SectionID, Item, Cursor>) -> Void
  /// What to draw at the bottom of the list.
  public private(set) var pagingState = PagingState.notLoaded
  /// The number of pages shown: 0 before the first page, 1 after it (and
  /// after each refresh), one more per next page.
  public private(set) var pageCount = 0
  /// The cursor of the next page, once a page said there is one.
  private var nextCursor: Cursor?
  /// Bumped by every refresh and reset: an answer for an older one is
  /// dropped.
  private var generation: UInt64 = 0
  /// The number of the next-page request in flight, if any.
  private var pageInFlight: UInt64?
  private var pageRequests: UInt64 = 0
  /// Answers to next-page requests up to this number are refused: a
  /// refresh or a reset was asked for during a delivery and waits for it.
  private var refusedPagesThrough: UInt64 = 0
  /// Cancels the task of the next page in flight (an `async` loader's).
  private var cancelPage: (@Sendable () -> Void)?
  private var pageWaiters: [() -> Void] = []
  private let pagingObservers = ObserverList<PagingState>()

  /// Creates an empty paged source whose pages come from a callback-style
  /// loader: `loadPage` starts the work for a ``PageRequest`` and answers
  /// through it.
  ///
  /// - Parameters:
  ///   - section: The identity of the one section.
  ///   - header: The section's header title.
  ///   - footer: The section's footer title.
  ///   - name: The name a combinator's state calls the source by.
  ///   - loadPage: Starts loading a page: the first (``PageRequest/cursor``
  ///     `nil`) or the next.
  public init(
    section: SectionID, header: String? = nil, footer: String? = nil, name: String? = nil,
    loadPage: @escaping (PageRequest<SectionID, Item, Cursor>) -> Void
  ) {
    storage = MutableDataSource(name: name)
    sectionID = section
    self.header = header
    self.footer = footer
    self.loadPage = loadPage
  }

  deinit { cancelPage?() }

  // MARK: Reads: the pages

  /// The name a combinator's state calls the source by.
  public var name: String? {
    get { storage.name }
    set { storage.name = newValue }
  }
  public var numberOfSections: Int { storage.numberOfSections }
  public func sectionID(at index: Int) -> SectionID { storage.sectionID(at: index) }
  public func supplements(ofSection index: Int) -> (header: String?, footer: String?) {
    storage.supplements(ofSection: index)
  }
  public func sectionIndex(for id: SectionID) -> Int? { storage.sectionIndex(for: id) }
  public func numberOfItems(inSection section: Int) -> Int {
    storage.numberOfItems(inSection: section)
  }
  public func item(at path: ItemPath) -> Item { storage.item(at: path) }
  public func itemPath(for id: Item.ID) -> ItemPath? { storage.itemPath(for: id) }
  public var snapshot: Snapshot<SectionID, Item> { storage.snapshot }
  public var hasContent: Bool { storage.hasContent }
  /// The state of the first page's load: loading, content, empty, error,
  /// refreshing while a refresh runs over the pages shown. Next pages do
  /// not change it (see ``pagingState``).
  public var contentState: ContentState { storage.contentState }
  public func observe(_ handler: @escaping (DataSourceEvent<SectionID, Item>) -> Void)
    -> ObservationToken
  {
    storage.observe(handler)
  }

  /// Starts telling `handler` of every change of ``pagingState``, after the
  /// batch of the page that caused it, until the token is cancelled or
  /// released.
  public func observePaging(_ handler: @escaping (PagingState) -> Void) -> ObservationToken {
    pagingObservers.add(handler)
  }

  // MARK: Loading

  /// Loads the first page.
  ///
  /// The state becomes `ContentState.loading` (or
  /// `ContentState.refreshing` over the pages shown) and the loader is
  /// asked for the page with a `nil` cursor. Its answer replaces the
  /// content with one minimal batch. Any page request in flight is dropped.
  ///
  /// - Parameter isolation: The actor the source lives on, where a later
  ///   ``reload()`` schedules its load; the caller's, by default.
  public func load(isolation: isolated (any Actor)? = #isolation) {
    if DeliveryWave.isDelivering { refusePageInFlight() }
    storage.load(isolation: isolation) { [weak self] token in self?.requestFirstPage(token) }
  }

  /// Starts over from the first page while the pages shown stay visible
  /// (see ``load(isolation:)``); before a first ``load(isolation:)``,
  /// does nothing.
  public func reload() {
    if DeliveryWave.postpone({ self.reload() }) {
      if storage.coordinator.restart != nil {
        storage.coordinator.refuseAnswers()
        refusePageInFlight()
      }
      return
    }
    guard storage.coordinator.restart != nil else { return }
    storage.reload()
    startOver()
  }

  /// Goes back to no page: the content becomes empty (one batch of
  /// deletes), ``pagingState`` ``PagingState/notLoaded``, and every request
  /// in flight is dropped. The loader is kept for a later ``reload()``.
  public func reset() {
    if DeliveryWave.postpone({ self.reset() }) {
      storage.coordinator.refuseAnswers()
      refusePageInFlight()
      return
    }
    // One change: observers hear the content, the state and the paging
    // state together, and the waiters resume after them.
    DeliveryWave.deliver {
      nextCursor = nil
      pageCount = 0
      storage.reset()
      startOver()
      setPagingState(.notLoaded)
    }
  }

  /// Requests the next page, if there is one and no request is in flight:
  /// ``pagingState`` becomes ``PagingState/loadingMore``, and the loader
  /// is asked for the page at the cursor the last page gave. After a
  /// failure (``PagingState/failed(_:)``) this retries.
  ///
  /// Does nothing before the first page, while the first page or a refresh
  /// is loading, while a page is in flight, or after the last page.
  ///
  /// - Complexity: O(1), plus what the loader does at once.
  public func loadNextPage() {
    if DeliveryWave.postpone({ self.loadNextPage() }) { return }
    guard pagingState.canLoadMore, pageInFlight == nil, !storage.phase.isLoading,
      let cursor = nextCursor
    else { return }
    pageRequests &+= 1
    let id = pageRequests
    // One change: the loader is asked before observers hear `loadingMore`,
    // so nothing they ask for can come between.
    DeliveryWave.deliver {
      pageInFlight = id
      setPagingState(.loadingMore)
      loadPage(PageRequest(source: self, kind: .next(id), cursor: cursor))
    }
  }

  /// Requests the next page when the item with identity `id` is within
  /// `distance` items of the end: call it as a cell is shown (a cell
  /// provider, `willDisplay`, `onAppear`), so the next page loads before
  /// the user reaches the bottom.
  ///
  /// ```swift
  /// feed.loadNextPageIfNeeded(showing: post.id)
  /// ```
  ///
  /// Identities pass through combinators that keep them (filter, sort,
  /// map, composite…), so the item a screen shows can be used as is.
  ///
  /// - Parameters:
  ///   - id: The identity of an item being shown.
  ///   - distance: How close to the end the item must be; 5 by default.
  /// - Complexity: O(1) on average.
  public func loadNextPageIfNeeded(showing id: Item.ID, within distance: Int = 5) {
    if DeliveryWave.postpone({ self.loadNextPageIfNeeded(showing: id, within: distance) }) {
      return
    }
    guard pagingState.canLoadMore, let path = storage.itemPath(for: id) else { return }
    guard path.item >= storage.numberOfItems(inSection: path.section) - 1 - distance else {
      return
    }
    loadNextPage()
  }

  /// Runs `body` once the first page's load (or refresh) and the next page
  /// in flight, if any, have settled: at once if neither is loading.
  public func whenLoaded(_ body: @escaping () -> Void) {
    storage.whenLoaded { [weak self] in
      guard let self, self.pageInFlight != nil else { return body() }
      self.pageWaiters.append(body)
    }
  }

  // MARK: Answers

  /// Whether the next-page request `id` is the one in flight and its
  /// answer would be taken.
  func isCurrentPageRequest(_ id: UInt64) -> Bool {
    pageInFlight == id && id > refusedPagesThrough
  }

  /// Refuses from now on the answer to the next page in flight: a request
  /// that drops it (a load, a refresh, a reset) was made during a delivery
  /// and waits for it. An answer taken before still comes first.
  private func refusePageInFlight() {
    refusedPagesThrough = pageRequests
  }

  /// Records how to cancel the task of next-page request `id`.
  func track(_ id: UInt64, cancel: @escaping @Sendable () -> Void) {
    guard pageInFlight == id else { return cancel() }
    cancelPage = cancel
  }

  /// Takes the answer of a request if it is current; see ``PageRequest``.
  func answer(
    _ kind: PageRequest<SectionID, Item, Cursor>.Kind,
    with result: Result<Page<Item, Cursor>, any Error>
  ) -> Bool {
    switch kind {
    case .first(let token): answerFirstPage(token, with: result)
    case .next(let id): answerNextPage(id, with: result)
    }
  }

  private func requestFirstPage(_ token: LoadToken<SectionID, Item>) {
    DeliveryWave.deliver {
      startOver()
      loadPage(PageRequest(source: self, kind: .first(token), cursor: nil))
    }
  }

  /// Drops the next page in flight: a refresh or a reset came. Whoever
  /// waited for that page waits for the refresh instead.
  private func startOver() {
    generation &+= 1
    cancelPage?()
    cancelPage = nil
    guard pageInFlight != nil else { return }
    pageInFlight = nil
    setPagingState(nextCursor == nil ? .notLoaded : .hasMore)
    let waiters = pageWaiters
    pageWaiters.removeAll()
    // After the observers heard the change that dropped the page.
    DeliveryWave.afterDelivery { [weak self] in
      for waiter in waiters {
        if let self { self.whenLoaded(waiter) } else { waiter() }
      }
    }
  }

  private func answerFirstPage(
    _ token: LoadToken<SectionID, Item>, with result: Result<Page<Item, Cursor>, any Error>
  ) -> Bool {
    let page: Page<Item, Cursor>
    switch result {
    case .success(let success): page = success
    case .failure(let error) where error is CancellationError:
      // The load goes back to where it was, as a cancelled load does.
      guard storage.coordinator.claimAnswer(token.ticket) else { return false }
      storage.abandonClaimedLoad(token.ticket)
      return true
    case .failure(let error): return token.fail(error)
    }
    let section = SnapshotSection(
      id: sectionID, header: header, footer: footer, items: Self.unique(page.items))
    // The cursor and the paging state change with the content, in one
    // change: an observer told of the page (a cell provider asking for
    // the next one) reads them as the page left them.
    return storage.completeLoad(
      token.ticket, in: .loaded, content: Snapshot(sections: [section]),
      alongside: { [weak self] in
        guard let self else { return }
        self.nextCursor = page.next
        self.pageCount = 1
        self.setPagingState(page.next == nil ? .complete : .hasMore)
      })
  }

  private func answerNextPage(_ id: UInt64, with result: Result<Page<Item, Cursor>, any Error>)
    -> Bool
  {
    guard isCurrentPageRequest(id) else { return false }
    pageInFlight = nil
    cancelPage = nil
    let generation = self.generation
    let apply = { [weak self] in
      // Taken before any refresh or reset was asked for, the answer comes
      // first; this guards against a source started over another way.
      guard let self, self.generation == generation else { return }
      // One change: the rows, the cursor and the paging state together.
      DeliveryWave.deliver { self.apply(result) }
      DeliveryWave.afterDelivery { [weak self] in self?.runPageWaiters() }
    }
    if !DeliveryWave.postpone(apply) { apply() }
    return true
  }

  /// Applies the answer to a next page.
  private func apply(_ result: Result<Page<Item, Cursor>, any Error>) {
    switch result {
    case .success(let page):
      if storage.numberOfSections > 0 {
        storage.append(page.items, toSection: storage.numberOfSections - 1)
      }
      nextCursor = page.next
      pageCount += 1
      setPagingState(page.next == nil ? .complete : .hasMore)
    case .failure(let error) where error is CancellationError:
      setPagingState(.hasMore)
    case .failure(let error):
      setPagingState(.failed(error))
    }
  }

  /// Records `state` and tells the paging observers, unless it is the
  /// state already reported (a failure is always reported).
  private func setPagingState(_ state: PagingState) {
    switch (pagingState, state) {
    case (.notLoaded, .notLoaded), (.hasMore, .hasMore), (.loadingMore, .loadingMore),
      (.complete, .complete):
      return
    default:
      pagingState = state
      DeliveryWave.deliver { pagingObservers.send(state) }
    }
  }

  private func runPageWaiters() {
    while pageInFlight == nil, !pageWaiters.isEmpty {
      pageWaiters.removeFirst()()
    }
  }

  /// The items with their first occurrence of each identity.
  private static func unique(_ items: [Item]) -> [Item] {
    var seen = Set<Item.ID>()
    return items.filter { seen.insert($0.id).inserted }
  }
}

extension PagedDataSource: GraphNode {
  package var propagationHeight: Int { 0 }
  package func addDependent(
    _ node: any PropagationNode,
    handler: @escaping (DataSourceEvent<SectionID, Item>) -> Void
  ) -> ObservationToken {
    storage.addDependent(node, handler: handler)
  }
}
