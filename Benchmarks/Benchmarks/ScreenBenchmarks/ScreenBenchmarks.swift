// One edit on a screen of a million items: 10 leaves of 100k items (one
// section each) under a composite, a filter that keeps half of them and a
// sort by a field, shown in two shapes:
// - "10x50k": the composite's 10 sections, filtered and sorted (~50k
//   items a section);
// - "1x500k": the same items joined into one section before the sort.
// Each iteration makes one edit and stops when the reader has taken it (the
// graph delivers at once). The readers: the graph alone (an observer that
// reads the batch), a MirrorRenderer, a ListViewRenderer on a view that
// takes batch updates and does nothing with them (the layer's cost, not
// UIKit's), changes shown at once, and the SwiftUI layer's DataSourceModel
// (the Observation module's bookkeeping included, no SwiftUI view). Beside
// them, two rows on a lone leaf of 100k items (an update by identity right
// after an insert in the same section; the leaf's snapshot read right
// after an edit), and an insert and a delete through the mirror, which
// still move the items after them in the section's array. The first insert
// and delete after the screen is built, on a fresh screen each time, and
// the 2,000 edits after a build, the worst of them as p100. And the
// renderer's share of a
// refresh of a million items (every 100th updated), its batch computed off
// the main actor.
import Benchmark
import BenchmarkSupport
import DataSourceGraph
import DataSourceGraphSwiftUI
import DataSourceGraphTesting
import DataSourceGraphUIKit

/// An item with a title and the field the screen sorts by.
struct Row: Identifiable, Equatable, Sendable {
  var id: Int
  var title: String
  var rank: Int
}

/// The two shapes of the screen.
enum Shape: String, CaseIterable {
  case sectioned = "10x50k"
  case flat = "1x500k"
}

/// Who takes the edits.
enum Reader: String, CaseIterable {
  case graph, mirror, uikit, model
}

/// The edits measured on the screen.
enum Edit: String, CaseIterable {
  /// A title changes: the item is updated in place.
  case title
  /// The sorted field changes: the item is updated and moved in its section.
  case sortedField = "sorted-field"
  /// An item is inserted at a random place of a leaf, then deleted: the
  /// array of the section shown moves the items after it, twice.
  case insertDelete = "insert-delete"
}

let leafCount = 10
let leafSize = 100_000

/// Keeps the items of even identity: half of them.
@inline(never)
func isShown(_ row: Row) -> Bool { row.id % 2 == 0 }

@inline(never)
func byRank(_ a: Row, _ b: Row) -> Bool { a.rank < b.rank }

/// The million-item screen, its root node and one reader.
@MainActor
final class MillionScreen {
  let leaves: [MutableDataSource<Int, Row>]
  private var kept: [AnyObject] = []
  private var observation: ObservationToken?
  private var g = SplitMix64(state: 11)
  private var revision = 0
  private var nextID = 0
  private(set) var seen = 0

  init(shape: Shape, reader: Reader) {
    var g = SplitMix64(state: 3)
    leaves = (0..<leafCount).map { leaf in
      MutableDataSource(
        snapshot: Snapshot(
          id: 0,
          items: (0..<leafSize).map { i in
            let id = leaf * leafSize + i
            return Row(id: id, title: "item \(id)", rank: Int(g.next() % 1_000_000))
          }))
    }
    let composite = CompositeDataSource(leaves.map { $0 as any DataSource<Int, Row> })
    let filtered = composite.filter(isShown)
    switch shape {
    case .sectioned: connect(filtered.sorted(by: byRank), reader: reader)
    case .flat: connect(filtered.joined().sorted(by: byRank), reader: reader)
    }
  }

  private func connect<SectionID: Hashable>(
    _ root: some DataSource<SectionID, Row>, reader: Reader
  ) {
    kept.append(root)
    switch reader {
    case .graph:
      observation = root.observe { [unowned self] event in
        if case .changed(let change) = event, case .batch(let batch) = change {
          seen &+= batch.count
        }
      }
    case .mirror:
      let mirror = MirrorRenderer(for: root)
      observation = root.render(into: mirror)
      kept.append(mirror)
    case .uikit:
      let (token, objects) = showInNullListView(root)
      observation = token
      kept += objects
    case .model:
      kept.append(DataSourceModel(root))
    }
  }

