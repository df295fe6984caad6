// A leaf fed by a store's index reports (issue 38): a 100k-row list in one
// section where a store changes k rows (k = 10 and 1,000: a third deleted,
// a third inserted, a third modified) and says so by index. Each iteration
// gives the leaf the store's report and its new content
// (`apply(_:resulting:)`, no diff), beside the same content given to
// `replace(with:)`, which diffs the 100k rows; `…/report-full` also
// compares every row (`verification: .full`). Iterations alternate between
// the two contents, so the leaf takes the change and its inverse in turn.
// One observer counts the batches, where a renderer would be.
import Benchmark
import BenchmarkSupport
import DataSourceGraphNodes
import DataSourceGraphSections

typealias StoreReport = MutableDataSource<Int, Row<Int>>.IndexReport

/// A store's list of `rows` rows and the same list after `changes` rows
/// changed, with the reports of the change and of its inverse.
struct StoreChange {
  let before: Snapshot<Int, Row<Int>>
  let after: Snapshot<Int, Row<Int>>
  let forward: StoreReport
  let backward: StoreReport

  init(rows n: Int, changes k: Int, seed: UInt64 = 11) {
    var g = SplitMix64(state: seed)
    func draw(_ bound: Int) -> Int { Int(g.next() % UInt64(bound)) }
    let third = max(k / 3, 1)
    let old = (0..<n).map { Row(id: $0, revision: 0) }
    var deleted = Set<Int>()
    while deleted.count < third { deleted.insert(draw(n)) }
    let survivors = (0..<n).filter { !deleted.contains($0) }
    var modified = Set<Int>()
    while modified.count < k - 2 * third { modified.insert(survivors[draw(survivors.count)]) }
    var new = survivors.map { Row(id: $0, revision: modified.contains($0) ? 1 : 0) }
    for j in 0..<third { new.insert(Row(id: n + j, revision: 0), at: draw(new.count + 1)) }
    var position: [Int: Int] = [:]
    for (offset, row) in new.enumerated() { position[row.id] = offset }
    // Identities are the old offsets: a modified row's new offset is found
    // by its identity.
    let insertions = (0..<third).map { position[n + $0]! }.sorted()
    before = Snapshot(id: 0, items: old)
    after = Snapshot(id: 0, items: new)
    forward = StoreReport(
      deletions: deleted.sorted(), insertions: insertions, modifications: modified.sorted())
    backward = StoreReport(
      deletions: insertions, insertions: deleted.sorted(),
      modifications: modified.map { position[$0]! }.sorted())
  }
}

/// A leaf showing a store's list, with one observer that counts batches.
final class StoreFedLeaf {
  let change: StoreChange
  let leaf: MutableDataSource<Int, Row<Int>>
  private(set) var batches = 0
  private var observation: ObservationToken?
  private var isAfter = false

  init(_ change: StoreChange) {
    self.change = change
    leaf = MutableDataSource(snapshot: change.before)
    observation = leaf.observe { [unowned self] event in
      if case .changed = event { batches += 1 }
    }
  }

  /// The store's next change, by its report.
  func report(verification: StoreReport.Verification = .touched) {
    isAfter.toggle()
    let outcome =
      isAfter
      ? leaf.apply(change.forward, resulting: change.after, verification: verification)
      : leaf.apply(change.backward, resulting: change.before, verification: verification)
    precondition(outcome == .applied, "the benchmark's reports are right: \(outcome)")
  }

  /// The store's next change, by its content alone.
  func replace() {
    isAfter.toggle()
    leaf.replace(with: isAfter ? change.after : change.before)
  }
}

func registerStoreReportBenchmarks() {
  let configuration = Benchmark.Configuration(
    metrics: [.wallClock, .mallocCountTotal], maxDuration: .seconds(3), maxIterations: 200)
  for k in [10, 1_000] {
    let change = StoreChange(rows: 100_000, changes: k)
    let name = "store-report/100k-rows-\(k)-changes"
    Benchmark("\(name)/report", configuration: configuration) { benchmark, fed in
      for _ in benchmark.scaledIterations { fed.report() }
      blackHole(fed.batches)
    } setup: {
      StoreFedLeaf(change)
    }
    Benchmark("\(name)/report-full", configuration: configuration) { benchmark, fed in
      for _ in benchmark.scaledIterations { fed.report(verification: .full) }
      blackHole(fed.batches)
    } setup: {
      StoreFedLeaf(change)
    }
    Benchmark("\(name)/replace", configuration: configuration) { benchmark, fed in
      for _ in benchmark.scaledIterations { fed.replace() }
      blackHole(fed.batches)
    } setup: {
      StoreFedLeaf(change)
    }
  }
}
