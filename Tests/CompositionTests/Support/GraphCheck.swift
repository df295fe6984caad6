import DataSourceGraphComposition
import DataSourceGraphNodes
import DataSourceGraphSections
import DataSourceGraphTesting
import TestSupport

/// A random graph under test: its nodes with their pipelines recomputed from
/// scratch, the random operations it offers, and the checks run after each
/// step.
///
/// Every failure message starts with its kind in brackets (`[oracle]`,
/// `[glitch]`, …), so a run can tell distinct failures apart.
final class GraphCheck {
  /// The checks beyond the ones every graph gets (batches apply and pass
  /// the validator, snapshots equal the recomputed pipelines, reads agree,
  /// states follow the table, and a node loads or refreshes only while a
  /// leaf below it loads).
  struct Options {
    /// Each node's state changes chain (`old` is the `new` before it, or the
    /// state when the observer was registered), and the last one announced
    /// is the node's state at rest.
    var stateOrder = false
    /// When an observer is told of a batch, the node already shows what the
    /// batch leads to (and, for a state change, is in the new state).
    var readsAtNotification = false
    /// When the root's observer is told of an event, every node of the
    /// graph equals its recomputed pipeline and its state follows the table:
    /// observers outside the graph are told only once it is consistent.
    var graphAtRestAtNotification = false
    /// Each change (a leaf's edit, a load's answer, a new predicate, …)
    /// reaches each node as at most one batch. Changes are told apart by a
    /// marker edit made before each of them (see ``mark()``).
    var oneBatchPerChange = false
    /// Observers of every node, not only of the leaves, act during delivery.
    var reentrantEverywhere = false

    /// Everything the DAG tests check.
    static let dag = Options(
      stateOrder: true, readsAtNotification: true, graphAtRestAtNotification: true,
      oneBatchPerChange: true, reentrantEverywhere: true)
  }

  let options: Options
  /// When set (by `DAG_LOG`), every event of every node is printed with
  /// this prefix (the seed), the change it belongs to and the step.
  var logPrefix: String?
  private(set) var checks: [(name: String, run: () -> [String])] = []
  /// For every node, the at-rest part of its check: its snapshot against the
  /// recomputed pipeline, and its state against the table.
  private var restChecks: [(name: String, run: () -> [String])] = []
  private(set) var ops: [(weight: Int, run: (inout SplitMix64) -> Void)] = []
  private var observations: [ObservationToken] = []
  private var nextItem = 0
  private var nextSection = 0
  /// Every node, for the retain check.
  private(set) var nodes: [AnyObject] = []
  /// Per registered node: its bulk reads checked against its reads one by
  /// one.
  private var bulkReadChecks: [() -> [String]] = []
  /// Also shows the root somewhere of its own (a table view), with checks
  /// of its own; told by ``watchRoot(_:)``.
  var rootWatcher: (any RootWatcher)?
  /// Objects kept alive until ``tearDown()`` (a root watcher's view).
  private var kept: [AnyObject] = []
  /// Each node with its inputs, in the order built.
  private(set) var descriptions: [String] = []
  /// Reloads a node, for each node.
  private(set) var reloaders: [() -> Void] = []
  /// Whether a leaf at or below the node is loading, by node name.
  private var loadsBelow: [String: () -> Bool] = [:]
  /// How many batches were applied and validated, by node kind.
  private(set) var verifiedBatches: [String: Int] = [:]
  /// How many section updates changed a header or footer *value* (not only
  /// a title) in the batches of each node kind: the check that value
  /// changes are made and carried through every combinator.
  private(set) var supplementValueUpdates: [String: Int] = [:]
  /// Operations an observer may run while a change is being delivered:
  /// each one leaves every index it needs to the moment the change is made,
  /// so it cannot go stale while it waits for the delivery.
  private(set) var reentrantOps: [(inout SplitMix64) -> Void] = []
  /// The random source of re-entrant operations; `nil` when the graph runs
  /// none.
  private var reentrantRNG: SplitMix64?
  /// How many re-entrant operations the current step may still run.
  private var reentrantBudget = 0
  /// How many re-entrant operations ran.
  private(set) var reentrantRuns = 0
  /// How many steps ran.
  private(set) var steps = 0
  /// Failures found outside a node's own check (loads, the mirror, the
  /// graph seen from an observer), reported by the next ``verify()``.
  private var globalFailures: [String] = []
  /// Whether the graph was seen inconsistent from the root's observer since
  /// the last verification.
  private var notAtRestReported = false
  /// The last change in which the root's observer checked the graph.
  private var lastChangeSeenAtRest = -1
  /// Bumped for each verification, so each oracle runs once per pass.
  let epoch = EpochBox()

