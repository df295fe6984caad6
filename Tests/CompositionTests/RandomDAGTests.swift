import DataSourceGraphComposition
import DataSourceGraphNodes
import DataSourceGraphSections
import Foundation
import TestSupport
import Testing

/// The random-graph property test on graphs whose nodes share inputs (one
/// source feeding two filters of a composite, a fallback over its own
/// primary's input, a splice of a source into a filter of itself, tabs over
/// one source, nodes reused anywhere their items cannot collide), with
/// observers on every node that, during delivery, answer and start loads,
/// reset and edit leaves, change predicates, switches and selections, and
/// move, remove and insert children.
///
/// After every step, on top of `RandomGraphTests`' checks (every batch
/// applies and passes the validator, every snapshot equals its pipeline
/// recomputed from scratch, reads agree, states follow the table, no node
/// is loading or refreshing unless a leaf below it loads): each
/// node's state changes chain, and its last one is its state; when an
/// observer is told of an event, the node already shows it; when the
/// root's observer is told of an event, every node of the graph is
/// consistent; each change reaches each node as at most one batch; a mirror
/// renderer of the root shows the root; no load token accepts two answers.
///
/// Environment variables, for chasing failures:
/// - `DAG_SURVEY=1` runs every step of every seed whatever fails and prints
///   each distinct failure with the seed of its smallest graph;
/// - `DAG_SEEDS=17` or `DAG_SEEDS=1-100` and `DAG_STEPS=200` replace the
///   seeds and the steps per seed;
/// - `DAG_TRACE=1` prints each seed and step before it runs (a crash then
///   names them); `DAG_LOG=1` also prints every event of every node;
/// - `DAG_TREES=1` shares nothing (trees with every DAG check: a control);
/// - `DAG_NO_READS_IN_DELIVERY=1` leaves out the checks that read the graph
///   from an observer (a node read while a change is half delivered may
///   trap).
@Suite struct RandomGraphDAGTests {
  static let seeds = DAGTally.seeds(debug: 1...24, release: 1...440)
  static let steps = DAGTally.steps(debug: 50, release: 1000)

  @Test(.namesTheSeed)
  func sharedInputsKeepEveryNodeConsistent() async {
    await forEachSeed(Self.seeds, sharedInputsKeepEveryNodeConsistent(seed:))
  }

  func sharedInputsKeepEveryNodeConsistent(seed: UInt64) {
    var graph = RandomGraph(seed: seed, dag: DAGTally.options)
    let summary = Self.run(&graph, seed: seed)
    DAGTally.shared.add(summary, test: "shared inputs", seeds: Self.seeds.count)
  }

  @Test(.namesTheSeed)
  func reentrantLoadingObserversKeepEveryNodeConsistent() async {
    await forEachSeed(Self.seeds, reentrantLoadingObserversKeepEveryNodeConsistent(seed:))
  }

  func reentrantLoadingObserversKeepEveryNodeConsistent(seed: UInt64) {
    var graph = RandomGraph(seed: seed, reentrant: true, dag: DAGTally.options)
    let summary = Self.run(&graph, seed: seed)
    DAGTally.shared.add(summary, test: "re-entrant observers", seeds: Self.seeds.count)
    #expect(
      summary.failures.count > 0 || graph.check.reentrantRuns > 0,
      "seed \(seed): no observer changed the graph during delivery")
  }

  /// Builds a DAG from `graph`'s seed and runs the steps, checking after
  /// each; returns what ran and what failed.
  static func run(_ graph: inout RandomGraph, seed: UInt64, steps: Int = steps) -> DAGSummary {
    if DAGTally.log { graph.check.logPrefix = "dag seed \(seed)" }
    graph.buildDAG(depth: graph.rng.int(1...3))
    let check = graph.check
    defer { check.tearDown() }
    var summary = DAGSummary(seed: seed, graph: check.descriptions, shapes: graph.shapes)
    let survey = DAGTally.survey
    let initial = check.verify()
    summary.record(initial, step: -1)
    #expect(initial.isEmpty, "seed \(seed), initial: \(initial.prefix(3))\n\(summary.shape)")
    guard initial.isEmpty || survey else { return summary }
    for step in 0..<steps {
      if DAGTally.trace { print("dag seed \(seed), step \(step)") }
      check.step(&graph.rng)
      summary.steps += 1
      let failures = check.verify()
      guard !failures.isEmpty else { continue }
      let fresh = summary.record(failures, step: step)
      if !survey {
        Issue.record(
          "seed \(seed), step \(step): \(failures.prefix(3).joined(separator: "\n"))\n\(summary.shape)"
        )
        break
      }
      if !fresh.isEmpty {
        Issue.record("seed \(seed), step \(step): \(fresh.joined(separator: "\n"))")
      }
    }
    summary.finish(check)
    return summary
  }
}

/// What one seed ran and found.
struct DAGSummary {
  let seed: UInt64
  /// Each node with its inputs.
  let graph: [String]
  let shapes: [String: Int]
  var steps = 0
  var reentrantRuns = 0
  var answers = (given: 0, accepted: 0)
  var batchesPerChange: [Int: Int] = [:]
  var glitchesByKind: [String: Int] = [:]
  /// The first failure of each kind, with its step.
  var failures: [String: (step: Int, message: String)] = [:]

  var shape: String { graph.joined(separator: "; ") }

  /// Keeps the first failure of each kind; returns those not seen before.
  @discardableResult
  mutating func record(_ messages: [String], step: Int) -> [String] {
    var fresh: [String] = []
    for message in messages {
      let kind = Self.kind(of: message)
      guard failures[kind] == nil else { continue }
      failures[kind] = (step, message)
      fresh.append(message)
    }
    return fresh
  }

