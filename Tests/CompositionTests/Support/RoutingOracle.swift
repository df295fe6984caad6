#if canImport(UIKitStandIn)
  import DataSourceGraphComposition
  import DataSourceGraphSections
  import DataSourceGraphNodes
  import Foundation
  import UIKitStandIn

  /// What the routing of a row's event must do, found without the walk
  /// down from the row that the routing uses: every row of every node with
  /// handlers is mapped up to the screen (`DataSource.path(of:in:)`), so
  /// each screen row knows the nodes that show it; of those, one is nearer
  /// the leaf than another when the other shows its row.
  struct RoutingOracle<S: Hashable> {
    /// The screen's rows, in order.
    let rows: [ItemPath]
    private let root: any DataSource<S, Row>
    private let handled: [HandlingNode]
    /// For each screen row, the nodes with handlers that show it (indices
    /// in `handled`) and the row's path in each.
    private var showing: [ItemPath: [(node: Int, path: ItemPath)]] = [:]
    /// The kinds the data source's own handlers take.
    private let own: Set<RoutedKind>

    init(root: any DataSource<S, Row>, handled: [HandlingNode], own: Set<RoutedKind>) {
      self.root = root
      self.handled = handled
      self.own = own
      rows = Self.paths(of: root)
      for (index, entry) in handled.enumerated() {
        for path in Self.paths(of: entry.node) {
          if let row = root.path(of: path, in: entry.node) {
            showing[row, default: []].append((index, path))
          }
        }
      }
    }

    /// The call of `kind` for the screen row `row`, or `nil` for none.
    func expected(_ kind: RoutedKind, at row: ItemPath) -> RoutedCall? {
      let candidates = (showing[row] ?? []).filter { handled[$0.node].kinds.contains(kind) }
      // The nearest the leaf: the one every other candidate shows.
      let nearest = candidates.first { candidate in
        candidates.allSatisfy { other in
          other.node == candidate.node
            || handled[other.node].node.path(of: candidate.path, in: handled[candidate.node].node)
              != nil
        }
      }
      if let nearest {
        let node = handled[nearest.node]
        return RoutedCall(
          handler: node.name, kind: kind, ids: [Self.id(in: node.node, at: nearest.path)],
          indexPath: IndexPath(item: nearest.path.item, section: nearest.path.section))
      }
      guard own.contains(kind) else { return nil }
      return RoutedCall(
        handler: "own", kind: kind, ids: [AnyHashable(root.item(at: row).id)],
        indexPath: IndexPath(item: row.item, section: row.section))
    }

    /// The calls of a prefetch (or its cancel) of `rows`: one per handler,
    /// in the order of their first row, with the identities in row order.
    func expectedPrefetch(_ rows: [ItemPath], cancel: Bool) -> [RoutedCall] {
      var calls: [RoutedCall] = []
      let kind: RoutedKind = cancel ? .cancelPrefetch : .prefetch
      for row in rows {
        guard let call = expected(kind, at: row) else { continue }
        if let index = calls.firstIndex(where: { $0.handler == call.handler }) {
          calls[index].ids += call.ids
        } else {
          calls.append(RoutedCall(handler: call.handler, kind: kind, ids: call.ids))
        }
      }
      return calls
    }

    private static func paths(of node: any DataSource) -> [ItemPath] {
      (0..<node.numberOfSections).flatMap { section in
        (0..<node.numberOfItems(inSection: section)).map { ItemPath(section: section, item: $0) }
      }
    }

    private static func id(in node: some DataSource, at path: ItemPath) -> AnyHashable {
      AnyHashable(node.item(at: path).id)
    }
  }
#endif
