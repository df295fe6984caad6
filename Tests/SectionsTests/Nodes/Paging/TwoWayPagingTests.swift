import DataSourceGraphNodes
import DataSourceGraphSections
import SectionsTestSupport
import Testing

/// A paged source that opens in the middle (a chat at its first unread
/// message): earlier pages arrive at the top with exact inserts, next pages
/// at the bottom, each end with its own paging state and request in flight.
@MainActor
struct TwoWayPagingTests {
  typealias Harness = PagedHarness

  /// A harness whose source shows the page `10..<13`, with earlier pages
  /// from 10 down and next pages from 13 up.
  static func openedInTheMiddle() -> Harness {
    let harness = Harness()
    harness.source.load()
    harness.last.succeed(with: Harness.page(10..<13, previous: 10, next: 13))
    harness.clearLog()
    return harness
  }

  @Test func aListOpenedInTheMiddleLoadsEarlierPagesAboveWithExactInserts() {
    let harness = Self.openedInTheMiddle()
    let feed = harness.source
    #expect(feed.previousPagingState.description == "hasMore")
    #expect(feed.pagingState.description == "hasMore")

    feed.loadPreviousPage()
    #expect(harness.last.isPreviousPage && !harness.last.isFirstPage)
    #expect(harness.last.cursor == 10)
    #expect(feed.previousPagingState.description == "loadingMore")
    #expect(feed.pagingState.description == "hasMore", "the bottom is not loading")
    #expect(feed.contentState.kind == .content, "loading earlier pages is not loading the screen")
    harness.last.succeed(with: Harness.page(7..<10, previous: 7, next: 999))

    #expect(harness.ids == Array(7..<13))
    #expect(harness.batches.last?.itemInserts.map(\.path.item) == [0, 1, 2])
    #expect(harness.batches.last?.itemInserts.map(\.item.id) == [7, 8, 9])
    #expect(harness.batches.last?.itemDeletes.isEmpty == true)
    #expect(harness.batches.last?.itemMoves.isEmpty == true)
    #expect(harness.batches.last?.itemUpdates.isEmpty == true)
    #expect(feed.previousPagingState.description == "hasMore")
    #expect(feed.pageCount == 2)
    #expect(harness.log == ["previous paging loadingMore", "batch", "previous paging hasMore"])

    feed.loadNextPage()
    #expect(harness.last.cursor == 13, "an earlier page's next cursor is not read")
    harness.last.succeed(with: Harness.page(13..<15, previous: -1, next: nil))
    feed.loadPreviousPage()
    #expect(harness.last.cursor == 7, "a next page's previous cursor is not read")
    harness.last.succeed(with: Harness.page(5..<7, previous: nil, next: nil))
    #expect(harness.ids == Array(5..<15))
    #expect(feed.previousPagingState.description == "complete")
    #expect(feed.pagingState.description == "complete")
    #expect(
      harness.previousPagingStates == [
        "hasMore", "loadingMore", "hasMore", "loadingMore", "complete",
      ])
    #expect(harness.pagingStates == ["hasMore", "loadingMore", "complete"])
    #expect(harness.problems.isEmpty, "\(harness.problems)")
  }

  @Test func eachEndHasItsOwnRequestInFlight() {
    let harness = Self.openedInTheMiddle()
    let feed = harness.source
    feed.loadPreviousPage()
    let earlier = harness.last
    feed.loadPreviousPage()
    feed.loadPreviousPageIfNeeded(showing: 10)
    #expect(harness.allRequests.count == 2, "one earlier page at a time")
    feed.loadNextPage()
    let later = harness.last
    #expect(harness.allRequests.count == 3, "a next page does not wait for the earlier one")
    #expect(earlier.isCurrent && later.isCurrent)

    #expect(later.succeed(with: Harness.page(13..<14, next: 14)))
    #expect(earlier.isCurrent, "answering one end leaves the other in flight")
    #expect(feed.previousPagingState.description == "loadingMore")
    #expect(earlier.succeed(with: Harness.page(9..<10, previous: 9, next: nil)))
    #expect(!earlier.succeed(with: Harness.page(0..<1, previous: nil, next: nil)))
    #expect(harness.ids == [9, 10, 11, 12, 13])
    #expect(feed.pagingState.description == "hasMore", "an earlier page's nil next is not read")
    #expect(harness.problems.isEmpty, "\(harness.problems)")
  }

  @Test func aListThatOpensAtItsStartIsCompleteAtTheTop() {
    let harness = Harness()
    let feed = harness.source
    #expect(feed.previousPagingState.description == "notLoaded")
    feed.load()
    feed.loadPreviousPage()
    #expect(harness.allRequests.count == 1, "no earlier page before the first")
    harness.last.succeed(with: Harness.page(0..<3, next: 3))
    #expect(feed.previousPagingState.description == "complete")
    feed.loadPreviousPage()
    feed.loadPreviousPageIfNeeded(showing: 0)
    #expect(harness.allRequests.count == 1, "the start of the data is shown")
    #expect(harness.previousPagingStates == ["complete"])
  }

  @Test func itemsAlreadyShownAreLeftOutOfAnEarlierPage() {
    let harness = Self.openedInTheMiddle()
    harness.source.loadPreviousPage()
    harness.last.succeed(
      with: Page(
        items: [8, 9, 9, 10, 11].map { Row(id: $0) }, previous: 8, next: nil))
    #expect(harness.ids == [8, 9, 10, 11, 12], "the first occurrence of 9; 10 and 11 are shown")
    #expect(harness.batches.last?.itemInserts.map(\.path.item) == [0, 1])
    #expect(harness.problems.isEmpty, "\(harness.problems)")
  }

  @Test func anEarlierPageIsRequestedNearTheStart() {
    let harness = Harness()
    harness.source.load()
    harness.last.succeed(with: Harness.page(20..<40, previous: 20, next: 40))
    harness.source.loadPreviousPageIfNeeded(showing: 26, within: 5)
    #expect(harness.allRequests.count == 1, "item 26 is 6 from the start")
    harness.source.loadPreviousPageIfNeeded(showing: 99)
    #expect(harness.allRequests.count == 1, "not shown")
    harness.source.loadPreviousPageIfNeeded(showing: 25, within: 5)
    #expect(harness.allRequests.count == 2)
    #expect(harness.last.isPreviousPage && harness.last.cursor == 20)
    #expect(harness.source.pagingState.description == "hasMore", "the bottom is left alone")
  }

  @Test func anEarlierPageThatFailsLeavesTheContentStateAndRetries() {
    let harness = Self.openedInTheMiddle()
    let feed = harness.source
    feed.loadPreviousPage()
    harness.last.fail(PagingFailure())
    #expect(feed.previousPagingState.description == "failed(offline)")
    #expect(feed.pagingState.description == "hasMore")
    #expect(feed.contentState.kind == .content)
    feed.loadPreviousPage()
    #expect(harness.last.cursor == 10, "a retry asks for the same page")
    harness.last.fail(CancellationError())
    #expect(feed.previousPagingState.description == "hasMore", "a cancelled page ends quietly")
    #expect(harness.ids == [10, 11, 12])
  }

  @Test func aRefreshAndAResetDropThePagesInFlightAtBothEnds() {
    let harness = Self.openedInTheMiddle()
    let feed = harness.source
    feed.loadPreviousPage()
    let earlier = harness.last
    feed.loadNextPage()
    let later = harness.last

    feed.reload()
    #expect(!earlier.isCurrent && !later.isCurrent)
    #expect(!earlier.succeed(with: Harness.page(7..<10, previous: 7, next: nil)))
    #expect(!later.fail(PagingFailure()))
    #expect(harness.ids == [10, 11, 12])
    #expect(feed.previousPagingState.description == "hasMore")
    #expect(feed.pagingState.description == "hasMore")
    feed.loadPreviousPage()
    #expect(harness.allRequests.count == 3, "no earlier page while the refresh loads")

    feed.reset()
    #expect(feed.previousPagingState.description == "notLoaded")
    #expect(feed.pagingState.description == "notLoaded")
    #expect(harness.previousPagingStates == ["hasMore", "loadingMore", "hasMore", "notLoaded"])
    #expect(harness.pagingStates == ["hasMore", "loadingMore", "hasMore", "notLoaded"])
  }

  @Test func aRefreshOpensWhereItsFirstPageSays() async {
    let harness = Self.openedInTheMiddle()
    let feed = harness.source
    feed.loadPreviousPage()
    harness.last.succeed(with: Harness.page(7..<10, previous: 7, next: nil))
    feed.reload()
    for _ in 0..<1_000 where !harness.last.isFirstPage { await Task.yield() }
    harness.last.succeed(with: Harness.page(11..<14, previous: nil, next: 14))
    #expect(harness.ids == [11, 12, 13])
    #expect(feed.pageCount == 1)
    #expect(feed.previousPagingState.description == "complete")
    #expect(feed.pagingState.description == "hasMore")
    #expect(harness.problems.isEmpty, "\(harness.problems)")
  }

  @Test func loadedWaitsForTheEarlierPageInFlight() {
    let harness = Self.openedInTheMiddle()
    let feed = harness.source
    feed.loadPreviousPage()
    let earlier = harness.last
    feed.loadNextPage()
    var done = false
    feed.whenLoaded { done = true }
    harness.last.succeed(with: Harness.page(13..<14, next: nil))
    #expect(!done, "the earlier page is still in flight")
    earlier.succeed(with: Harness.page(9..<10, previous: nil, next: nil))
    #expect(done)
  }

  @Test func anEarlierPageAskedForWhileTheFirstPageIsDeliveredIsRequested() {
    let harness = Harness()
    let feed = harness.source
    // A cell provider showing the top row asks for earlier ones.
    let asking = feed.observe { event in
      guard case .changed = event, let first = feed.snapshot.sections.first?.items.first else {
        return
      }
      feed.loadPreviousPageIfNeeded(showing: first.id)
    }
    feed.load()
    #expect(harness.last.succeed(with: Harness.page(10..<12, previous: 10, next: 12)))
    #expect(harness.allRequests.count == 2)
    #expect(harness.last.isPreviousPage && harness.last.cursor == 10)
    #expect(harness.last.succeed(with: Harness.page(8..<10, previous: 8, next: nil)))
    #expect(harness.allRequests.count == 3, "the new top row asks again, at the new cursor")
    #expect(harness.last.cursor == 8)
    #expect(harness.last.succeed(with: Harness.page(7..<8, previous: nil, next: nil)))
    #expect(harness.allRequests.count == 3, "the start of the data is shown")
    #expect(harness.ids == Array(7..<12))
    #expect(
      harness.previousPagingStates == [
        "hasMore", "loadingMore", "hasMore", "loadingMore", "complete",
      ])
    #expect(harness.problems.isEmpty, "\(harness.problems)")
    asking.cancel()
  }

  @Test func anAsyncLoaderPagesBothWays() async {
    /// A chat of 20 messages that opens at message 12, three at a time.
    enum Cursor: Sendable, Equatable {
      case before(Int)
      case after(Int)
    }
    let feed = PagedDataSource<Int, Row, Cursor>(section: 0) { cursor in
      let ids: Range<Int> =
        switch cursor {
        case nil: 11..<14
        case .before(let id): max(0, id - 3)..<id
        case .after(let id): (id + 1)..<min(20, id + 4)
        }
      return Page(
        items: ids.map { Row(id: $0) },
        previous: ids.lowerBound > 0 ? .before(ids.lowerBound) : nil,
        next: ids.upperBound < 20 ? .after(ids.upperBound - 1) : nil)
    }
    feed.load()
    await feed.loaded()
    while feed.previousPagingState.description == "hasMore" {
      feed.loadPreviousPage()
      feed.loadNextPage()
      await feed.loaded()
    }
    #expect(feed.snapshot.sections[0].items.first?.id == 0)
    #expect(feed.previousPagingState.description == "complete")
    while feed.pagingState.description == "hasMore" {
      feed.loadNextPage()
      await feed.loaded()
    }
    #expect(feed.snapshot.sections[0].items.map(\.id) == Array(0..<20))
    #expect(feed.pagingState.description == "complete")
  }
}