  mutating func finish(_ check: GraphCheck) {
    reentrantRuns = check.reentrantRuns
    answers = check.answers
    batchesPerChange = check.batchesPerChange
    glitchesByKind = check.glitchesByKind
  }

  /// A failure's kind: its bracketed tag and the kind of node it is about
  /// (`"[glitch] composite"`).
  static func kind(of message: String) -> String {
    let node = message.prefix { $0 != "#" && $0 != ":" }
    guard let open = message.firstIndex(of: "["), let close = message.firstIndex(of: "]") else {
      return "\(node) ?"
    }
    return "\(message[open...close]) \(node)"
  }
}

/// The totals of the DAG tests, printed when the last seed of a test ends;
/// with `DAG_SURVEY`, also each distinct failure with its smallest seed.
final class DAGTally: @unchecked Sendable {
  // @unchecked: every access holds `lock`.
  static let shared = DAGTally()
  static let survey = environment["DAG_SURVEY"] != nil
  static let trace = environment["DAG_TRACE"] != nil
  static let log = environment["DAG_LOG"] != nil
  static let readsInDelivery = environment["DAG_NO_READS_IN_DELIVERY"] == nil
  /// The generator's options: `DAG_TREES` shares nothing.
  static var options: DAGOptions {
    environment["DAG_TREES"] == nil ? DAGOptions() : DAGOptions(reuse: 0, shapes: 0)
  }
  private static var environment: [String: String] { ProcessInfo.processInfo.environment }

  /// `DAG_SEEDS` (`17` or `1-100`), or the build's seeds of `debug` and
  /// `release` (see ``PropertyDepth``).
  static func seeds(debug: ClosedRange<UInt64>, release: ClosedRange<UInt64>) -> [UInt64] {
    let seeds = PropertyDepth.seeds(debug: debug, release: release)
    guard let text = environment["DAG_SEEDS"] else { return seeds }
    let bounds = text.split(separator: "-").compactMap { UInt64($0) }
    guard let first = bounds.first, let last = bounds.last, first <= last else { return seeds }
    return Array(first...last)
  }

  /// `DAG_STEPS`, or the build's steps of `debug` and `release` (see
  /// ``PropertyDepth``).
  static func steps(debug: Int, release: Int) -> Int {
    environment["DAG_STEPS"].flatMap { Int($0) }
      ?? PropertyDepth.steps(debug: debug, release: release)
  }

  private let lock = NSLock()
  private var runs: [String: [DAGSummary]] = [:]
  /// The seeds and steps of each test that ended.
  private var finished: [String: (seeds: Int, steps: Int)] = [:]

  func add(_ summary: DAGSummary, test: String, seeds: Int) {
    lock.lock()
    runs[test, default: []].append(summary)
    let all = runs[test]!
    lock.unlock()
    guard all.count == seeds else { return }
    lock.lock()
    finished[test] = (all.count, all.reduce(0) { $0 + $1.steps })
    let totals = finished.values.reduce((seeds: 0, steps: 0)) {
      ($0.seeds + $1.seeds, $0.steps + $1.steps)
    }
    let names = finished.keys.sorted().joined(separator: ", ")
    lock.unlock()
    reportStatistics(Self.report(all, test: test))
    reportStatistics("RandomDAG total: \(totals.seeds) seeds, \(totals.steps) steps (\(names))")
  }

  static func report(_ all: [DAGSummary], test: String) -> String {
    let steps = all.reduce(0) { $0 + $1.steps }
    var perChange: [Int: Int] = [:]
    var glitches: [String: Int] = [:]
    var shapes: [String: Int] = [:]
    var reentrant = 0
    var answers = (given: 0, accepted: 0)
    for summary in all {
      perChange.merge(summary.batchesPerChange, uniquingKeysWith: +)
      glitches.merge(summary.glitchesByKind, uniquingKeysWith: +)
      shapes.merge(summary.shapes, uniquingKeysWith: +)
      reentrant += summary.reentrantRuns
      answers.given += summary.answers.given
      answers.accepted += summary.answers.accepted
    }
    let failing = all.filter { !$0.failures.isEmpty }
    var lines = [
      "RandomDAG [\(test)]: \(all.count) seeds, \(steps) steps, \(failing.count) seeds failing; "
        + "nodes per graph \(all.map(\.graph.count).min() ?? 0)...\(all.map(\.graph.count).max() ?? 0) "
        + "(mean \(all.reduce(0) { $0 + $1.graph.count } / max(1, all.count))); "
        + "shapes \(shapes.sorted { $0.key < $1.key }); re-entrant operations \(reentrant); "
        + "load answers \(answers.given) (\(answers.accepted) accepted)",
      "  batches per (node, change): \(perChange.sorted { $0.key < $1.key }); "
        + "nodes with more than one: \(glitches.sorted { $0.key < $1.key })",
    ]
    var kinds: [String: (seeds: Int, best: DAGSummary, step: Int, message: String)] = [:]
    for summary in failing {
      for (kind, first) in summary.failures {
        if let known = kinds[kind] {
          let smaller =
            (summary.graph.count, first.step) < (known.best.graph.count, known.step)
          kinds[kind] = (
            known.seeds + 1, smaller ? summary : known.best, smaller ? first.step : known.step,
            smaller ? first.message : known.message
          )
        } else {
          kinds[kind] = (1, summary, first.step, first.message)
        }
      }
    }
    for (kind, found) in kinds.sorted(by: { $0.key < $1.key }) {
      lines.append(
        "  \(kind): \(found.seeds) seeds; smallest: seed \(found.best.seed), step \(found.step), "
          + "\(found.best.graph.count) nodes [\(found.best.shape)]: \(found.message.prefix(600))")
    }
    return lines.joined(separator: "\n")
  }
}
