import DataSourceGraphSections

/// Next and earlier pages: the requests at each end of the list, their
/// answers and the paging states. The two ends page independently (one
/// request in flight at each), by the same rules.
extension PagedDataSource {
  /// Requests the next page, if there is one and none is in flight:
  /// ``pagingState`` becomes ``PagingState/loadingMore``, and the loader
  /// is asked for the page at the `next` cursor of the last page. After a
  /// failure (``PagingState/failed(_:)``) this retries.
  ///
  /// Does nothing before the first page, while the first page or a refresh
  /// is loading, while a next page is in flight, or after the last page.
  /// An earlier page in flight does not hold it back.
  ///
  /// - Complexity: O(1), plus what the loader does at once.
  public func loadNextPage() {
    requestPage(at: .next)
  }

  /// Requests the page before the first one shown, if there is one and none
  /// is in flight: ``previousPagingState`` becomes
  /// ``PagingState/loadingMore``, and the loader is asked for the page at
  /// the ``Page/previous`` cursor of the topmost page. Its items are
  /// inserted above the first item with one exact batch of inserts, in
  /// the page's order; a renderer that keeps the user's place (an anchor
  /// row) keeps what the user reads where it is. After a failure
  /// (``PagingState/failed(_:)``) this retries.
  ///
  /// ```swift
  /// chat.loadPreviousPage()   // "load earlier messages"
  /// ```
  ///
  /// Does nothing before the first page, while the first page or a refresh
  /// is loading, while an earlier page is in flight, or once the start of
  /// the data is shown (a page with no `previous` cursor). A next page in
  /// flight does not hold it back.
  ///
  /// - Complexity: O(1), plus what the loader does at once.
  public func loadPreviousPage() {
    requestPage(at: .previous)
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
    requestPageIfNeeded(at: .next, showing: id, within: distance)
  }

  /// Requests the page before the first one shown when the item with
  /// identity `id` is within `distance` items of the start: call it as a
  /// cell is shown, so earlier pages load before the user reaches the top
  /// (a chat's history, a timeline opened in the middle).
  ///
  /// ```swift
  /// chat.loadPreviousPageIfNeeded(showing: message.id)
  /// ```
  ///
  /// - Parameters:
  ///   - id: The identity of an item being shown.
  ///   - distance: How close to the start the item must be; 5 by default.
  /// - Complexity: O(1) on average.
  public func loadPreviousPageIfNeeded(showing id: Item.ID, within distance: Int = 5) {
    requestPageIfNeeded(at: .previous, showing: id, within: distance)
  }

  // MARK: Requests

  /// Requests the page beyond the end `direction` arrives at, if the rules
  /// allow it (see ``loadNextPage()``). Asked for during a delivery, it is
  /// made after it, judged by the state and the cursor of that moment.
  private func requestPage(at direction: PageDirection) {
    if DeliveryWave.postpone({ self.requestPage(at: direction) }) { return }
    let edge = self[edge: direction]
    guard edge.state.canLoadMore, edge.inFlight == nil, !storage.phase.isLoading,
      let cursor = edge.cursor, loader != nil
    else { return }
    pageRequests &+= 1
    let id = pageRequests
    // One change: the loader is asked before observers hear `loadingMore`,
    // so nothing they ask for can come between.
    DeliveryWave.deliver {
      self[edge: direction].inFlight = id
      setPagingState(.loadingMore, at: direction)
      loader?(PageRequest(source: self, kind: .page(direction, id), cursor: cursor))
    }
  }

  private func requestPageIfNeeded(
    at direction: PageDirection, showing id: Item.ID, within distance: Int
  ) {
    if DeliveryWave.postpone({
      self.requestPageIfNeeded(at: direction, showing: id, within: distance)
    }) {
      return
    }
    guard self[edge: direction].state.canLoadMore, let path = storage.itemPath(for: id) else {
      return
    }
    let fromTheEnd =
      switch direction {
      case .previous: path.item
      case .next: storage.numberOfItems(inSection: path.section) - 1 - path.item
      }
    guard fromTheEnd <= distance else { return }
    requestPage(at: direction)
  }

