import DataSourceGraphComposition
import DataSourceGraphSections
import TestSupport

/// A random graph under test: its nodes with their pipelines recomputed from
/// scratch, the random operations it offers, and the checks run after each
/// step.
final class GraphCheck {
  private(set) var checks: [(name: String, run: () -> [String])] = []
  private(set) var ops: [(weight: Int, run: (inout SplitMix64) -> Void)] = []
  private var observations: [ObservationToken] = []
  private var nextItem = 0
  private var nextSection = 0
  /// Every node, for the retain check.
  private(set) var nodes: [AnyObject] = []
  /// How many batches were applied and validated, by node kind.
  private(set) var verifiedBatches: [String: Int] = [:]
  /// Operations an observer may run while a leaf's change is being
  /// delivered: each one leaves every index it needs to the moment the
  /// change is made, so it cannot go stale while it waits for the delivery.
  private(set) var reentrantOps: [(inout SplitMix64) -> Void] = []
  /// The random source of re-entrant operations; `nil` when the graph runs
  /// none.
  private var reentrantRNG: SplitMix64?
  /// How many re-entrant operations the current step may still run.
  private var reentrantBudget = 0
  /// How many re-entrant operations ran.
  private(set) var reentrantRuns = 0

  /// Makes observers of the leaves run random operations while changes
  /// are delivered (see ``observeForReentrance(_:)``).
  init(reentrantSeed: UInt64? = nil) {
    reentrantRNG = reentrantSeed.map { SplitMix64(seed: $0) }
  }

  /// Adds an operation that is safe to request during delivery.
  func addReentrantOp(_ run: @escaping (inout SplitMix64) -> Void) {
    reentrantOps.append(run)
  }

  /// When the graph runs re-entrant operations, observes `leaf` (before any
  /// combinator does): on some of its events, the observer edits a leaf,
  /// changes a predicate, a switch or a selection, or moves a child.
  func observeForReentrance<S: Hashable>(_ leaf: MutableDataSource<S, Row>) {
    guard reentrantRNG != nil else { return }
    observations.append(leaf.observe { [weak self] _ in self?.reenter() })
  }

  private func reenter() {
    guard reentrantBudget > 0, !reentrantOps.isEmpty, var rng = reentrantRNG else { return }
    defer { reentrantRNG = rng }
    guard rng.chance(0.4) else { return }
    reentrantBudget -= 1
    reentrantRuns += 1
    reentrantOps[rng.int(0..<reentrantOps.count)](&rng)
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
    reentrantBudget = 3
    let total = ops.reduce(0) { $0 + $1.weight }
    var pick = rng.int(0..<total)
    for op in ops {
      if pick < op.weight {
        op.run(&rng)
        return
      }
      pick -= op.weight
    }
  }

  /// Drops every observation, operation and check. Operations and checks
  /// capture the graph (and often this object), so a test calls this at the
  /// end to leave nothing alive: the address sanitizer's leak check runs
  /// over the whole suite.
  func tearDown() {
    for observation in observations { observation.cancel() }
    observations.removeAll()
    checks.removeAll()
    ops.removeAll()
    reentrantOps.removeAll()
    nodes.removeAll()
  }

  /// Runs every check; returns the failures.
  func verify() -> [String] {
    checks.flatMap { check in check.run().map { "\(check.name): \($0)" } }
  }

  /// Watches `built`: every batch it emits must apply to the snapshot
  /// before it and pass the validator; after each step its snapshot must
  /// equal the pipeline recomputed from scratch, its reads must agree with
  /// its snapshot, and its state must be the one the table gives.
  func register<S: Hashable>(_ built: Built<S>, name: String) {
    let node = built.node
    nodes.append(node)
    var last = node.snapshot
    var events: [DataSourceEvent<S, Row>] = []
    observations.append(node.observe { events.append($0) })
    checks.append(
      (
        name,
        {
          var failures: [String] = []
          for event in events {
            guard case .changed(let change) = event else {
              self.verifiedBatches["state", default: 0] += 1
              continue
            }
            guard let next = last.applying(change) else {
              failures.append("batch does not apply: \(change) to \(last.sections)")
              return failures
            }
            if case .batch(let batch) = change {
              let violations = batch.violations(from: last, to: next)
              if !violations.isEmpty { failures.append("invalid batch \(batch): \(violations)") }
            }
            self.verifiedBatches[String(name.prefix { $0 != "#" }), default: 0] += 1
            last = next
          }
          events.removeAll()
          let current = node.snapshot
          if last != current {
            failures.append("batches lead to \(last.sections), node shows \(current.sections)")
          }
          let expected = built.oracle()
          if current != expected {
            failures.append("node shows \(current.sections), recomputed \(expected.sections)")
          }
          for (s, section) in current.sections.enumerated() {
            if node.sectionIndex(for: section.id) != s {
              failures.append("sectionIndex(for: \(section.id)) != \(s)")
            }
            for (i, item) in section.items.enumerated()
            where node.itemPath(for: item.id) != ItemPath(section: s, item: i) {
              failures.append(
                "itemPath(for: \(item.id)) = \(String(describing: node.itemPath(for: item.id))), expected \(ItemPath(section: s, item: i))"
              )
            }
          }
          if node.hasContent != !current.isEmpty && !(node is MutableDataSource<S, Row>) {
            failures.append("hasContent \(node.hasContent) with \(current.numberOfItems) items")
          }
          let state = built.state()
          if !state.isSameState(as: node.contentState) {
            failures.append("state \(node.contentState), expected \(state)")
          }
          return failures
        }
      ))
  }
}

/// A node of a random graph, with the same pipeline recomputed from
/// scratch from the leaves' snapshots, and its expected state from its
/// inputs' states.
struct Built<S: Hashable> {
  let node: any DataSource<S, Row>
  let oracle: () -> Snapshot<S, Row>
  let state: () -> ContentState
}

/// Lets the generator open a composite's section identity type.
protocol WrappedSectionID: Hashable {
  associatedtype Base: Hashable
  var section: Base { get }
}

extension CompositeSectionID: WrappedSectionID {}
