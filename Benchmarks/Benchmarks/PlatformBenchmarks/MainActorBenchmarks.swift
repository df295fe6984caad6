// What the main actor spends on a change, on a screen of 100k items (100
// sections × 1,000) and of 1M (1,000 × 1,000), shown through a
// ListViewRenderer on a NullListView (the layer's cost, not UIKit's).
//
// "main-actor/…" replaces the whole content with a snapshot where 1% of the
// items changed (an update of every 100th item), as a server refresh does,
// three ways:
// - `replace`: `replace(with:)`, everything on the main actor;
// - `replaceInBackground`: the diff off the actor, the batch applied on it;
// - `loadAnswer`: an `async` load answering with the snapshot (its diff
//   off the actor as well).
// The metric that matters is the longest the main actor was busy without a
// break (`longest main-actor run`, µs): a probe task on the main actor
// yields in a loop and records the longest gap between two of its turns.
// A frame at 120 Hz is 8,333 µs. The wall clock of the whole change is
// reported beside it.
//
// "storm/…" sends `n` edits (1, 10, 100, 1,000) to a leaf of 100k items in
// one turn of the main actor, shown through a ListViewRenderer scheduled
// `.immediate` (one batch update per change) or composed until the end of
// the turn (`.custom`, flushed right after the storm, as the end of the turn
// does). `batch updates` counts what the view was asked to do.
import Benchmark
import BenchmarkSupport
import DataSourceGraphNodes
import DataSourceGraphSections
import DataSourceGraphUIKit

/// Records the longest stretch the main actor ran other work between two
/// turns of the probe.
@MainActor
final class MainActorProbe {
  private var running = false
  private(set) var longest: Duration = .zero
  private var task: Task<Void, Never>?

  func start() {
    longest = .zero
    running = true
    task = Task { @MainActor in
      let clock = ContinuousClock()
      var last = clock.now
      while self.running {
        await Task.yield()
        let now = clock.now
        self.longest = max(self.longest, now - last)
        last = now
      }
    }
  }

  func stop() async -> Duration {
    running = false
    await task?.value
    return longest
  }
}

/// How a change reaches the leaf in a main-actor benchmark.
enum Replacement: String, CaseIterable {
  case replace, replaceInBackground, loadAnswer
}

/// A leaf shown in a ListViewRenderer, and two snapshots to replace its
/// content with in turn.
@MainActor
final class ReplacedScreen {
  let leaf: MutableDataSource<Int, Row>
  let view = NullListView()
  let renderer: ListViewRenderer<Int, Row>
  let observation: ObservationToken
  private let snapshots: [Snapshot<Int, Row>]
  private var turn = 0
  static var built: [String: ReplacedScreen] = [:]

  init(sections: Int, perSection: Int) {
    func content(revision: Int) -> Snapshot<Int, Row> {
      Snapshot(
        sections: (0..<sections).map { s in
          SnapshotSection(
            id: s,
            items: (0..<perSection).map { i in
              Row(id: s * perSection + i, revision: i % 100 == 0 ? revision : 0)
            })
        })
    }
    snapshots = [content(revision: 1), content(revision: 2)]
    leaf = MutableDataSource(snapshot: content(revision: 0))
    renderer = ListViewRenderer(for: leaf, view: view)
    renderer.options.keepsVisiblePosition = false
    observation = leaf.render(into: renderer)
  }

  /// The snapshot of the next change: 1% of the items differ from the
  /// content.
  func nextSnapshot() -> Snapshot<Int, Row> {
    turn += 1
    return snapshots[turn % 2]
  }

  func change(_ replacement: Replacement) async {
    let next = nextSnapshot()
    switch replacement {
    case .replace: leaf.replace(with: next)
    case .replaceInBackground: await leaf.replaceInBackground(with: next)
    case .loadAnswer: await leaf.load { next }
    }
  }
}

