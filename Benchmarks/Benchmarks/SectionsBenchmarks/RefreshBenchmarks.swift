// Benchmarks of a refresh of a large source, measured as the time the
// graph's actor is busy (the on-actor part only; in an app, the main actor)
// and the longest it is busy without a break (one job: what holds up a
// frame, 8,333 µs at 120 Hz):
// - "refresh/100x1000-10-changes/…": 100 sections × 1,000 items replaced by
//   content that differs by 10 items, with one observer;
// - "main-actor/…": 100 × 1,000 and 1,000 × 1,000 items where 1% of the
//   items change (every 100th updated), shown by a mirror renderer that
//   also plans every batch for UIKit from the content before and after it
//   (what a table's data source did on the main actor before it showed
//   changes of items in place);
// and the leaf's share alone at 1,000 × 1,000 ("…-leaf/…", an observer
// that counts);
// each with the synchronous `replace(with:)` (diff and apply on the actor)
// beside `replaceInBackground(with:)` and an `async` load's answer (diff
// off the actor, apply on it).
import Benchmark
import BenchmarkSupport
import DataSourceGraphNodes
import DataSourceGraphSections
import DataSourceGraphTesting
import Dispatch

/// Runs an actor's jobs on a serial queue and adds up the time they take:
/// the time the actor is busy, hops included.
final class TimingExecutor: SerialExecutor, @unchecked Sendable {
  // @unchecked: `busy` is only touched on `queue`.
  private let queue = DispatchQueue(label: "graph-actor")
  private var busy: UInt64 = 0
  private var longest: UInt64 = 0

  func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    let executor = asUnownedSerialExecutor()
    queue.async { [self] in
      let start = DispatchTime.now().uptimeNanoseconds
      job.runSynchronously(on: executor)
      let time = DispatchTime.now().uptimeNanoseconds - start
      busy += time
      longest = max(longest, time)
    }
  }

  func asUnownedSerialExecutor() -> UnownedSerialExecutor {
    UnownedSerialExecutor(ordinary: self)
  }

  /// The busy time since the last call, and the longest job, in
  /// nanoseconds.
  func takeBusyTime() -> (total: UInt64, longest: UInt64) {
    queue.sync {
      defer { (busy, longest) = (0, 0) }
      return (busy, longest)
    }
  }
}

/// How a refresh reaches the source.
enum RefreshPath: String, CaseIterable {
  case replace, replaceInBackground, loadAnswer
}

/// A graph on an actor of its own: one source, with one observer (where a
/// renderer would be), refreshed back and forth between two contents.
actor RefreshGraph {
  private let executor = TimingExecutor()
  nonisolated var unownedExecutor: UnownedSerialExecutor { executor.asUnownedSerialExecutor() }

  private let source: MutableDataSource<Int, Row<Int>>
  private let contents: (Snapshot<Int, Row<Int>>, Snapshot<Int, Row<Int>>)
  private let rendered: Bool
  private var flipped = false
  private var observation: ObservationToken?
  private var mirror: MirrorRenderer<Int, Row<Int>>?
  /// The size of the last batch the observer saw.
  private final class Changes { var count = 0 }
  private let changes = Changes()

  /// A graph showing `contents.old`; `rendered`, its observer is a mirror
  /// renderer that plans every batch for UIKit, else one that counts.
  init(_ contents: (old: Snapshot<Int, Row<Int>>, new: Snapshot<Int, Row<Int>>), rendered: Bool) {
    source = MutableDataSource(snapshot: contents.old)
    self.contents = contents
    self.rendered = rendered
  }

  /// Replaces the content by the other one through `path`; returns the
  /// operations of the batch the observer saw.
  func refresh(_ path: RefreshPath) async -> Int {
    if observation == nil { observe() }
    let target = flipped ? contents.0 : contents.1
    flipped.toggle()
    switch path {
    case .replace: source.replace(with: target)
    case .replaceInBackground: await source.replaceInBackground(with: target)
    case .loadAnswer: await source.load { target }
    }
    return changes.count
  }

  private func observe() {
    guard rendered else {
      observation = source.observe { [changes] event in
        if case .changed(.batch(let batch)) = event { changes.count = batch.count }
      }
      return
    }
    let mirror = MirrorRenderer(for: source)
    mirror.reset(to: source.snapshot, state: source.contentState)
    self.mirror = mirror
    observation = source.observe { [changes] event in
      guard case .changed(let change) = event else { return }
      let before = mirror.snapshot
      mirror.apply(change)
      changes.count = (try? change.uikitPlan(from: before))?.steps.count ?? 0
    }
  }

  /// The time the actor was busy since the last call, and its longest job,
  /// in nanoseconds.
  nonisolated func takeBusyTime() -> (total: UInt64, longest: UInt64) {
    executor.takeBusyTime()
  }
}

