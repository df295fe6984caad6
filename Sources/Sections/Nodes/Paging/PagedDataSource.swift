public import DataSourceGraphSections

/// A leaf that loads its items page by page, for an infinite scroll: the
/// first page is the source's load, "load the next page" appends the next
/// one with an exact batch of inserts, and "load the previous page" inserts
/// the one before at the top, for a list that opens in the middle.
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
/// - One page request is in flight at each end at a time:
///   ``loadNextPage()`` does nothing while a next page, or the first page,
///   is loading, or after the last page (``PagingState/complete``).
/// - A list that opens in the middle (a chat at its first unread message)
///   answers the first page with a ``Page/previous`` cursor as well:
///   ``loadPreviousPage()`` and ``loadPreviousPageIfNeeded(showing:within:)``
///   load earlier pages, each inserted above the first item with one exact
///   batch of inserts. The top pages on its own, by the same rules as the
///   bottom: its state is ``previousPagingState``, reported by
///   ``observePreviousPaging(_:)``; an earlier and a next page may be in
///   flight together.
/// - ``reload()`` starts over from the first page, as a pull-to-refresh
///   does: the pages shown stay visible (the state is
///   `ContentState.refreshing`) until the first page answers, which then
///   replaces them all with one minimal batch. The page requests in flight
///   at both ends are dropped (their tasks cancelled), and so are their
///   answers.
/// - ``reset()`` empties the source; every request in flight is dropped.
/// - An item whose identity is shown already keeps its place when a later
///   or an earlier page brings it again (offset pagination over changing
///   data repeats items), and takes the page's value.
///
/// ## Edits and loaders
/// The pages shown take local edits (``insert(_:at:)``, ``append(_:)``,
/// ``update(_:)-([Item])``, ``deleteItems(withIDs:)``, ``moveItem(from:to:)``,
/// ``perform(_:)``), each one exact batch, under stated rules for the pages
/// in flight (see the edits). A load may bring a new loader
/// (``load(isolation:loadPage:)``, and the `async` `load(isolation:fetchPage:)`),
/// which loads every page from then on: a search field's new query, a
/// filter the user chose.
///
/// ## Asking while rows arrive
/// Calling the paging methods from a cell provider, an observer, a
/// renderer or a `whenLoaded` body is the normal case: a cell provider
/// asks for the next page as the rows of a page are being shown. Each call
/// takes its place in line, in the order calls and answers were made:
/// - A page's rows, its cursor and the paging state of its end change
///   together, before any observer hears of the page: what an observer
///   reads is what the page left.
/// - A request (``loadNextPage()``, ``loadNextPageIfNeeded(showing:within:)``
///   and their previous-page forms) made while observers are being told of
///   a change is made right after that delivery, with the state and the
///   cursor of that moment; one that the state then forbids (a refresh
///   loading, the last page shown) is not made.
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
/// is for any leaf, and a next or an earlier page that is loading or failed
/// never makes the screen loading or an error. What to draw at the bottom
/// of the list is ``pagingState``, which ``observePaging(_:)`` reports; at
/// the top, ``previousPagingState``.
///
/// ``whenLoaded(_:)`` (and so `loaded()`) waits for the first page's load
/// and for the pages in flight at both ends.
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
  /// Starts the work for a request; `nil` until a loader is given (at
  /// init, or by a load that brings one).
  var loader: ((PageRequest<SectionID, Item, Cursor>) -> Void)?
  /// The top of the list, where earlier pages arrive.
  var top = PagingEdge<Cursor>()
  /// The bottom of the list, where next pages arrive.
  var bottom = PagingEdge<Cursor>()
  /// The number of pages shown: 0 before the first page, 1 after it (and
  /// after each refresh), one more per next or earlier page.
  public internal(set) var pageCount = 0
  /// Bumped by every refresh and reset: an answer for an older one is
  /// dropped.
  var generation: UInt64 = 0
  /// The number of the newest request for a next or an earlier page.
  var pageRequests: UInt64 = 0
  /// Whether a load, a refresh or a reset was asked for during a delivery
  /// and waits for it: every page request in flight until then, even one
  /// made in the meantime (asked for before it), is obsolete, so answers
  /// to next and earlier pages are refused.
  var startOverAsked = false
  var pageWaiters: [() -> Void] = []
  /// The identities deleted while a request was in flight: its answer
  /// leaves them out (see the edits). Emptied once no answer is awaited.
  var deletedWhileLoading: Set<Item.ID> = []
  /// The answers to next and earlier pages taken and not yet applied (an
  /// answer given during a delivery is applied after it).
  var pageAnswersToApply = 0

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
  ///     `nil`), a next one or an earlier one
  ///     (``PageRequest/isPreviousPage``).
  @inlinable
  public convenience init(
    section: SectionID, header: String? = nil, footer: String? = nil, name: String? = nil,
    loadPage: @escaping (PageRequest<SectionID, Item, Cursor>) -> Void
  ) {
    self.init(
      section: section, header: header, footer: footer, loader: loadPage,
      storage: MutableDataSource(name: name))
  }

  /// Creates an empty paged source with no loader yet: a load that brings
  /// one (``load(isolation:fetchPage:)``, ``load(isolation:loadPage:)``)
  /// gives it, as a search screen does with each new query.
  ///
  /// ```swift
  /// let results = PagedDataSource<String, Hit, Int>(section: "results")
  /// results.load { offset in try await api.search(query, offset: offset ?? 0) }
  /// ```
  ///
  /// Until then ``load(isolation:)``, ``reload()`` and the page requests do
  /// nothing.
  ///
  /// - Parameters:
  ///   - section: The identity of the one section.
  ///   - header: The section's header title.
  ///   - footer: The section's footer title.
  ///   - name: The name a combinator's state calls the source by.
  @inlinable
  public convenience init(
    section: SectionID, header: String? = nil, footer: String? = nil, name: String? = nil
  ) {
    self.init(
      section: section, header: header, footer: footer, loader: nil,
      storage: MutableDataSource(name: name))
  }

  /// Creates an empty paged source whose pages `storage` holds, made by
  /// the inlinable initializers in the caller's module, so that its diffs
  /// (an edit of the pages' items) run specialized for the item type.
  @usableFromInline
  package init(
    section: SectionID, header: String?, footer: String?,
    loader: ((PageRequest<SectionID, Item, Cursor>) -> Void)?,
    storage: MutableDataSource<SectionID, Item>
  ) {
    self.storage = storage
    sectionID = section
    self.header = header
    self.footer = footer
    self.loader = loader
  }

  deinit {
    top.cancel?()
    bottom.cancel?()
  }

  // MARK: Reads: the pages' leaf's (the item reads too, by `ReadThroughNode`)

  /// The name a combinator's state calls the source by.
  public var name: String? {
    get { storage.name }
    set { storage.name = newValue }
  }
  /// The state of the first page's load: loading, content, empty, error,
  /// refreshing while a refresh runs over the pages shown. Next and earlier
  /// pages do not change it (see ``pagingState`` and
  /// ``previousPagingState``).
  public var contentState: ContentState { storage.contentState }
  public func observe(_ handler: @escaping (DataSourceEvent<SectionID, Item>) -> Void)
    -> ObservationToken
  {
    storage.observe(handler)
  }

  /// What to draw at the bottom of the list: whether next pages exist, are
  /// loading, failed, or the end of the data is shown.
  public var pagingState: PagingState { bottom.state }

  /// What to draw at the top of the list: whether earlier pages exist, are
  /// loading, failed, or the start of the data is shown. A list that opens
  /// at its start (a first page with no ``Page/previous`` cursor) is
  /// ``PagingState/complete`` here once the first page is shown.
  public var previousPagingState: PagingState { top.state }

  /// Starts telling `handler` of every change of ``pagingState``, after the
  /// batch of the page that caused it, and of the state every first page
  /// leaves (a refresh that empties a complete list is reported too),
  /// until the token is cancelled or released.
  public func observePaging(_ handler: @escaping (PagingState) -> Void) -> ObservationToken {
    bottom.observers.add(handler)
  }

  /// Starts telling `handler` of every change of ``previousPagingState``,
  /// after the batch of the page that caused it, and of the state every
  /// first page leaves, until the token is cancelled or released.
  public func observePreviousPaging(_ handler: @escaping (PagingState) -> Void)
    -> ObservationToken
  {
    top.observers.add(handler)
  }

  /// The end of the list that pages in `direction` arrive at.
  subscript(edge direction: PageDirection) -> PagingEdge<Cursor> {
    get { direction == .next ? bottom : top }
    set {
      if direction == .next { bottom = newValue } else { top = newValue }
    }
  }

  /// Whether a next or an earlier page is in flight.
  var hasPageInFlight: Bool { top.inFlight != nil || bottom.inFlight != nil }

  // MARK: Loading

  /// Loads the first page.
  ///
  /// The state becomes `ContentState.loading` (or
  /// `ContentState.refreshing` over the pages shown) and the loader is
  /// asked for the page with a `nil` cursor. Its answer replaces the
  /// content with one minimal batch. Every request in flight is dropped
  /// (the tasks of an `async` loader cancelled) before any observer hears
  /// of the new state, so nothing an observer answers then is taken.
  /// Without a loader, does nothing.
  ///
  /// - Parameter isolation: The actor the source lives on, where a later
  ///   ``reload()`` schedules its load; the caller's, by default.
  public func load(isolation: isolated (any Actor)? = #isolation) {
    startFirstPage(home: NodeActor(isolation), loader: nil)
  }

  /// Loads the first page with a callback-style loader that from now on
  /// loads every page, in place of the one before: a new search query, a
  /// filter, a sort order. Everything in flight is dropped, as
  /// ``load(isolation:)`` drops it, and the pages start over from the
  /// first.
  ///
  /// ```swift
  /// results.load { request in
  ///   api.search(query, offset: request.cursor ?? 0) { request.finish($0) }
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - isolation: The actor the source lives on, where a later
  ///     ``reload()`` schedules its load; the caller's, by default.
  ///   - loadPage: Starts loading a page; see ``init(section:header:footer:name:loadPage:)``.
  public func load(
    isolation: isolated (any Actor)? = #isolation,
    loadPage: @escaping (PageRequest<SectionID, Item, Cursor>) -> Void
  ) {
    startFirstPage(home: NodeActor(isolation), loader: loadPage)
  }

  /// Starts the first page's load, with `newLoader` as the loader from now
  /// on when given. During a delivery, it is made after it, and the pages
  /// in flight are refused from now on.
  func startFirstPage(
    home: NodeActor?, loader newLoader: ((PageRequest<SectionID, Item, Cursor>) -> Void)?
  ) {
    if storage.coordinator.postponeRequest({ self.startFirstPage(home: home, loader: newLoader) }) {
      refusePagesInFlight()
      return
    }
    if let newLoader { loader = newLoader }
    guard loader != nil else { return }
    // One change: the pages in flight are dropped before any observer
    // hears of the load, so nothing it answers or asks for comes between.
    DeliveryWave.deliver {
      startOver()
      storage.startLoad(home: home) { [weak self] token in self?.requestFirstPage(token) }
    }
  }

  /// Starts over from the first page while the pages shown stay visible
  /// (see ``load(isolation:)``); before a first ``load(isolation:)``,
  /// does nothing.
  public func reload() {
    if storage.coordinator.restart == nil {
      // Nothing to refuse; a load asked for before may install a loader.
      if DeliveryWave.postpone({ self.reload() }) { return }
    } else if storage.coordinator.postponeRequest({ self.reload() }) {
      refusePagesInFlight()
      return
    }
    guard storage.coordinator.restart != nil else { return }
    // One change: the pages in flight are dropped before any observer
    // hears of the refresh, so nothing it answers or asks for comes
    // between.
    DeliveryWave.deliver {
      storage.reload()
      startOver()
    }
  }

  /// Goes back to no page: the content becomes empty (one batch of
  /// deletes), ``pagingState`` and ``previousPagingState``
  /// ``PagingState/notLoaded``, and every request in flight is dropped.
  /// The loader is kept for a later ``reload()``.
  public func reset() {
    if storage.coordinator.postponeRequest({ self.reset() }) {
      refusePagesInFlight()
      return
    }
    // One change: observers hear the content, the state and the paging
    // states together, and the waiters resume after them.
    DeliveryWave.deliver {
      top.cursor = nil
      bottom.cursor = nil
      pageCount = 0
      deletedWhileLoading.removeAll()
      storage.reset()
      startOver()
      setPagingState(.notLoaded, at: .next)
      setPagingState(.notLoaded, at: .previous)
    }
  }

  /// Runs `body` once the first page's load (or refresh) and the pages in
  /// flight, next and earlier, have settled: at once if none is loading.
  public func whenLoaded(_ body: @escaping () -> Void) {
    storage.whenLoaded { [weak self] in
      guard let self, self.hasPageInFlight else { return body() }
      self.pageWaiters.append(body)
    }
  }

  /// Refuses from now on the answers to the pages in flight, and to those
  /// made until the start-over: a request that drops them (a load, a
  /// refresh, a reset) was made during a delivery and waits for it. An
  /// answer taken before still comes first.
  private func refusePagesInFlight() {
    startOverAsked = true
  }

  private func requestFirstPage(_ token: LoadToken<SectionID, Item>) {
    DeliveryWave.deliver {
      startOver()
      loader?(PageRequest(source: self, kind: .first(token), cursor: nil))
    }
  }

  /// Drops the pages in flight at both ends: a refresh or a reset came.
  /// Whoever waited for them waits for the refresh instead.
  private func startOver() {
    generation &+= 1
    startOverAsked = false
    let dropped = hasPageInFlight
    for direction in [PageDirection.next, .previous] {
      self[edge: direction].cancel?()
      self[edge: direction].cancel = nil
      guard self[edge: direction].inFlight != nil else { continue }
      self[edge: direction].inFlight = nil
      setPagingState(self[edge: direction].cursor == nil ? .notLoaded : .hasMore, at: direction)
    }
    guard dropped else { return }
    let waiters = pageWaiters
    pageWaiters.removeAll()
    // After the observers heard the change that dropped the pages.
    DeliveryWave.afterDelivery { [weak self] in
      for waiter in waiters {
        if let self { self.whenLoaded(waiter) } else { waiter() }
      }
    }
  }

  /// Takes the answer of a request if it is current; see ``PageRequest``.
  func answer(
    _ kind: PageRequest<SectionID, Item, Cursor>.Kind,
    with result: Result<Page<Item, Cursor>, any Error>
  ) -> Bool {
    let taken =
      switch kind {
      case .first(let token): answerFirstPage(token, with: result)
      case .page(let direction, let id): answerPage(id, at: direction, with: result)
      }
    // Once the answer is applied, the deletions it had to leave out are
    // forgotten if no other answer is awaited.
    if taken { DeliveryWave.afterDelivery { [weak self] in self?.forgetDeletionsIfSettled() } }
    return taken
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
      id: sectionID, header: header, footer: footer,
      items: Self.unique(leavingOutDeleted(page.items)))
    // The cursors and the paging states change with the content, in one
    // change: an observer told of the page (a cell provider asking for
    // the next one) reads them as the page left them.
    return storage.completeLoad(
      token.ticket, in: .loaded, content: Snapshot(sections: [section]),
      alongside: { [weak self] in
        guard let self else { return }
        self.pageCount = 1
        self.top.cursor = page.previous
        self.bottom.cursor = page.next
        // Told even when the state is the same: the pages it was about
        // changed (an empty refresh of a complete list, say).
        self.setPagingState(page.next == nil ? .complete : .hasMore, at: .next, always: true)
        self.setPagingState(
          page.previous == nil ? .complete : .hasMore, at: .previous, always: true)
      })
  }

  /// The items with their first occurrence of each identity.
  private static func unique(_ items: [Item]) -> [Item] {
    var seen = Set<Item.ID>()
    return items.filter { seen.insert($0.id).inserted }
  }
}

extension PagedDataSource: GraphNode {
  package var propagationHeight: Int { 0 }
  /// The pages live in a leaf.
  package var showsUniqueIdentities: Bool { storage.hasUniqueIdentities }
  package func addDependent(
    _ node: any PropagationNode,
    handler: @escaping (DataSourceEvent<SectionID, Item>) -> Void
  ) -> ObservationToken {
    storage.addDependent(node, handler: handler)
  }
}

/// Every read is the pages' leaf's.
extension PagedDataSource: ReadThroughNode {
  package var readSource: any DataSource<SectionID, Item> { storage }
}
