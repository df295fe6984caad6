import DataSourceGraphComposition
import DataSourceGraphSections
import Testing

/// A paged source in a composed screen: the aggregate state sees only its
/// first page's load, and look-ups and waits go through it like any leaf.
@MainActor
struct PagedCompositionTests {
  final class Feed {
    var requests: [PageRequest<Int, Row, Int>] = []
    lazy var source = PagedDataSource<Int, Row, Int>(section: 1, name: "Feed") { [unowned self] in
      requests.append($0)
    }
  }

  @Test func loadingMoreOrFailingToKeepsTheScreensAggregateState() {
    let feed = Feed()
    let pinned = MutableDataSource<Int, Row>(
      snapshot: Snapshot(id: 0, items: [Row(id: 100, value: 0)]), name: "Pinned")
    let screen = CompositeDataSource(pinned, feed.source.filter { _ in true })
    feed.source.load()
    #expect(screen.contentState.kind == .partial, "the feed's first page is pending")

    feed.requests.last?.succeed(with: Page(items: [Row(id: 1, value: 0)], next: 1))
    #expect(screen.contentState.kind == .content)
    feed.source.loadNextPage()
    #expect(feed.source.pagingState.description == "loadingMore")
    #expect(screen.contentState.kind == .content, "loading more is not loading")
    feed.requests.last?.fail(StubError(name: "offline"))
    #expect(screen.contentState.kind == .content, "failing to load more is not an error")

    feed.source.reload()
    #expect(screen.contentState.kind == .refreshing)
  }

  @Test func aFirstPageThatFailsMakesTheScreenPartial() {
    let feed = Feed()
    let pinned = MutableDataSource<Int, Row>(
      snapshot: Snapshot(id: 0, items: [Row(id: 100, value: 0)]), name: "Pinned")
    let screen = CompositeDataSource(pinned, feed.source)
    feed.source.load()
    feed.requests.last?.fail(StubError(name: "offline"))
    guard case .partial(let partial) = screen.contentState else {
      Issue.record("\(screen.contentState)")
      return
    }
    #expect(partial.missing.map(\.description) == ["Feed failed: offline"])
  }

  @Test func aRowOfThePagedFeedLeadsBackToIt() {
    let feed = Feed()
    let screen = CompositeDataSource(MutableDataSource<Int, Row>(), feed.source.map { $0 })
    feed.source.load()
    feed.requests.last?.succeed(
      with: Page(items: [Row(id: 1, value: 0), Row(id: 2, value: 0)], next: 2))
    feed.source.loadNextPage()
    feed.requests.last?.succeed(with: Page(items: [Row(id: 3, value: 0)], next: nil))
    let location = screen.leafLocation(at: ItemPath(section: 0, item: 2))
    #expect(location?.source === feed.source)
    #expect(location?.position == ItemPath(section: 0, item: 2))
  }
}
