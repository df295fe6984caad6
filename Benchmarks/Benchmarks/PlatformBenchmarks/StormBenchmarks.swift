// Update storms: "storm/…" sends `n` edits (1, 10, 100, 1,000) to a leaf of 100k items in
// one turn of the main actor, shown through a ListViewRenderer scheduled
// `.immediate` (one batch update per change) or composed until the end of
// the turn (`.custom`, flushed right after the storm, as the end of the turn
// does). `batch updates` counts what the view was asked to do. An edit is
// an item inserted and its neighbour deleted ("n-edits"), or an item moved
// to another place of its section ("n-moves", as a change of the field a
// list is sorted by moves it).
import Benchmark
import BenchmarkSupport
import DataSourceGraphNodes
import DataSourceGraphSections
import DataSourceGraphUIKit

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
  /// section and its neighbour deleted, so the length stays; or, when
  /// `moving`, an item moved to a random place of its section.
  func storm(_ count: Int, moving: Bool) {
    for _ in 0..<count {
      let section = Int(g.next() % 100)
      let item = Int(g.next() % 1_000)
      if moving {
        leaf.moveItem(
          from: ItemPath(section: section, item: item),
          to: ItemPath(section: section, item: Int(g.next() % 1_000)))
        continue
      }
      next -= 1
      _ = leaf.insert([Row(id: next, revision: 0)], at: ItemPath(section: section, item: item))
      leaf.deleteItems(at: [ItemPath(section: section, item: item + 1)])
    }
    renderer.applyPendingChanges()
  }
}

let batchUpdates = BenchmarkMetric.custom("batch updates", useScalingFactor: false)

/// Registers the storm benchmarks.
func registerStormBenchmarks() {
  let storms = [1, 10, 100, 1_000].map { ($0, false) } + [10, 100].map { ($0, true) }
  for composed in [false, true] {
    for (count, moving) in storms {
      let mode = composed ? "composed" : "immediate"
      Benchmark(
        "storm/100x1k/\(count)-\(moving ? "moves" : "edits")/\(mode)",
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
          for _ in iterations { screen?.storm(count, moving: moving) }
        }
        benchmark.stopMeasurement()
        let after = await MainActor.run { StormScreen.built[key]?.view.batches ?? 0 }
        benchmark.measurement(batchUpdates, (after - before) / max(iterations.count, 1))
      }
    }
  }
}
