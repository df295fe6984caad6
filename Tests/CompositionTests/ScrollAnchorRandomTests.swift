#if canImport(UIKitStandIn)
  import DataSourceGraphComposition
  import DataSourceGraphSections
  import DataSourceGraphNodes
  import DataSourceGraphUIKit
  import TestSupport
  import Testing
  import UIKitStandIn

  /// The user's place under random graphs: the root of a random DAG (paged
  /// leaves loading earlier and later pages, shared inputs, observers that
  /// edit during delivery) is shown in a stand-in table or collection view
  /// with rows of random heights, section headers, a random visible height
  /// and insets, random options (animated or not, a small limit of animated
  /// changes, now and then no window: `reloadData()` fallbacks), and the
  /// user scrolling between steps; now and then the app names the anchor.
  ///
  /// After every change the view is handed (batch updates or a reload), the
  /// place seen before it is checked against the one after (``SeenPlace``):
  /// the first surviving row of those on screen, in the promised order, is
  /// as far from the top of the visible area as it was, within the offsets
  /// the content allows. With the place not kept, the offset is UIKit's.
  ///
  /// `DAG_SEEDS` and `DAG_STEPS` replace the seeds and steps, as for the
  /// DAG test.
  @MainActor
  @Suite struct ScrollAnchorRandomGraphTests {
    nonisolated static let seeds = DAGTally.seeds(debug: 1...16, release: 1...120)
    nonisolated static let steps = DAGTally.steps(debug: 60, release: 300)

    @Test(.namesTheSeed)
    func aTableViewKeepsThePlaceThroughEveryChangeOfARandomGraph() async {
      await Self.runSeeds(kind: .table)
    }

    @Test(.namesTheSeed)
    func aCollectionViewKeepsThePlaceThroughEveryChangeOfARandomGraph() async {
      await Self.runSeeds(kind: .collection)
    }

    /// Runs every seed in a `kind` of view. A graph can change without ever
    /// showing a row on screen (a paged leaf that rarely loads under a
    /// filter), so the place is checked across the seeds: in most of those
    /// that change, not in each.
    static func runSeeds(kind: PlaceWatcher.Kind) async {
      var changing = 0
      var unchecked: [UInt64] = []
      await forEachSeed(Self.seeds) { seed in
        let box = Self.run(seed: seed, kind: kind)
        guard box.changes > 0 else { return }
        changing += 1
        if box.checked == 0 { unchecked.append(seed) }
      }
      #expect(changing > 0)
      #expect(
        unchecked.count * 20 <= changing,
        "seeds whose changes were never checked (more than 1 in 20): \(unchecked)")
    }

    /// Seed 60 of the long run: a change shown in two batch updates, the
    /// first of which makes the content shorter than the offset, with the
    /// place not kept. The view pulls the offset back at that update, as
    /// UIKit does, so the offset ends above where it was though the content
    /// grew back: UIKit's offset, which the check took for a moved place.
    @Test func anOffsetPulledBackBetweenTwoBatchUpdatesIsUIKits() {
      Self.run(seed: 60, kind: .table, steps: 150)
      Self.run(seed: 60, kind: .collection, steps: 150)
    }

    /// Builds a DAG from `seed`, shows its root in a `kind` of view and runs
    /// `steps` steps; records the first failing step, with the seed, as an
    /// issue.
    @discardableResult
    static func run(seed: UInt64, kind: PlaceWatcher.Kind, steps: Int = Self.steps)
      -> PlaceBox
    {
      var graph = RandomGraph(seed: seed, reentrant: true, dag: DAGTally.options)
      var settings = SplitMix64(seed: seed &* 0x5851_F42D)
      let watcher = PlaceWatcher(kind: kind, rng: &settings)
      graph.check.rootWatcher = watcher
      graph.buildDAG(depth: graph.rng.int(1...3))
      let check = graph.check
      defer { check.tearDown() }
      let initial = check.verify()
      guard initial.isEmpty else {
        Issue.record("seed \(seed) (\(watcher)), initial: \(initial.prefix(3))")
        return watcher.box
      }
      for step in 0..<steps {
        check.step(&graph.rng)
        let failures = check.verify()
        guard failures.isEmpty else {
          Issue.record("seed \(seed) (\(watcher)), step \(step): \(failures.prefix(3))")
          return watcher.box
        }
      }
      return watcher.box
    }
  }

  /// Shows a random graph's root in a stand-in view, scrolls it between
  /// steps, and checks the place through every change.
  final class PlaceWatcher: RootWatcher, CustomStringConvertible {
    enum Kind { case table, collection }

    let kind: Kind
    let options: ListUpdateOptions
    let inWindow: Bool
    let height: CGFloat
    let insets: UIEdgeInsets
    /// Whether the app names anchors now and then.
    let names: Bool
    let box: PlaceBox

    init(kind: Kind, rng: inout SplitMix64) {
      self.kind = kind
      var options = ListUpdateOptions()
      options.itemUpdates = rng.chance(0.5) ? .reconfigure : .reload
      options.animates = rng.int(0..<4) != 0
      if rng.int(0..<4) == 0 { options.maximumAnimatedChanges = 2 }
      options.keepsVisiblePosition = rng.int(0..<6) != 0
      self.options = options
      inWindow = rng.int(0..<6) != 0
      height = CGFloat(rng.int(3...12) * 25)
      insets =
        rng.chance(0.5)
        ? .zero : UIEdgeInsets(top: CGFloat(rng.int(0...4) * 10), left: 0, bottom: 20, right: 0)
      names = rng.chance(0.3)
      box = MainActor.assumeIsolated { PlaceBox() }
    }

    var description: String {
      "\(kind), keeps \(options.keepsVisiblePosition), animates \(options.animates), "
        + "limit \(options.maximumAnimatedChanges), in a window: \(inWindow), height \(height), "
        + "insets \(insets.top)/\(insets.bottom), names anchors: \(names)"
    }

    /// The height of a row: from its identity, 20 to 80 points.
    nonisolated static func rowHeight(_ text: String?) -> CGFloat? {
      guard let id = text?.split(separator: ":").first.flatMap({ Int($0) }) else { return nil }
      return CGFloat(20 + (abs(id) &* 37) % 61)
    }

    func watch<S: Hashable>(_ root: any DataSource<S, Row>, check: GraphCheck) {
      // The test runs on the main actor; the graph's code is nonisolated.
      nonisolated(unsafe) let (watcher, root, check) = (self, root, check)
      MainActor.assumeIsolated {
        let (root, check) = (root, check)
        let (view, dataSource) = watcher.makeView(root)
        watcher.install(view, dataSource, root: root, check: check)
      }
    }

    @MainActor
    private func makeView<S: Hashable>(_ root: any DataSource<S, Row>) -> (
      any ScrollableListView & UIView, ListViewDataSource<S, Row>
    ) {
      let frame = CGRect(x: 0, y: 0, width: 320, height: height)
      switch kind {
      case .table:
        let view = UITableView(frame: frame, style: .plain)
        view.register(UITableViewCell.self, forCellReuseIdentifier: "row")
        view.standInCellHeight { Self.rowHeight($0.textLabel?.text) }
        let dataSource = TableViewDataSource(tableView: view, source: root) {
          tableView, indexPath, row in
          let cell = tableView.dequeueReusableCell(withIdentifier: "row", for: indexPath)
          cell.textLabel?.text = row.description
          return cell
        }
        return (view, dataSource)
      case .collection:
        let layout = UICollectionViewFlowLayout()
        layout.headerReferenceSize = CGSize(width: 320, height: 30)
        let view = UICollectionView(frame: frame, collectionViewLayout: layout)
        let registration = UICollectionView.CellRegistration<UICollectionViewListCell, Row> {
          cell, _, row in
          var content = cell.defaultContentConfiguration()
          content.text = row.description
          cell.contentConfiguration = content
        }
        let header = UICollectionView.SupplementaryRegistration<UICollectionReusableView>(
          elementKind: UICollectionView.elementKindSectionHeader
        ) { _, _, _ in }
        view.standInCellHeight {
          Self.rowHeight(($0.contentConfiguration as? UIListContentConfiguration)?.text)
        }
        let dataSource = CollectionViewDataSource(collectionView: view, source: root) {
          collectionView, indexPath, row in
          collectionView.dequeueConfiguredReusableCell(
            using: registration, for: indexPath, item: row)
        }
        dataSource.supplementaryViewProvider = { collectionView, _, indexPath, _ in
          collectionView.dequeueConfiguredReusableSupplementary(using: header, for: indexPath)
        }
        return (view, dataSource)
      }
    }

    /// Puts `view` in a window (or not), checks the place at every update,
    /// and adds the user's scrolling and the app's naming of anchors to the
    /// graph's operations.
    @MainActor
    private func install<S: Hashable>(
      _ view: any ScrollableListView & UIView, _ dataSource: ListViewDataSource<S, Row>,
      root: any DataSource<S, Row>, check: GraphCheck
    ) {
      (view as? UIScrollView)?.contentInset = insets
      let window = UIWindow(frame: view.frame)
      if inWindow { window.addSubview(view) }
      dataSource.options = options
      let box = self.box
      let keeps = options.keepsVisiblePosition
      // Weak: the data source keeps its `onUpdate`, and a strong capture
      // would keep the data source, its view and the whole graph alive.
      let note = { [weak view, weak dataSource] in
        guard let view, let dataSource else { return }
        box.before = SeenPlace(view, showing: dataSource.snapshot, named: dataSource.anchorItemID)
      }
      note()
      dataSource.onUpdate = { [weak view, weak dataSource] update in
        guard let view, let dataSource else { return }
        box.changes += 1
        let steps: Int
        if case .batches(let count, _, _) = update { steps = count } else { steps = 1 }
        if let failure = box.before?.failure(
          of: view, showing: dataSource.snapshot, keeps: keeps, steps: steps)
        {
          box.failures.append("after \(update): \(failure)")
        }
        if !(box.before?.candidates.isEmpty ?? true) { box.checked += 1 }
        note()
      }
      for object in [window, view, dataSource] as [AnyObject] { check.keep(object) }
      check.addOp(weight: 3) { rng in
        // The user scrolls: anywhere from a little above the top (pulling)
        // to the bottom.
        let fraction = CGFloat(rng.int(0...20)) / 20
        let pull = rng.chance(0.1)
        MainActor.assumeIsolated {
          view.layoutIfNeeded()
          let lowest = -view.adjustedContentInset.top
          let highest = max(
            lowest,
            view.contentSize.height + view.adjustedContentInset.bottom - view.bounds.height)
          let y = pull ? lowest - 40 : lowest + ((highest - lowest) * fraction).rounded()
          view.contentOffset = CGPoint(x: 0, y: y)
          note()
        }
      }
      if names {
        check.addOp { rng in
          let pick = rng.int(0..<4)
          MainActor.assumeIsolated {
            let items = dataSource.snapshot.allItems
            dataSource.anchorItemID =
              pick == 0 || items.isEmpty ? nil : items[pick % items.count].id
            note()
          }
        }
      }
      check.addCheck("place") {
        MainActor.assumeIsolated {
          defer { box.failures = [] }
          return box.failures
        }
      }
    }
  }

  /// What a ``PlaceWatcher`` saw, shared by its callbacks.
  @MainActor
  final class PlaceBox {
    /// The place before the next change.
    var before: SeenPlace?
    var failures: [String] = []
    /// Changes handed to the view, and those checked with a row on screen.
    var changes = 0
    var checked = 0
  }
#endif
