import DataSourceGraphNodes
import DataSourceGraphSections
import SectionsTestSupport
import Testing

/// Paging asked for while a change is being delivered (from a cell
/// provider, an observer, a `whenLoaded` body): the request is made after
/// the delivery, with the paging state and the cursor of that moment, and
/// answers and requests take effect in the order they were made.
@MainActor
struct PagingDuringDeliveryTests {
  typealias Harness = PagedHarness

  /// Asks for the next page from the feed's observer, for its last row, as
  /// a cell provider does.
  static func askForMoreOnEveryChange(_ feed: Harness.Source) -> ObservationToken {
    feed.observe { event in
      guard case .changed = event, let last = feed.snapshot.sections.last?.items.last else {
        return
      }
      feed.loadNextPageIfNeeded(showing: last.id)
    }
  }

  @Test func aNextPageAskedForWhileTheFirstPageIsDeliveredIsRequested() {
    let harness = Harness()
    let feed = harness.source
    let asking = Self.askForMoreOnEveryChange(feed)
    feed.load()
    #expect(harness.last.succeed(with: Harness.page(1..<3, next: 2)))
    #expect(harness.allRequests.count == 2, "the first page fits the screen: ask for the next")
    #expect(harness.last.cursor == 2)
    #expect(feed.pagingState.description == "loadingMore")
    #expect(harness.last.succeed(with: Harness.page(3..<4, next: nil)))
    #expect(harness.ids == [1, 2, 3])
    #expect(harness.allRequests.count == 2, "complete: nothing more")
    #expect(harness.pagingStates == ["hasMore", "loadingMore", "complete"])
    #expect(harness.problems.isEmpty, "\(harness.problems)")
    asking.cancel()
  }

  @Test func loadNextPageCalledWhileAPageIsDeliveredIsRequested() {
    let harness = Harness()
    let feed = harness.source
    let asking = feed.observe { event in
      if case .changed = event { feed.loadNextPage() }
    }
    feed.load()
    harness.last.succeed(with: Harness.page(1..<3, next: 2))
    #expect(harness.allRequests.count == 2)
    harness.last.succeed(with: Harness.page(3..<5, next: 4))
    #expect(harness.allRequests.count == 3, "asked for while the second page's rows arrived")
    #expect(harness.last.cursor == 4)
    #expect(harness.problems.isEmpty, "\(harness.problems)")
    asking.cancel()
  }

  @Test func aRefreshThatSaysNoMoreIsNotFollowedByAPageOfTheOldList() async {
    let harness = Harness()
    let feed = harness.source
    feed.load()
    harness.last.succeed(with: Harness.page(1..<3, next: 2))
    feed.reload()
    // The refresh's loader runs at the source's next scheduling point.
    for _ in 0..<1_000 where harness.allRequests.count == 1 { await Task.yield() }
    let refresh = harness.last
    #expect(refresh.isFirstPage)
    let asking = Self.askForMoreOnEveryChange(feed)
    #expect(refresh.succeed(with: Page(items: [Row(id: 5)], next: nil)))
    #expect(harness.allRequests.count == 2, "no request with the old list's cursor")
    #expect(harness.ids == [5])
    #expect(feed.pagingState.description == "complete")
    #expect(harness.pagingStates == ["hasMore", "complete"])
    #expect(harness.problems.isEmpty, "\(harness.problems)")
    asking.cancel()
  }

  @Test func anAnswerAfterANewerLoadAskedForInTheSameDeliveryReturnsFalse() {
    let leaf = MutableDataSource<Int, Row>()
    var tokens: [LoadToken<Int, Row>] = []
    leaf.load { tokens.append($0) }
    var answered: Bool?
    duringADelivery {
      leaf.load { tokens.append($0) }
      answered = tokens[0].succeed(with: Snapshot(id: 0, items: [Row(id: 1)]))
      #expect(!tokens[0].isCurrent)
    }
    #expect(answered == false, "the newer load was asked for first")
    #expect(tokens.count == 2)
    #expect(tokens[1].isCurrent)
    #expect(leaf.snapshot.sections.isEmpty)
    #expect(tokens[1].succeed(with: Snapshot(id: 0, items: [Row(id: 2)])))
    #expect(leaf.snapshot.sections.flatMap(\.items).map(\.id) == [2])
  }

  @Test func anAnswerGivenBeforeANewerLoadInTheSameDeliveryIsApplied() {
    let leaf = MutableDataSource<Int, Row>()
    var tokens: [LoadToken<Int, Row>] = []
    leaf.load { tokens.append($0) }
    var answered: Bool?
    var contentWhenTheLoadStarted: [Int] = []
    duringADelivery {
      answered = tokens[0].succeed(with: Snapshot(id: 0, items: [Row(id: 1)]))
      // Weakly: the leaf keeps its loader, so a strong capture would be a
      // cycle.
      leaf.load { [weak leaf] token in
        contentWhenTheLoadStarted = leaf?.snapshot.sections.flatMap(\.items).map(\.id) ?? []
        tokens.append(token)
      }
    }
    #expect(answered == true)
    #expect(contentWhenTheLoadStarted == [1], "the answer came first")
    #expect(leaf.contentState.kind == .refreshing)
  }

