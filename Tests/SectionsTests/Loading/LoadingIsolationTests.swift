import DataSourceGraphSections
import Testing

/// A graph that lives on an actor of its own: loads, coalesced reloads and
/// a followed sequence all run on the actor.
actor RowStore {
  let source = MutableDataSource<Int, Row>(sections: [RowSection(id: 0)])
  /// The loader's tokens, in a box the loader captures instead of the
  /// actor (capturing the actor would be a cycle: actor, source, loader).
  private final class Tokens {
    var all: [LoadToken<Int, Row>] = []
  }
  private let tokens = Tokens()
  private var following: ObservationToken?

  var runs: Int { tokens.all.count }
  var kind: ContentState.Kind { source.contentState.kind }
  var count: Int { source.numberOfItems }

  func start() {
    source.load { [tokens] token in tokens.all.append(token) }
  }

  func pull(times: Int) {
    for _ in 0..<times { source.reload() }
  }

  @discardableResult
  func answer(_ ids: ClosedRange<Int>) -> Bool {
    tokens.all.last?.succeed(with: LoadingFixture.rows(ids)) ?? false
  }

  func fetch(_ ids: ClosedRange<Int>) async -> ContentState.LoadOutcome {
    await source.load { LoadingFixture.rows(ids) }
  }

  func follow(_ stream: Tracked<AsyncStream<RowSnapshot>>) {
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
    let deadline = ContinuousClock.now + LoadingFixture.patience
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
    let counter = StreamCounter()
    await store.follow(Tracked(base: stream, counter: counter))
    feed.yield(LoadingFixture.rows(1...6))
    await store.waitUntilLoaded()
    #expect(await store.count == 6)
    #expect(await store.kind == .content)
    feed.finish()
    let deadline = ContinuousClock.now + LoadingFixture.patience
    while counter.ended == 0, ContinuousClock.now < deadline { await Task.yield() }
    #expect(counter.ended == 1, "the iteration ends with its sequence")
  }

  /// The graph's closures hold its actor weakly: an actor that owns a
  /// source with a loader of every style, following an endless sequence,
  /// is released when its last owner lets go.
  @Test func anActorThatOwnsItsGraphIsReleased() async {
    weak var released: RowStore?
    let (stream, feed) = AsyncStream.makeStream(of: RowSnapshot.self)
    let counter = StreamCounter()
    do {
      let store = RowStore()
      await store.start()
      await store.answer(1...1)
      #expect(await store.fetch(1...2).isLoaded)
      await store.pull(times: 1)
      await store.follow(Tracked(base: stream, counter: counter))
      feed.yield(LoadingFixture.rows(1...3))
      await store.waitUntilLoaded()
      #expect(await store.count == 3)
      released = store
    }
    let deadline = ContinuousClock.now + LoadingFixture.patience
    while released != nil || counter.ended == 0, ContinuousClock.now < deadline {
      await Task.yield()
    }
    #expect(released == nil, "the actor must not be kept alive by its own graph")
    #expect(counter.ended == 1, "releasing the actor ends the iteration")
    feed.finish()
  }
}
