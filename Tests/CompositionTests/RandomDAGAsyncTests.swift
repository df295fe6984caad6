import DataSourceGraphComposition
import DataSourceGraphNodes
import DataSourceGraphSections
import TestSupport
import Testing

/// The DAG property test on the main actor, with `async` loads
/// (`await leaf.load { … }`, some slow, some failing, some cancelled) and
/// leaves following `AsyncThrowingStream`s, interleaved with the graph's
/// synchronous steps (edits, callback loads and their answers, predicates,
/// switches, selections, children) and with observers that act during
/// delivery. After every step and every awaited action, every check of
/// `RandomGraphDAGTests` runs.
@Suite struct RandomGraphDAGAsyncTests {
  static let seeds = DAGTally.seeds(debug: 1...4, release: 1...40)
  static let steps = DAGTally.steps(debug: 30, release: 300)

  @MainActor
  @Test(.namesTheSeed)
  func asyncLoadsAndFollowedStreamsKeepEveryNodeConsistent() async {
    await forEachSeed(Self.seeds, asyncLoadsAndFollowedStreamsKeepEveryNodeConsistent(seed:))
  }

  @MainActor
  func asyncLoadsAndFollowedStreamsKeepEveryNodeConsistent(seed: UInt64) async {
    var graph = RandomGraph(seed: seed, reentrant: true, dag: DAGTally.options)
    var run = AsyncRun(seed: seed)
    if DAGTally.log { graph.check.logPrefix = "dag async seed \(seed)" }
    run.build(&graph)
    let check = graph.check
    run.summary = DAGSummary(seed: seed, graph: check.descriptions, shapes: graph.shapes)
    run.verify(check, step: -1)
    var step = 0
    while step < Self.steps && run.mayGoOn {
      if DAGTally.trace { print("dag async seed \(seed), step \(step)") }
      let leaves = check.leaves
      switch graph.rng.int(0..<10) {
      case 0..<4:
        // Synchronous steps.
        check.step(&graph.rng)
        run.verify(check, step: step)
      // A graph whose leaves are all paged has none to load this way.
      case 4..<7 where !leaves.isEmpty:
        let leaf = leaves[graph.rng.int(0..<leaves.count)]
        await run.load(leaf, &graph, step: step)
      case 7..<9 where !leaves.isEmpty:
        let leaf = leaves[graph.rng.int(0..<leaves.count)]
        await run.follow(leaf, &graph, step: step)
      default:
        // Lets scheduled reloads and fetches in flight run.
        for _ in 0..<graph.rng.int(1...5) { await Task.yield() }
        run.verify(check, step: step)
      }
      step += 1
      run.summary.steps += 1
    }
    await run.stop(check)
    run.summary.finish(check)
    check.tearDown()
    DAGTally.shared.add(run.summary, test: "async", seeds: Self.seeds.count)
  }
}

/// The state of one run of the asynchronous test: the streams followed,
/// and what was found.
@MainActor
struct AsyncRun {
  let seed: UInt64
  var summary = DAGSummary(seed: 0, graph: [], shapes: [:])
  /// The leaves being followed, by leaf.
  var following: [ObjectIdentifier: (feed: AnyFeed, token: ObservationToken)] = [:]
  var mayGoOn = true

  init(seed: UInt64) { self.seed = seed }

  mutating func build(_ graph: inout RandomGraph) {
    graph.buildDAG(depth: graph.rng.int(1...3))
  }

  /// Runs the checks; records what fails with the seed and step.
  mutating func verify(_ check: GraphCheck, step: Int) {
    let failures = check.verify()
    guard !failures.isEmpty else { return }
    let fresh = summary.record(failures, step: step)
    if !DAGTally.survey {
      Issue.record(
        "seed \(seed), step \(step) (async): \(failures.prefix(3).joined(separator: "\n"))\n\(summary.shape)"
      )
      mayGoOn = false
    } else if !fresh.isEmpty {
      Issue.record("seed \(seed), step \(step) (async): \(fresh.joined(separator: "\n"))")
    }
  }

  // MARK: Async loads

