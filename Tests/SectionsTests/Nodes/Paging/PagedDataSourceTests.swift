import DataSourceGraphNodes
import DataSourceGraphSections
import SectionsTestSupport
import Testing

@MainActor
struct PagedDataSourceTests {
  typealias Harness = PagedHarness

  @Test func theFirstPageLoadsThenNextPagesAppendWithExactInserts() {
    let harness = Harness()
    let feed = harness.source
    #expect(feed.pagingState.description == "notLoaded")
    feed.load()
    #expect(feed.contentState.kind == .loading)
    #expect(harness.last.cursor == nil && harness.last.isFirstPage)

    harness.last.succeed(with: Harness.page(0..<3, next: 3))
    #expect(harness.ids == [0, 1, 2])
    #expect(feed.contentState.kind == .content)
    #expect(feed.pagingState.description == "hasMore")
    #expect(feed.pageCount == 1)

    harness.clearLog()
    feed.loadNextPage()
    #expect(harness.last.cursor == 3 && !harness.last.isFirstPage)
    #expect(feed.pagingState.description == "loadingMore")
    #expect(feed.contentState.kind == .content, "loading more is not loading the screen")
    harness.last.succeed(with: Harness.page(3..<5, next: nil))

    #expect(harness.ids == [0, 1, 2, 3, 4])
    #expect(harness.batches.last?.itemInserts.map(\.path.item) == [3, 4])
    #expect(harness.batches.last?.itemDeletes.isEmpty == true)
    #expect(feed.pagingState.description == "complete")
    #expect(feed.pageCount == 2)
    #expect(harness.log == ["paging loadingMore", "batch", "paging complete"])
    #expect(harness.problems.isEmpty, "\(harness.problems)")
  }

  @Test func oneRequestIsInFlightAtATime() {
    let harness = Harness()
    harness.source.load()
    harness.source.loadNextPage()
    #expect(harness.allRequests.count == 1, "no next page before the first")
    harness.last.succeed(with: Harness.page(0..<2, next: 2))
    harness.source.loadNextPage()
    harness.source.loadNextPage()
    harness.source.loadNextPageIfNeeded(showing: 1)
    #expect(harness.allRequests.count == 2)
    #expect(harness.last.succeed(with: Harness.page(2..<4, next: 4)))
    #expect(!harness.last.succeed(with: Harness.page(9..<10, next: nil)), "a request answers once")
    #expect(harness.ids == [0, 1, 2, 3])
  }

  @Test func aRefreshKeepsThePagesShownAndDropsThePageInFlight() {
    let harness = Harness()
    let feed = harness.source
    feed.load()
    harness.last.succeed(with: Harness.page(0..<3, next: 3))
    feed.loadNextPage()
    harness.last.succeed(with: Harness.page(3..<6, next: 6))
    feed.loadNextPage()
    let obsolete = harness.last

    feed.reload()
    #expect(feed.contentState.kind == .refreshing)
    #expect(harness.ids == [0, 1, 2, 3, 4, 5], "the pages stay visible while refreshing")
    #expect(!obsolete.isCurrent)
    #expect(!obsolete.succeed(with: Harness.page(6..<9, next: 9)), "its answer is dropped")
    #expect(harness.ids == [0, 1, 2, 3, 4, 5])
    #expect(feed.pagingState.description == "hasMore")
    feed.loadNextPage()
    #expect(!harness.last.isFirstPage || harness.last.cursor == nil)
  }

  @Test func theFirstPageOfARefreshReplacesEveryPageWithOneMinimalBatch() async {
    let harness = Harness()
    let feed = harness.source
    feed.load()
    harness.last.succeed(with: Harness.page(0..<3, next: 3))
    feed.loadNextPage()
    harness.last.succeed(with: Harness.page(3..<6, next: 6))

    feed.reload()
    await Task.yield()  // the reload's loader runs at the source's next scheduling point
    while !harness.last.isFirstPage { await Task.yield() }
    harness.last.succeed(with: Page(items: [Row(id: -1)] + (0..<3).map { Row(id: $0) }, next: 3))

    #expect(harness.ids == [-1, 0, 1, 2])
    let batch = harness.batches.last
    #expect(batch?.itemInserts.count == 1, "one new item on top")
    #expect(batch?.itemDeletes.count == 3, "the second page leaves")
    #expect(feed.pageCount == 1)
    #expect(feed.pagingState.description == "hasMore")
    #expect(harness.problems.isEmpty, "\(harness.problems)")
  }

