#if canImport(UIKitStandIn)
  import DataSourceGraphSections
  import DataSourceGraphNodes
  import DataSourceGraphUIKit
  import Foundation
  import TestSupport
  import UIKitStandIn

  /// The events a node's handlers can take, as the routing tests name them.
  enum RoutedKind: CaseIterable, Hashable {
    case select, deselect, leadingSwipe, trailingSwipe, contextMenu, willDisplay, didEnd
    case prefetch, cancelPrefetch

    /// A random non-empty set of kinds.
    static func random(_ rng: inout SplitMix64) -> Set<RoutedKind> {
      var kinds = Set(allCases.filter { _ in rng.chance(0.5) })
      if kinds.isEmpty { kinds.insert(allCases[rng.int(0..<allCases.count)]) }
      return kinds
    }
  }

  /// One call of a handler: the handler's name, the kind, the item's
  /// identity and the index path given (for a prefetch, the identities in
  /// order and no index path).
  struct RoutedCall: Equatable, CustomStringConvertible {
    var handler: String
    var kind: RoutedKind
    var ids: [AnyHashable]
    var indexPath: IndexPath?
    var description: String {
      "\(handler).\(kind) \(ids)" + (indexPath.map { " @\($0.section).\($0.item)" } ?? "")
    }
  }

  /// The calls of the handlers, in order.
  @MainActor
  final class RoutedCallLog {
    var calls: [RoutedCall] = [] {
      didSet {
        guard let observer, calls.count > oldValue.count else { return }
        calls[oldValue.count...].forEach(observer)
      }
    }
    /// Called with each call as it is logged, while the view makes it.
    var observer: (@MainActor (RoutedCall) -> Void)?
  }

  /// A node with handlers in a routing test.
  struct HandlingNode {
    let node: any DataSource
    let name: String
    let kinds: Set<RoutedKind>
  }

  /// A root shown in a stand-in table or collection view whose data source
  /// is its delegate, handlers that record into a log, and the view's calls
  /// made for random rows.
  @MainActor
  final class RoutingHarness<S: Hashable> {
    let table: Bool
    /// Tall enough for every row of a random graph to be in the visible
    /// window: every row is displayed, so a reload ends and displays each.
    let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 320, height: 100_000))
    let view: StandInListView
    let dataSource: ListViewDataSource<S, Row>
    let log = RoutedCallLog()
    /// The nodes with handlers.
    private(set) var handled: [HandlingNode] = []
    /// How many handler calls the oracle expected, over every exercise.
    private(set) var expectedCalls = 0
    /// The kinds the data source's own handlers take.
    private(set) var own: Set<RoutedKind> = []
    let root: any DataSource<S, Row>

    init(root: any DataSource<S, Row>, table: Bool) {
      self.root = root
      self.table = table
      if table {
        let tableView = UITableView(frame: window.bounds, style: .plain)
        tableView.register(UITableViewCell.self, forCellReuseIdentifier: "cell")
        let dataSource = TableViewDataSource(tableView: tableView, source: root) {
          tableView, indexPath, _ in
          tableView.dequeueReusableCell(withIdentifier: "cell", for: indexPath)
        }
        tableView.delegate = dataSource
        tableView.allowsMultipleSelection = true
        (view, self.dataSource) = (tableView, dataSource)
      } else {
        let collectionView = UICollectionView(
          frame: window.bounds, collectionViewLayout: UICollectionViewFlowLayout())
        collectionView.register(UICollectionViewCell.self, forCellWithReuseIdentifier: "cell")
        let dataSource = CollectionViewDataSource(collectionView: collectionView, source: root) {
          collectionView, indexPath, _ in
          collectionView.dequeueReusableCell(withReuseIdentifier: "cell", for: indexPath)
        }
        collectionView.delegate = dataSource
        collectionView.allowsMultipleSelection = true
        (view, self.dataSource) = (collectionView, dataSource)
      }
      window.addSubview(view)
      dataSource.scheduling = .immediate
      settle()
    }

    /// Shows every change: the pending ones, and the steps of batch
    /// updates waiting for their animations.
    func settle() {
      dataSource.applyPendingChanges()
      var rounds = 0
      while view.pendingCompletionCount > 0 && rounds < 100 {
        view.finishAnimations()
        rounds += 1
      }
      view.layoutSubviews()
    }

    /// Makes `node` handle `kinds`, recording as `name`.
    func handle(_ node: any DataSource, name: String, kinds: Set<RoutedKind>) {
      install(on: node, name: name, kinds: kinds)
      handled.append(HandlingNode(node: node, name: name, kinds: kinds))
    }

    private func install(on node: some DataSource, name: String, kinds: Set<RoutedKind>) {
      install(dataSource.events(for: node), name: name, kinds: kinds)
    }

    /// Makes the data source's own handlers take `kinds`.
    func handleOwn(kinds: Set<RoutedKind>) {
      own = kinds
      install(dataSource.events, name: "own", kinds: kinds)
    }

    private func install<Section, Item>(
      _ events: ListEvents<Section, Item>, name: String, kinds: Set<RoutedKind>
    ) {
      let log = self.log
      func record(_ kind: RoutedKind) -> @MainActor (Item, IndexPath) -> Void {
        { item, indexPath in
          log.calls.append(
            RoutedCall(handler: name, kind: kind, ids: [AnyHashable(item.id)], indexPath: indexPath)
          )
        }
      }
      for kind in kinds {
        switch kind {
        case .select: events.didSelect = record(kind)
        case .deselect: events.didDeselect = record(kind)
        case .willDisplay: events.willDisplay = record(kind)
        case .didEnd: events.didEndDisplaying = record(kind)
        case .leadingSwipe:
          events.leadingSwipeActions = {
            record(kind)($0, $1)
            return nil
          }
        case .trailingSwipe:
          events.trailingSwipeActions = {
            record(kind)($0, $1)
            return nil
          }
        case .contextMenu:
          events.contextMenu = { item, indexPath, _ in
            record(kind)(item, indexPath)
            return nil
          }
        case .prefetch, .cancelPrefetch:
          let handler: @MainActor ([Item.ID]) -> Void = { ids in
            log.calls.append(
              RoutedCall(handler: name, kind: kind, ids: ids.map { AnyHashable($0) }))
          }
          if kind == .prefetch {
            events.prefetch = handler
          } else {
            events.cancelPrefetching = handler
          }
        }
      }
    }

    /// Makes the view's calls for random rows and compares what the
    /// handlers got with what `oracle` expects; the failures, described.
    func exercise(_ oracle: RoutingOracle<S>, rng: inout SplitMix64) -> [String] {
      var failures: [String] = []
      let rows = oracle.rows
      func compare(_ what: String, _ expected: [RoutedCall]) {
        expectedCalls += expected.count
        if log.calls != expected {
          failures.append("\(what): got \(log.calls), expected \(expected)")
        }
        log.calls = []
      }
      log.calls = []
      if !rows.isEmpty {
        for _ in 0..<6 {
          let path = rows[rng.int(0..<rows.count)]
          let kind: RoutedKind = [.select, .deselect, .leadingSwipe, .trailingSwipe, .contextMenu][
            rng.int(0..<5)]
          perform(kind, at: path)
          compare("\(kind) at \(path)", oracle.expected(kind, at: path).map { [$0] } ?? [])
        }
        let picked = rows.shuffled(using: &rng).prefix(rng.int(1...min(rows.count, 8)))
        let cancel = rng.chance(0.3)
        let indexPaths = picked.map { IndexPath(item: $0.item, section: $0.section) }
        if let tableView = view as? UITableView {
          tableView.simulatePrefetching(at: indexPaths, cancel: cancel)
        } else if let collectionView = view as? UICollectionView {
          collectionView.simulatePrefetching(at: indexPaths, cancel: cancel)
        }
        compare("prefetch \(Array(picked))", oracle.expectedPrefetch(Array(picked), cancel: cancel))
      }
      // Two reloads: the first displays every row again, the second also
      // ends the display of every row, where the first chose.
      reloadView()
      let displays = rows.compactMap { oracle.expected(.willDisplay, at: $0) }
      let ends = rows.compactMap { oracle.expected(.didEnd, at: $0) }
      log.calls = log.calls.filter { $0.kind == .willDisplay }
      compare("willDisplay on a reload", displays)
      reloadView()
      compare("didEndDisplaying, then willDisplay, on a reload", ends + displays)
      return failures
    }

    private func perform(_ kind: RoutedKind, at path: ItemPath) {
      let indexPath = IndexPath(item: path.item, section: path.section)
      if let tableView = view as? UITableView {
        switch kind {
        case .select, .deselect:
          // With multiple selection, a tap selects the row or deselects it.
          let selected = tableView.indexPathsForSelectedRows?.contains(indexPath) == true
          if selected != (kind == .deselect) {
            if selected {
              tableView.deselectRow(at: indexPath, animated: false)
            } else {
              tableView.selectRow(at: indexPath, animated: false, scrollPosition: .none)
            }
          }
          tableView.simulateUserTap(at: indexPath)
        case .leadingSwipe: _ = tableView.simulateUserSwipe(leading: true, at: indexPath)
        case .trailingSwipe: _ = tableView.simulateUserSwipe(leading: false, at: indexPath)
        case .contextMenu: _ = tableView.simulateUserContextMenu(at: indexPath)
        default: break
        }
      } else if let collectionView = view as? UICollectionView {
        switch kind {
        case .select, .deselect:
          let selected = collectionView.indexPathsForSelectedItems?.contains(indexPath) == true
          if selected != (kind == .deselect) {
            if selected {
              collectionView.deselectItem(at: indexPath, animated: false)
            } else {
              collectionView.selectItem(at: indexPath, animated: false, scrollPosition: [])
            }
          }
          collectionView.simulateUserTap(at: indexPath)
        case .leadingSwipe:
          _ = dataSource.swipeActionsConfiguration(leading: true, at: indexPath)
        case .trailingSwipe:
          _ = dataSource.swipeActionsConfiguration(leading: false, at: indexPath)
        case .contextMenu: _ = collectionView.simulateUserContextMenu(at: [indexPath])
        default: break
        }
      }
    }

    private func reloadView() {
      if let tableView = view as? UITableView {
        tableView.reloadData()
      } else if let collectionView = view as? UICollectionView {
        collectionView.reloadData()
        collectionView.layoutSubviews()
      }
    }
  }
#endif
