import DataSourceGraphNodes
import DataSourceGraphSections
import SectionsTestSupport
import Testing

/// Local edits of a paged source, and each rule by which an edit meets a
/// page: one named test per rule.
@MainActor
struct PagedEditTests {
  typealias Harness = PagedHarness

  /// A feed showing `0..<3` with a next page at 3.
  private func loadedFeed() -> Harness {
    let harness = Harness()
    harness.source.load()
    harness.last.succeed(with: Harness.page(0..<3, next: 3))
    return harness
  }

  @Test func everyEditEmitsOneExactBatch() {
    let harness = loadedFeed()
    let feed = harness.source
    feed.insert([Row(id: 10)], at: 0)
    feed.append([Row(id: 11)])
    feed.update(Row(id: 1, revision: 1))
    feed.moveItem(from: 0, to: 4)
    feed.deleteItems(withIDs: [2])
    feed.deleteItems(at: [0])
    #expect(harness.rows == [Row(id: 1, revision: 1), Row(id: 11), Row(id: 10)])
    #expect(harness.batches.count == 7, "the first page, then one batch per edit")
    #expect(harness.batches[2].itemInserts.map(\.path.item) == [4])
    #expect(harness.batches[3].itemUpdates.map(\.from.item) == [2])
    #expect(harness.batches[4].itemMoves.map { [$0.from.item, $0.to.item] } == [[0, 4]])
    #expect(harness.problems.isEmpty, "\(harness.problems)")
  }

  @Test func anInsertOfAnIdentityShownLeavesItOutAndReturnsIt() {
    let harness = loadedFeed()
    let skipped = harness.source.insert([Row(id: 1), Row(id: 7)], at: 1)
    #expect(skipped?.itemIDs == [1])
    #expect(harness.ids == [0, 7, 1, 2])
  }

  @Test func anUpdateOfAnIdentityNotShownIsReturned() {
    let harness = loadedFeed()
    let skipped = harness.source.update([Row(id: 2, revision: 1), Row(id: 9, revision: 1)])
    #expect(skipped?.itemIDs == [9])
    #expect(harness.rows.last == Row(id: 2, revision: 1))
  }

  @Test func beforeTheFirstPageAnInsertLeavesEveryItemOut() {
    let harness = Harness()
    let feed = harness.source
    #expect(feed.insert([Row(id: 1)], at: 0)?.itemIDs == [1])
    #expect(feed.append([Row(id: 2)])?.itemIDs == [2])
    #expect(feed.perform { $0.append(Row(id: 3)) }?.itemIDs == [3])
    #expect(harness.batches.isEmpty)
    feed.load()
    #expect(feed.insert([Row(id: 1)], at: 0)?.itemIDs == [1], "still no section while it loads")
  }

  @Test func performEmitsOneMinimalBatchAndReturnsRepeats() {
    let harness = loadedFeed()
    let skipped = harness.source.perform { rows in
      rows.reverse()
      rows.append(Row(id: 0))
      rows.append(Row(id: 5))
    }
    #expect(skipped?.itemIDs == [0])
    #expect(harness.ids == [2, 1, 0, 5])
    #expect(harness.batches.count == 2)
    #expect(harness.problems.isEmpty, "\(harness.problems)")
  }

  @Test func aPageInFlightIsAppendedBelowWhatTheEditsLeft() {
    let harness = loadedFeed()
    let feed = harness.source
    feed.loadNextPage()
    feed.insert([Row(id: 20)], at: 0)
    feed.deleteItems(withIDs: [1])
    #expect(feed.pagingState.description == "loadingMore", "an edit does not drop the page")
    harness.last.succeed(with: Harness.page(3..<5, next: 5))
    #expect(harness.ids == [20, 0, 2, 3, 4])
    #expect(harness.last.cursor == 3, "the cursor is the app's, never rewritten")
  }

  @Test func anItemDeletedWhileANextPageLoadsIsLeftOutOfThatPage() {
    let harness = loadedFeed()
    let feed = harness.source
    feed.loadNextPage()
    feed.deleteItems(withIDs: [2])
    // Offset paging, and the server had not seen the deletion yet: the
    // page repeats the deleted item.
    harness.last.succeed(with: Page(items: [Row(id: 2), Row(id: 3)], next: nil))
    #expect(harness.ids == [0, 1, 3])
    feed.reset()
    feed.load()
    harness.last.succeed(with: Harness.page(0..<3, next: nil))
    #expect(harness.ids == [0, 1, 2], "once answered, the deletion is forgotten")
  }

  @Test func anItemDeletedWhileAnEarlierPageLoadsIsLeftOutOfThatPage() {
    let harness = Harness()
    let feed = harness.source
    feed.load()
    harness.last.succeed(with: Harness.page(5..<8, previous: 5, next: nil))
    feed.loadPreviousPage()
    feed.perform { $0.removeAll { $0.id == 5 } }
    harness.last.succeed(with: Harness.page(3..<6, next: nil))
    #expect(harness.ids == [3, 4, 6, 7])
  }

  @Test func anItemDeletedWhileARefreshLoadsIsLeftOutOfItsFirstPage() {
    let harness = loadedFeed()
    let feed = harness.source
    feed.load()
    #expect(feed.contentState.kind == .refreshing)
    feed.deleteItems(at: [0])
    harness.last.succeed(with: Harness.page(0..<4, next: nil))
    #expect(harness.ids == [1, 2, 3])
  }