  @Test func aNextPageThatFailsLeavesTheContentStateAndRetries() {
    let harness = Harness()
    let feed = harness.source
    feed.load()
    harness.last.succeed(with: Harness.page(0..<2, next: 2))
    feed.loadNextPage()
    harness.last.fail(PagingFailure())
    #expect(feed.pagingState.description == "failed(offline)")
    #expect(feed.contentState.kind == .content)
    #expect(harness.states == [.loading, .content], "no error state for a next page")

    feed.loadNextPage()
    #expect(harness.last.cursor == 2, "a retry asks for the same page")
    harness.last.succeed(with: Harness.page(2..<3, next: nil))
    #expect(harness.ids == [0, 1, 2])
  }

  @Test func aFirstPageThatFailsIsTheSourcesError() {
    let harness = Harness()
    harness.source.load()
    harness.last.fail(PagingFailure())
    #expect(harness.source.contentState.kind == .error)
    #expect(harness.source.pagingState.description == "notLoaded")
    harness.source.loadNextPage()
    #expect(harness.allRequests.count == 1)
  }

  @Test func aCancelledPageGoesBackToHasMore() {
    let harness = Harness()
    harness.source.load()
    harness.last.succeed(with: Harness.page(0..<2, next: 2))
    harness.source.loadNextPage()
    harness.last.fail(CancellationError())
    #expect(harness.source.pagingState.description == "hasMore")
  }

  @Test func itemsAlreadyShownAreLeftOutOfALaterPage() {
    let harness = Harness()
    harness.source.load()
    harness.last.succeed(with: Page(items: [Row(id: 0), Row(id: 1), Row(id: 1)], next: 2))
    harness.source.loadNextPage()
    harness.last.succeed(with: Harness.page(1..<4, next: 4))
    #expect(harness.ids == [0, 1, 2, 3])
    #expect(harness.problems.isEmpty, "\(harness.problems)")
  }

  @Test func theNextPageIsRequestedNearTheEnd() {
    let harness = Harness()
    harness.source.load()
    harness.last.succeed(with: Harness.page(0..<20, next: 20))
    harness.source.loadNextPageIfNeeded(showing: 13, within: 5)
    #expect(harness.allRequests.count == 1, "item 13 is 6 from the end")
    harness.source.loadNextPageIfNeeded(showing: 99)
    #expect(harness.allRequests.count == 1, "not shown")
    harness.source.loadNextPageIfNeeded(showing: 14, within: 5)
    #expect(harness.allRequests.count == 2)
  }

  @Test func aResetDropsEveryRequestAndEmptiesTheSource() {
    let harness = Harness()
    harness.source.load()
    harness.last.succeed(with: Harness.page(0..<2, next: 2))
    harness.source.loadNextPage()
    let inFlight = harness.last
    harness.clearLog()
    harness.source.reset()
    #expect(harness.log.filter { $0.hasPrefix("paging") } == ["paging notLoaded"], "told once")
    #expect(harness.ids.isEmpty)
    #expect(harness.source.contentState.kind == .initial)
    #expect(harness.source.pagingState.description == "notLoaded")
    #expect(!inFlight.succeed(with: Harness.page(2..<4, next: nil)))
    #expect(harness.ids.isEmpty)
    #expect(harness.problems.isEmpty, "\(harness.problems)")
  }

  @Test func anAnswerGivenDuringADeliveryIsAppliedAfterIt() {
    let harness = Harness()
    let feed = harness.source
    feed.load()
    harness.last.succeed(with: Harness.page(0..<2, next: 2))
    feed.loadNextPage()
    let pending = harness.last
    var seenDuring: [Int] = []
    let token = feed.observePaging { _ in }
    let editor = MutableDataSource<Int, Row>(snapshot: Snapshot(id: 9, items: []))
    let answering = editor.observe { event in
      guard case .changed = event else { return }
      #expect(pending.succeed(with: Harness.page(2..<3, next: nil)))
      seenDuring = harness.ids
    }
    editor.append([Row(id: 100)], toSection: 0)
    #expect(seenDuring == [0, 1], "not applied inside the delivery")
    #expect(harness.ids == [0, 1, 2])
    #expect(feed.pagingState.description == "complete")
    token.cancel()
    answering.cancel()
  }

