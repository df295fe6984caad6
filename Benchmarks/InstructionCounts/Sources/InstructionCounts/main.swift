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
  /// Ranks past every random rank (below 1,000,000), for a feed's pages.
  var feedRank = 1_000_000
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
    let count = leaf.numberOfItems(inSection: 0)
    switch edit {
    case "title", "sorted":
      let i = Int(g.next() % UInt64(count)) & ~1
      var row = leaf.item(at: ItemPath(section: 0, item: i))
      if edit == "title" {
        revision += 1
        row.title = "title \(revision)"
      } else {
        row.rank = Int(g.next() % 1_000_000)
      }
      leaf.update(row)
    case "move":
      let from = ItemPath(section: 0, item: Int(g.next() % UInt64(count)))
      leaf.moveItem(from: from, to: ItemPath(section: 0, item: Int(g.next() % UInt64(count))))
    case "chat":
      // A message arrives, then is marked sent (an update by identity
      // right after an insert in the same section), then goes away.
      let path = ItemPath(section: 0, item: Int(g.next() % UInt64(count)))
      nextID -= 2
      var row = Row(id: nextID, title: "sending", rank: Int(g.next() % 1_000_000))
      leaf.insert([row], at: path)
      row.title = "sent"
      leaf.update(row)
      leaf.deleteItems(withIDs: [row.id])
    case "page":
      // 50 rows at the end, as a page brings them, then taken away.
      let rows = (0..<50).map { _ in
        nextID -= 2
        return Row(id: nextID, title: "page", rank: Int(g.next() % 1_000_000))
      }
      leaf.append(rows, toSection: 0)
      leaf.deleteItems(at: (count..<count + 50).map { ItemPath(section: 0, item: $0) })
    case "feedpage":
      // The next page of a feed sorted by the field its pages come in: 50
      // rows that go side by side, after every row, then taken away.
      let rows = (0..<50).map { _ in
        nextID -= 2
        feedRank += 1
        return Row(id: nextID, title: "page", rank: feedRank)
      }
      leaf.append(rows, toSection: 0)
      leaf.deleteItems(at: (count..<count + 50).map { ItemPath(section: 0, item: $0) })
    case "replace":
      // 1% of the leaf's rows get a new title, given as a whole snapshot.
      revision += 1
      var items = leaf.snapshot.sections[0].items.map { $0 }
      for _ in 0..<count / 100 {
        items[Int(g.next() % UInt64(count))].title = "replaced \(revision)"
      }
      leaf.replace(with: Snapshot(id: 0, items: items))
    default:
      let path = ItemPath(section: 0, item: Int(g.next() % UInt64(count)))
      nextID -= 2
      leaf.insert([Row(id: nextID, title: "new", rank: Int(g.next() % 1_000_000))], at: path)
      leaf.deleteItems(at: [path])
    }
  }
}
/// Propagation: `leafCount` leaves of 1,000 rows -> composite -> sort, one
/// observer; an edit is a row inserted into one leaf and deleted again.
@MainActor final class Propagation {
  let leaves: [MutableDataSource<Int, Row>]
  let root: SortedDataSource<CompositeSectionID, Row>
  var obs: ObservationToken?
  var received = 0
  var g = SplitMix64(state: 5)
  var nextID = 0
  init(leafCount: Int) {
    var g = SplitMix64(state: 7)
    leaves = (0..<leafCount).map { leaf in
      MutableDataSource(
        snapshot: Snapshot(
          id: 0,
          items: (0..<1_000).map { i in
            Row(id: leaf * 1_000 + i, title: "", rank: Int(g.next() % 1_000_000))
          }))
    }
    root = CompositeDataSource(leaves.map { $0 as any DataSource<Int, Row> }).sorted(by: byRank)
    obs = root.observe { [unowned self] _ in received += 1 }
  }
  func run() {
    let leaf = leaves[Int(g.next() % UInt64(leaves.count))]
    let path = ItemPath(section: 0, item: Int(g.next() % 1_000))
    nextID -= 1
    leaf.insert([Row(id: nextID, title: "new", rank: Int(g.next() % 1_000_000))], at: path)
    leaf.deleteItems(at: [path])
  }
}
/// Scenario S of the benchmarks, drawn again here: 100 sections of 1,000
/// rows; 5% of them move to another section, 3% are deleted, 3% new ones
/// come, two sections move. The count is its diff and its UIKit plan.
func scenarioS() -> (old: Snapshot<Int, Row>, new: Snapshot<Int, Row>) {
  var g = SplitMix64(state: 42)
  func below(_ bound: Int) -> Int { Int(g.next() % UInt64(bound)) }
  let old = (0..<100).map { s in
    SnapshotSection(id: s, items: (0..<1_000).map { Row(id: s * 1_000 + $0, title: "", rank: 0) })
  }
  var sections = old.map { Array($0.items) }
  var touched = Set<Int>()
  func takeUntouched() -> (section: Int, row: Row)? {
    let s = below(100)
    guard !sections[s].isEmpty else { return nil }
    let i = below(sections[s].count)
    guard touched.insert(sections[s][i].id).inserted else { return nil }
    return (s, sections[s].remove(at: i))
  }
  var moves = 0
  while moves < 5_000 {
    guard let (s, row) = takeUntouched() else { continue }
    let t = (s + 1 + below(99)) % 100
    sections[t].insert(row, at: below(sections[t].count + 1))
    moves += 1
  }
  var deletes = 0
  while deletes < 3_000 {
    if takeUntouched() != nil { deletes += 1 }
  }
  for n in 0..<3_000 {
    let s = below(100)
    sections[s].insert(Row(id: 100_000 + n, title: "", rank: 0), at: below(sections[s].count + 1))
  }
  var new = zip(old, sections).map { SnapshotSection(id: $0.id, items: $1) }
  for _ in 0..<2 {
    let section = new.remove(at: below(100))
    new.insert(section, at: below(100))
  }
  return (Snapshot(sections: old), Snapshot(sections: new))
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
@inline(never) @MainActor func measuredPropagation(_ p: Propagation, _ n: Int) {
  for _ in 0..<n { p.run() }
}
@inline(never) func measuredScenarioS(_ old: Snapshot<Int, Row>, _ new: Snapshot<Int, Row>) -> Int {
  let batch = new.difference(from: old)
  return (try? batch.uikitPlan(from: old, to: new))?.steps.count ?? -1
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
  case "propagate-100", "propagate-1000":
    let p = Propagation(leafCount: args[1] == "propagate-100" ? 100 : 1_000)
    p.run()
    measuredPropagation(p, n)
  case "diff-S":
    let (old, new) = scenarioS()
    for _ in 0..<n { _ = measuredScenarioS(old, new) }
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