  // MARK: Changes told apart

  /// An edit of this leaf, which is part of no graph, is made before each
  /// change: its delivery marks where the change's events begin.
  private let marker = MutableDataSource<Int, Row>(sections: [SnapshotSection(id: 0, items: [])])
  private var markerFull = false
  /// How many markers were asked for, and how many were delivered: the
  /// index of the change whose events are being told.
  private var marksRequested = 0
  private(set) var changeSerial = 0
  /// The change whose events are being told: the last marker delivered, or
  /// (negative) a change made outside any step, by a task (an `async`
  /// load's answer, a followed stream's element), which starts when its
  /// leaf's batch is told.
  private var segment = 0
  /// Whether a step is running. Outside steps, changes also come from
  /// tasks, unmarked: each has at most one leaf's batch, told before any
  /// other batch of the change, so a leaf's batch after other batches
  /// starts a change.
  private var inStep = false
  /// How many batches were told in the current change.
  private var batchesInCurrentChange = 0
  private var nextUnmarkedSegment = -1
  /// Parameter updates of the oracles to make when the marker of their
  /// change is delivered, by marker.
  private var commits: [Int: [() -> Void]] = [:]
  /// How many (node, change) pairs had n batches, for n ≥ 1.
  private(set) var batchesPerChange: [Int: Int] = [:]
  /// The node kinds that had more than one batch for one change.
  private(set) var glitchesByKind: [String: Int] = [:]

  // MARK: Loads

  /// A callback load started and not answered yet (or answered, kept to
  /// be answered again).
  struct PendingLoad {
    let id: Int
    let leaf: String
    /// Answers the load one of several ways; returns the way and whether
    /// the token accepted the answer.
    let answer: (inout SplitMix64) -> (way: String, accepted: Bool)
  }
  private var pendingLoads: [PendingLoad] = []
  private var acceptedAnswers: [Int: Int] = [:]
  private var nextLoad = 0
  /// How many answers were given, and how many were accepted.
  private(set) var answers = (given: 0, accepted: 0)

  /// The leaves, for the asynchronous test: each with its name and a
  /// maker of new content for it (a `(inout SplitMix64) -> Snapshot<S, Row>`
  /// for the leaf's section identity type `S`).
  private(set) var leaves: [(source: AnyObject, label: String, content: Any)] = []

  func addLeaf<S: Hashable>(
    _ source: MutableDataSource<S, Row>, label: String,
    content: @escaping (inout SplitMix64) -> Snapshot<S, Row>
  ) {
    leaves.append((source, label, content))
  }

  /// Makes observers of the leaves run random operations while changes
  /// are delivered (see ``observeForReentrance(_:)``).
  init(reentrantSeed: UInt64? = nil, options: Options = Options()) {
    reentrantRNG = reentrantSeed.map { SplitMix64(seed: $0) }
    self.options = options
    if options.oneBatchPerChange {
      observations.append(
        marker.observe { [weak self] event in
          guard let self, case .changed = event else { return }
          self.changeSerial += 1
          self.segment = self.changeSerial
          self.batchesInCurrentChange = 0
          for commit in self.commits.removeValue(forKey: self.changeSerial) ?? [] { commit() }
        })
    }
  }

  /// The switches' states as last applied, by switch.
  private var switches: [ObjectIdentifier: ParameterBox<Bool>] = [:]

  /// Records the box holding the state of `switchable` as last applied.
  func registerSwitch(_ switchable: AnyObject, _ box: ParameterBox<Bool>) {
    switches[ObjectIdentifier(switchable)] = box
  }

  /// Whether `node` is enabled, for the aggregate table: a switch's state
  /// as last applied, `true` for any other node.
  func isEnabled(_ node: AnyObject) -> Bool {
    switches[ObjectIdentifier(node)]?.value ?? true
  }

