import Composition
import Sections
import Testing

/// The code of the README's "Composing sources" section, verbatim.
@Suite struct CompositionReadmeTests {
  struct Post: Identifiable, Equatable {
    var id: Int
    var title: String
    var isHidden = false
    var likes = 0
  }

  @Test func composingSources() {
    // README: Composing sources
    let pinned = MutableDataSource<String, Post>(snapshot: Snapshot(id: "pinned", items: [
      Post(id: 1, title: "Welcome"),
    ]))
    let feed = MutableDataSource<String, Post>(snapshot: Snapshot(id: "feed", items: [
      Post(id: 2, title: "Hello", likes: 3),
      Post(id: 3, title: "Spam", isHidden: true),
      Post(id: 4, title: "World", likes: 5),
    ]))

    // Top to bottom: both sources, without hidden posts, in one section,
    // most liked first.
    let screen = composite(pinned, feed)
      .filter { !$0.isHidden }
      .flatten()
      .sorted { $0.likes > $1.likes }

    var batches: [ChangeBatch<Int, Post>] = []
    let observation = screen.observe { event in
      if case .changed(.batch(let batch)) = event { batches.append(batch) }
    }

    feed.append([Post(id: 5, title: "New", likes: 4)], toSection: 0)
    // One insert reached the screen, at its sorted place:
    // World (5), New (4), Hello (3), Welcome (0).
    #expect(batches.last?.itemInserts.map(\.path) == [ItemPath(section: 0, item: 1)])

    feed.update(Post(id: 2, title: "Hello", likes: 9))
    // An update that changes the order is an update and a move.
    #expect(batches.last?.itemMoves.count == 1)
    #expect(screen.snapshot.allItems.map(\.title) == ["Hello", "World", "New", "Welcome"])

    // Which source owns the row a user tapped, and where in it?
    let tapped = screen.leafLocation(at: ItemPath(section: 0, item: 3))
    #expect(tapped.source === pinned && tapped.position == ItemPath(section: 0, item: 0))

    // The screen's state aggregates its sources' (DESIGN.md §6).
    #expect(screen.contentState.kind == .content)
    observation.cancel()
    // README: end
  }
}
