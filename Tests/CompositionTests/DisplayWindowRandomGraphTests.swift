#if canImport(UIKitStandIn)
  import DataSourceGraphComposition
  import DataSourceGraphSections
  import DataSourceGraphNodes
  import DataSourceGraphUIKit
  import Foundation
  import TestSupport
  import Testing
  import UIKitStandIn

  /// `willDisplay` and `didEndDisplaying` routed through random graphs
  /// (every combinator, `RandomGraph`) shown in a stand-in table or
  /// collection view whose visible window is smaller than its content:
  /// random steps change the graph, scroll (`contentOffset`,
  /// `setContentOffset(_:animated:)`, `scrollToRow` / `scrollToItem`),
  /// resize the window or reload the view, and after every step each
  /// handler must believe displayed (its `willDisplay` minus its
  /// `didEndDisplaying`) exactly the items of its node in the visible
  /// window that the routing gives it (the oracle of
  /// `EventRoutingRandomTests`: the handler nearest the row's leaf).
  /// While the view makes its calls, a handler must only get items of its
  /// own node, at the index path they have there, and a `didEndDisplaying`
  /// must follow a `willDisplay` of the same item at that index path.
  ///
  /// An item may be displayed twice for a moment: UIKit shows a reloaded
  /// row's new cell before the old one ends (the stand-in does the same),
  /// so the beliefs are counts, which must be 0 or 1 between steps.
  @MainActor
  @Suite struct DisplayWindowRandomGraphTests {
    nonisolated static let seeds: [UInt64] = Array(1...40)
    nonisolated static let steps = 24

    @Test(.namesTheSeed)
    func eachHandlerBelievesDisplayedExactlyItsRowsInTheWindow() async {
      var seedsWithDisplays = 0
      await forEachSeed(Self.seeds) { seed in
        if eachHandlerBelievesDisplayedExactlyItsRowsInTheWindow(seed: seed) {
          seedsWithDisplays += 1
        }
      }
      // Most screens display rows at some step: the test cannot pass by
      // expecting none.
      #expect(seedsWithDisplays > Self.seeds.count / 2)
    }

    /// Runs one seed; whether some step expected a row displayed.
    func eachHandlerBelievesDisplayedExactlyItsRowsInTheWindow(seed: UInt64) -> Bool {
      var graph = RandomGraph(seed: seed)
      let depth = graph.rng.int(1...4)
      if graph.rng.chance(0.5) {
        let root = graph.node(Int.self, depth: depth, makeID: { $0 }).node
        return Self.run(seed: seed, graph: &graph, root: root)
      } else {
        let root = graph.node(
          CompositeSectionID.self, depth: depth,
          makeID: { CompositeSectionID(child: 0, section: $0) }
        ).node
        return Self.run(seed: seed, graph: &graph, root: root)
      }
    }

    /// Runs the steps of one seed; whether some step expected a row
    /// displayed.
    static func run<S: Hashable>(
      seed: UInt64, graph: inout RandomGraph, root: any DataSource<S, Row>
    ) -> Bool {
      let check = graph.check
      defer { check.tearDown() }
      var rng = SplitMix64(seed: seed &* 0x2545_F491_4F6C_DD1D)
      let harness = RoutingHarness(root: root, table: rng.chance(0.5))
      let kinds: Set<RoutedKind> = [.willDisplay, .didEnd]
      for (index, object) in check.nodes.enumerated() where rng.chance(0.4) {
        guard let node = object as? any DataSource else { continue }
        harness.handle(node, name: "node#\(index)", kinds: kinds)
      }
      harness.handleOwn(kinds: kinds)
      let beliefs = DisplayBeliefs(harness: harness)
      harness.log.observer = { beliefs.take($0) }
      defer { harness.log.observer = nil }
      // A window up to a few rows tall (the graphs have tens of rows), then
      // a reload: every display from here on is routed to the handlers.
      harness.view.frame = CGRect(x: 0, y: 0, width: 320, height: CGFloat(rng.int(20...180)))
      harness.view.layoutIfNeeded()
      reload(harness.view)
      harness.settle()
      let label = "\(harness.table ? "table" : "collection")"
      var sawDisplays = false
      for step in 0...steps {
        var action = "start"
        if step > 0 {
          action = randomAction(harness, graph: &graph, rng: &rng)
          harness.settle()
        }
        guard harness.dataSource.snapshot == root.snapshot else {
          Issue.record("\(label), step \(step) (\(action)): the view does not show the root")
          return sawDisplays
        }
        let oracle = RoutingOracle(root: root, handled: harness.handled, own: harness.own)
        var expected: [String: [AnyHashable: Int]] = [:]
        for indexPath in visibleIndexPaths(harness.view) {
          let row = ItemPath(section: indexPath.section, item: indexPath.item)
          guard let call = oracle.expected(.willDisplay, at: row) else { continue }
          expected[call.handler, default: [:]][call.ids[0], default: 0] += 1
        }
        sawDisplays = sawDisplays || !expected.isEmpty
        let failures = beliefs.failures + beliefs.compare(with: expected)
        if !failures.isEmpty {
          Issue.record(
            "\(label), step \(step) (\(action)): \(failures.prefix(4)); graph: \(check.descriptions)"
          )
          return sawDisplays
        }
      }
      return sawDisplays
    }

    /// One random step: a change of the graph, a scroll, a resize of the
    /// window, or a reload; its description.
    static func randomAction(
      _ harness: RoutingHarness<some Hashable>, graph: inout RandomGraph, rng: inout SplitMix64
    ) -> String {
      let view = harness.view
      let highest = max(0, view.contentSize.height - view.bounds.height)
      switch rng.int(0..<11) {
      case 0..<5:
        graph.check.step(&graph.rng)
        return "change"
      case 5..<7:
        let y = CGFloat(rng.int(0...Int(highest)))
        view.contentOffset = CGPoint(x: 0, y: y)
        return "contentOffset \(y)"
      case 7:
        let y = CGFloat(rng.int(0...Int(highest)))
        view.setContentOffset(CGPoint(x: 0, y: y), animated: rng.chance(0.5))
        return "setContentOffset \(y)"
      case 8:
        let rows = allIndexPaths(view)
        guard !rows.isEmpty else { return "no row to scroll to" }
        let target = rows[rng.int(0..<rows.count)]
        if let table = view as? UITableView {
          let position: UITableView.ScrollPosition = [.none, .top, .middle, .bottom][rng.int(0..<4)]
          table.scrollToRow(at: target, at: position, animated: true)
        } else if let collection = view as? UICollectionView {
          let position: UICollectionView.ScrollPosition =
            [[], .top, .centeredVertically, .bottom][rng.int(0..<4)]
          collection.scrollToItem(at: target, at: position, animated: true)
        }
        return "scroll to \(target)"
      case 9:
        let height = CGFloat(rng.int(0...240))
        view.frame.size.height = height
        view.layoutIfNeeded()
        return "height \(height)"
      default:
        reload(view)
        return "reload"
      }
    }

    static func reload(_ view: StandInListView) {
      if let table = view as? UITableView {
        table.reloadData()
      } else if let collection = view as? UICollectionView {
        collection.reloadData()
        collection.layoutSubviews()
      }
    }

    static func visibleIndexPaths(_ view: StandInListView) -> [IndexPath] {
      if let table = view as? UITableView { return table.indexPathsForVisibleRows ?? [] }
      return (view as? UICollectionView)?.indexPathsForVisibleItems ?? []
    }

    static func allIndexPaths(_ view: StandInListView) -> [IndexPath] {
      if let table = view as? UITableView {
        return (0..<table.numberOfSections).flatMap { section in
          (0..<table.numberOfRows(inSection: section)).map { IndexPath(row: $0, section: section) }
        }
      }
      guard let collection = view as? UICollectionView else { return [] }
      return (0..<collection.numberOfSections).flatMap { section in
        (0..<collection.numberOfItems(inSection: section)).map {
          IndexPath(item: $0, section: section)
        }
      }
    }
  }

  /// What each handler believes displayed, from the calls it got, checked
  /// as they come.
  @MainActor
  final class DisplayBeliefs {
    /// For each handler, the index paths its `willDisplay` calls gave for
    /// each item, less those its `didEndDisplaying` calls took back.
    private(set) var shown: [String: [AnyHashable: [IndexPath]]] = [:]
    /// What went wrong while the calls came.
    private(set) var failures: [String] = []
    private let nodes: [String: any DataSource]

    init<S: Hashable>(harness: RoutingHarness<S>) {
      var nodes: [String: any DataSource] = [:]
      for handled in harness.handled { nodes[handled.name] = handled.node }
      self.nodes = nodes
      let dataSource = harness.dataSource
      // Weakly: the data source's handlers hold the log that holds this.
      ownItem = { [weak dataSource] indexPath in
        dataSource?.item(at: indexPath).map { AnyHashable($0.id) }
      }
    }

    /// The identity of the item the data source shows at an index path.
    private let ownItem: @MainActor (IndexPath) -> AnyHashable?

    /// Takes one call, checking that the item is the handler's node's at
    /// the index path given (for a `willDisplay`), or one it was told
    /// displayed there (for a `didEndDisplaying`).
    func take(_ call: RoutedCall) {
      guard let indexPath = call.indexPath, let id = call.ids.first else { return }
      switch call.kind {
      case .willDisplay:
        let actual =
          call.handler == "own"
          ? ownItem(indexPath)
          : nodes[call.handler].flatMap {
            Self.id(in: $0, at: indexPath)
          }
        if actual != id {
          failures.append(
            "\(call): the node has \(actual.map { "\($0)" } ?? "nothing") there")
        }
        shown[call.handler, default: [:]][id, default: []].append(indexPath)
      case .didEnd:
        guard let index = shown[call.handler]?[id]?.firstIndex(of: indexPath) else {
          failures.append("\(call): without a willDisplay of that item there")
          return
        }
        shown[call.handler]?[id]?.remove(at: index)
        if shown[call.handler]?[id]?.isEmpty == true { shown[call.handler]?[id] = nil }
      default:
        failures.append("\(call): not a display call")
      }
    }

    /// How the beliefs differ from `expected` (for each handler, the
    /// items in the window it takes, each counted once per row).
    func compare(with expected: [String: [AnyHashable: Int]]) -> [String] {
      var differences: [String] = []
      for handler in Set(shown.keys).union(expected.keys).sorted() {
        let believed = (shown[handler] ?? [:]).mapValues(\.count)
        let wanted = expected[handler] ?? [:]
        if believed != wanted {
          differences.append("\(handler) believes displayed \(believed), the window has \(wanted)")
        }
      }
      return differences
    }

    private static func id(in node: some DataSource, at indexPath: IndexPath) -> AnyHashable? {
      guard (0..<node.numberOfSections).contains(indexPath.section),
        (0..<node.numberOfItems(inSection: indexPath.section)).contains(indexPath.item)
      else { return nil }
      return AnyHashable(
        node.item(at: ItemPath(section: indexPath.section, item: indexPath.item)).id)
    }
  }
#endif
