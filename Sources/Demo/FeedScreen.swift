import DataSourceGraph
import DataSourceGraphTesting

/// Part 4: an infinite scroll. A paged source of tracks under a pinned
/// section, in one composite. Scrolling near the end asks for the next
/// page; the fake server answers each page after a delay, fails one, and
/// runs out after the last. The line under the list is what the paging
/// state tells a renderer to draw; the screen's state stays `content`
/// while pages load or fail.
///
/// ```
///  Pinned (MutableDataSource) ─┐
///                              ├─ composite ──▶ TextListRenderer
///  Feed (PagedDataSource) ─────┘
/// ```
@MainActor final class FeedScreen: Screen {
  let heading = "DataSourceGraph demo · 4/6 · pages: an infinite scroll"
  let pinned = MutableDataSource<String, Track>(
    snapshot: Snapshot(
      id: "pinned", header: "Pinned", items: [Track(title: "So What", detail: "Miles Davis")]),
    name: "Pinned")
  let feed: PagedDataSource<String, Track, Int>
  let screen: CompositeDataSource<Track>
  let renderer: TextListRenderer<CompositeSectionID, Track>
  /// How many pages the fake server has, and which one fails once.
  static let lastPage = 3
  private let timeline: Timeline
  private var observations: [ObservationToken] = []
  private var failsNextPage = false
  /// The version of the first page, which a refresh changes.
  private var firstPageVersion = 0

  init(timeline: Timeline, style: TextListStyle) {
    self.timeline = timeline
    var answer: ((PageRequest<String, Track, Int>) -> Void)?
    feed = PagedDataSource(section: "feed", header: "Feed", name: "Feed") { answer?($0) }
    screen = CompositeDataSource(pinned, feed)
    renderer = TextListRenderer(style: style) { $0.text }
    renderer.title = "Discover"
    observations.append(screen.render(into: renderer))
    answer = { [weak self] request in self?.serve(request) }
  }

  /// The fake server: page `n` (the cursor) after 700 ms; the request
  /// after ``failNextPage()`` fails.
  private func serve(_ request: PageRequest<String, Track, Int>) {
    // A refresh's request comes from a task: the timeline waits for it.
    timeline.arrive(self)
    let page = request.cursor ?? 0
    let fails = failsNextPage
    failsNextPage = false
    let version = firstPageVersion
    timeline.after(700) {
      if fails {
        request.fail(DemoError.offline)
      } else {
        let tracks = Catalog.feedPage(page, version: version)
        request.succeed(with: Page(items: tracks, next: page < Self.lastPage ? page + 1 : nil))
      }
    }
  }

  /// The first page.
  func load() { feed.load() }

  /// The user scrolls to the bottom: the last row is shown, which asks for
  /// the next page when it is near the end.
  func scrollToBottom() {
    let rows = feed.numberOfItems
    guard rows > 0 else { return }
    let last = feed.item(at: ItemPath(section: 0, item: rows - 1))
    feed.loadNextPageIfNeeded(showing: last.id, within: 2)
  }

  /// The next page request fails.
  func failNextPage() { failsNextPage = true }

  /// The retry button of the failed footer.
  func retry() { feed.loadNextPage() }

  /// A pull to refresh: the first page again, with a new track on top,
  /// while the pages shown stay.
  func refresh() {
    firstPageVersion += 1
    timeline.expect(self)
    screen.reload()
  }

  /// What the bottom of the list shows, from the feed's paging state.
  var footer: String {
    switch feed.pagingState {
    case .notLoaded: ""
    case .hasMore: "  ↓ more below"
    case .loadingMore: "  ⋯ Loading more…"
    case .failed(let error): "  × Couldn't load more: \(error)  [Retry]"
    case .complete: "  — No more tracks —"
    }
  }

  func frame() -> String {
    [
      renderer.frame(), footer, "",
      "screen: \(screen.contentState.kind) · feed: \(Self.pages(feed.pageCount)), \(feed.pagingState)",
    ].joined(separator: "\n")
  }

  /// `"1 page"`, `"4 pages"`.
  static func pages(_ count: Int) -> String { count == 1 ? "1 page" : "\(count) pages" }

  var isAnimating: Bool { renderer.isAnimating }
  func advanceSpinner() { renderer.advanceSpinner() }
}