  /// Adds an operation that is safe to request during delivery.
  func addReentrantOp(_ run: @escaping (inout SplitMix64) -> Void) {
    reentrantOps.append(run)
  }

  /// When the graph runs re-entrant operations (and only on its leaves),
  /// observes `leaf` (before any combinator does): on some of its events,
  /// the observer edits a leaf, changes a predicate, a switch or a
  /// selection, or moves a child. With ``Options/reentrantEverywhere``,
  /// ``register(_:name:)`` observes every node instead.
  func observeForReentrance<S: Hashable>(_ leaf: some DataSource<S, Row>) {
    guard reentrantRNG != nil, !options.reentrantEverywhere else { return }
    observations.append(leaf.observe { [weak self] _ in self?.reenter() })
  }

  private func reenter() {
    guard reentrantBudget > 0, !reentrantOps.isEmpty, var rng = reentrantRNG else { return }
    defer { reentrantRNG = rng }
    guard rng.chance(options.reentrantEverywhere ? 0.25 : 0.4) else { return }
    reentrantBudget -= 1
    reentrantRuns += 1
    mark()
    reentrantOps[rng.int(0..<reentrantOps.count)](&rng)
  }

  /// Records a failure found by an operation, reported with the next
  /// check.
  func recordFailure(_ message: String) {
    globalFailures.append(message)
  }

  func newItemID() -> Int {
    nextItem += 1
    return nextItem
  }

  func newSectionNumber() -> Int {
    nextSection += 1
    return nextSection
  }

  func addOp(weight: Int = 1, _ run: @escaping (inout SplitMix64) -> Void) {
    ops.append((weight, run))
  }

  /// Runs one random operation.
  func step(_ rng: inout SplitMix64) {
    steps += 1
    reentrantBudget = options.reentrantEverywhere ? 4 : 3
    let total = ops.reduce(0) { $0 + $1.weight }
    var pick = rng.int(0..<total)
    for op in ops {
      if pick < op.weight {
        inStep = true
        defer { inStep = false }
        mark()
        op.run(&rng)
        return
      }
      pick -= op.weight
    }
  }

  /// Marks the start of a change: call it before every change an operation
  /// makes after its first (``step(_:)`` and re-entrant operations mark the
  /// first). Asked for during delivery, the marker's edit waits with the
  /// change that follows it, in order.
  func mark() {
    guard options.oneBatchPerChange else { return }
    marksRequested += 1
    // One insert, one delete, in turn: each waits in order with the others.
    markerFull.toggle()
    if markerFull {
      marker.append([Row(id: -1, value: 0)], toSection: 0)
    } else {
      marker.deleteItems(at: [ItemPath(section: 0, item: 0)])
    }
  }

  /// Updates what an oracle reads (a predicate, a selection, a switch) when
  /// the change just asked for is made: at once outside delivery, or when
  /// the marker before the change is delivered.
  func commit(_ update: @escaping () -> Void) {
    if !options.oneBatchPerChange || changeSerial == marksRequested {
      update()
    } else {
      commits[marksRequested, default: []].append(update)
    }
  }

  // MARK: Loads

  /// Keeps a load started with a callback loader, to answer later.
  func keepLoad(
    leaf: String, answer: @escaping (inout SplitMix64) -> (way: String, accepted: Bool)
  ) {
    nextLoad += 1
    pendingLoads.append(PendingLoad(id: nextLoad, leaf: leaf, answer: answer))
    if pendingLoads.count > 8 { pendingLoads.removeFirst() }
  }

  /// Answers a random kept load; now and then keeps it for a second answer,
  /// which its token must refuse.
  func answerLoad(_ rng: inout SplitMix64) {
    guard !pendingLoads.isEmpty else { return }
    let index = rng.chance(0.6) ? pendingLoads.count - 1 : rng.int(0..<pendingLoads.count)
    let load = rng.chance(0.3) ? pendingLoads[index] : pendingLoads.remove(at: index)
    let (way, accepted) = load.answer(&rng)
    answers.given += 1
    guard accepted else { return }
    answers.accepted += 1
    acceptedAnswers[load.id, default: 0] += 1
    if acceptedAnswers[load.id]! > 1 {
      globalFailures.append(
        "loads: [token] load #\(load.id) of \(load.leaf) accepted a second answer (\(way))")
    }
  }

