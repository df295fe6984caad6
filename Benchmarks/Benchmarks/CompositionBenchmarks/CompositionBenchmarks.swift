import Benchmark
import BenchmarkSupport
import DataSourceGraph

// The propagation scenario: one item inserted into (then
// deleted from) one of `leaves` leaves of `items` items each, under
// composite → filter → flatten ("propagation/…"), or composite → filter →
// flatten → sort ("propagation-sorted/…"), reaching an observer that reads
// every batch.
// Beside it, the alternative: recompute the pipeline from the leaves and
// diff it against the previous result. Sizes: 100 × 1,000, then 10× more
// leaves (1,000 × 1,000), then 10× more items per leaf (100 × 10,000).
// Each iteration makes two changes (an insert and the delete that undoes
// it), so the time per change is half the time per iteration.
// "propagation-depth/d/…": the same edits under d filters stacked on the
// composite of 100 leaves × 1,000 items, flattened: growth with depth.

struct Row: Identifiable, Equatable, Sendable {
  var id: Int
  var value: Int
}

/// Keeps the rows whose value is not a multiple of 3: two thirds pass.
@inline(never)
func isVisible(_ row: Row) -> Bool { row.value % 3 != 0 }

/// `leaves` leaves of one section of `items` rows each.
func makeLeaves(_ leaves: Int, _ items: Int) -> [MutableDataSource<Int, Row>] {
  (0..<leaves).map { leaf in
    MutableDataSource(
      snapshot: Snapshot(id: leaf, items: (0..<items).map { Row(id: leaf * items + $0, value: $0) })
    )
  }
}

/// Orders rows by value (many rows share one: each leaf has every value
/// once).
@inline(never)
func byValue(_ a: Row, _ b: Row) -> Bool { a.value < b.value }

/// The pipeline recomputed from scratch: every leaf's items, filtered, in
/// one section; `sorted`, then sorted by value, rows of one value in
/// pipeline order (the standard library's sort is stable).
@inline(never)
func recompute(_ leaves: [MutableDataSource<Int, Row>], sorted: Bool) -> Snapshot<Int, Row> {
  var items: [Row] = []
  for leaf in leaves {
    for section in leaf.sections { items += section.items.lazy.filter(isVisible) }
  }
  if sorted { items.sort(by: byValue) }
  return Snapshot(id: 0, items: items)
}

/// Inserts one row at a random place of a random leaf, then deletes it.
struct Edits {
  var rng = SplitMix64(state: 42)
  var nextID = 100_000_000

  mutating func run(_ leaves: [MutableDataSource<Int, Row>], afterEach: () -> Void) {
    let leaf = leaves[Int(rng.next() % UInt64(leaves.count))]
    let position = Int(rng.next() % UInt64(leaf.sections[0].items.count + 1))
    nextID += 1
    leaf.insert(
      [Row(id: nextID, value: Int(rng.next() % 3) + 1)], at: ItemPath(section: 0, item: position))
    afterEach()
    leaf.deleteItems(at: [ItemPath(section: 0, item: position)])
    afterEach()
  }
}

let metrics: [BenchmarkMetric] = [.wallClock, .mallocCountTotal, .instructions]

/// Registers the graph and the recompute of the pipeline, `sorted` or not,
/// at one size.
func register(leaves leafCount: Int, items: Int, sorted: Bool) {
  let name = "\(sorted ? "propagation-sorted" : "propagation")/\(leafCount)x\(items / 1_000)k"
  let fast = Benchmark.Configuration(
    metrics: metrics, maxDuration: .seconds(2), maxIterations: 100_000)
  let slow = Benchmark.Configuration(
    metrics: metrics, maxDuration: .seconds(5), maxIterations: sorted ? 50 : 200)

  Benchmark("\(name)/graph", configuration: fast) { benchmark, state in
    var edits = Edits()
    for _ in benchmark.scaledIterations {
      edits.run(state.leaves) {}
    }
    blackHole(state.received)
  } setup: {
    GraphState(leaves: makeLeaves(leafCount, items), sorted: sorted)
  }

  Benchmark("\(name)/recompute+diff", configuration: slow) { benchmark, leaves in
    var edits = Edits()
    var previous = recompute(leaves, sorted: sorted)
    for _ in benchmark.scaledIterations {
      edits.run(leaves) {
        let next = recompute(leaves, sorted: sorted)
        blackHole(next.difference(from: previous))
        previous = next
      }
    }
  } setup: {
    makeLeaves(leafCount, items)
  }
}

/// The leaves, the pipeline over them (sorted by value or not) and an
/// observer that reads every batch, built outside the measured closure.
final class GraphState {
  let leaves: [MutableDataSource<Int, Row>]
  let pipeline: any DataSource<Int, Row>
  var received = 0
  var observation: ObservationToken?

  init(leaves: [MutableDataSource<Int, Row>], sorted: Bool) {
    self.leaves = leaves
    let flat = CompositeDataSource(leaves.map { $0 as any DataSource<Int, Row> }).filter(isVisible)
      .joined()
    pipeline = sorted ? flat.sorted(by: byValue) : flat
    observe()
  }

  /// The composite of `leaves` under `depth` filters, each leaving out
  /// the rows of one value in 1,009 (so each layer keeps nearly all),
  /// flattened.
  init(leaves: [MutableDataSource<Int, Row>], depth: Int) {
    self.leaves = leaves
    var node: any DataSource<CompositeSectionID, Row> = CompositeDataSource(
      leaves.map { $0 as any DataSource<Int, Row> })
    for layer in 0..<depth {
      node = node.filter { $0.value % 1_009 != layer + 500 }
    }
    pipeline = node.joined()
    observe()
  }

  private func observe() {
    observation = pipeline.observe { [unowned self] event in
      if case .changed(.batch(let batch)) = event { self.received += batch.count }
    }
  }
}

/// Registers the graph of `depth` filters stacked over the composite of
/// 100 leaves of 1,000 items, flattened: how the time per change grows
/// with the depth of the graph.
func registerDepth(_ depth: Int) {
  Benchmark(
    "propagation-depth/\(depth)/graph",
    configuration: .init(metrics: metrics, maxDuration: .seconds(2), maxIterations: 100_000)
  ) { benchmark, state in
    var edits = Edits()
    for _ in benchmark.scaledIterations {
      edits.run(state.leaves) {}
    }
    blackHole(state.received)
  } setup: {
    GraphState(leaves: makeLeaves(100, 1_000), depth: depth)
  }
}

let benchmarks: @Sendable () -> Void = {
  for sorted in [false, true] {
    register(leaves: 100, items: 1_000, sorted: sorted)
    register(leaves: 1_000, items: 1_000, sorted: sorted)
    register(leaves: 100, items: 10_000, sorted: sorted)
  }
  for depth in [1, 2, 4, 8, 16] { registerDepth(depth) }
  registerColdStartBenchmarks()
  registerOutlineBenchmarks()
}