  @Test func anIdentityShownThatAPageBringsAgainKeepsItsPlaceAndTakesThePagesValue() {
    let harness = loadedFeed()
    let feed = harness.source
    // "Send a message", shown at once as pending.
    feed.insert([Row(id: 3, revision: 9)], at: 0)
    feed.loadNextPage()
    harness.last.succeed(with: Page(items: [Row(id: 3), Row(id: 4)], next: nil))
    #expect(harness.rows == [Row(id: 3), Row(id: 0), Row(id: 1), Row(id: 2), Row(id: 4)])
    let batch = harness.batches.last
    #expect(batch?.itemUpdates.map { [$0.from.item, $0.to.item] } == [[0, 0]])
    #expect(batch?.itemInserts.map(\.path.item) == [4], "one batch for the page")
    #expect(harness.problems.isEmpty, "\(harness.problems)")
  }

  @Test func anEarlierPageThatBringsAnIdentityShownUpdatesItBelowTheNewRows() {
    let harness = Harness()
    let feed = harness.source
    feed.load()
    harness.last.succeed(with: Harness.page(5..<8, previous: 5, next: nil))
    feed.loadPreviousPage()
    harness.last.succeed(
      with: Page(items: [Row(id: 3), Row(id: 4), Row(id: 5, revision: 1)], next: nil))
    #expect(harness.ids == [3, 4, 5, 6, 7])
    let update = harness.batches.last?.itemUpdates.first
    #expect(update?.from.item == 0 && update?.to.item == 2, "old and new positions")
    #expect(harness.problems.isEmpty, "\(harness.problems)")
  }

  @Test func aRefreshReplacesLocalInsertsWithTheServersList() {
    let harness = loadedFeed()
    let feed = harness.source
    feed.insert([Row(id: 30)], at: 0)
    feed.reload()
    feed.load()
    harness.last.succeed(with: Harness.page(0..<3, next: nil))
    #expect(harness.ids == [0, 1, 2])
  }

  @Test func editsAskedForDuringADeliveryAreMadeAfterIt() {
    let harness = loadedFeed()
    let feed = harness.source
    var skipped: PagedHarness.Source.Skipped? = PagedHarness.Source.Skipped()
    duringADelivery {
      skipped = feed.append([Row(id: 40)])
      feed.deleteItems(withIDs: [0])
      #expect(harness.ids == [0, 1, 2], "not made yet")
    }
    #expect(skipped == nil, "not known until it is made")
    #expect(harness.ids == [1, 2, 40])
  }
}

/// A load that brings a new loader, and the `load()` of a source that
/// shows pages: every request in flight is dropped before observers hear
/// of the load.
@MainActor
struct PagedReloadingTests {
  typealias Harness = PagedHarness

  @Test func aLoadAskedForByARefreshingObserverDropsTheNextPageBeforeItHears() {
    // Regression: `load()` used to drop the next page in flight only
    // after observers heard `refreshing`, so an answer given from such an
    // observer was taken and its rows appended over the refresh.
    let harness = Harness()
    let feed = harness.source
    feed.load()
    harness.last.succeed(with: Harness.page(0..<3, next: 3))
    feed.loadNextPage()
    let next = harness.last
    var returned: Bool?
    let token = feed.observe { event in
      if case .stateChanged(_, let new) = event, new.kind == .refreshing {
        returned = next.succeed(with: Harness.page(3..<5, next: nil))
      }
    }
    feed.load()
    token.cancel()
    #expect(returned == false)
    #expect(harness.ids == [0, 1, 2])
    #expect(feed.pagingState.description == "hasMore")
    harness.last.succeed(with: Harness.page(0..<2, next: 2))
    #expect(harness.ids == [0, 1])
  }

  @Test func anEmptyRefreshOfACompleteListIsReportedToPagingObservers() {
    let harness = Harness()
    let feed = harness.source
    feed.load()
    harness.last.succeed(with: Harness.page(0..<3, next: nil))
    #expect(harness.pagingStates == ["complete"])
    feed.load()
    harness.last.succeed(with: Harness.page(0..<0, next: nil))
    #expect(harness.pagingStates == ["complete", "complete"])
    #expect(feed.contentState.kind == .empty)
  }

  @Test func aLoadWithANewLoaderDropsEveryRequestAndAsksTheNewOne() {
    let harness = Harness()
    let feed = harness.source
    feed.load()
    harness.last.succeed(with: Harness.page(0..<3, next: 3))
    feed.loadNextPage()
    let old = harness.last
    var asked: [Int?] = []
    var requests: [PageRequest<Int, Row, Int>] = []
    feed.load { request in
      asked.append(request.cursor)
      requests.append(request)
    }
    #expect(!old.isCurrent && !old.succeed(with: Harness.page(3..<4, next: nil)))
    #expect(asked == [nil], "the new loader gets the first page")
    requests[0].succeed(with: Harness.page(10..<12, next: 12))
    feed.loadNextPage()
    #expect(asked == [nil, 12], "and every page after it")
    #expect(harness.allRequests.count == 2, "the old loader is not asked again")
  }

  @Test func aSourceWithNoLoaderDoesNothingUntilALoadBringsOne() {
    let feed = PagedDataSource<Int, Row, Int>(section: 0)
    feed.load()
    feed.reload()
    feed.loadNextPage()
    #expect(feed.contentState.kind == .initial)
    var requests: [PageRequest<Int, Row, Int>] = []
    feed.load { requests.append($0) }
    #expect(requests.count == 1 && feed.contentState.kind == .loading)
  }
}
