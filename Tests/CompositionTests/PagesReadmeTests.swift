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

  @Test func openingAChatAtItsFirstUnreadMessage() async {
    // DocC: Pages in both directions — begin
    struct Message: Identifiable, Equatable, Sendable {
      var id: Int
      var text: String
    }

    /// Where a page of messages starts: before or after a message.
    enum MessageCursor: Sendable {
      case before(Int)
      case after(Int)
    }

    /// Your API: a conversation of 30 messages; this stand-in answers at once.
    struct ChatAPI: Sendable {
      let all = (0..<30).map { Message(id: $0, text: "Message \($0)") }

      func messages(before id: Int, limit: Int) async throws -> [Message] {
        Array(all[max(0, id - limit)..<id])
      }
      func messages(after id: Int, limit: Int) async throws -> [Message] {
        Array(all[(id + 1)..<min(all.count, id + 1 + limit)])
      }
    }

    @MainActor
    func openChat(api: ChatAPI, firstUnread: Int) async -> [String] {
      let chat = PagedDataSource<String, Message, MessageCursor>(section: "chat") { cursor in
        let messages: [Message]
        switch cursor {
        case nil:  // the first page: two read messages, then the first unread ones
          messages =
            try await api.messages(before: firstUnread, limit: 2)
            + api.messages(after: firstUnread - 1, limit: 3)
        case .before(let id): messages = try await api.messages(before: id, limit: 5)
        case .after(let id): messages = try await api.messages(after: id, limit: 5)
        }
        // An empty page ends its side.
        return Page(
          items: messages,
          previous: messages.first.map { .before($0.id) },
          next: messages.last.map { .after($0.id) })
      }
      var seen: [String] = []
      func note() {
        let ids = chat.snapshot.sections.flatMap(\.items).map(\.id)
        seen.append(
          "\(ids[0])...\(ids[ids.count - 1]) \(chat.previousPagingState) \(chat.pagingState)")
      }
      chat.load()
      await chat.loaded()  // the first page, around the first unread message
      note()

      // As the top row appears (a cell provider, `willDisplay`, `onAppear`):
      // earlier messages, inserted above it. Both ends may load at once.
      let top = chat.item(at: ItemPath(section: 0, item: 0))
      chat.loadPreviousPageIfNeeded(showing: top.id)
      chat.loadNextPage()
      await chat.loaded()
      note()
      while chat.previousPagingState.canLoadMore {
        chat.loadPreviousPage()
        await chat.loaded()
      }
      note()
      return seen
    }
    // DocC: Pages in both directions — end
    let seen = await openChat(api: ChatAPI(), firstUnread: 20)
    #expect(
      seen == [
        "18...22 hasMore hasMore", "13...27 hasMore hasMore", "0...27 complete hasMore",
      ])
  }

  @Test func editingAPagedThread() {
    // DocC: Editing the pages — begin
    struct Comment: Identifiable, Equatable, Sendable {
      var id: Int
      var text: String
      var likes = 0
    }

    @MainActor
    func editThread() -> [String] {
      var requests: [PageRequest<String, Comment, Int>] = []
      let thread = PagedDataSource<String, Comment, Int>(section: "thread") { requests.append($0) }
      func shown() -> String {
        thread.snapshot.sections.flatMap(\.items).map(\.text).joined(separator: " ")
      }
      var seen: [String] = []

      thread.load()
      requests[0].succeed(
        with: Page(items: [Comment(id: 1, text: "a"), Comment(id: 2, text: "b")], next: 2))
      thread.update(Comment(id: 1, text: "a", likes: 1))  // a like: one update
      thread.insert([Comment(id: 9, text: "mine")], at: 0)  // posted here: one insert
      seen.append(shown())

      thread.loadNextPage()  // in flight while the user edits
      thread.deleteItems(withIDs: [2])  // deleted here: the page in flight leaves it out
      // The page repeats "b" (the server had not seen the deletion) and brings
      // "mine" back with what the server made of it: it keeps its place.
      requests[1].succeed(
        with: Page(
          items: [
            Comment(id: 2, text: "b"), Comment(id: 9, text: "mine ✓"), Comment(id: 3, text: "c"),
          ],
          next: nil))
      seen.append(shown())
      return seen
    }
    // DocC: Editing the pages — end
    let seen = editThread()
    #expect(seen == ["mine a b", "mine ✓ a c"])
  }

  @Test func searchingAsTheUserTypes() async {
    // DocC: A search field — begin
    struct Hit: Identifiable, Equatable, Sendable {
      var id: Int
      var title: String
    }

    /// Your API: three hits a query, two a page; this stand-in answers at once.
    struct SearchAPI: Sendable {
      func search(_ query: String, offset: Int) async throws -> Page<Hit, Int> {
        let hits = (offset..<min(offset + 2, 3)).map { Hit(id: $0, title: "\(query) \($0)") }
        return Page(items: hits, next: offset + 2 < 3 ? offset + 2 : nil)
      }
    }

    @MainActor
    final class SearchScreen {
      let results = PagedDataSource<String, Hit, Int>(section: "results", name: "Results")
      let api: SearchAPI
      /// How long the typing must pause before the search goes out.
      let pause: UInt64

      init(api: SearchAPI, pause: UInt64 = 250_000_000) {
        self.api = api
        self.pause = pause
      }

      /// Called on every keystroke.
      func searchTextChanged(to query: String) {
        results.load { [api, pause] offset in
          // A newer keystroke cancels this fetch: while it waits here, the
          // sleep throws, and the server never sees the query.
          if offset == nil { try await Task.sleep(nanoseconds: pause) }
          return try await api.search(query, offset: offset ?? 0)
        }
      }
    }

    @MainActor
    func type(_ keystrokes: [String], into screen: SearchScreen) async -> [String] {
      for text in keystrokes { screen.searchTextChanged(to: text) }
      await screen.results.loaded()
      screen.results.loadNextPage()  // the user scrolls to the end
      await screen.results.loaded()
      return screen.results.snapshot.sections.flatMap(\.items).map(\.title)
    }
    // DocC: A search field — end
    let titles = await type(["s", "sw", "swift"], into: SearchScreen(api: SearchAPI()))
    #expect(titles == ["swift 0", "swift 1", "swift 2"])
  }
}