  /// A random shown item (even identity) of a random leaf.
  private func shownItem() -> (leaf: MutableDataSource<Int, Row>, row: Row) {
    let leaf = leaves[Int(g.next() % UInt64(leafCount))]
    let item = Int(g.next() % UInt64(leaf.numberOfItems(inSection: 0))) & ~1
    return (leaf, leaf.item(at: ItemPath(section: 0, item: item)))
  }

  func run(_ edit: Edit) {
    switch edit {
    case .title:
      let found = shownItem()
      var row = found.row
      revision += 1
      row.title = "title \(revision)"
      found.leaf.update(row)
    case .sortedField:
      let found = shownItem()
      var row = found.row
      row.rank = Int(g.next() % 1_000_000)
      found.leaf.update(row)
    case .insertDelete:
      let leaf = leaves[Int(g.next() % UInt64(leafCount))]
      let path = ItemPath(section: 0, item: Int(g.next() % UInt64(leafSize)))
      nextID -= 2  // even: shown
      leaf.insert([Row(id: nextID, title: "new", rank: Int(g.next() % 1_000_000))], at: path)
      leaf.deleteItems(at: [path])
    }
  }
}

/// A view in a window that takes batch updates and only counts them, and
/// runs each completion at once.
@MainActor
final class NullListView: BatchUpdatingView {
  private(set) var batches = 0

  var isInWindow: Bool { true }

  func performBatch(
    animated: Bool, _ updates: @escaping () -> Void,
    completion: @escaping @MainActor (Bool) -> Void
  ) {
    updates()
    batches += 1
    completion(true)
  }

  func issue<SectionID, Item>(_ batch: ChangeBatch<SectionID, Item>, itemUpdates: ItemUpdateStyle) {
    blackHole(batch.count)
  }

  func reconfigure(itemsAt paths: [ItemPath], animated: Bool) { blackHole(paths.count) }

  func reloadEverything() {}
}

/// A lone leaf of 100k items in one section.
@MainActor
final class LoneLeaf {
  let leaf = MutableDataSource(
    snapshot: Snapshot(
      id: 0, items: (0..<leafSize).map { Row(id: $0, title: "item \($0)", rank: $0) }))
  var g = SplitMix64(state: 5)
  var nextID = -1
  var revision = 0

  /// Inserts an item at a random place, then updates another by identity.
  func insertThenUpdate() {
    nextID -= 1
    let count = leaf.numberOfItems(inSection: 0)
    leaf.insert(
      [Row(id: nextID, title: "new", rank: 0)],
      at: ItemPath(section: 0, item: Int(g.next() % UInt64(count + 1))))
    updateOne()
  }

  /// Updates the title of a random item by identity.
  func updateOne() {
    let id = Int(g.next() % UInt64(leafSize))
    revision += 1
    leaf.update(Row(id: id, title: "title \(revision)", rank: id))
  }
}

/// A `ListViewRenderer` showing 1,000 sections × 1,000 items, fed by hand
/// the batch of a refresh where every 100th item is updated (10,000
/// updates, more than `maximumAnimatedChanges`, so a `reloadData()`), then
/// the batch back: the renderer's share of the main actor in a refresh of a
/// million items, whose diff ran off the actor.
@MainActor
final class RefreshedScreen {
  let renderer: ListViewRenderer<Int, Row>
  let view = NullListView()
  let batches: (forward: ChangeBatch<Int, Row>, back: ChangeBatch<Int, Row>)
  var forward = true

  init() {
    func content(revision: Int) -> Snapshot<Int, Row> {
      Snapshot(
        sections: (0..<1_000).map { s in
          SnapshotSection(
            id: s,
            items: (0..<1_000).map { i in
              let id = s * 1_000 + i
              return Row(id: id, title: "item \(id) \(i % 100 == 0 ? revision : 0)", rank: id)
            })
        })
    }
    let old = content(revision: 0)
    let new = content(revision: 1)
    batches = (new.difference(from: old), old.difference(from: new))
    renderer = ListViewRenderer(view: view)
    renderer.scheduling = .immediate
    renderer.reset(to: old, state: .content)
  }

  /// Shows the next batch: there, or back.
  func refresh() {
    renderer.apply(.batch(forward ? batches.forward : batches.back))
    forward.toggle()
  }
}

/// The screen or leaf of the benchmark running: one at a time, so that the
/// memory of million-item screens does not add up.
@MainActor var built: [String: AnyObject] = [:]

