// The renderer path: one item edited on a large screen, from the leaf to a
// renderer that keeps a snapshot (the mirror) and to the UIKit plan of the
// batch it receives. Sizes: 100k items (100 sections × 1,000) and 1M items
// (1,000 sections × 1,000, and 100 sections × 10,000), so a row shows
// whether the time grows with the screen or with the section touched. Each
// iteration makes two changes: an insert and the delete that undoes it.
import Benchmark
import BenchmarkSupport
import DataSourceGraphNodes
import DataSourceGraphSections
import DataSourceGraphTesting

/// A leaf of `sections` × `perSection` rows, a mirror rendering it, and the
/// plan of every batch the mirror receives.
final class RenderedScreen {
  let leaf: MutableDataSource<Int, Row<Int>>
  let mirror = MirrorRenderer<Int, Row<Int>>()
  var observation: ObservationToken?
  var steps = 0

  init(sections: Int, perSection: Int) {
    leaf = MutableDataSource(
      snapshot: Snapshot(
        sections: (0..<sections).map { s in
          SnapshotSection(
            id: s,
            items: (0..<perSection).map { Row(id: s * perSection + $0, revision: 0) })
        }))
    mirror.reset(to: leaf.snapshot, state: leaf.contentState)
    observation = leaf.observe { [unowned self] event in
      guard case .changed(let change) = event else { return }
      let before = mirror.snapshot
      mirror.apply(change)
      steps += (try? change.uikitPlan(from: before))?.steps.count ?? 0
    }
  }
}

func registerRendererBenchmarks() {
  for (sections, perSection) in [(100, 1_000), (1_000, 1_000), (100, 10_000)] {
    let name = "\(sections)x\(perSection / 1_000)k"
    Benchmark(
      "renderer/\(name)/edit-one",
      configuration: .init(
        metrics: [.wallClock, .mallocCountTotal], maxDuration: .seconds(3),
        maxIterations: 20_000)
    ) { benchmark, screen in
      var g = SplitMix64(state: 7)
      var next = -1
      for _ in benchmark.scaledIterations {
        let path = ItemPath(
          section: Int(g.next() % UInt64(sections)), item: Int(g.next() % UInt64(perSection)))
        next -= 1
        _ = screen.leaf.insert([Row(id: next, revision: 0)], at: path)
        screen.leaf.deleteItems(at: [path])
      }
      blackHole(screen.steps)
    } setup: {
      RenderedScreen(sections: sections, perSection: perSection)
    }
  }
}
