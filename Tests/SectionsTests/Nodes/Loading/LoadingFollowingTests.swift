import DataSourceGraphNodes
import DataSourceGraphSections
import Foundation
import SectionsTestSupport
import TestSupport
import Testing

/// Records, across tasks, how many times a sequence was made and ended.
final class StreamCounter: @unchecked Sendable {
  // @unchecked: every stored property is guarded by `lock`.
  private let lock = NSLock()
  private var madeCount = 0
  private var endedCount = 0

  var made: Int { lock.withLock { madeCount } }
  var ended: Int { lock.withLock { endedCount } }
  func make() { lock.withLock { madeCount += 1 } }
  func end() { lock.withLock { endedCount += 1 } }
}

/// A leaf fed by an `AsyncSequence` of snapshots: each element is one
/// minimal batch, a failure is the error state, and cancelling the
/// observation (or releasing the source) ends the iteration.
@MainActor
@Suite struct LoadingFollowingTests {
  typealias Source = MutableDataSource<Int, Row>

  nonisolated static let seeds: [UInt64] = PropertyDepth.seeds(debug: 1...3, release: 1...20)
  nonisolated static let elements = PropertyDepth.steps(debug: 40, release: 400)

  /// Every element becomes the content through one minimal batch: exactly
  /// the diff from the previous element.
  @Test(.namesTheSeed)
  func everyElementIsOneMinimalBatch() async {
    await forEachSeed(Self.seeds, everyElementIsOneMinimalBatch(seed:))
  }

