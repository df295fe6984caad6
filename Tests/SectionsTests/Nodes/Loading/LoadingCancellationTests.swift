import DataSourceGraphNodes
import DataSourceGraphSections
import Foundation
import SectionsTestSupport
import Testing

/// Gates handed out in order, one per fetch, so a loader that runs several
/// times (reloads) can be answered load by load.
final class Gates: @unchecked Sendable {
  // @unchecked: `made` and `lastAnswer` are guarded by `lock`.
  private let lock = NSLock()
  private var made: [Gate] = []
  private var lastAnswer: Result<RowSnapshot, any Error>?

  /// The next fetch's gate: already open once ``openAll(_:)`` was called.
  func next() -> Gate {
    lock.withLock {
      let gate = Gate()
      if let lastAnswer { gate.open(lastAnswer) }
      made.append(gate)
      return gate
    }
  }

  /// Opens every gate handed out so far, and every later one as it is made,
  /// so no fetch still waits when the test ends: a reload's fetch may start
  /// after the test's last look at ``all``, and a fetch left waiting keeps
  /// its task, its gate and this object alive until the process exits.
  func openAll(_ answer: Result<RowSnapshot, any Error>) {
    let open = lock.withLock {
      lastAnswer = answer
      return made
    }
    for gate in open { gate.open(answer) }
  }

  /// The gates handed out so far.
  var all: [Gate] { lock.withLock { made } }

  /// The fetch to give a source.
  var fetch: @Sendable () async throws -> RowSnapshot {
    { [self] in try await next().fetch() }
  }
}

/// Obsolete loads are cancelled and ignored; a load whose source was
/// released ends quietly; nothing leaks.
@MainActor
@Suite struct LoadingCancellationTests {
  typealias Source = MutableDataSource<Int, Row>

  @Test func anObsoleteAsyncLoadSeesCancellationAndIsIgnored() async {
    let source = Source(sections: [RowSection(id: 0)])
    let log = LoadLog(source)
    let (first, second) = (Gate(), Gate())
    let firstLoad = Task { await source.load { try await first.fetch() } }
    #expect(await LoadingFixture.settle(until: { first.isWaiting }))
    let secondLoad = Task { await source.load { try await second.fetch() } }
    #expect(await LoadingFixture.settle(until: { second.isWaiting }))
    let told = log.count
    first.open(.success(LoadingFixture.rows(1...3)))
    #expect(await firstLoad.value.isObsolete)
    #expect(first.wasCancelled)
    #expect(log.count == told && source.contentState.kind == .loading)
    second.open(.success(LoadingFixture.rows(4...5)))
    #expect(await secondLoad.value.isLoaded)
    #expect(!second.wasCancelled)
    #expect(source.snapshot == LoadingFixture.rows(4...5) && source.contentState.kind == .content)
    #expect(log.problems.isEmpty && log.copy == source.snapshot)
  }