/// 100 sections × 1,000 items, and the same with 10 items changed: 4
/// updated, 3 deleted, 3 inserted, in random sections.
func refreshScenario() -> (old: Snapshot<Int, Row<Int>>, new: Snapshot<Int, Row<Int>>) {
  var g = SplitMix64(state: 7)
  let old: [SnapshotSection<Int, Row<Int>>] = (0..<100).map { s in
    SnapshotSection(id: s, items: (0..<1_000).map { Row(id: s * 1_000 + $0, revision: 0) })
  }
  var new = old
  for change in 0..<10 {
    let s = Int(g.next() % 100)
    let i = Int(g.next() % UInt64(new[s].items.count))
    switch change % 3 {
    case 0: new[s].items[i].revision += 1
    case 1: new[s].items.remove(at: i)
    default: new[s].items.insert(Row(id: 1_000_000 + change, revision: 0), at: i)
    }
  }
  return (Snapshot(sections: old), Snapshot(sections: new))
}

/// `sections` × `perSection` items, and the same with every 100th item
/// updated.
func refreshScenario(sections: Int, perSection: Int) -> (
  old: Snapshot<Int, Row<Int>>, new: Snapshot<Int, Row<Int>>
) {
  func content(revision: Int) -> Snapshot<Int, Row<Int>> {
    Snapshot(
      sections: (0..<sections).map { s in
        SnapshotSection(
          id: s,
          items: (0..<perSection).map { i in
            Row(id: s * perSection + i, revision: i % 100 == 0 ? revision : 0)
          })
      })
  }
  return (content(revision: 0), content(revision: 1))
}

/// A graph built on first use and then kept, so that a filtered run
/// builds only the graphs of the benchmarks it runs.
final class LazyGraph: @unchecked Sendable {
  // @unchecked: read by one benchmark at a time.
  private let make: () -> RefreshGraph
  private var built: RefreshGraph?

  init(_ make: @escaping () -> RefreshGraph) { self.make = make }

  var graph: RefreshGraph {
    if let built { return built }
    let graph = make()
    built = graph
    return graph
  }
}

func registerRefreshBenchmarks() {
  let actorTime = BenchmarkMetric.custom("actor time (µs)")
  let longestJob = BenchmarkMetric.custom("longest actor job (µs)")
  let configuration = Benchmark.Configuration(
    metrics: [.wallClock, actorTime, longestJob],
    maxDuration: .seconds(10),
    maxIterations: 60
  )
  func register(_ name: String, _ graph: LazyGraph, _ path: RefreshPath) {
    Benchmark(name, configuration: configuration) { benchmark in
      let graph = graph.graph
      for _ in benchmark.scaledIterations {
        _ = graph.takeBusyTime()
        blackHole(await graph.refresh(path))
        let time = graph.takeBusyTime()
        benchmark.measurement(actorTime, Int(time.total / 1_000))
        benchmark.measurement(longestJob, Int(time.longest / 1_000))
      }
    }
  }
  for path in [RefreshPath.replace, .replaceInBackground] {
    let graph = LazyGraph { RefreshGraph(refreshScenario(), rendered: false) }
    register("refresh/100x1000-10-changes/\(path.rawValue)", graph, path)
  }
  for (sections, perSection) in [(100, 1_000), (1_000, 1_000)] {
    let graph = LazyGraph {
      RefreshGraph(refreshScenario(sections: sections, perSection: perSection), rendered: true)
    }
    for path in RefreshPath.allCases {
      register("main-actor/\(sections)x\(perSection)-1%-updated/\(path.rawValue)", graph, path)
    }
  }
  // The leaf's share alone (the renderer's: `refresh/…` in ScreenBenchmarks).
  let leaf = LazyGraph {
    RefreshGraph(refreshScenario(sections: 1_000, perSection: 1_000), rendered: false)
  }
  for path in [RefreshPath.replaceInBackground, .loadAnswer] {
    register("main-actor/1000x1000-1%-updated-leaf/\(path.rawValue)", leaf, path)
  }
}
