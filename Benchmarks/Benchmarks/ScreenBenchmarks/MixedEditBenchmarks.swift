// Edits of every kind, mixed as an app mixes them, on the million-item
// screen (10 leaves of 100k items under a composite, a filter and a sort,
// the "10x50k" shape): each iteration makes one edit of a random kind,
// unmeasured, then measures one edit of the kind the benchmark names, so
// that each kind is measured right after any other (an update by identity
// right after an insert in its leaf, for one). The kinds: an insert, a
// delete, an update by identity, a move in a leaf, a change of the sorted
// field, a page of 50 items appended to a leaf, and a replace of a leaf by
// a snapshot where 1% of its items changed (the snapshot is made before
// the measurement: the app's work, not the library's). p50, p99 and p100
// per kind are the table of *Performance*.
import Benchmark
import BenchmarkSupport
import DataSourceGraph

/// The kinds of edit mixed.
enum MixedEdit: String, CaseIterable {
  case insert, delete, update, move
  case sortedField = "sorted-field"
  case page
  case replaceOnePercent = "replace-1%"

  /// The kinds the unmeasured edit between two measured ones is drawn
  /// from (a replace, a hundred times slower, is left out so that the
  /// runs stay short; it is measured on its own).
  static let between: [MixedEdit] = [.insert, .delete, .update, .move, .sortedField, .page]
}

/// The million-item screen with its own random edits.
@MainActor
final class MixedScreen {
  let screen: MillionScreen
  private var g = SplitMix64(state: 29)
  private var nextID = 10_000_000

  init(reader: Reader) { screen = MillionScreen(shape: .sectioned, reader: reader) }

  private func random(_ bound: Int) -> Int { Int(g.next() % UInt64(max(bound, 1))) }

  private func newRow() -> Row {
    nextID += 1
    return Row(id: nextID, title: "new \(nextID)", rank: random(1_000_000))
  }

  /// One unmeasured edit of a random kind.
  func editBetween() {
    prepare(MixedEdit.between[random(MixedEdit.between.count)])()
  }

  /// The edit `kind` on a random leaf, ready to run: what it needs (a
  /// replace's snapshot) is made now.
  func prepare(_ kind: MixedEdit) -> () -> Void {
    let leaf = screen.leaves[random(screen.leaves.count)]
    let count = leaf.numberOfItems(inSection: 0)
    switch kind {
    case .insert:
      let row = newRow()
      let path = ItemPath(section: 0, item: random(count + 1))
      return { leaf.insert([row], at: path) }
    case .delete:
      let path = ItemPath(section: 0, item: random(count))
      return { leaf.deleteItems(at: [path]) }
    case .update:
      var row = leaf.item(at: ItemPath(section: 0, item: random(count)))
      row.title += "'"
      return { leaf.update(row) }
    case .move:
      let from = ItemPath(section: 0, item: random(count))
      let to = ItemPath(section: 0, item: random(count))
      return { leaf.moveItem(from: from, to: to) }
    case .sortedField:
      var row = leaf.item(at: ItemPath(section: 0, item: random(count)))
      row.rank = random(1_000_000)
      return { leaf.update(row) }
    case .page:
      let rows = (0..<50).map { _ in newRow() }
      return { leaf.append(rows, toSection: 0) }
    case .replaceOnePercent:
      // One array, as the runs before bulk reads returned chunks made it. A
      // snapshot made of the leaf's edited chunks instead took the replace
      // 26-35 ms at p50 against 20-21 (side by side, max 67-69 ms both),
      // for the same instruction count: the chunks lie apart in memory.
      var items = leaf.items(inSection: 0).array
      for _ in 0..<(count / 100) { items[random(count)].title += "*" }
      let snapshot = Snapshot(id: 0, items: items)
      return { leaf.replace(with: snapshot) }
    }
  }
}

func registerMixedEdits() {
  for reader in [Reader.graph, .uikit] {
    for kind in MixedEdit.allCases {
      let iterations = kind == .replaceOnePercent ? 60 : 1_500
      Benchmark(
        "mixed-edits/10x50k/\(kind.rawValue)/\(reader.rawValue)",
        configuration: .init(
          metrics: [.wallClock], warmupIterations: 0, maxDuration: .seconds(30),
          maxIterations: iterations)
      ) { benchmark in
        nonisolated(unsafe) let benchmark = benchmark
        await MainActor.run {
          let subject = object("mixed/\(reader.rawValue)") { MixedScreen(reader: reader) }
          subject.editBetween()
          let edit = subject.prepare(kind)
          benchmark.startMeasurement()
          edit()
          benchmark.stopMeasurement()
        }
      }
    }
  }
}
