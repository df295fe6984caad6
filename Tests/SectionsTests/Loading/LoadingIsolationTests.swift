import Sections
import Testing

/// A graph that lives on an actor of its own: loads, coalesced reloads and
/// a followed sequence all run on the actor.
actor RowStore {
  let source = MutableDataSource<Int, Row>(sections: [RowSection(id: 0)])
  private var tokens: [LoadToken<Int, Row>] = []
  private var following: Observation?

  var runs: Int { tokens.count }
  var kind: ContentState.Kind { source.contentState.kind }
  var count: Int { source.numberOfItems }

  func start() {
    source.load { token in self.tokens.append(token) }
  }

  func pull(times: Int) {
    for _ in 0..<times { source.reload() }
  }

  @discardableResult
  func answer(_ ids: ClosedRange<Int>) -> Bool {
    tokens.last?.succeed(with: LoadingFixture.rows(ids)) ?? false
  }

  func fetch(_ ids: ClosedRange<Int>) async -> LoadOutcome {
    await source.load { LoadingFixture.rows(ids) }
  }

  func follow(_ stream: AsyncStream<RowSnapshot>) {
    following = source.follow { stream }
  }

  func waitUntilLoaded() async { await source.loaded() }
}

@Suite struct LoadingIsolationTests {
  @Test func aGraphOnAnyActorLoadsAndCoalescesThere() async {
    let store = RowStore()
    await store.start()
    #expect(await store.kind == .loading)
    #expect(await store.answer(1...2))
    #expect(await store.kind == .content)
    await store.pull(times: 4)
    #expect(await store.kind == .refreshing)
    let deadline = ContinuousClock.now + .seconds(10)
    while await store.runs < 2, ContinuousClock.now < deadline { await Task.yield() }
    for _ in 0..<20 { await Task.yield() }
    #expect(await store.runs == 2, "four requests in one turn of the actor start one load")
    #expect(await store.answer(3...5))
    #expect(await store.count == 3)
    #expect(await store.fetch(1...4).isLoaded)
    #expect(await store.count == 4)
  }

  @Test func aFollowedSequenceRunsOnTheActor() async {
    let store = RowStore()
    let (stream, feed) = AsyncStream.makeStream(of: RowSnapshot.self)
    await store.follow(stream)
    feed.yield(LoadingFixture.rows(1...6))
    await store.waitUntilLoaded()
    #expect(await store.count == 6)
    #expect(await store.kind == .content)
    feed.finish()
  }
}