  @Test func anObsoleteLoadThatThrowsCancellationIsIgnored() async {
    let source = Source(sections: [RowSection(id: 0)])
    let log = LoadLog(source)
    let first = Task {
      await source.load {
        try await Task.sleep(for: .seconds(60))
        return LoadingFixture.rows(1...1)
      }
    }
    #expect(await LoadingFixture.settle(until: { source.phase.isLoading }))
    source.load { $0.succeed(with: LoadingFixture.rows(2...2)) }
    #expect(await first.value.isObsolete)
    #expect(source.snapshot == LoadingFixture.rows(2...2) && source.contentState.kind == .content)
    #expect(
      log.transitions.map { [$0.0, $0.1] } == [[.initial, .loading], [.loading, .content]])
  }

  /// Cancelling the caller's task cancels the fetch and abandons the load:
  /// the phase goes back to what it was, and the content stays.
  @Test(arguments: [false, true])
  func cancellingTheCallerAbandonsTheLoad(withContent: Bool) async {
    let source = Source(sections: [RowSection(id: 0)])
    if withContent { source.load { $0.succeed(with: LoadingFixture.rows(1...2)) } }
    let before = source.contentState.kind
    let gate = Gate()
    let load = Task { await source.load { try await gate.fetch() } }
    #expect(await LoadingFixture.settle(until: { gate.isWaiting }))
    #expect(source.contentState.kind == (withContent ? .refreshing : .loading))
    load.cancel()
    gate.open(.failure(LoadFailure(name: "late")))
    #expect(await load.value.isCancelled)
    #expect(gate.wasCancelled)
    #expect(source.contentState.kind == before)
    #expect(source.snapshot.numberOfItems == (withContent ? 2 : 0))
  }

  @Test func aFetchThatThrowsCancellationWhileCurrentAbandonsTheLoad() async {
    let source = Source(sections: [RowSection(id: 0)])
    let outcome = await source.load { throw CancellationError() }
    #expect(outcome.isCancelled)
    #expect(source.contentState.kind == .initial)
    await source.loaded()
  }

  @Test func aCallbackLoadWhoseSourceWasReleasedEndsQuietly() {
    var token: LoadToken<Int, Row>?
    weak var released: Source?
    do {
      let source = Source(sections: [RowSection(id: 0)])
      source.load { token = $0 }
      released = source
      #expect(token?.isCurrent == true)
    }
    #expect(released == nil)
    #expect(token?.isCurrent == false)
    #expect(token?.succeed(with: LoadingFixture.rows(1...3)) == false)
    #expect(token?.succeed { $0.append(RowSection(id: 1)) } == false)
    #expect(token?.fail(LoadFailure(name: "gone")) == false)
  }

  /// A reload runs the `async` loader in a task that holds the source
  /// weakly: releasing the source cancels the fetch, and its answer goes
  /// nowhere.
  @Test func anAsyncReloadWhoseSourceWasReleasedEndsQuietly() async {
    let gates = Gates()
    weak var released: Source?
    var log: LoadLog?
    do {
      let source = Source(sections: [RowSection(id: 0)])
      released = source
      log = LoadLog(source)
      let first = Task { await source.load(gates.fetch) }
      #expect(await LoadingFixture.settle(until: { gates.all.count == 1 }))
      gates.all[0].open(.success(LoadingFixture.rows(1...3)))
      #expect(await first.value.isLoaded)
      source.reload()
      #expect(source.contentState.kind == .refreshing)
      #expect(
        await LoadingFixture.settle(until: { gates.all.count == 2 && gates.all[1].isWaiting }))
    }
    #expect(released == nil, "the reload task must not keep the source alive")
    let told = log?.count
    gates.all[1].open(.success(LoadingFixture.rows(7...9)))
    #expect(await LoadingFixture.settle(until: { gates.all[1].wasCancelled }))
    for _ in 0..<50 { await Task.yield() }
    #expect(log?.count == told)
  }

  /// Sources with a loader of every style, in every phase, are released
  /// when their last owner lets go.
  @Test func nothingLeaks() async {
    weak var callback: Source?
    weak var asynchronous: Source?
    weak var following: Source?
    weak var waiting: Source?
    let gates = Gates()
    let (stream, feed) = AsyncStream.makeStream(of: RowSnapshot.self)
    var observation: ObservationToken?
    do {
      let a = Source(sections: [RowSection(id: 0)])
      a.load { _ in }
      a.reload()
      callback = a

      let b = Source(sections: [RowSection(id: 0)])
      let load = Task { await b.load(gates.fetch) }
      #expect(await LoadingFixture.settle(until: { gates.all.first?.isWaiting == true }))
      gates.all[0].open(.success(LoadingFixture.rows(1...2)))
      _ = await load.value
      b.reload()
      asynchronous = b

      let c = Source(sections: [RowSection(id: 0)])
      observation = c.follow { stream }
      feed.yield(LoadingFixture.rows(1...4))
      #expect(await LoadingFixture.settle(until: { c.numberOfItems == 4 }))
      following = c

      let d = Source(sections: [RowSection(id: 0)])
      d.load { _ in }
      d.whenLoaded {}
      waiting = d
    }
    #expect(
      await LoadingFixture.settle(until: {
        callback == nil && asynchronous == nil && following == nil && waiting == nil
      }))
    observation?.cancel()
    feed.finish()
    gates.openAll(.success(LoadingFixture.empty))
  }

  /// `loaded()` returns when the source is released, rather than hanging.
  @Test func waitersResumeWhenTheSourceIsReleased() {
    var resumed = false
    do {
      let source = Source(sections: [RowSection(id: 0)])
      source.load { _ in }
      source.whenLoaded { resumed = true }
      #expect(!resumed)
    }
    #expect(resumed)
  }
}
