// The scenarios `count.sh` counts: the update storms of StormBenchmarks
// (100 sections x 1,000 items, an insert and a delete per edit, shown by a
// ListViewRenderer composed per turn or at once) and the million-item
// screen of ScreenBenchmarks (10 leaves of 100k -> composite -> filter ->
// sort, as 1 x 500k or 10 x 50k). Each is built and run once, then the
// `measured…` function repeats the edit: callgrind counts only inside it.
// Also the screen's first edit after it is built, and the cold start of
// ColdStartBenchmarks, graph and naive.
import DataSourceGraph
import DataSourceGraphSwiftUI
import DataSourceGraphTesting
import DataSourceGraphUIKit

struct SplitMix64 {
  var state: UInt64
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}
struct Row: Identifiable, Equatable, Sendable {
  var id: Int
  var title: String
  var rank: Int
}
@MainActor final class NullListView: BatchUpdatingView {
  var batches = 0
  var isInWindow: Bool { true }
  func performBatch(
    animated: Bool, _ updates: @escaping () -> Void, completion: @escaping @MainActor (Bool) -> Void
  ) {
    updates()
    batches += 1
    completion(true)
  }
  func issue<S, I>(_ batch: ChangeBatch<S, I>, itemUpdates: ItemUpdateStyle) {
    batches &+= batch.count
  }
  func reconfigure(itemsAt paths: [ItemPath], animated: Bool) {}
  func reloadEverything() {}
}
@inline(never) func isShown(_ r: Row) -> Bool { r.id % 2 == 0 }
@inline(never) func byRank(_ a: Row, _ b: Row) -> Bool { a.rank < b.rank }

