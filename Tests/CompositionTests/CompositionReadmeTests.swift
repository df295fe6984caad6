import DataSourceGraphComposition
import DataSourceGraphSections
import Testing

/// The code of the README's "Composing sources" section, verbatim between
/// the `README` markers, and checks of what its comments say.
@Suite struct CompositionReadmeTests {
  @Test func composingSources() {
    // README: Composing sources
    struct Post: Identifiable, Equatable {
      var id: Int
      var title: String
      var isHidden = false
      var likes = 0
    }

    let pinned = MutableDataSource<String, Post>(
      snapshot: Snapshot(
        id: "pinned",
        items: [
          Post(id: 1, title: "Welcome")
        ]))
    let feed = MutableDataSource<String, Post>(
      snapshot: Snapshot(
        id: "feed",
        items: [
          Post(id: 2, title: "Hello", likes: 3),
          Post(id: 3, title: "Spam", isHidden: true),
          Post(id: 4, title: "World", likes: 5),
        ]))

    // Top to bottom: both sources, without hidden posts, in one section,
    // most liked first.
    let screen = CompositeDataSource(pinned, feed)
      .filter { !$0.isHidden }
      .joined()
      .sorted { $0.likes > $1.likes }

    var batches: [ChangeBatch<Int, Post>] = []
    let observation = screen.observe { event in
      if case .changed(.batch(let batch)) = event { batches.append(batch) }
    }

    feed.append([Post(id: 5, title: "New", likes: 4)], toSection: 0)
    // One insert reaches the screen, at its sorted place (item 1):
    // World (5), New (4), Hello (3), Welcome (0).

    feed.update(Post(id: 2, title: "Hello", likes: 9))
    // An update that changes the order: an update and a move.
    // Hello (9), World (5), New (4), Welcome (0).

    // Which source owns the row a user tapped, and where in it?
    // (nil for a path outside the screen)
    let tapped = screen.leafLocation(at: ItemPath(section: 0, item: 3))
    // tapped?.source === pinned, tapped?.position == ItemPath(section: 0, item: 0)

    // The screen's state aggregates its sources' (content, here).
    let state = screen.contentState
    // README: end

    #expect(batches.count == 2)
    #expect(batches[0].itemInserts.map(\.path) == [ItemPath(section: 0, item: 1)])
    #expect(batches[1].itemUpdates.count == 1 && batches[1].itemMoves.count == 1)
    #expect(screen.snapshot.allItems.map(\.title) == ["Hello", "World", "New", "Welcome"])
    #expect(tapped?.source === pinned && tapped?.position == ItemPath(section: 0, item: 0))
    #expect(screen.leafLocation(at: ItemPath(section: 0, item: 4)) == nil)
    #expect(state.kind == .content)
    observation.cancel()
  }

  @Test func sharedInputs() {
    // README: Shapes of graph
    struct Mail: Identifiable, Equatable {
      var id: Int
      var isRead = false
    }

    let inbox = MutableDataSource<String, Mail>(
      snapshot: Snapshot(
        id: "inbox",
        items: [
          Mail(id: 1),
          Mail(id: 2, isRead: true),
        ]))
    let sections = CompositeDataSource(inbox.filter { !$0.isRead }, inbox.filter { $0.isRead })
    let matching = inbox.filter { $0.id > 1 }.fallingBack(to: inbox)

    var mailBatches = 0
    let mailObservation = sections.observe { event in
      if case .changed = event { mailBatches += 1 }
    }
    inbox.update(Mail(id: 1, isRead: true))
    // One batch moves mail 1 from the first section to the second: both filters
    // took the change in before the composite made its batch.
    assert(mailBatches == 1)
    assert(sections.items(inSection: 1).map(\.id) == [1, 2])
    assert(matching.items(inSection: 0).map(\.id) == [2])
    mailObservation.cancel()
    // README: end

    #expect(mailBatches == 1)
    #expect(sections.items(inSection: 0).isEmpty)
    #expect(sections.items(inSection: 1).map(\.id) == [1, 2])
    #expect(matching.items(inSection: 0).map(\.id) == [2])
  }
}
