#if canImport(UIKitStandIn)
  import DataSourceGraphComposition
  import DataSourceGraphSections
  import DataSourceGraphNodes
  import DataSourceGraphUIKit
  import Foundation
  import TestSupport
  import Testing
  import UIKitStandIn

  /// The UIKit data sources under random graphs: the root of a random DAG
  /// (shared inputs, observers that edit, load and reload during delivery)
  /// is shown in a table view or a collection view of the UIKit stand-in,
  /// through ``TableViewDataSource`` or ``CollectionViewDataSource`` with
  /// random options (reconfigure or reload, animated or not, a small limit
  /// of animated changes, now and then no window).
  ///
  /// After every step, on top of every check of the DAG test: the view
  /// raised no "Invalid update" (the stand-in checks counts before and after
  /// each batch update, ranges, duplicates and the combinations UIKit
  /// refuses), its cells show the root's items in order with their current
  /// values, and the data source shows the root's snapshot and state.
  ///
  /// `DAG_SEEDS` and `DAG_STEPS` replace the seeds and steps, as for the
  /// DAG test.
  @MainActor
  @Suite struct UIKitAdapterRandomGraphTests {
    nonisolated static let seeds = DAGTally.seeds(debug: 1...12, release: 1...150)
    nonisolated static let steps = DAGTally.steps(debug: 60, release: 400)

    @Test(.namesTheSeed)
    func aTableViewShowsEveryChangeOfARandomGraph() async {
      await forEachSeed(Self.seeds, aTableViewShowsEveryChangeOfARandomGraph(seed:))
    }

    func aTableViewShowsEveryChangeOfARandomGraph(seed: UInt64) {
      let tally = Self.run(seed: seed, kind: .table)
      #expect(
        tally.rootChanges == 0 || tally.batchUpdates > 0 || tally.reloads > 0,
        "seed \(seed): the root changed \(tally.rootChanges) times, and the view saw nothing")
      AdapterTally.shared.add(tally, seeds: Self.seeds.count * 2)
    }

    @Test(.namesTheSeed)
    func aCollectionViewShowsEveryChangeOfARandomGraph() async {
      await forEachSeed(Self.seeds, aCollectionViewShowsEveryChangeOfARandomGraph(seed:))
    }

    func aCollectionViewShowsEveryChangeOfARandomGraph(seed: UInt64) {
      let tally = Self.run(seed: seed, kind: .collection)
      #expect(
        tally.rootChanges == 0 || tally.batchUpdates > 0 || tally.reloads > 0,
        "seed \(seed): the root changed \(tally.rootChanges) times, and the view saw nothing")
      AdapterTally.shared.add(tally, seeds: Self.seeds.count * 2)
    }

    /// Builds a DAG from `seed`, shows its root in a `kind` of view and runs
    /// the steps; records the first failing step as an issue.
    nonisolated static func run(seed: UInt64, kind: ViewWatcher.Kind) -> AdapterTally.Counts {
      var graph = RandomGraph(seed: seed, reentrant: true, dag: DAGTally.options)
      var optionsRNG = SplitMix64(seed: seed &* 0x2545_F491)
      let watcher = ViewWatcher(kind: kind, rng: &optionsRNG)
      graph.check.rootWatcher = watcher
      graph.buildDAG(depth: graph.rng.int(1...3))
      let check = graph.check
      defer { check.tearDown() }
      var counts = AdapterTally.Counts()
      let initial = check.verify()
      guard initial.isEmpty else {
        Issue.record("seed \(seed) (\(watcher)), initial: \(initial.prefix(3))")
        return counts
      }
      for step in 0..<steps {
        check.step(&graph.rng)
        counts.steps += 1
        let failures = check.verify()
        guard failures.isEmpty else {
          Issue.record("seed \(seed) (\(watcher)), step \(step): \(failures.prefix(3))")
          counts.failures += 1
          break
        }
      }
      counts.add(watcher.counts)
      return counts
    }
  }

  /// Shows a random graph's root in a stand-in table or collection view and
  /// checks it after every step.
  final class ViewWatcher: RootWatcher, CustomStringConvertible {
    enum Kind { case table, collection }

    let kind: Kind
    let options: ListUpdateOptions
    let inWindow: Bool
    /// What the view was told, for the tally.
    private let box = CountsBox()
    var counts: AdapterTally.Counts { box.counts }

    init(kind: Kind, rng: inout SplitMix64) {
      self.kind = kind
      var options = ListUpdateOptions()
      options.itemUpdates = rng.int(0..<2) == 0 ? .reconfigure : .reload
      options.animates = rng.int(0..<4) != 0
      if rng.int(0..<4) == 0 { options.maximumAnimatedChanges = 3 }
      self.options = options
      inWindow = rng.int(0..<8) != 0
    }

    var description: String {
      "\(kind), \(options.itemUpdates), animates \(options.animates), "
        + "limit \(options.maximumAnimatedChanges), in a window: \(inWindow)"
    }

    func watch<S: Hashable>(_ root: any DataSource<S, Row>, check: GraphCheck) {
      // The test runs on the main actor; the graph's code is nonisolated.
      nonisolated(unsafe) let (watcher, root, check) = (self, root, check)
      MainActor.assumeIsolated {
        let (root, check) = (root, check)
        switch watcher.kind {
        case .table: watcher.watchTable(root, check: check)
        case .collection: watcher.watchCollection(root, check: check)
        }
      }
    }

    @MainActor
    private func watchTable<S: Hashable>(_ root: any DataSource<S, Row>, check: GraphCheck) {
      let view = UITableView(frame: CGRect(x: 0, y: 0, width: 320, height: 640), style: .plain)
      view.register(UITableViewCell.self, forCellReuseIdentifier: "row")
      let dataSource = TableViewDataSource(tableView: view, source: root) {
        tableView, indexPath, row in
        let cell = tableView.dequeueReusableCell(withIdentifier: "row", for: indexPath)
        var content = cell.defaultContentConfiguration()
        content.text = row.description
        cell.contentConfiguration = content
        return cell
      }
      install(dataSource, in: view, root: root, check: check) {
        (view.shownTexts, view.invalidUpdates)
      }
    }

    @MainActor
    private func watchCollection<S: Hashable>(_ root: any DataSource<S, Row>, check: GraphCheck) {
      let view = UICollectionView(
        frame: CGRect(x: 0, y: 0, width: 320, height: 640),
        collectionViewLayout: UICollectionViewFlowLayout())
      let registration = UICollectionView.CellRegistration<UICollectionViewListCell, Row> {
        cell, _, row in
        var content = cell.defaultContentConfiguration()
        content.text = row.description
        cell.contentConfiguration = content
      }
      let dataSource = CollectionViewDataSource(collectionView: view, source: root) {
        collectionView, indexPath, row in
        collectionView.dequeueConfiguredReusableCell(using: registration, for: indexPath, item: row)
      }
      install(dataSource, in: view, root: root, check: check) {
        (view.shownTexts, view.invalidUpdates)
      }
    }

    /// Gives `dataSource` this watcher's options, puts `view` in a window
    /// (or not), and adds the check of what `shown` reads from the view:
    /// its cells' texts and the invalid updates it raised.
    @MainActor
    private func install<S: Hashable>(
      _ dataSource: ListViewDataSource<S, Row>, in view: UIView, root: any DataSource<S, Row>,
      check: GraphCheck, shown: @escaping @MainActor () -> ([[String?]], [InvalidUpdate])
    ) {
      let window = UIWindow(frame: view.frame)
      if inWindow { window.addSubview(view) }
      dataSource.options = options
      let box = self.box
      dataSource.onUpdate = { box.record($0) }
      let rootObservation = root.observe { event in
        if case .changed = event { box.counts.rootChanges += 1 }
      }
      for object in [window, view, dataSource, rootObservation] as [AnyObject] {
        check.keep(object)
      }
      check.addCheck(kind == .table ? "table view" : "collection view") {
        MainActor.assumeIsolated {
          let (texts, invalid) = shown()
          return Self.failures(
            shown: texts, invalid: invalid, shownSnapshot: dataSource.snapshot,
            shownState: dataSource.state, root: root, box: box)
        }
      }
    }

    /// What is wrong with a view that shows `shown` after `invalid`
    /// invalid updates, for `root`.
    @MainActor
    private static func failures<S: Hashable>(
      shown: [[String?]], invalid: [InvalidUpdate], shownSnapshot: Snapshot<S, Row>,
      shownState: ContentState, root: any DataSource<S, Row>, box: CountsBox
    ) -> [String] {
      var failures: [String] = []
      let fresh = invalid.dropFirst(box.invalidSeen)
      box.invalidSeen = invalid.count
      failures += fresh.map { "invalid update: \($0)" }
      let snapshot = root.snapshot
      let expected = snapshot.sections.map { $0.items.map { Optional($0.description) } }
      if shown != expected {
        failures.append("the view shows \(shown), the root \(expected)")
      }
      if shownSnapshot != snapshot {
        failures.append(
          "the data source holds \(Brief.snapshot(shownSnapshot)), the root \(Brief.snapshot(snapshot))"
        )
      }
      if !shownState.isSameState(as: root.contentState) {
        failures.append(
          "the data source is \(Brief.state(shownState)), the root \(Brief.state(root.contentState))"
        )
      }
      return failures
    }
  }

  /// The counts of one watcher, shared by its callbacks.
  final class CountsBox {
    var counts = AdapterTally.Counts()
    var invalidSeen = 0

    func record(_ update: ListUpdate) {
      switch update {
      case .batches(let steps, _, let reconfigured):
        counts.changes += 1
        counts.batchUpdates += steps
        counts.reconfigured += reconfigured
        if steps > 1 { counts.stagedChanges += 1 }
      case .reloaded: counts.reloads += 1
      case .nothing: break
      }
    }
  }

  /// The totals of the adapter property run, printed when the last seed ends.
  final class AdapterTally: @unchecked Sendable {
    struct Counts {
      var steps = 0
      var failures = 0
      var changes = 0
      var batchUpdates = 0
      var stagedChanges = 0
      var reconfigured = 0
      var reloads = 0
      /// How many changes the root sent: a view that saw none of them while
      /// there were some is a failure; a root that never changed in the
      /// steps run (over paged leaves whose pages all failed, say) is not.
      var rootChanges = 0

      mutating func add(_ other: Counts) {
        rootChanges += other.rootChanges
        steps += other.steps
        failures += other.failures
        changes += other.changes
        batchUpdates += other.batchUpdates
        stagedChanges += other.stagedChanges
        reconfigured += other.reconfigured
        reloads += other.reloads
      }
    }

    static let shared = AdapterTally()
    private let lock = NSLock()
    private var total = Counts()
    private var seedsDone = 0

    /// Adds one seed's counts; prints the totals after the last of `seeds`.
    func add(_ counts: Counts, seeds: Int) {
      lock.lock()
      defer { lock.unlock() }
      total.add(counts)
      seedsDone += 1
      guard seedsDone == seeds else { return }
      reportStatistics(
        "UIKit adapters, random graphs: \(seeds) seeds, \(total.steps) steps, "
          + "\(total.changes) changes as \(total.batchUpdates) batch updates "
          + "(\(total.stagedChanges) in several steps), \(total.reconfigured) items reconfigured, "
          + "\(total.reloads) reloads, \(total.failures) failing seeds")
    }
  }
#endif