  /// Drops every observation, operation and check. Operations and checks
  /// capture the graph (and often this object), so a test calls this at the
  /// end to leave nothing alive: the address sanitizer's leak check runs
  /// over the whole suite.
  func tearDown() {
    kept.removeAll()
    rootWatcher = nil
    for observation in observations { observation.cancel() }
    observations.removeAll()
    checks.removeAll()
    restChecks.removeAll()
    ops.removeAll()
    reentrantOps.removeAll()
    nodes.removeAll()
    reloaders.removeAll()
    loadsBelow.removeAll()
    pendingLoads.removeAll()
    commits.removeAll()
    leaves.removeAll()
    switches.removeAll()
  }

  /// Adds a check that runs after every step, named `name` in failures.
  func addCheck(_ name: String, _ run: @escaping () -> [String]) {
    checks.append((name, run))
  }

  /// Every registered node's bulk reads against its reads one by one
  /// (see `bulkReadFailures(of:)`); the failures.
  func bulkReadMismatches() -> [String] { bulkReadChecks.flatMap { $0() } }

  /// Keeps `object` alive until ``tearDown()``.
  func keep(_ object: AnyObject) { kept.append(object) }

  /// Runs every check; returns the failures.
  func verify() -> [String] {
    epoch.value += 1
    notAtRestReported = false
    var failures = globalFailures
    globalFailures.removeAll()
    failures += checks.flatMap { check in check.run().map { "\(check.name): \($0)" } }
    return failures
  }

  /// Shows `root` in a ``MirrorRenderer`` and checks, after each step, that
  /// the mirror recorded no failure and shows the root's content and state;
  /// with ``Options/graphAtRestAtNotification``, also checks the whole graph
  /// each time the root's observers are told of an event.
  func watchRoot<S: Hashable>(_ root: Built<S>) {
    let node = root.node
    rootWatcher?.watch(node, check: self)
    let mirror = MirrorRenderer(for: node)
    observations.append(node.render(into: mirror))
    var reported = 0
    checks.append(
      (
        "mirror",
        {
          var failures = mirror.failures.dropFirst(reported).map { "[mirror] \($0)" }
          reported = mirror.failures.count
          if !shows(node, mirror.snapshot.sections) {
            failures.append(
              "[mirror] shows \(Brief.snapshot(mirror.snapshot)), the root \(Brief.snapshot(node.snapshot))"
            )
          }
          if !mirror.state.isSameState(as: node.contentState) {
            failures.append(
              "[mirror] in state \(Brief.state(mirror.state)), the root \(Brief.state(node.contentState))"
            )
          }
          return failures
        }
      ))
    guard options.graphAtRestAtNotification else { return }
    observations.append(
      node.observe { [weak self] event in
        // Once per change (the graph does not move while its observers are
        // told), and until the first inconsistency of the step.
        guard let self, !self.notAtRestReported, self.lastChangeSeenAtRest != self.segment
        else { return }
        self.lastChangeSeenAtRest = self.segment
        self.epoch.value += 1
        let what: String
        switch event {
        case .changed: what = "a batch"
        case .stateChanged(_, let new): what = "state \(Brief.state(new))"
        }
        for check in self.restChecks {
          for failure in check.run() {
            // One report per verification: the first inconsistency is the news.
            self.notAtRestReported = true
            self.globalFailures.append(
              "\(check.name): [not at rest] when the root's observer is told of \(what): "
                + failure)
          }
        }
      })
  }

  /// Watches `built`: every batch it emits must apply to the snapshot
  /// before it and pass the validator; after each step its snapshot must
  /// equal the pipeline recomputed from scratch, its reads must agree with
  /// its snapshot, and its state must be the one the table gives. Returns
  /// the node with an oracle that runs once per verification.
  /// Whether two sections have the same header and footer values (titles
  /// aside).
  static func sameValues<S: Hashable>(_ a: SnapshotSection<S, Row>, _ b: SnapshotSection<S, Row>)
    -> Bool
  {
    var b = b
    b.header = a.header
    b.footer = a.footer
    return a.hasSameSupplements(as: b)
  }