  /// Found by the random graphs: a first page cancelled from an observer
  /// went back to `initial` in the middle of the delivery, so an observer
  /// told of `loading` read `initial`.
  @Test func aFirstPageCancelledDuringADeliveryEndsAfterIt() {
    let harness = Harness()
    let feed = harness.source
    feed.load()
    let first = harness.last
    var toldAndRead: [String] = []
    let watching = feed.observe { event in
      if case .stateChanged(_, let new) = event {
        toldAndRead.append("\(new.kind)/\(feed.contentState.kind)")
      }
    }
    let editor = MutableDataSource<Int, Row>(snapshot: Snapshot(id: 9, items: []))
    var answered: [Bool] = []
    let answering = editor.observe { event in
      guard case .changed = event else { return }
      answered.append(first.fail(CancellationError()))
      answered.append(first.fail(CancellationError()))
      #expect(feed.contentState.kind == .loading, "not during the delivery")
    }
    editor.append([Row(id: 100)], toSection: 0)
    #expect(answered == [true, false], "a request answers once")
    #expect(feed.contentState.kind == .initial)
    #expect(toldAndRead == ["initial/initial"])
    watching.cancel()
    answering.cancel()
  }

  @Test func loadedWaitsForTheNextPageInFlight() async {
    let harness = Harness()
    let feed = harness.source
    feed.load()
    var done = false
    feed.whenLoaded { done = true }
    #expect(!done)
    harness.last.succeed(with: Harness.page(0..<2, next: 2))
    #expect(done)
    feed.loadNextPage()
    done = false
    feed.whenLoaded { done = true }
    #expect(!done)
    harness.last.succeed(with: Harness.page(2..<3, next: nil))
    #expect(done)
  }

  @Test func anAsyncLoaderFetchesPagesByOffset() async {
    let api = PagedAPI(count: 7)
    let feed = PagedDataSource<Int, Row, Int>(section: 0) { offset in
      let rows = await api.rows(offset: offset ?? 0, limit: 3)
      let next = (offset ?? 0) + rows.count
      return Page(items: rows, next: next < 7 ? next : nil)
    }
    feed.load()
    await feed.loaded()
    #expect(feed.numberOfItems == 3)
    feed.loadNextPage()
    await feed.loaded()
    feed.loadNextPage()
    await feed.loaded()
    #expect(feed.snapshot.sections[0].items.map(\.id) == Array(0..<7))
    #expect(feed.pagingState.description == "complete")
    await feed.refresh()
    #expect(feed.numberOfItems == 3, "a refresh starts over from the first page")
    #expect(feed.pagingState.description == "hasMore")
  }
}

/// A server of `count` rows, by offset.
actor PagedAPI {
  let count: Int
  init(count: Int) { self.count = count }
  func rows(offset: Int, limit: Int) -> [Row] {
    (offset..<min(offset + limit, count)).map { Row(id: $0) }
  }
}

/// A feed made on an actor of its own, with an `async` loader: the source
/// takes its actor when it is made (making one from nonisolated code does
/// not compile), and every page comes back to that actor.
actor PagedStore {
  private let api: PagedAPI
  private var feed: PagedDataSource<Int, Row, Int>?
  private var observation: ObservationToken?
  /// The changes the feed sent, each checked to arrive on this actor.
  private(set) var changesOnActor = 0

  init(api: PagedAPI) { self.api = api }

  /// Makes the feed here, loads every page, and returns the identities shown.
  func loadEveryPage() async -> [Int] {
    let api = self.api
    let feed = PagedDataSource<Int, Row, Int>(section: 0) { offset in
      let rows = await api.rows(offset: offset ?? 0, limit: 2)
      let next = (offset ?? 0) + rows.count
      return Page(items: rows, next: next < api.count ? next : nil)
    }
    self.feed = feed
    observation = feed.observe { [unowned self] event in
      guard case .changed = event else { return }
      self.preconditionIsolated("a page came back off the actor the feed was made on")
      self.changesOnActor += 1
    }
    feed.load()
    await feed.loaded()
    while feed.pagingState.description == "hasMore" {
      feed.loadNextPage()
      await feed.loaded()
    }
    return feed.snapshot.sections[0].items.map(\.id)
  }
}

@Suite struct PagedDataSourceIsolationTests {
  @Test func anAsyncLoaderAnswersOnTheActorTheFeedWasMadeOn() async {
    let store = PagedStore(api: PagedAPI(count: 5))
    #expect(await store.loadEveryPage() == Array(0..<5))
    #expect(await store.changesOnActor == 3, "three pages, three batches, all on the actor")
  }
}
