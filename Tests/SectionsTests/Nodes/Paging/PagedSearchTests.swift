import DataSourceGraphNodes
import DataSourceGraphSections
import SectionsTestSupport
import Testing

/// The search-field recipe: each keystroke loads the results with a fetch
/// that captures the query, so the newest query wins, the older fetches
/// are cancelled, and a fetch that waits a moment first is a debounce.
@MainActor
struct PagedSearchTests {
  /// The results of `query` at `offset`: rows numbered from the query's
  /// length times 100, two a page, four in all.
  nonisolated static func page(for query: String, offset: Int) -> Page<Row, Int> {
    let start = query.count * 100 + offset
    return Page(items: [Row(id: start), Row(id: start + 1)], next: offset < 2 ? offset + 2 : nil)
  }

  /// A search screen as an app writes it: its state on the main actor,
  /// read by the fetch without a box.
  @MainActor final class SearchScreen {
    let results = PagedDataSource<String, Row, Int>(section: "results")
    /// Read by every fetch when it runs: the fetch is on the main actor.
    var pageSize = 2
    var fetchesCancelled = 0
    var fetchesMade: [String] = []
    /// How long a fetch waits before it asks the server: 0, or a debounce.
    var quiet: UInt64 = 0

    func searchTextChanged(to query: String) {
      results.load { [unowned self] offset in
        do {
          try await Task.sleep(nanoseconds: quiet)
          #expect(pageSize == 2, "main-actor state, read on the main actor")
          fetchesMade.append(query)
          return PagedSearchTests.page(for: query, offset: offset ?? 0)
        } catch {
          if Task.isCancelled, error is CancellationError { fetchesCancelled += 1 }
          throw error
        }
      }
    }
  }

  @Test func typingFastShowsOnlyTheNewestQuerysResults() async {
    let screen = SearchScreen()
    screen.quiet = 20_000_000
    for query in ["s", "sw", "swi", "swif", "swift"] { screen.searchTextChanged(to: query) }
    await screen.results.loaded()
    #expect(screen.results.snapshot.sections.first?.items.map(\.id) == [500, 501])
    #expect(screen.fetchesCancelled == 4, "every older fetch saw its cancellation")
    #expect(screen.fetchesMade == ["swift"], "a fetch that waits first is a debounce")
    screen.results.loadNextPage()
    await screen.results.loaded()
    #expect(screen.results.snapshot.sections.first?.items.map(\.id) == [500, 501, 502, 503])
    #expect(screen.results.pagingState.description == "complete")
  }

  @Test func aNewQueryDropsTheNextPageInFlightAndStartsFromTheFirstPage() async {
    let screen = SearchScreen()
    screen.searchTextChanged(to: "a")
    await screen.results.loaded()
    screen.quiet = 20_000_000
    screen.results.loadNextPage()
    #expect(screen.results.pagingState.description == "loadingMore")
    screen.quiet = 0
    screen.searchTextChanged(to: "abc")
    await screen.results.loaded()
    #expect(screen.fetchesCancelled == 1, "the next page of the old query was cancelled")
    #expect(screen.results.snapshot.sections.first?.items.map(\.id) == [300, 301])
    #expect(screen.fetchesMade == ["a", "abc"])
  }

  @Test func anAsyncFetchThatThrowsCancellationEndsTheRequestWithoutAnError() async {
    let results = PagedDataSource<String, Row, Int>(section: "results")
    results.load { _ in throw CancellationError() }
    await results.loaded()
    #expect(results.contentState.kind == .initial)
  }
}