@MainActor final class Storm {
  let leaf: MutableDataSource<Int, Row>
  let view = NullListView()
  let renderer: ListViewRenderer<Int, Row>
  let obs: ObservationToken
  var g = SplitMix64(state: 11)
  var next = -1
  init(composed: Bool) {
    leaf = MutableDataSource(
      snapshot: Snapshot(
        sections: (0..<100).map { s in
          SnapshotSection(
            id: s, items: (0..<1_000).map { Row(id: s * 1_000 + $0, title: "", rank: 0) })
        }))
    renderer = ListViewRenderer(for: leaf, view: view)
    renderer.options.keepsVisiblePosition = false
    renderer.scheduling = composed ? .custom { _ in } : .immediate
    obs = leaf.render(into: renderer)
  }
  func storm(_ count: Int) {
    for _ in 0..<count {
      let section = Int(g.next() % 100)
      let item = Int(g.next() % 1_000)
      next -= 1
      _ = leaf.insert(
        [Row(id: next, title: "", rank: 0)], at: ItemPath(section: section, item: item))
      leaf.deleteItems(at: [ItemPath(section: section, item: item + 1)])
    }
    renderer.applyPendingChanges()
  }
}
@MainActor final class Screen {
  let leaves: [MutableDataSource<Int, Row>]
  var kept: [AnyObject] = []
  var obs: ObservationToken?
  var g = SplitMix64(state: 11)
  var revision = 0
  var nextID = 0
  init(flat: Bool, reader: String) {
    var g = SplitMix64(state: 3)
    leaves = (0..<10).map { leaf in
      MutableDataSource(
        snapshot: Snapshot(
          id: 0,
          items: (0..<100_000).map { i in
            let id = leaf * 100_000 + i
            return Row(id: id, title: "item \(id)", rank: Int(g.next() % 1_000_000))
          }))
    }
    let filtered = CompositeDataSource(leaves.map { $0 as any DataSource<Int, Row> }).filter(
      isShown)
    if flat {
      connect(filtered.joined().sorted(by: byRank), reader)
    } else {
      connect(filtered.sorted(by: byRank), reader)
    }
  }
  func connect<S: Hashable>(_ root: some DataSource<S, Row>, _ reader: String) {
    kept.append(root)
    switch reader {
    case "graph": obs = root.observe { _ in }
    case "mirror":
      let m = MirrorRenderer(for: root)
      obs = root.render(into: m)
      kept.append(m)
    case "model":
      kept.append(DataSourceModel(root))
    default:
      let v = NullListView()
      let r = ListViewRenderer(for: root, view: v)
      r.scheduling = .immediate
      obs = root.render(into: r)
      kept += [v, r]
    }
  }
  func run(_ edit: String) {
    let leaf = leaves[Int(g.next() % 10)]
    switch edit {
    case "title", "sorted":
      let i = Int(g.next() % UInt64(leaf.numberOfItems(inSection: 0))) & ~1
      var row = leaf.item(at: ItemPath(section: 0, item: i))
      if edit == "title" {
        revision += 1
        row.title = "title \(revision)"
      } else {
        row.rank = Int(g.next() % 1_000_000)
      }
      leaf.update(row)
    default:
      let path = ItemPath(section: 0, item: Int(g.next() % 100_000))
      nextID -= 2
      leaf.insert([Row(id: nextID, title: "new", rank: Int(g.next() % 1_000_000))], at: path)
      leaf.deleteItems(at: [path])
    }
  }
}
/// The rows of the cold start: 10 leaves of 100k, ranks in random order.
func coldRows() -> [[Row]] {
  var g = SplitMix64(state: 3)
  return (0..<10).map { leaf in
    (0..<100_000).map { i in
      Row(id: leaf * 100_000 + i, title: "Message \(i % 100)", rank: Int(g.next() % 1_000_000))
    }
  }
}
/// The cold start of ColdStartBenchmarks: `rows` -> composite -> filter
/// -> joined -> sorted, shown by a mirror (`graph`), or the naive path:
/// concatenated, filtered, sorted, one snapshot diffed from empty.
@inline(never) @MainActor func measuredCold(_ rows: [[Row]], graph: Bool) -> Int {
  if graph {
    let leaves = rows.enumerated().map { leaf, items in
      MutableDataSource(snapshot: Snapshot(id: leaf, items: items))
    }
    let pipeline = CompositeDataSource(leaves.map { $0 as any DataSource<Int, Row> })
      .filter(isShown).joined().sorted(by: byRank)
    let mirror = MirrorRenderer(for: pipeline)
    let observation = pipeline.render(into: mirror)
    return withExtendedLifetime(observation) { mirror.snapshot.numberOfItems }
  }
  var items: [Row] = []
  for leaf in rows { items += leaf.lazy.filter(isShown) }
  items.sort(by: byRank)
  let snapshot = Snapshot(id: 0, items: items)
  return snapshot.difference(from: Snapshot()).count
}
@inline(never) @MainActor func measuredStorm(_ s: Storm, _ n: Int, _ count: Int) {
  for _ in 0..<n { s.storm(count) }
}
@inline(never) @MainActor func measuredScreen(_ s: Screen, _ n: Int, _ edit: String) {
  for _ in 0..<n { s.run(edit) }
}

let args = CommandLine.arguments
let n = Int(args[2]) ?? 100
MainActor.assumeIsolated {
  switch args[1] {
  case "storm1c":
    let s = Storm(composed: true)
    s.storm(1)
    measuredStorm(s, n, 1)
  case "storm1i":
    let s = Storm(composed: false)
    s.storm(1)
    measuredStorm(s, n, 1)
  case "storm10c":
    let s = Storm(composed: true)
    s.storm(1)
    measuredStorm(s, n, 10)
  case "cold-graph", "cold-naive":
    let rows = coldRows()
    for _ in 0..<n { _ = measuredCold(rows, graph: args[1] == "cold-graph") }
  default:
    // screen-<flat|sect>-<reader>-<edit>, first-<flat|sect>-<reader>
    let p = args[1].split(separator: "-").map(String.init)
    let s = Screen(flat: p[1] == "flat", reader: p[2])
    if p[0] == "first" {
      // The first insert and delete after the screen is built (the
      // composite's identity table grows), once.
      measuredScreen(s, 1, "insert")
    } else {
      s.run(p[3])
      measuredScreen(s, n, p[3])
    }
  }
}
