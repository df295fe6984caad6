import DataSourceGraphNodes
import DataSourceGraphSections
import SectionsTestSupport
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

  /// The rows an `async` fetch reads from the actor's own state, when it
  /// runs (not when the load starts).
  var wanted: ClosedRange<Int> = 1...1
  private(set) var fetchesOnTheActor = 0

  /// A fetch isolated to the actor: it captures `self`, so the source
  /// keeps the actor until the next load replaces the fetch.
  func fetchWanted() async -> ContentState.LoadOutcome {
    await source.load {
      self.assertIsolated("an async fetch runs on the source's actor")
      self.fetchesOnTheActor += 1
      return LoadingFixture.rows(self.wanted)
    }
  }

  func want(_ ids: ClosedRange<Int>) { wanted = ids }

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

  /// An `async` fetch is isolated to the caller's actor: it reads the
  /// actor's state synchronously, at the first load and at every reload
  /// (which runs it again, there).
  @Test func anAsyncFetchRunsOnTheActorAndReadsItsState() async {
    weak var released: RowStore?
    do {
      let store = RowStore()
      await store.want(1...3)
      #expect(await store.fetchWanted().isLoaded)
      #expect(await store.count == 3)
      await store.want(1...5)
      await store.pull(times: 1)
      await store.waitUntilLoaded()
      #expect(await store.count == 5, "the reload read the state as it was then")
      #expect(await store.fetchesOnTheActor == 2)
      // A load with a fetch that does not capture the actor replaces the
      // one that did, and with it the cycle.
      #expect(await store.fetch(1...2).isLoaded)
      released = store
    }
    #expect(released == nil, "the next load lets the actor go")
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

/// A search screen's model on the main actor: its `async` fetch reads the
/// typed text directly, without a box and without `await`.
@MainActor final class MainActorSearch {
  var text = ""
  let source = MutableDataSource<Int, Row>(sections: [RowSection(id: 0)])

  func type(_ text: String) async -> ContentState.LoadOutcome {
    self.text = text
    return await source.load { [weak self] in
      MainActor.assertIsolated("the fetch runs on the main actor, where the load was made")
      guard let self else { throw CancellationError() }
      await Task.yield()  // what a fetch awaits leaves the actor free
      return LoadingFixture.rows(1...self.text.count)
    }
  }
}

@MainActor
@Suite struct MainActorFetchTests {
  @Test func aMainActorFetchReadsTheScreensState() async {
    let search = MainActorSearch()
    #expect(await search.type("abc").isLoaded)
    #expect(search.source.numberOfItems == 3)
    search.text = "abcde"
    search.source.reload()
    await search.source.loaded()
    #expect(search.source.numberOfItems == 5, "a reload runs the fetch again, on the main actor")
  }

  @Test func theNewestQueryWins() async {
    let search = MainActorSearch()
    async let first = search.type("ab")
    async let second = search.type("abcd")
    let outcomes = await [first, second]
    #expect(outcomes.filter(\.isLoaded).count == 1, "one load is current: \(outcomes)")
    #expect(outcomes.contains { "\($0)" == "obsolete" }, "the other was dropped: \(outcomes)")
    #expect(search.source.numberOfItems == search.text.count, "the rows are the last query's")
  }
}
