import Benchmark
import BenchmarkSupport
import DataSourceGraph

// The outline scenarios, in one section of `roots` items of the input,
// each with 10 children and expanded (11 rows per item), plus one item
// with `k` children, collapsed:
//
// - "outline/expand-<k>/<rows>": expanding that item, then collapsing it
//   (two changes per iteration: k inserts and an update, k deletes and an
//   update).
// - "outline/update/<rows>": an update of one random expanded item of the
//   input that changes one of its children, then undoes it (two changes).
//
// Beside each, the alternative: recompute the whole flattened outline and
// diff it against the previous one with `Snapshot.difference(from:)`.
// Sizes: 10k and 100k rows.

struct OutlineNode: Identifiable, Equatable, Sendable {
  var id: Int
  var value: Int
  var children: [OutlineNode] = []
}

/// Rows of `roots` items with 10 children each, then the item `-1` with `k`
/// children.
func makeOutlineInput(roots: Int, k: Int) -> MutableDataSource<Int, OutlineNode> {
  var items = (0..<roots).map { r in
    OutlineNode(
      id: r * 100, value: 0,
      children: (1...10).map { OutlineNode(id: r * 100 + $0, value: 0) })
  }
  items.insert(
    OutlineNode(id: -1, value: 0, children: (0..<k).map { OutlineNode(id: -2 - $0, value: 0) }),
    at: roots / 2)
  return MutableDataSource(snapshot: Snapshot(id: 0, items: items))
}

/// The outline recomputed from scratch: every item, followed by its
/// children while it is expanded.
@inline(never)
func flattenOutline(_ input: MutableDataSource<Int, OutlineNode>, expanded: Set<Int>)
  -> Snapshot<Int, OutlineRow<OutlineNode>>
{
  var rows: [OutlineRow<OutlineNode>] = []
  func visit(_ node: OutlineNode, depth: Int) {
    let open = !node.children.isEmpty && expanded.contains(node.id)
    rows.append(
      OutlineRow(item: node, depth: depth, hasChildren: !node.children.isEmpty, isExpanded: open))
    if open { for child in node.children { visit(child, depth: depth + 1) } }
  }
  for item in input.sections[0].items { visit(item, depth: 0) }
  return Snapshot(id: 0, items: rows)
}

/// The input, its outline with every item but `-1` expanded, and an
/// observer that reads every batch.
final class OutlineState {
  let input: MutableDataSource<Int, OutlineNode>
  let outline: OutlineDataSource<Int, OutlineNode>
  var received = 0
  var observation: ObservationToken?

  init(roots: Int, k: Int) {
    input = makeOutlineInput(roots: roots, k: k)
    outline = input.outlined(
      children: { $0.children }, expandedItems: Set((0..<roots).map { $0 * 100 }))
    observation = outline.observe { [unowned self] event in
      if case .changed(.batch(let batch)) = event { self.received += batch.count }
    }
  }
}

/// Changes one child of a random item of the input, then changes it back.
struct OutlineUpdates {
  var rng = SplitMix64(state: 7)

  mutating func run(_ input: MutableDataSource<Int, OutlineNode>, roots: Int, afterEach: () -> Void)
  {
    let r = Int(rng.next() % UInt64(roots))
    let path = input.itemPath(for: r * 100)!
    let old = input.item(at: path)
    var new = old
    new.children[Int(rng.next() % 10)].value += 1
    _ = input.update(new)
    afterEach()
    _ = input.update(old)
    afterEach()
  }
}

func registerOutline(rows: Int, k: Int) {
  let roots = (rows - k) / 11
  let size = "\(rows / 1_000)k"
  let fast = Benchmark.Configuration(
    metrics: metrics, maxDuration: .seconds(2), maxIterations: 100_000)
  let slow = Benchmark.Configuration(
    metrics: metrics, maxDuration: .seconds(5), maxIterations: 200)

  Benchmark("outline/expand-\(k)/\(size)/outline", configuration: fast) { benchmark, state in
    for _ in benchmark.scaledIterations {
      state.outline.expand(-1)
      state.outline.collapse(-1)
    }
    blackHole(state.received)
  } setup: {
    OutlineState(roots: roots, k: k)
  }

  Benchmark("outline/expand-\(k)/\(size)/recompute+diff", configuration: slow) { benchmark, input in
    var expanded = Set((0..<roots).map { $0 * 100 })
    var previous = flattenOutline(input, expanded: expanded)
    for _ in benchmark.scaledIterations {
      for open in [true, false] {
        if open { expanded.insert(-1) } else { expanded.remove(-1) }
        let next = flattenOutline(input, expanded: expanded)
        blackHole(next.difference(from: previous))
        previous = next
      }
    }
  } setup: {
    makeOutlineInput(roots: roots, k: k)
  }

  Benchmark("outline/update/\(size)/outline", configuration: fast) { benchmark, state in
    var updates = OutlineUpdates()
    for _ in benchmark.scaledIterations {
      updates.run(state.input, roots: roots) {}
    }
    blackHole(state.received)
  } setup: {
    OutlineState(roots: roots, k: k)
  }

  Benchmark("outline/update/\(size)/recompute+diff", configuration: slow) { benchmark, input in
    var updates = OutlineUpdates()
    let expanded = Set((0..<roots).map { $0 * 100 })
    var previous = flattenOutline(input, expanded: expanded)
    for _ in benchmark.scaledIterations {
      updates.run(input, roots: roots) {
        let next = flattenOutline(input, expanded: expanded)
        blackHole(next.difference(from: previous))
        previous = next
      }
    }
  } setup: {
    makeOutlineInput(roots: roots, k: k)
  }
}

/// Registers the outline benchmarks; called from `benchmarks`.
func registerOutlineBenchmarks() {
  registerOutline(rows: 10_000, k: 1_000)
  registerOutline(rows: 100_000, k: 1_000)
}