  /// Found by the random graphs with two-way paged leaves: a load and then
  /// a reload asked for in one delivery; the load, made first, was answered
  /// by an observer told of it, before the reload was made. The answer
  /// returned `true` and was then dropped by the reload, which had been
  /// asked for before it. Answers are now refused while such a request
  /// waits.
  @Test func anAnswerToALoadMadeWhileANewerReloadWaitsReturnsFalse() {
    let leaf = MutableDataSource<Int, Row>()
    var tokens: [LoadToken<Int, Row>] = []
    leaf.load { tokens.append($0) }
    tokens[0].succeed(with: Snapshot(id: 0, items: [Row(id: 1)]))
    var answered: Bool?
    let answering = leaf.observe { event in
      guard case .stateChanged(_, let new) = event, new.kind == .refreshing, tokens.count == 2,
        answered == nil
      else { return }
      #expect(!tokens[1].isCurrent, "the reload waits")
      answered = tokens[1].succeed(with: Snapshot(id: 0, items: [Row(id: 2)]))
    }
    duringADelivery {
      leaf.load { tokens.append($0) }
      leaf.reload()
    }
    #expect(answered == false, "the reload was asked for before the answer")
    #expect(leaf.snapshot.sections.flatMap(\.items).map(\.id) == [1])
    #expect(leaf.contentState.kind == .refreshing, "the reload runs")
    answering.cancel()
  }

  @Test func aPageAnsweredAfterAResetInTheSameDeliveryReturnsFalse() {
    let harness = Harness()
    let feed = harness.source
    feed.load()
    harness.last.succeed(with: Harness.page(1..<3, next: 2))
    feed.loadNextPage()
    let inFlight = harness.last
    var answered: Bool?
    duringADelivery {
      feed.reset()
      #expect(!inFlight.isCurrent)
      answered = inFlight.succeed(with: Harness.page(3..<4, next: nil))
    }
    #expect(answered == false)
    #expect(harness.ids.isEmpty)
    #expect(feed.pagingState.description == "notLoaded")
    #expect(harness.pagingStates == ["hasMore", "loadingMore", "notLoaded"])
    #expect(harness.problems.isEmpty, "\(harness.problems)")
  }

  @Test func aWaiterOfAPageDroppedByAResetRunsAfterObserversHearTheReset() {
    let harness = Harness()
    let feed = harness.source
    feed.load()
    harness.last.succeed(with: Harness.page(1..<3, next: 2))
    feed.loadNextPage()
    var lastToldState: ContentState.Kind?
    let watching = feed.observe { event in
      if case .stateChanged(_, let new) = event { lastToldState = new.kind }
    }
    var stateWhenResumed: ContentState.Kind?
    var pagingWhenResumed = ""
    feed.whenLoaded {
      stateWhenResumed = lastToldState
      pagingWhenResumed = harness.pagingStates.last ?? ""
    }
    duringADelivery {
      feed.reset()
    }
    #expect(stateWhenResumed == .initial, "observers heard the reset first")
    #expect(pagingWhenResumed == "notLoaded")
    watching.cancel()
  }

  /// Found by the model: a next page asked for in the same delivery as a
  /// load, before it, is made and then dropped by the load. An answer given
  /// in between (from an observer told of `loadingMore`) was taken, then
  /// lost with the dropped page, leaving `loadingMore` with nothing in
  /// flight: no next page could be asked for again.
  @Test func anAnswerToAPageMadeWhileALoadWaitsIsRefused() {
    let harness = Harness()
    let feed = harness.source
    feed.load()
    harness.last.succeed(with: Harness.page(0..<2, next: 2))
    var answered: Bool?
    let footer = feed.observePaging { state in
      guard case .loadingMore = state, answered == nil else { return }
      answered = harness.last.fail(PagingFailure())
    }
    duringADelivery {
      feed.loadNextPage()
      feed.load()
    }
    #expect(answered == false, "the load was asked for before the answer")
    #expect(harness.allRequests.map(\.isFirstPage) == [true, false, true])
    #expect(harness.pagingStates == ["hasMore", "loadingMore", "hasMore"])
    #expect(feed.contentState.kind == .refreshing)
    #expect(harness.last.succeed(with: Harness.page(0..<2, next: 2)))
    feed.loadNextPage()
    #expect(harness.allRequests.count == 4, "paging goes on")
    #expect(feed.pagingState.description == "loadingMore")
    footer.cancel()
  }

  /// Found by the model: a refresh dropped the pages in flight only after
  /// its observers heard `refreshing`, so an answer given then was taken
  /// and applied over the refresh, and a reset asked for then reported its
  /// paging state before the refresh's.
  @Test func anAnswerGivenWhileARefreshIsToldIsRefused() {
    let harness = Harness()
    let feed = harness.source
    feed.load()
    harness.last.succeed(with: Harness.page(0..<2, previous: -2, next: 2))
    feed.loadPreviousPage()
    let inFlight = harness.last
    var answered: Bool?
    let watching = feed.observe { event in
      guard case .stateChanged(_, let new) = event, new.kind == .refreshing, answered == nil
      else { return }
      answered = inFlight.fail(PagingFailure())
      feed.reset()
    }
    feed.reload()
    #expect(answered == false, "the refresh dropped the page first")
    #expect(harness.previousPagingStates == ["hasMore", "loadingMore", "hasMore", "notLoaded"])
    #expect(feed.previousPagingState.description == "notLoaded")
    #expect(harness.ids.isEmpty)
    watching.cancel()
  }
}