  func everyElementIsOneMinimalBatch(seed: UInt64) async {
    let source = Source()
    let log = LoadLog(source)
    let (stream, feed) = AsyncStream.makeStream(of: RowSnapshot.self)
    let counter = StreamCounter()
    let following = source.follow { Tracked(base: stream, counter: counter) }
    #expect(source.contentState.kind == .loading)
    var generator = SnapshotGenerator(seed: seed)
    var previous = source.snapshot
    for index in 0..<Self.elements {
      // A different snapshot each time, so the test can see when it was
      // applied (a repeated one is `aRepeatedSnapshotTellsNothing`).
      var next = previous
      while next == previous {
        next = index % 5 == 0 ? generator.snapshot() : generator.variation(of: previous)
      }
      let told = log.count
      feed.yield(next)
      #expect(
        await LoadingFixture.settle(until: { source.snapshot == next && !source.phase.isLoading }),
        "seed \(seed)")
      let expected = next.difference(from: previous)
      let batches = log.entries(since: told).compactMap { entry -> RowBatch? in
        if case .batch(let batch) = entry { batch } else { nil }
      }
      #expect(batches == (expected.isEmpty ? [] : [expected]), "seed \(seed), element \(index)")
      let kind: ContentState.Kind = next.numberOfItems > 0 ? .content : .empty
      #expect(source.contentState.kind == kind, "seed \(seed), element \(index)")
      previous = next
    }
    #expect(log.problems.isEmpty && log.copy == source.snapshot, "seed \(seed): \(log.problems)")
    following.cancel()
    feed.finish()
    #expect(await LoadingFixture.settle(until: { counter.ended == 1 }))
  }

  @Test func aRepeatedSnapshotTellsNothing() async {
    let source = Source()
    let log = LoadLog(source)
    let (stream, feed) = AsyncStream.makeStream(of: RowSnapshot.self)
    let counter = StreamCounter()
    let following = source.follow { Tracked(base: stream, counter: counter) }
    let (first, second) = (LoadingFixture.rows(1...3), LoadingFixture.rows(2...5))
    feed.yield(first)
    feed.yield(first)
    feed.yield(second)
    #expect(await LoadingFixture.settle(until: { source.snapshot == second }))
    let batches = log.entries.compactMap { entry -> RowBatch? in
      if case .batch(let batch) = entry { batch } else { nil }
    }
    #expect(batches == [first.difference(from: RowSnapshot()), second.difference(from: first)])
    #expect(
      log.transitions.map { [$0.0, $0.1] } == [[.initial, .loading], [.loading, .content]])
    following.cancel()
    feed.finish()
    #expect(await LoadingFixture.settle(until: { counter.ended == 1 }))
  }

  @Test func aFailureBecomesTheErrorAndKeepsTheContent() async {
    let source = Source()
    let (stream, feed) = AsyncThrowingStream.makeStream(of: RowSnapshot.self)
    let following = source.follow { stream }
    feed.yield(LoadingFixture.rows(1...3))
    #expect(await LoadingFixture.settle(until: { source.numberOfItems == 3 }))
    feed.finish(throwing: LoadFailure(name: "socket closed"))
    #expect(await LoadingFixture.settle(until: { source.contentState.kind == .contentWithFailure }))
    #expect((source.contentState.error as? LoadFailure)?.name == "socket closed")
    #expect(source.snapshot == LoadingFixture.rows(1...3))
    following.cancel()

    let bare = Source()
    let (failing, failingFeed) = AsyncThrowingStream.makeStream(of: RowSnapshot.self)
    let second = bare.follow { failing }
    failingFeed.finish(throwing: LoadFailure(name: "refused"))
    #expect(await LoadingFixture.settle(until: { bare.contentState.kind == .error }))
    second.cancel()
  }

  @Test func aSequenceThatEndsLeavesTheContent() async {
    let source = Source(sections: [RowSection(id: 0)])
    let following = source.follow { AsyncStream<RowSnapshot> { $0.finish() } }
    #expect(await LoadingFixture.settle(until: { !source.phase.isLoading }))
    #expect(source.contentState.kind == .empty)
    let feeding = source.follow {
      AsyncStream<RowSnapshot> {
        $0.yield(LoadingFixture.rows(1...2))
        $0.finish()
      }
    }
    #expect(await LoadingFixture.settle(until: { source.numberOfItems == 2 }))
    #expect(source.contentState.kind == .content)
    withExtendedLifetime((following, feeding)) {}
  }

  @Test func cancellingTheObservationEndsTheIteration() async {
    let source = Source()
    let counter = StreamCounter()
    let (stream, feed) = AsyncStream.makeStream(of: RowSnapshot.self)
    feed.onTermination = { _ in counter.end() }
    let following = source.follow { stream }
    feed.yield(LoadingFixture.rows(1...2))
    #expect(await LoadingFixture.settle(until: { source.numberOfItems == 2 }))
    let log = LoadLog(source)
    following.cancel()
    #expect(await LoadingFixture.settle(until: { counter.ended == 1 }))
    feed.yield(LoadingFixture.rows(5...9))
    for _ in 0..<20 { await Task.yield() }
    #expect(source.snapshot == LoadingFixture.rows(1...2) && log.count == 0)
    // Following ended: a reload has nothing to run.
    source.reload()
    #expect(source.contentState.kind == .content && log.count == 0)
  }

  /// Cancelled before the first element: the load is abandoned, back to
  /// the initial state.
  @Test func cancellingBeforeTheFirstElementGoesBackToTheStart() async {
    let source = Source()
    let (stream, feed) = AsyncStream.makeStream(of: RowSnapshot.self)
    let following = source.follow { stream }
    #expect(source.contentState.kind == .loading)
    following.cancel()
    #expect(source.contentState.kind == .initial)
    feed.yield(LoadingFixture.rows(1...2))
    for _ in 0..<20 { await Task.yield() }
    #expect(source.numberOfItems == 0)
    await source.loaded()
  }

  @Test func releasingTheSourceEndsTheIteration() async {
    let counter = StreamCounter()
    let (stream, feed) = AsyncStream.makeStream(of: RowSnapshot.self)
    feed.onTermination = { _ in counter.end() }
    weak var released: Source?
    var following: ObservationToken?
    do {
      let source = Source()
      following = source.follow { stream }
      feed.yield(LoadingFixture.rows(1...2))
      #expect(await LoadingFixture.settle(until: { source.numberOfItems == 2 }))
      released = source
    }
    #expect(await LoadingFixture.settle(until: { released == nil && counter.ended == 1 }))
    following?.cancel()
  }

  /// A reload follows a fresh sequence (and ends the old one); another load
  /// ends following.
  @Test func reloadFollowsAFreshSequence() async {
    let source = Source()
    let counter = StreamCounter()
    let following = source.follow {
      counter.make()
      let made = counter.made
      return AsyncStream<RowSnapshot> { continuation in
        continuation.onTermination = { _ in counter.end() }
        continuation.yield(LoadingFixture.rows(1...made))
      }
    }
    #expect(await LoadingFixture.settle(until: { source.numberOfItems == 1 }))
    source.reload()
    source.reload()
    #expect(source.contentState.kind == .refreshing)
    #expect(await LoadingFixture.settle(until: { source.numberOfItems == 2 && counter.ended == 1 }))
    #expect(counter.made == 2)
    source.load { $0.succeed(with: LoadingFixture.rows(7...7)) }
    #expect(await LoadingFixture.settle(until: { counter.ended == 2 }))
    #expect(source.snapshot == LoadingFixture.rows(7...7))
    following.cancel()
    #expect(source.contentState.kind == .content)
  }
}

/// A sequence that counts when its iteration ends (its iterator returned
/// `nil` or threw), so a test can wait for the follower's task to finish
/// before the process exits.
struct Tracked<Base: AsyncSequence & Sendable>: AsyncSequence, Sendable {
  typealias Element = Base.Element
  var base: Base
  var counter: StreamCounter

  struct AsyncIterator: AsyncIteratorProtocol {
    var base: Base.AsyncIterator
    var counter: StreamCounter

    mutating func next() async throws -> Element? {
      do {
        guard let element = try await base.next() else {
          counter.end()
          return nil
        }
        return element
      } catch {
        counter.end()
        throw error
      }
    }
  }

  func makeAsyncIterator() -> AsyncIterator {
    AsyncIterator(base: base.makeAsyncIterator(), counter: counter)
  }
}