/// A leaf shown through a renderer scheduled `.immediate` or composing the
/// changes of a turn.
@MainActor
final class StormScreen {
  let leaf: MutableDataSource<Int, Row>
  let view = NullListView()
  let renderer: ListViewRenderer<Int, Row>
  let observation: ObservationToken
  private var g = SplitMix64(state: 11)
  private var next = -1
  static var built: [String: StormScreen] = [:]

  init(composed: Bool) {
    leaf = MutableDataSource(
      snapshot: Snapshot(
        sections: (0..<100).map { s in
          SnapshotSection(id: s, items: (0..<1_000).map { Row(id: s * 1_000 + $0, revision: 0) })
        }))
    renderer = ListViewRenderer(for: leaf, view: view)
    renderer.options.keepsVisiblePosition = false
    // Composed: held until `applyPendingChanges()`, which the benchmark
    // calls after the storm, where the end of the turn would.
    renderer.scheduling = composed ? .custom { _ in } : .immediate
    observation = leaf.render(into: renderer)
  }

  /// `count` edits: an item inserted at a random place of a random
  /// section and its neighbour deleted, so the length stays.
  func storm(_ count: Int) {
    for _ in 0..<count {
      let section = Int(g.next() % 100)
      let item = Int(g.next() % 1_000)
      next -= 1
      _ = leaf.insert([Row(id: next, revision: 0)], at: ItemPath(section: section, item: item))
      leaf.deleteItems(at: [ItemPath(section: section, item: item + 1)])
    }
    renderer.applyPendingChanges()
  }
}

let longestRun = BenchmarkMetric.custom("longest main-actor run (µs)")
let batchUpdates = BenchmarkMetric.custom("batch updates", useScalingFactor: false)

/// Registers the main-actor and storm benchmarks.
func registerMainActorBenchmarks() {
  for (sections, perSection) in [(100, 1_000), (1_000, 1_000)] {
    let shape = "\(sections)x\(perSection / 1_000)k"
    for replacement in Replacement.allCases {
      Benchmark(
        "main-actor/\(shape)/update-1%/\(replacement.rawValue)",
        configuration: .init(
          metrics: [.wallClock, longestRun], maxDuration: .seconds(5), maxIterations: 40)
      ) { benchmark in
        let key = shape
        let probe = await MainActor.run {
          if ReplacedScreen.built[key] == nil {
            ReplacedScreen.built = [key: ReplacedScreen(sections: sections, perSection: perSection)]
          }
          return MainActorProbe()
        }
        for _ in benchmark.scaledIterations {
          await probe.start()
          benchmark.startMeasurement()
          await ReplacedScreen.built[key]?.change(replacement)
          benchmark.stopMeasurement()
          let longest = await probe.stop()
          benchmark.measurement(
            longestRun, Int(longest.components.attoseconds / 1_000_000_000_000))
        }
      }
    }
  }
  for composed in [false, true] {
    for count in [1, 10, 100, 1_000] {
      let mode = composed ? "composed" : "immediate"
      Benchmark(
        "storm/100x1k/\(count)-edits/\(mode)",
        configuration: .init(
          metrics: [.wallClock, batchUpdates], maxDuration: .seconds(3), maxIterations: 2_000)
      ) { benchmark in
        let key = mode
        let before = await MainActor.run {
          if StormScreen.built[key] == nil {
            StormScreen.built = [key: StormScreen(composed: composed)]
          }
          return StormScreen.built[key]?.view.batches ?? 0
        }
        let iterations = benchmark.scaledIterations
        benchmark.startMeasurement()
        await MainActor.run {
          let screen = StormScreen.built[key]
          for _ in iterations { screen?.storm(count) }
        }
        benchmark.stopMeasurement()
        let after = await MainActor.run { StormScreen.built[key]?.view.batches ?? 0 }
        benchmark.measurement(batchUpdates, (after - before) / max(iterations.count, 1))
      }
    }
  }
}