  func register<S: Hashable>(_ built: Built<S>, name: String) -> Built<S> {
    let epoch = self.epoch
    let memo = OracleMemo<S>()
    let raw = built.oracle
    let built = Built(
      node: built.node,
      oracle: {
        if memo.epoch != epoch.value || memo.value == nil {
          memo.value = raw()
          memo.epoch = epoch.value
        }
        return memo.value!
      },
      state: built.state, support: built.support, hasContent: built.hasContent, name: name,
      inputs: built.inputs)
    descriptions.append(
      built.inputs.isEmpty ? name : "\(name)(\(built.inputs.joined(separator: ", ")))")
    let node = built.node
    let kind = String(name.prefix { $0 != "#" })
    let isLeaf = node is MutableDataSource<S, Row>
    nodes.append(node)
    bulkReadChecks.append { [weak node] in
      node.map { bulkReadFailures(of: $0).map { "\(name): \($0)" } } ?? []
    }
    reloaders.append { [weak node] in node?.reload() }
    // A leaf has no inputs; its own state says whether its load runs.
    let inputsLoad = built.inputs.compactMap { loadsBelow[$0] }
    let loads: () -> Bool =
      built.inputs.isEmpty
      ? { [weak node] in node?.contentState.isLoadingOrRefreshing ?? false }
      : { inputsLoad.contains { $0() } }
    loadsBelow[name] = loads
    let track = NodeTrack(node.snapshot, node.contentState)
    let options = self.options
    observations.append(
      node.observe { [weak self] event in
        guard let self else { return }
        if let prefix = self.logPrefix {
          let what: String
          switch event {
          case .changed(let change): what = Brief.change(change)
          case .stateChanged(let old, let new):
            what = "state \(Brief.state(old)) → \(Brief.state(new))"
          }
          print("\(prefix) step \(self.steps) change #\(self.segment) \(name): \(what)")
        }
        switch event {
        case .changed(let change):
          if options.oneBatchPerChange {
            if isLeaf && !self.inStep && self.batchesInCurrentChange > 0 {
              self.segment = self.nextUnmarkedSegment
              self.nextUnmarkedSegment -= 1
              self.batchesInCurrentChange = 0
            }
            self.batchesInCurrentChange += 1
            if track.segment != self.segment {
              track.flush(into: &self.batchesPerChange)
              track.segment = self.segment
            }
            track.batchesInSegment += 1
            if track.batchesInSegment == 2 {
              self.glitchesByKind[kind, default: 0] += 1
              track.failures.append(
                "[glitch] a second batch for one change (change #\(self.segment)): \(Brief.change(change))"
              )
            }
          }
          guard let next = track.last.applying(change) else {
            track.failures.append(
              "[apply] batch does not apply: \(Brief.change(change)) to \(Brief.snapshot(track.last))"
            )
            track.last = node.snapshot
            return
          }
          if case .batch(let batch) = change {
            for update in batch.sectionUpdates
            where !Self.sameValues(track.last.sections[update.from], next.sections[update.to]) {
              self.supplementValueUpdates[kind, default: 0] += 1
            }
            let violations = batch.violations(from: track.last, to: next)
            if !violations.isEmpty {
              track.failures.append(
                "[validator] invalid batch \(Brief.batch(batch)): \(violations)")
            }
          }
          self.verifiedBatches[kind, default: 0] += 1
          track.last = next
          if options.readsAtNotification && !shows(node, next.sections) {
            let current = node.snapshot
            do {
              track.failures.append(
                "[reads at notification] told of \(Brief.change(change)), the node shows \(Brief.snapshot(current)), "
                  + "the batches lead to \(Brief.snapshot(next))")
            }
          }
        case .stateChanged(let old, let new):
          self.verifiedBatches["state", default: 0] += 1
          if options.stateOrder && !old.isSameState(as: track.lastState) {
            track.failures.append(
              "[state order] stateChanged(old: \(Brief.state(old)), new: \(Brief.state(new))) after \(Brief.state(track.lastState))"
            )
          }
          track.lastState = new
          if options.readsAtNotification && !new.isSameState(as: node.contentState) {
            track.failures.append(
              "[reads at notification] told of state \(Brief.state(new)), the node is in \(Brief.state(node.contentState))"
            )
          }
        }
      })
    if options.reentrantEverywhere && reentrantRNG != nil {
      observations.append(node.observe { [weak self] _ in self?.reenter() })
    }
    // The node's content against the recomputed pipeline: `current` when
    // the node was read already, else read now.
    let atRest: (Snapshot<S, Row>?) -> [String] = { current in
      var failures: [String] = []
      let expected = built.oracle()
      if let current, current.sections != expected {
        failures.append(
          "[oracle] node shows \(Brief.snapshot(current)), recomputed \(Brief.sections(expected))")
      } else if current == nil && !shows(node, expected) {
        failures.append(
          "[oracle] node shows \(Brief.snapshot(node.snapshot)), recomputed \(Brief.sections(expected))"
        )
      }
      let state = built.state()
      let shown = node.contentState
      if !state.isSameState(as: shown) {
        failures.append(
          "[state] state \(Brief.state(shown)), expected \(Brief.state(state))")
      }
      // No spinner without a load (issue 36).
      if shown.isLoadingOrRefreshing && !loads() {
        failures.append("[loading without a load] state \(Brief.state(shown)), no leaf below loads")
      }
      return failures
    }
    restChecks.append((name, { atRest(nil) }))
    checks.append(
      (
        name,
        {
          var failures = track.failures
          track.failures.removeAll()
          track.flush(into: &self.batchesPerChange)
          // Read once: what the batches lead to, if the node shows that.
          var current = track.last
          if !shows(node, current.sections) {
            current = node.snapshot
            failures.append(
              "[apply] batches lead to \(Brief.snapshot(track.last)), node shows \(Brief.snapshot(current))"
            )
            track.last = current
          }
          failures += atRest(current)
          for (s, section) in current.sections.enumerated() {
            if node.sectionIndex(for: section.id) != s {
              failures.append("[reads] sectionIndex(for: \(section.id)) != \(s)")
            }
            for (i, item) in section.items.enumerated()
            where node.itemPath(for: item.id) != ItemPath(section: s, item: i) {
              failures.append(
                "[reads] itemPath(for: \(item.id)) = \(String(describing: node.itemPath(for: item.id))), expected \(ItemPath(section: s, item: i))"
              )
            }
          }
          let expectsContent = built.hasContent?() ?? !current.isEmpty
          if node.hasContent != expectsContent && !(node is MutableDataSource<S, Row>) {
            failures.append(
              "[reads] hasContent \(node.hasContent) with \(current.numberOfItems) items, expected \(expectsContent)"
            )
          }
          if options.stateOrder && !track.lastState.isSameState(as: node.contentState) {
            failures.append(
              "[state order] last state announced \(Brief.state(track.lastState)), the node is in \(Brief.state(node.contentState))"
            )
            track.lastState = node.contentState
          }
          return failures
        }
      ))
    return built
  }
}

