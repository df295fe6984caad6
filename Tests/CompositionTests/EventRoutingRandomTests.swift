#if canImport(UIKitStandIn)
  import DataSourceGraphComposition
  import DataSourceGraphSections
  import DataSourceGraphNodes
  import DataSourceGraphUIKit
  import Foundation
  import TestSupport
  import Testing
  import UIKitStandIn

  /// Cells' events and prefetching routed through random graphs: the root
  /// of a random tree of combinators (every kind: composite, filter,
  /// flatten, map, sort, remove-empty, switch, segmented, fallback, splice,
  /// outline) is shown in a table or a collection view of the stand-in,
  /// whose data source is the view's delegate; random nodes handle random
  /// events. Between random changes of the graph, the view's calls for
  /// random rows (select, deselect, swipes, context menus, prefetch and its
  /// cancel, and `willDisplay` / `didEndDisplaying` through reloads) must
  /// reach exactly the handler the oracle names, with exactly the item and
  /// the index path in that node it names.
  ///
  /// The oracle does not walk down from the row (as the routing does): it
  /// maps every row of every node up to the screen
  /// (`DataSource.path(of:in:)`), so a row's chain is the set of nodes that
  /// show it, ordered by which is below which.
  @MainActor
  @Suite struct EventRoutingRandomTests {
    nonisolated static let seeds: [UInt64] = Array(1...40)
    nonisolated static let steps = 12

    @Test(.namesTheSeed)
    func eventsReachTheNearestNodeThatHandlesThem() async {
      await forEachSeed(Self.seeds, eventsReachTheNearestNodeThatHandlesThem(seed:))
    }

    func eventsReachTheNearestNodeThatHandlesThem(seed: UInt64) {
      var graph = RandomGraph(seed: seed)
      let depth = graph.rng.int(1...4)
      if graph.rng.chance(0.5) {
        let root = graph.node(Int.self, depth: depth, makeID: { $0 }).node
        Self.run(seed: seed, graph: &graph, root: root)
      } else {
        let root = graph.node(
          CompositeSectionID.self, depth: depth,
          makeID: { CompositeSectionID(child: 0, section: $0) }
        ).node
        Self.run(seed: seed, graph: &graph, root: root)
      }
    }

    static func run<S: Hashable>(
      seed: UInt64, graph: inout RandomGraph, root: any DataSource<S, Row>
    ) {
      let check = graph.check
      defer { check.tearDown() }
      var rng = SplitMix64(seed: seed &* 0x5851_F42D)
      let harness = RoutingHarness(root: root, table: rng.chance(0.5))
      // Random nodes handle random kinds; the data source's own handlers
      // take some, always `willDisplay` (so a screen with rows always
      // expects calls: the test cannot pass by expecting none).
      for (index, object) in check.nodes.enumerated() where rng.chance(0.4) {
        guard let node = object as? any DataSource else { continue }
        harness.handle(node, name: "node#\(index)", kinds: RoutedKind.random(&rng))
      }
      harness.handleOwn(kinds: RoutedKind.random(&rng).union([.willDisplay]))
      var sawRows = false
      let label = "seed \(seed) (\(harness.table ? "table" : "collection"))"
      for step in 0...steps {
        if step > 0 {
          check.step(&graph.rng)
          harness.settle()
        }
        guard harness.dataSource.snapshot == root.snapshot else {
          Issue.record("\(label), step \(step): the view does not show the root")
          return
        }
        let oracle = RoutingOracle(root: root, handled: harness.handled, own: harness.own)
        sawRows = sawRows || !oracle.rows.isEmpty
        let failures = harness.exercise(oracle, rng: &rng)
        if !failures.isEmpty {
          Issue.record(
            "\(label), step \(step): \(failures.prefix(3)); graph: \(check.descriptions)")
          return
        }
      }
      #expect(
        !sawRows || harness.expectedCalls > 0, "\(label): rows were shown, and no call expected")
    }
  }
#endif
