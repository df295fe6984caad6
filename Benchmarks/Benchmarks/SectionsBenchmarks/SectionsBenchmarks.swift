// Benchmarks of the sectioned diff (issue 3): 100 sections × 1,000 items,
// 5% of the items moving between sections, measured beside a hashing floor
// and beside Swift's flat `difference(from:).inferringMoves()` on the same
// identities flattened.
import Benchmark
import BenchmarkSupport
import DataSourceGraphSections

/// An item with an identity and a content revision.
struct Row<ID: Hashable & Sendable>: Identifiable, Equatable, Sendable {
  var id: ID
  var revision: Int
}

/// A UUID-like 36-character identity, deterministic for `n`.
func uuidLike(_ n: Int) -> String {
  var g = SplitMix64(state: UInt64(n))
  let hex = Array("0123456789abcdef")
  let groups = [8, 4, 4, 4, 12]
  return groups.map { count in String((0..<count).map { _ in hex[Int(g.next() % 16)] }) }
    .joined(separator: "-")
}

/// A pair of snapshots: `sections` × `perSection` items, then `moving` of
/// the items moved to a random position of a random other section, and
/// `churn` items deleted, inserted and updated.
func scenario<ID: Hashable & Sendable>(
  sections: Int, perSection: Int, moving: Double, churn: Double, id: (Int) -> ID
) -> (old: Snapshot<Int, Row<ID>>, new: Snapshot<Int, Row<ID>>) {
  var g = SplitMix64(state: 42)
  var next = 0
  let old: [SnapshotSection<Int, Row<ID>>] = (0..<sections).map { s in
    SnapshotSection(
      id: s,
      items: (0..<perSection).map { _ in
        defer { next += 1 }
        return Row(id: id(next), revision: 0)
      })
  }
  var new = old
  let total = sections * perSection
  for _ in 0..<Int(Double(total) * moving) {
    let s = Int(g.next() % UInt64(sections))
    guard !new[s].items.isEmpty else { continue }
    let item = new[s].items.remove(at: Int(g.next() % UInt64(new[s].items.count)))
    var t = Int(g.next() % UInt64(sections))
    if t == s { t = (t + 1) % sections }
    new[t].items.insert(item, at: Int(g.next() % UInt64(new[t].items.count + 1)))
  }
  for _ in 0..<Int(Double(total) * churn) {
    let s = Int(g.next() % UInt64(sections))
    guard !new[s].items.isEmpty else { continue }
    let i = Int(g.next() % UInt64(new[s].items.count))
    switch g.next() % 3 {
    case 0: new[s].items.remove(at: i)
    case 1:
      new[s].items.insert(Row(id: id(next), revision: 0), at: i)
      next += 1
    default: new[s].items[i].revision += 1
    }
  }
  return (Snapshot(sections: old), Snapshot(sections: new))
}

func register<ID: Hashable & Sendable>(
  _ name: String, _ inputs: (old: Snapshot<Int, Row<ID>>, new: Snapshot<Int, Row<ID>>), stdlib: Bool
) {
  let (old, new) = inputs
  Benchmark("sections/\(name)/diff") { benchmark in
    for _ in benchmark.scaledIterations { blackHole(new.difference(from: old)) }
  }
  let batch = new.difference(from: old)
  Benchmark("sections/\(name)/apply") { benchmark in
    for _ in benchmark.scaledIterations { blackHole(old.applying(batch)) }
  }
  let oldSections = old.sections
  Benchmark("sections/\(name)/build-snapshot") { benchmark in
    for _ in benchmark.scaledIterations { blackHole(Snapshot(sections: oldSections)) }
  }
  let oldIDs = old.allItems.map(\.id)
  let newIDs = new.allItems.map(\.id)
  Benchmark("floor/\(name)/hash") { benchmark in
    for _ in benchmark.scaledIterations {
      var table = [ID: Int](minimumCapacity: oldIDs.count + newIDs.count)
      for (i, id) in oldIDs.enumerated() { table[id] = i }
      for (i, id) in newIDs.enumerated() { table[id] = i }
      blackHole(table)
    }
  }
  if stdlib {
    Benchmark(
      "stdlib/\(name)/flat-inferringMoves",
      configuration: .init(maxDuration: .seconds(20), maxIterations: 3)
    ) { benchmark in
      for _ in benchmark.scaledIterations {
        blackHole(newIDs.difference(from: oldIDs).inferringMoves())
      }
    }
  }
}

let benchmarks: @Sendable () -> Void = {
  Benchmark.defaultConfiguration = .init(
    metrics: [.wallClock, .mallocCountTotal, .peakMemoryResident],
    maxDuration: .seconds(5),
    maxIterations: 200
  )
  register(
    "100x1000-5%-cross/Int",
    scenario(sections: 100, perSection: 1_000, moving: 0.05, churn: 0, id: { $0 }), stdlib: true)
  register(
    "100x1000-5%-cross/String",
    scenario(sections: 100, perSection: 1_000, moving: 0.05, churn: 0, id: uuidLike), stdlib: false)
  register(
    "100x1000-5%-cross+3%-churn/Int",
    scenario(sections: 100, perSection: 1_000, moving: 0.05, churn: 0.03, id: { $0 }), stdlib: false
  )
  registerRefreshBenchmarks()
  registerPlanBenchmarks()
  registerSkipBenchmarks()
  registerRendererBenchmarks()
  registerPagingBenchmarks()
  registerStoreReportBenchmarks()
}