/// Whether `node`'s reads show exactly `sections` (what `node.snapshot ==
/// Snapshot(sections: sections)` says, without building the snapshot).
func shows<S: Hashable>(_ node: any DataSource<S, Row>, _ sections: [SnapshotSection<S, Row>])
  -> Bool
{
  guard node.numberOfSections == sections.count else { return false }
  for (s, section) in sections.enumerated() {
    guard node.sectionID(at: s) == section.id,
      node.numberOfItems(inSection: s) == section.items.count
    else { return false }
    let supplements = node.supplements(ofSection: s)
    let shown = SnapshotSection<S, Row>(
      id: section.id, header: supplements.header, footer: supplements.footer,
      headerValue: supplements.headerValue, footerValue: supplements.footerValue)
    guard shown.hasSameSupplements(as: section) else { return false }
    for (i, item) in section.items.enumerated()
    where node.item(at: ItemPath(section: s, item: i)) != item {
      return false
    }
  }
  return true
}

/// Where `node`'s bulk read of a section (`items(inSection:)`) differs
/// from its reads one by one (`item(at:)`), and where its snapshot's
/// sections differ from its reads: empty when they agree.
func bulkReadFailures<S: Hashable>(of node: any DataSource<S, Row>) -> [String] {
  var failures: [String] = []
  let snapshot = node.snapshot
  if snapshot.numberOfSections != node.numberOfSections {
    failures.append(
      "snapshot has \(snapshot.numberOfSections) sections, reads \(node.numberOfSections)")
  }
  for s in 0..<node.numberOfSections {
    let bulk = node.items(inSection: s)
    let oneByOne = (0..<node.numberOfItems(inSection: s)).map {
      node.item(at: ItemPath(section: s, item: $0))
    }
    if bulk != oneByOne {
      failures.append(
        "section \(s): bulk read \(bulk.map(\.id)) ≠ item reads \(oneByOne.map(\.id))")
    }
    if s < snapshot.numberOfSections, snapshot.sections[s].items != oneByOne {
      failures.append("section \(s): snapshot's items ≠ item reads")
    }
  }
  return failures
}