  // MARK: Answers

  /// Whether request `id` is the one in flight at `direction`'s end and
  /// its answer would be taken.
  func isCurrentPageRequest(_ id: UInt64, at direction: PageDirection) -> Bool {
    self[edge: direction].inFlight == id && !startOverAsked
  }

  /// Records how to cancel the task of request `id` at `direction`'s end.
  func track(_ id: UInt64, at direction: PageDirection, cancel: @escaping @Sendable () -> Void) {
    guard self[edge: direction].inFlight == id else { return cancel() }
    self[edge: direction].cancel = cancel
  }

  /// Takes the answer to request `id` if it is current: the page is
  /// applied in a change of its own, after the delivery under way if any.
  func answerPage(
    _ id: UInt64, at direction: PageDirection, with result: Result<Page<Item, Cursor>, any Error>
  ) -> Bool {
    guard isCurrentPageRequest(id, at: direction) else { return false }
    self[edge: direction].inFlight = nil
    self[edge: direction].cancel = nil
    let generation = self.generation
    // Until it is applied, the answer is still awaited: an edit made
    // before then (asked for earlier in the same delivery) is one it must
    // honour.
    pageAnswersToApply += 1
    let apply = { [weak self] in
      guard let self else { return }
      self.pageAnswersToApply -= 1
      // Taken before any refresh or reset was asked for, the answer comes
      // first; this guards against a source started over another way.
      guard self.generation == generation else { return }
      // One change: the rows, the cursor and the paging state together.
      DeliveryWave.deliver { self.apply(result, at: direction) }
      DeliveryWave.afterDelivery { [weak self] in self?.runPageWaiters() }
    }
    if !DeliveryWave.postpone(apply) { apply() }
    return true
  }

  /// Applies the answer to a next or an earlier page: its new items go
  /// below the last item or above the first, as one batch of inserts.
  private func apply(_ result: Result<Page<Item, Cursor>, any Error>, at direction: PageDirection) {
    switch result {
    case .success(let page):
      if storage.numberOfSections > 0 { show(leavingOutDeleted(page.items), at: direction) }
      let cursor = direction == .next ? page.next : page.previous
      self[edge: direction].cursor = cursor
      pageCount += 1
      setPagingState(cursor == nil ? .complete : .hasMore, at: direction)
    case .failure(let error) where error is CancellationError:
      setPagingState(.hasMore, at: direction)
    case .failure(let error):
      setPagingState(.failed(error), at: direction)
    }
  }

  /// Shows a next or an earlier page's items, in one batch: the new ones
  /// go below the last item or above the first, and an identity shown
  /// already keeps its place and takes the page's value.
  ///
  /// - Complexity: O(*k*) expected for *k* items in the page, plus the
  ///   position look-up of each one shown already.
  private func show(_ items: [Item], at direction: PageDirection) {
    let end = direction == .next ? storage.numberOfItems(inSection: 0) : 0
    storage.insert(items, at: ItemPath(section: 0, item: end), updatingShown: true)
  }

  /// Records `state` at `direction`'s end and tells that end's observers,
  /// unless it is the state already reported and `always` is `false` (a
  /// failure is always reported).
  func setPagingState(_ state: PagingState, at direction: PageDirection, always: Bool = false) {
    let unchanged =
      switch (self[edge: direction].state, state) {
      case (.notLoaded, .notLoaded), (.hasMore, .hasMore), (.loadingMore, .loadingMore),
        (.complete, .complete):
        true
      default: false
      }
    guard always || !unchanged else { return }
    self[edge: direction].state = state
    let observers = self[edge: direction].observers
    DeliveryWave.deliver { observers.send(state) }
  }

  private func runPageWaiters() {
    while !hasPageInFlight, !pageWaiters.isEmpty {
      pageWaiters.removeFirst()()
    }
  }
}
