// A feed that grows page by page: a leaf that starts empty, sorted by a
// field, shown by the graph alone or a ListViewRenderer; each iteration
// appends one page of 50 rows, up to 8,000 pages (400,000 rows). Every
// page is measured, so p100 is the slowest page of the whole growth: the
// tables that grow with the feed (the leaf's identities and positions)
// must not file every entry again in one page.
import Benchmark
import BenchmarkSupport
import DataSourceGraph
import DataSourceGraphUIKit

/// A sorted feed that starts empty and grows by pages.
@MainActor
final class GrowingFeed {
  let leaf = MutableDataSource<Int, Row>(sections: [SnapshotSection(id: 0, items: [])])
  private var kept: [AnyObject] = []
  private var observation: ObservationToken?
  private var g = SplitMix64(state: 41)
  private var nextID = 0
  private(set) var seen = 0

  init(reader: Reader) {
    let sorted = leaf.sorted(by: byRank)
    kept.append(sorted)
    switch reader {
    case .uikit:
      let view = NullListView()
      let renderer = ListViewRenderer(for: sorted, view: view)
      renderer.scheduling = .immediate
      observation = sorted.render(into: renderer)
      kept += [view, renderer]
    default:
      observation = sorted.observe { [unowned self] event in
        if case .changed(let change) = event, case .batch(let batch) = change {
          seen &+= batch.count
        }
      }
    }
  }

  /// The next page's rows, at random ranks.
  func nextPage() -> [Row] {
    (0..<50).map { _ in
      nextID += 1
      return Row(id: nextID, title: "row \(nextID)", rank: Int(g.next() % 1_000_000))
    }
  }
}

func registerFeedGrowth() {
  for reader in [Reader.graph, .uikit] {
    Benchmark(
      "feed-growth/400k/page/\(reader.rawValue)",
      configuration: .init(
        metrics: [.wallClock], warmupIterations: 0, maxDuration: .seconds(60),
        maxIterations: 8_000)
    ) { benchmark in
      nonisolated(unsafe) let benchmark = benchmark
      await MainActor.run {
        let feed = object("feed/\(reader.rawValue)") { GrowingFeed(reader: reader) }
        let rows = feed.nextPage()
        benchmark.startMeasurement()
        feed.leaf.append(rows, toSection: 0)
        benchmark.stopMeasurement()
      }
    }
  }
}