/// Builds (once) and returns the object of benchmark `key`.
/// Shows `node` through a `ListViewRenderer` that applies each batch at
/// once, on a view that takes the batch updates and does nothing else;
/// returns the observation and the objects to keep alive with it.
@MainActor func showInNullListView<SectionID: Hashable, Item: Identifiable & Equatable>(
  _ node: some DataSource<SectionID, Item>
) -> (ObservationToken, [AnyObject]) {
  let view = NullListView()
  let renderer = ListViewRenderer(for: node, view: view)
  renderer.scheduling = .immediate
  return (node.render(into: renderer), [view, renderer])
}

@MainActor func object<T: AnyObject>(_ key: String, _ make: () -> T) -> T {
  if let found = built[key] as? T { return found }
  let made = make()
  built = [key: made]
  return made
}

var configuration: Benchmark.Configuration {
  .init(
    metrics: [.wallClock, .mallocCountTotal], maxDuration: .seconds(4), maxIterations: 201)
}

/// Registers a benchmark whose iteration runs `body` on the main actor
/// with the object `make` builds (once, outside the measurement), measured
/// there: the hop to the main actor is not counted.
func register<T: AnyObject>(
  _ name: String, key: String, configuration: Benchmark.Configuration = configuration,
  _ make: @escaping @MainActor () -> T, _ body: @escaping @MainActor (T) -> Void
) {
  Benchmark(name, configuration: configuration) { benchmark in
    nonisolated(unsafe) let benchmark = benchmark
    await MainActor.run {
      let subject = object(key, make)
      benchmark.startMeasurement()
      body(subject)
      benchmark.stopMeasurement()
    }
  }
}

let benchmarks: @Sendable () -> Void = {
  registerMixedEdits()
  registerFeedGrowth()
  registerLeafWear()
  registerReplaceThenUpdate()
  for shape in Shape.allCases {
    for reader in Reader.allCases {
      for edit in Edit.allCases {
        register(
          "screen/\(shape.rawValue)/\(edit.rawValue)/\(reader.rawValue)",
          key: "\(shape.rawValue)/\(reader.rawValue)",
          { MillionScreen(shape: shape, reader: reader) }, { $0.run(edit) })
      }
    }
  }
  // The first edit after the screen is built: the composite's identity
  // table, sized to the million identities it holds, grows on the first
  // insert. A screen is built for each iteration, outside the measurement.
  for shape in Shape.allCases {
    Benchmark(
      "screen/\(shape.rawValue)/first-insert-delete/graph",
      configuration: .init(
        metrics: [.wallClock], maxDuration: .seconds(60), maxIterations: 5)
    ) { benchmark in
      nonisolated(unsafe) let benchmark = benchmark
      await MainActor.run {
        built = [:]
        let screen = MillionScreen(shape: shape, reader: .graph)
        benchmark.startMeasurement()
        screen.run(.insertDelete)
        benchmark.stopMeasurement()
      }
    }
  }
  // The 2,000 edits after the screen is built, each an insert and a
  // delete of a new identity, so that the identity tables grow (they keep
  // an entry for a deleted identity): every one is measured, on one fresh
  // screen, with no warm-up, so p100 is the worst of them (the growth of
  // the composite's identity table, its buckets and its arrays).
  for shape in Shape.allCases {
    for reader in Reader.allCases {
      register(
        "screen/\(shape.rawValue)/2000-edits-after-build/\(reader.rawValue)",
        key: "\(shape.rawValue)/\(reader.rawValue)/after-build",
        configuration: .init(
          metrics: [.wallClock], warmupIterations: 0, maxDuration: .seconds(60),
          maxIterations: 2_000),
        { MillionScreen(shape: shape, reader: reader) }, { $0.run(.insertDelete) })
    }
  }
  register(
    "refresh/1000x1000-1%-updated/uikit", key: "refresh", { RefreshedScreen() },
    { $0.refresh() })
  register(
    "leaf/100k/update-after-insert", key: "leaf/insert", { LoneLeaf() },
    { $0.insertThenUpdate() })
  register(
    "leaf/100k/snapshot-after-update", key: "leaf/snapshot", { LoneLeaf() },
    { leaf in
      leaf.updateOne()
      blackHole(leaf.leaf.snapshot.numberOfItems)
    })
}
