import DataSourceGraphComposition
import DataSourceGraphNodes
import DataSourceGraphSections
import TestSupport
import Testing

/// Every node's bulk read of a section (`DataSource.items(inSection:)`,
/// which rebuilds and snapshots use) equals its reads one by one
/// (`item(at:)`), and its snapshot's items equal them too: on random trees
/// and random DAGs of every combinator, built and then after each random
/// step (edits, loads, predicate changes, child moves, switches).
@Suite struct BulkReadPropertyTests {
  static let seeds: [UInt64] = PropertyDepth.seeds(debug: 1...30, release: 1...150)
  static let steps = PropertyDepth.steps(debug: 40, release: 200)

  @Test(.namesTheSeed)
  func bulkReadsEqualItemReadsOnRandomTrees() async {
    await forEachSeed(Self.seeds, bulkReadsEqualItemReadsOnRandomTrees(seed:))
  }

  func bulkReadsEqualItemReadsOnRandomTrees(seed: UInt64) {
    var graph = RandomGraph(seed: seed)
    let depth = graph.rng.int(1...5)
    let root =
      graph.rng.chance(0.5)
      ? graph.node(Int.self, depth: depth, makeID: { $0 }).node as AnyObject
      : graph.node(
        CompositeSectionID.self, depth: depth,
        makeID: { CompositeSectionID(child: 0, section: $0) }
      ).node as AnyObject
    withExtendedLifetime(root) { Self.run(&graph, seed: seed) }
  }

  @Test(.namesTheSeed)
  func bulkReadsEqualItemReadsOnRandomDAGs() async {
    await forEachSeed(Self.seeds, bulkReadsEqualItemReadsOnRandomDAGs(seed:))
  }

  func bulkReadsEqualItemReadsOnRandomDAGs(seed: UInt64) {
    var graph = RandomGraph(seed: seed, dag: DAGTally.options)
    graph.buildDAG(depth: graph.rng.int(1...3))
    Self.run(&graph, seed: seed)
  }

  /// Checks every node of `graph` as built, then after each step.
  static func run(_ graph: inout RandomGraph, seed: UInt64) {
    let check = graph.check
    defer { check.tearDown() }
    let initial = check.bulkReadMismatches()
    #expect(initial.isEmpty, "seed \(seed), as built: \(initial.prefix(3))")
    guard initial.isEmpty else { return }
    for step in 0..<steps {
      check.step(&graph.rng)
      let failures = check.bulkReadMismatches()
      #expect(failures.isEmpty, "seed \(seed), step \(step): \(failures.prefix(3))")
      if !failures.isEmpty { return }
    }
  }
}
