// Benchmarks of a refresh of a large source: 100 sections × 1,000 items
// replaced by content that differs by 10 items, measured as the time the
// graph's actor is busy (the on-actor part only) with the synchronous
// `replace(with:)` (diff and apply on the actor) beside
// `replaceInBackground(with:)` (diff off the actor, apply on it).
import Benchmark
import BenchmarkSupport
import DataSourceGraphNodes
import DataSourceGraphSections
import Dispatch

/// Runs an actor's jobs on a serial queue and adds up the time they take:
/// the time the actor is busy, hops included.
final class TimingExecutor: SerialExecutor, @unchecked Sendable {
  // @unchecked: `busy` is only touched on `queue`.
  private let queue = DispatchQueue(label: "graph-actor")
  private var busy: UInt64 = 0

  func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    let executor = asUnownedSerialExecutor()
    queue.async { [self] in
      let start = DispatchTime.now().uptimeNanoseconds
      job.runSynchronously(on: executor)
      busy += DispatchTime.now().uptimeNanoseconds - start
    }
  }

  func asUnownedSerialExecutor() -> UnownedSerialExecutor {
    UnownedSerialExecutor(ordinary: self)
  }

  /// The busy time since the last call, in nanoseconds.
  func takeBusyTime() -> UInt64 {
    queue.sync {
      defer { busy = 0 }
      return busy
    }
  }
}

/// A graph on an actor of its own: one source, with one observer (where a
/// renderer would be), refreshed back and forth between two contents.
actor RefreshGraph {
  private let executor = TimingExecutor()
  nonisolated var unownedExecutor: UnownedSerialExecutor { executor.asUnownedSerialExecutor() }

  private let source: MutableDataSource<Int, Row<Int>>
  private let contents: (Snapshot<Int, Row<Int>>, Snapshot<Int, Row<Int>>)
  private var flipped = false
  private var observation: ObservationToken?
  /// The size of the last batch the observer saw.
  private final class Changes { var count = 0 }
  private let changes = Changes()

  init(_ contents: (old: Snapshot<Int, Row<Int>>, new: Snapshot<Int, Row<Int>>)) {
    source = MutableDataSource(snapshot: contents.old)
    self.contents = contents
  }

  /// Replaces the content by the other one; returns the operations of the
  /// batch the observer saw.
  func refresh(inBackground: Bool) async -> Int {
    if observation == nil {
      observation = source.observe { [changes] event in
        if case .changed(.batch(let batch)) = event { changes.count = batch.count }
      }
    }
    let target = flipped ? contents.0 : contents.1
    flipped.toggle()
    if inBackground {
      await source.replaceInBackground(with: target)
    } else {
      source.replace(with: target)
    }
    return changes.count
  }

  /// The time the actor was busy since the last call, in nanoseconds.
  nonisolated func takeBusyTime() -> UInt64 { executor.takeBusyTime() }
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

func registerRefreshBenchmarks() {
  let actorTime = BenchmarkMetric.custom("actor time (µs)")
  let configuration = Benchmark.Configuration(
    metrics: [.wallClock, actorTime],
    maxDuration: .seconds(10),
    maxIterations: 60
  )
  let contents = refreshScenario()
  for (name, inBackground) in [("replace", false), ("replaceInBackground", true)] {
    let graph = RefreshGraph(contents)
    Benchmark("refresh/100x1000-10-changes/\(name)", configuration: configuration) { benchmark in
      for _ in benchmark.scaledIterations {
        _ = graph.takeBusyTime()
        blackHole(await graph.refresh(inBackground: inBackground))
        benchmark.measurement(actorTime, Int(graph.takeBusyTime() / 1_000))
      }
    }
  }
}
