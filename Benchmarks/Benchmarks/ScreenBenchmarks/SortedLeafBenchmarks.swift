// One leaf sorted by a field, shown by the graph alone or a
// ListViewRenderer, edited for a long time: every edit is measured, so
// p100 is the slowest edit of the whole run, where a table that is rebuilt
// or grown at once shows.
//
// - feed-growth: the leaf starts empty; each iteration appends one page of
//   50 rows, up to 8,000 pages (400,000 rows). The tables that grow with
//   the feed (the leaf's identities and positions) must not file every
//   entry again in one page.
// - leaf-wear: the leaf starts with 100,000 rows; each iteration deletes a
//   row and inserts a new one elsewhere, 120,000 times. Past about 50,000
//   iterations the edits since the snapshot adopted outnumber the rows,
//   and the leaf builds its identity table again: in pieces, not in one
//   edit.
// - replace-then-update: the leaf holds 100,000 rows in 3 sections; each
//   iteration replaces its content with a snapshot that deletes one row
//   of the first section and inserts another (not measured), then
//   updates a row of that section by identity (measured): the leaf takes
//   the replace's batch in, and its position tables must follow it.
import Benchmark
import BenchmarkSupport
import DataSourceGraph
import DataSourceGraphUIKit

/// A leaf sorted by a field, on screen.
@MainActor
final class SortedLeaf {
  let leaf: MutableDataSource<Int, Row>
  private var kept: [AnyObject] = []
  private var observation: ObservationToken?
  private var g = SplitMix64(state: 41)
  private var nextID = 0
  private(set) var seen = 0

  /// The leaf, with `counts[s]` rows at random ranks in section `s` to
  /// start with.
  init(reader: Reader, counts: [Int] = [0]) {
    leaf = MutableDataSource(sections: [SnapshotSection(id: 0, items: [])])
    leaf.replace(
      with: Snapshot(
        sections: counts.indices.map { SnapshotSection(id: $0, items: newRows(counts[$0])) }))
    let sorted = leaf.sorted(by: byRank)
    kept.append(sorted)
    switch reader {
    case .uikit:
      let (token, objects) = showInNullListView(sorted)
      observation = token
      kept += objects
    default:
      observation = sorted.observe { [unowned self] event in
        if case .changed(let change) = event, case .batch(let batch) = change {
          seen &+= batch.count
        }
      }
    }
  }

  /// `count` new rows, at random ranks.
  func newRows(_ count: Int) -> [Row] {
    (0..<count).map { _ in
      nextID += 1
      return Row(id: nextID, title: "row \(nextID)", rank: Int(g.next() % 1_000_000))
    }
  }

  /// A place at random among the leaf's rows (`0..<count`).
  func randomRow() -> ItemPath {
    ItemPath(section: 0, item: Int(g.next() % UInt64(leaf.numberOfItems)))
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
        let feed = object("feed/\(reader.rawValue)") { SortedLeaf(reader: reader) }
        let rows = feed.newRows(50)
        benchmark.startMeasurement()
        feed.leaf.append(rows, toSection: 0)
        benchmark.stopMeasurement()
      }
    }
  }
}

func registerLeafWear() {
  for reader in [Reader.graph, .uikit] {
    Benchmark(
      "leaf-wear/100k/churn/\(reader.rawValue)",
      configuration: .init(
        metrics: [.wallClock], warmupIterations: 0, maxDuration: .seconds(120),
        maxIterations: 120_000)
    ) { benchmark in
      nonisolated(unsafe) let benchmark = benchmark
      await MainActor.run {
        let screen = object("wear/\(reader.rawValue)") {
          SortedLeaf(reader: reader, counts: [100_000])
        }
        let gone = screen.randomRow()
        let row = screen.newRows(1)
        let place = screen.randomRow()
        benchmark.startMeasurement()
        screen.leaf.deleteItems(at: [gone])
        screen.leaf.insert(row, at: place)
        benchmark.stopMeasurement()
      }
    }
  }
}

func registerReplaceThenUpdate() {
  for reader in [Reader.graph, .uikit] {
    Benchmark(
      "replace-then-update/100k-3-sections/update/\(reader.rawValue)",
      configuration: .init(
        metrics: [.wallClock], warmupIterations: 0, maxDuration: .seconds(60), maxIterations: 300)
    ) { benchmark in
      nonisolated(unsafe) let benchmark = benchmark
      await MainActor.run {
        let screen = object("replace-update/\(reader.rawValue)") {
          SortedLeaf(reader: reader, counts: [50_000, 40_000, 10_000])
        }
        let leaf = screen.leaf
        // Applied to the old snapshot, as a store's change set is: the new
        // snapshot has no identity table, and the leaf takes the batch in.
        let old = leaf.snapshot
        var sections = old.sections
        sections[0].items.remove(at: screen.randomRow().item % sections[0].items.count)
        sections[0].items.insert(contentsOf: screen.newRows(1), at: 100)
        let new = Snapshot(sections: sections)
        leaf.replace(with: old.applying(new.difference(from: old)) ?? new)
        var row = leaf.item(at: ItemPath(section: 0, item: 20_000))
        row.title += "!"
        benchmark.startMeasurement()
        leaf.update(row)
        benchmark.stopMeasurement()
      }
    }
  }
}
