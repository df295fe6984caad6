import DataSourceGraphNodes
import DataSourceGraphSections
import SectionsTestSupport
import Testing

/// `reload()` requests made before the source's next scheduling point (a
/// task enqueued on its actor by the first request) start one load; the
/// request changes the state at once. `reset()`, `whenLoaded` and `loaded()`.
@MainActor
@Suite struct LoadingCoalescingTests {
  typealias Source = MutableDataSource<Int, Row>

  /// A source whose callback loader counts its runs and keeps its tokens.
  @MainActor
  final class Counting {
    let source = Source(sections: [RowSection(id: 0)])
    var tokens: [LoadToken<Int, Row>] = []

    init() { source.load { [weak self] in self?.tokens.append($0) } }
    var runs: Int { tokens.count }
  }

  @Test func requestsInOneTurnStartOneLoad() async {
    let counting = Counting()
    let source = counting.source
    counting.tokens[0].succeed(with: LoadingFixture.rows(1...3))
    let log = LoadLog(source)
    for _ in 0..<5 { source.reload() }
    // The request shows at once; the loader has not run yet.
    #expect(source.contentState.kind == .refreshing)
    #expect(source.phase.isLoading)
    #expect(counting.runs == 1)
    #expect(log.transitions.count == 1)
    #expect(await LoadingFixture.settle(until: { counting.runs == 2 }))
    for _ in 0..<20 { await Task.yield() }
    #expect(counting.runs == 2, "five requests in one turn started \(counting.runs - 1) loads")
    #expect(counting.tokens[1].succeed(with: LoadingFixture.rows(2...4)))
    #expect(source.contentState.kind == .content)
    // A request in a later turn starts another load.
    source.reload()
    #expect(await LoadingFixture.settle(until: { counting.runs == 3 }))
    #expect(log.problems.isEmpty)
  }

  /// A scheduled load's answer window opens at the request: an answer that
  /// was in flight before the request is obsolete.
  @Test func aRequestMakesTheLoadInFlightObsolete() async {
    let counting = Counting()
    let source = counting.source
    source.reload()
    #expect(counting.tokens[0].succeed(with: LoadingFixture.rows(1...1)) == false)
    #expect(source.contentState.kind == .loading)
    #expect(await LoadingFixture.settle(until: { counting.runs == 2 }))
    #expect(counting.tokens[1].fail(LoadFailure(name: "down")))
    #expect(source.contentState.kind == .error)
  }

  @Test func aDirectLoadOrAResetBeforeTheSchedulingPointCancelsTheRequest() async {
    let counting = Counting()
    let source = counting.source
    source.reload()
    var direct: [LoadToken<Int, Row>] = []
    source.load { direct.append($0) }
    for _ in 0..<20 { await Task.yield() }
    #expect(counting.runs == 1 && direct.count == 1, "the scheduled load must not start")
    // The direct load's loader is now the source's: reload runs it.
    source.reload()
    source.reset()
    #expect(source.contentState.kind == .initial)
    #expect(!source.phase.isLoading)
    for _ in 0..<20 { await Task.yield() }
    #expect(direct.count == 1, "a reset drops the scheduled load")
  }

  @Test func reloadWithoutALoaderDoesNothing() async {
    let source = Source(sections: [RowSection(id: 0, items: [Row(id: 1)])])
    let log = LoadLog(source)
    source.reload()
    #expect(source.contentState.kind == .content && log.count == 0)
    #expect(!source.phase.isLoading)
  }

  @Test func reloadRerunsAnAsyncLoader() async {
    let source = Source(sections: [RowSection(id: 0)])
    let gates = Gates()
    let first = Task { await source.load(gates.fetch) }
    #expect(await LoadingFixture.settle(until: { gates.all.first?.isWaiting == true }))
    gates.all[0].open(.success(LoadingFixture.rows(1...2)))
    #expect(await first.value.isLoaded)
    for _ in 0..<3 { source.reload() }
    #expect(source.contentState.kind == .refreshing)
    #expect(await LoadingFixture.settle(until: { gates.all.count == 2 && gates.all[1].isWaiting }))
    gates.all[1].open(.failure(LoadFailure(name: "offline")))
    #expect(await LoadingFixture.settle(until: { !source.phase.isLoading }))
    #expect(source.contentState.kind == .contentWithFailure)
    #expect(source.snapshot == LoadingFixture.rows(1...2))
    for _ in 0..<20 { await Task.yield() }
    #expect(
      gates.all.count == 2, "three requests in one turn started \(gates.all.count - 1) fetches")
  }

  @Test func whenLoadedRunsAtOnceWhenSettledAndAfterTheObserversOtherwise() {
    let source = Source(sections: [RowSection(id: 0)])
    var order: [String] = []
    source.whenLoaded { order.append("idle") }
    #expect(order == ["idle"])
    var token: LoadToken<Int, Row>?
    source.load { token = $0 }
    let observation = source.observe { event in
      if case .stateChanged(_, let new) = event { order.append("told \(new.kind)") }
    }
    source.whenLoaded { order.append("first waiter") }
    source.whenLoaded { order.append("second waiter") }
    #expect(order == ["idle"])
    token?.succeed(with: LoadingFixture.rows(1...1))
    #expect(order == ["idle", "told content", "first waiter", "second waiter"])
    source.whenLoaded { order.append("after") }
    #expect(order.last == "after")
    withExtendedLifetime(observation) {}
  }

  /// A waiter waits for the newest load: a load that starts before the
  /// first one answers keeps it waiting.
  @Test func waitersWaitForTheNewestLoad() {
    let source = Source(sections: [RowSection(id: 0)])
    var tokens: [LoadToken<Int, Row>] = []
    source.load { tokens.append($0) }
    var done = false
    source.whenLoaded { done = true }
    source.load { tokens.append($0) }
    tokens[0].succeed(with: LoadingFixture.rows(1...1))
    #expect(!done)
    tokens[1].fail(LoadFailure(name: "down"))
    #expect(done)
  }

  @Test func loadedReturnsWhenTheCurrentLoadSettles() async {
    let counting = Counting()
    let source = counting.source
    let answer = Task {
      #expect(await LoadingFixture.settle(until: { counting.runs == 1 }))
      counting.tokens[0].succeed(with: LoadingFixture.rows(1...5))
    }
    await source.loaded()
    #expect(source.contentState.kind == .content && source.numberOfItems == 5)
    await answer.value
    // A reset settles a wait too.
    source.reload()
    let reset = Task { source.reset() }
    await source.loaded()
    #expect(source.contentState.kind == .initial)
    await reset.value
  }

  /// A source that lives on no actor has no scheduling point: a callback
  /// loader restarts at once, an `async` loader is not run again.
  @Test nonisolated func withoutAnActorReloadRestartsACallbackLoaderAtOnce() {
    let source = Source(sections: [RowSection(id: 0)])
    var runs = 0
    source.load { token in
      runs += 1
      token.succeed(with: LoadingFixture.rows(1...runs))
    }
    source.reload()
    source.reload()
    #expect(runs == 3)
    #expect(source.numberOfItems == 3 && source.contentState.kind == .content)
  }

  @Test nonisolated func withoutAnActorAnAsyncLoadWorksButIsNotReloaded() async {
    let source = Source(sections: [RowSection(id: 0)])
    let outcome = await source.load { LoadingFixture.rows(1...2) }
    #expect(outcome.isLoaded && source.contentState.kind == .content)
    source.reload()
    #expect(source.contentState.kind == .content && !source.phase.isLoading)
    await source.loaded()
  }
}
