import DataSourceGraphComposition
import DataSourceGraphNodes
import DataSourceGraphSections
import TestSupport
import Testing

/// The heart of the module's tests: random combinator trees over random
/// leaves, under long random sequences of edits, loads, predicate changes,
/// child moves and switches. After every step, every node's snapshot equals
/// the pipeline recomputed from scratch, every batch it emitted applies to
/// its previous snapshot and passes the validator, its reads agree with its
/// snapshot, its state is the one the aggregate-state table of
/// `ContentState.aggregate(_:)` gives, and it is loading or refreshing only
/// while a leaf below it loads (no spinner without a load).
@Suite struct RandomGraphTests {
  static let seeds: [UInt64] = PropertyDepth.seeds(debug: 1...40, release: 1...200)
  static let steps = PropertyDepth.steps(debug: 60, release: 300)

  @Test(.namesTheSeed)
  func everyNodeMatchesItsRecomputedPipeline() async {
    await forEachSeed(Self.seeds, everyNodeMatchesItsRecomputedPipeline(seed:))
  }

  func everyNodeMatchesItsRecomputedPipeline(seed: UInt64) {
    var graph = RandomGraph(seed: seed)
    Self.run(&graph, seed: seed)
  }

  /// The same graphs, with an observer on every leaf, registered before
  /// the combinators, that on some events edits a leaf (the same or
  /// another), changes a predicate, a switch or a selection, or moves a
  /// child: the change waits for the whole delivery, so no combinator
  /// translates a batch against content newer than the batch.
  @Test(.namesTheSeed)
  func reentrantChangesKeepEveryNodeConsistent() async {
    await forEachSeed(Self.seeds, reentrantChangesKeepEveryNodeConsistent(seed:))
  }

  func reentrantChangesKeepEveryNodeConsistent(seed: UInt64) {
    var graph = RandomGraph(seed: seed, reentrant: true)
    Self.run(&graph, seed: seed)
    #expect(
      graph.check.reentrantRuns > 0, "seed \(seed): no observer changed the graph during delivery")
  }

  static func run(_ graph: inout RandomGraph, seed: UInt64) {
    let depth = graph.rng.int(1...5)
    let root: any AnyObject
    switch graph.rng.int(0..<3) {
    case 0: root = graph.node(Int.self, depth: depth, makeID: { $0 }).node
    case 1:
      root =
        graph.node(
          CompositeSectionID.self, depth: depth,
          makeID: { CompositeSectionID(child: 0, section: $0) }
        ).node
    default:
      root =
        graph.node(
          CompositeSectionID.self, depth: depth,
          makeID: {
            CompositeSectionID(child: 0, section: CompositeSectionID(child: 0, section: $0))
          }
        ).node
    }
    withExtendedLifetime(root) {}
    let check = graph.check
    defer { check.tearDown() }
    let initial = check.verify()
    #expect(initial.isEmpty, "seed \(seed), initial: \(initial.prefix(3))")
    guard initial.isEmpty else { return }
    for step in 0..<Self.steps {
      check.step(&graph.rng)
      let failures = check.verify()
      #expect(failures.isEmpty, "seed \(seed), step \(step): \(failures.prefix(3))")
      if !failures.isEmpty { return }
    }
    let total = check.verifiedBatches.values.reduce(0, +)
    #expect(
      total > 0, "seed \(seed): no event was emitted in \(Self.steps) steps: \(check.descriptions)")
  }
}