/// What ``GraphCheck`` keeps of one node between events.
private final class NodeTrack<S: Hashable> {
  /// The snapshot the node's batches lead to.
  var last: Snapshot<S, Row>
  /// The state last announced.
  var lastState: ContentState
  var failures: [String] = []
  /// The change whose batches are being counted, and how many came.
  var segment = -1
  var batchesInSegment = 0

  init(_ snapshot: Snapshot<S, Row>, _ state: ContentState) {
    last = snapshot
    lastState = state
  }

  func flush(into histogram: inout [Int: Int]) {
    if batchesInSegment > 0 { histogram[batchesInSegment, default: 0] += 1 }
    batchesInSegment = 0
    segment = -1
  }
}

/// The number of the current verification, shared by the oracles.
final class EpochBox {
  var value = 0
}

private final class OracleMemo<S: Hashable> {
  var epoch = -1
  var value: [SnapshotSection<S, Row>]?
}

/// A node of a random graph, with the same pipeline recomputed from
/// scratch from the leaves' snapshots, and its expected state from its
/// inputs' states.
struct Built<S: Hashable> {
  let node: any DataSource<S, Row>
  /// The sections the node must show, recomputed from the leaves.
  let oracle: () -> [SnapshotSection<S, Row>]
  let state: () -> ContentState
  /// The items the node can show (see ``LeafSupport``).
  var support = LeafSupport()
  /// Whether the node must have content (`hasContent`), for a node that
  /// takes it from its inputs (a map, a sort, a composite…): read from the
  /// inputs as they are, each checked on its own, since an outline whose
  /// sections are collapsed has content it does not show. `nil`: whether
  /// the node shows an item.
  var hasContent: (() -> Bool)? = nil
  /// The node's name in failures, once registered.
  var name = ""
  /// The names of its inputs (and its parameters), for the description of
  /// the graph.
  var inputs: [String] = []
}

/// Lets the generator open the type of the children's section identities
/// inside a composite's ``CompositeSectionID``s.
protocol WrappedSectionID {
  /// The children's section identity type.
  associatedtype Base: Hashable & Sendable
  /// The child's identity inside `id`, a `CompositeSectionID`.
  static func inner(_ id: Any) -> Base
}

/// The children's section identity type `Base` of a composite.
enum Wrapping<Base: Hashable & Sendable>: WrappedSectionID {
  static func inner(_ id: Any) -> Base { (id as! CompositeSectionID).section.base as! Base }
}

/// The wrapping of the composite identities `makeID` makes, found from the
/// type of the identity inside; `nil` if they are not a composite's.
func wrapping<S>(of makeID: (Int) -> S) -> (any WrappedSectionID.Type)? {
  guard let id = makeID(0) as? CompositeSectionID else { return nil }
  switch id.section.base {
  case is Int: return Wrapping<Int>.self
  case is CompositeSectionID: return Wrapping<CompositeSectionID>.self
  default: return nil
  }
}

/// Shows the root of a random graph somewhere of its own and adds checks
/// for it (see ``GraphCheck/rootWatcher``).
protocol RootWatcher {
  /// Starts showing `root`, adding checks and kept objects to `check`.
  func watch<S: Hashable>(_ root: any DataSource<S, Row>, check: GraphCheck)
}
