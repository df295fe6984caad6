import DataSourceGraphComposition
import DataSourceGraphNodes
import DataSourceGraphSections
import Testing

// The README's "Pages" example, verbatim between the markers (the README's
// last lines print what the test checks).

@MainActor
@Suite struct PagesReadmeTests {
  @Test func scrollingAFeed() async {
    // README: Pages — begin
    struct Post: Identifiable, Equatable, Sendable {
      var id: Int
      var title: String
    }

    /// Your API: seven posts, served by offset; this stand-in answers at once.
    struct PostsAPI: Sendable {
      func posts(offset: Int, limit: Int) async throws -> [Post] {
        (offset..<min(offset + limit, 7)).map { Post(id: $0, title: "Post \($0)") }
      }
    }

    @MainActor
    func scrollFeed(api: PostsAPI) async -> [String] {
      let feed = PagedDataSource<String, Post, Int>(section: "feed", name: "Feed") { offset in
        let start = offset ?? 0  // nil: the first page
        let posts = try await api.posts(offset: start, limit: 3)
        return Page(items: posts, next: posts.count < 3 ? nil : start + posts.count)
      }
      let screen = CompositeDataSource(feed)  // any graph over it
      var seen: [String] = []
      feed.load()
      await screen.loaded()  // the first page
      seen.append("\(feed.numberOfItems) \(feed.pagingState) \(screen.contentState)")

      // As a row appears (a cell provider, `willDisplay`, `onAppear`): near the
      // end, the next page.
      let last = feed.item(at: ItemPath(section: 0, item: feed.numberOfItems - 1))
      feed.loadNextPageIfNeeded(showing: last.id)
      seen.append("\(feed.pagingState) \(screen.contentState)")
      await screen.loaded()
      feed.loadNextPage()
      await screen.loaded()
      seen.append("\(feed.numberOfItems) \(feed.pagingState)")
      return seen
    }
    // README: Pages — end
    let seen = await scrollFeed(api: PostsAPI())
    #expect(seen == ["3 hasMore content", "loadingMore content", "7 complete"])
  }
}