  /// An `async` load of `leaf`, with synchronous steps while it is in
  /// flight; now and then slow, failing or cancelled.
  mutating func load(
    _ leaf: (source: AnyObject, label: String, content: Any), _ graph: inout RandomGraph,
    step: Int
  ) async {
    switch leaf.source {
    case let source as MutableDataSource<Int, Row>:
      await load(source, leaf.content, &graph, step: step)
    case let source as MutableDataSource<CompositeSectionID, Row>:
      await load(source, leaf.content, &graph, step: step)
    case let source as MutableDataSource<CompositeSectionID, Row>:
      await load(source, leaf.content, &graph, step: step)
    default:
      Issue.record("seed \(seed): a leaf of an unexpected type \(type(of: leaf.source))")
    }
  }

  private mutating func load<S: Hashable & Sendable>(
    _ source: MutableDataSource<S, Row>, _ content: Any, _ graph: inout RandomGraph, step: Int
  ) async {
    let make = content as! (inout SplitMix64) -> Snapshot<S, Row>
    let answer = make(&graph.rng)
    let fails = graph.rng.chance(0.2)
    let slow = graph.rng.int(0...4)
    let task = Task { @MainActor in
      await source.load {
        for _ in 0..<slow { await Task.yield() }
        if fails { throw StubError(name: "async") }
        return answer
      }
    }
    for _ in 0..<graph.rng.int(0...3) {
      graph.check.step(&graph.rng)
      verify(graph.check, step: step)
    }
    if graph.rng.chance(0.15) { task.cancel() }
    _ = await task.value
    verify(graph.check, step: step)
  }

  // MARK: Followed streams

  /// Starts following a stream on `leaf`, or feeds it a snapshot (and
  /// waits for it to be applied), finishes it (maybe with an error), or
  /// stops following.
  mutating func follow(
    _ leaf: (source: AnyObject, label: String, content: Any), _ graph: inout RandomGraph,
    step: Int
  ) async {
    switch leaf.source {
    case let source as MutableDataSource<Int, Row>:
      await follow(source, leaf.content, &graph, step: step)
    case let source as MutableDataSource<CompositeSectionID, Row>:
      await follow(source, leaf.content, &graph, step: step)
    case let source as MutableDataSource<CompositeSectionID, Row>:
      await follow(source, leaf.content, &graph, step: step)
    default:
      Issue.record("seed \(seed): a leaf of an unexpected type \(type(of: leaf.source))")
    }
  }

  private mutating func follow<S: Hashable & Sendable>(
    _ source: MutableDataSource<S, Row>, _ content: Any, _ graph: inout RandomGraph, step: Int
  ) async {
    let make = content as! (inout SplitMix64) -> Snapshot<S, Row>
    let key = ObjectIdentifier(source)
    guard let (anyFeed, token) = following[key], let feed = anyFeed as? Feed<S> else {
      let feed = Feed<S>()
      let token = source.follow { feed.makeStream() }
      following[key] = (feed, token)
      await settle()
      verify(graph.check, step: step)
      return
    }
    switch graph.rng.int(0..<10) {
    case 0..<7:
      let snapshot = make(&graph.rng)
      feed.continuation?.yield(snapshot)
      // Until it is applied (or never will be: a newer load took over).
      var waited = 0
      while source.snapshot != snapshot && waited < 200 {
        await Task.yield()
        waited += 1
      }
    case 7:
      feed.continuation?.finish(throwing: graph.rng.chance(0.5) ? StubError(name: "stream") : nil)
      await settle()
    case 8:
      source.reload()
      await settle()
    default:
      token.cancel()
      following[key] = nil
      await settle()
    }
    verify(graph.check, step: step)
  }

  /// Lets the tasks in flight (iterations, fetches, scheduled reloads) run.
  private func settle() async {
    for _ in 0..<20 { await Task.yield() }
  }

  /// Ends every stream and lets the tasks in flight finish.
  mutating func stop(_ check: GraphCheck) async {
    for (_, following) in following {
      following.feed.finish()
      following.token.cancel()
    }
    following.removeAll()
    await settle()
    if mayGoOn { verify(check, step: summary.steps) }
  }
}

/// A stream of snapshots a leaf follows; each reload of the leaf starts a
/// fresh one.
@MainActor
class AnyFeed {
  func finish() {}
}

@MainActor
final class Feed<S: Hashable & Sendable>: AnyFeed {
  typealias Stream = AsyncThrowingStream<Snapshot<S, Row>, any Error>
  private(set) var continuation: Stream.Continuation?

  func makeStream() -> Stream {
    continuation?.finish()
    let (stream, continuation) = Stream.makeStream()
    self.continuation = continuation
    return stream
  }

  override func finish() { continuation?.finish() }
}
