import DataSourceGraphComposition
import DataSourceGraphNodes
import DataSourceGraphSections
import TestSupport
import Testing

/// Random moves on the roots of random graphs (`RandomGraph`: leaves under
/// filters, maps, flattens, composites, sorts, remove-empties, switches,
/// segmented sources, fallbacks and splices; trees, and graphs whose nodes
/// share inputs), between random edits of the graph.
///
/// Each move is either made or refused. Made: the root shows the old order
/// with that one row moved and its sections unchanged, it emitted one
/// change that takes its old snapshot to the new one and passes the
/// validator, and every node of the graph still passes `GraphCheck` (each
/// batch applies and validates, each snapshot equals its pipeline
/// recomputed). Refused: nothing changed, and the reason is the one the
/// structure gives: `outside` exactly for a path outside the root;
/// `sorted` only when a sort holds the row, and some refusal whenever one
/// does; `notReorderable` only for a leaf that cannot move items (a paged
/// leaf) or a row an outline shows; `noSourceItem` only for a row no leaf
/// holds (an outline's child row); `unreachable` only when a splice holds the row; any other reason
/// only when no move of the owning leaf shows the move asked (tried one by
/// one). A splice may refuse a move that some leaf move would show, when a
/// row hidden above would have to cross its spliced rows, and a
/// remove-empty one that empties a section a flatten above hides, and a
/// composite one of a row it also hides in another child: counted, not
/// failed.
/// A failure names its seed.
@Suite struct ReorderPropertyTests {
  static let seeds: [UInt64] = PropertyDepth.seeds(debug: 1...30, release: 1...300)
  static let steps = PropertyDepth.steps(debug: 12, release: 60)
  /// Moves tried after each random edit.
  static let movesPerStep = 3

  @Test(arguments: [false, true])
  func randomMovesLandOrAreRefusedForTheirReason(sharedInputs: Bool) {
    var tally = ReorderTally()
    for seed in Self.seeds {
      Self.run(seed: seed, sharedInputs: sharedInputs, steps: Self.steps, tally: &tally)
    }
    reportStatistics("reorder (shared inputs: \(sharedInputs)): \(tally)")
    #expect(tally.applied > 0)
    guard PropertyDepth.coversEveryOutcome else { return }
    #expect(tally.refusals["sorted", default: 0] > 0)
    #expect(tally.refusals["outside", default: 0] > 0)
    if sharedInputs {
      // Two filters of one leaf in a composite; splices of a source into
      // a filter of itself.
      #expect(tally.refusals["crossesInputs", default: 0] > 0)
      #expect(tally.refusals["unreachable", default: 0] > 0)
    }
  }

  /// Found by the release run (seed 262, shared inputs, step 48): on
  /// `map(composite(removeEmpty(splice), splice))` over one leaf, a move the
  /// router made between two sections of the splice (the composite's first
  /// child) also moved the row in the remove-empty (its second child,
  /// where the composite hides it as a repeat), so the remove-empty took
  /// one section away and showed another: the screen changed more than the
  /// move. The composite now refuses a row it also hides in another child.
  @Test func aMoveBesideARemoveEmptyOfASharedSplice() {
    var tally = ReorderTally()
    Self.run(seed: 262, sharedInputs: true, steps: 60, tally: &tally)
    #expect(tally.refusals["sharedRow", default: 0] > 0)
  }

  /// One seed of the property: a random graph, `steps` random edits, and
  /// moves tried after each.
  static func run(seed: UInt64, sharedInputs: Bool, steps: Int, tally: inout ReorderTally) {
    var graph = RandomGraph(seed: seed, dag: sharedInputs ? DAGOptions() : nil)
    let depth = graph.rng.int(1...4)
    if graph.rng.chance(0.5) {
      let root = graph.node(Int.self, depth: depth, makeID: { $0 })
      run(&graph, root: root, seed: seed, sharedInputs: sharedInputs, steps: steps, tally: &tally)
    } else {
      let root = graph.node(
        CompositeSectionID.self, depth: depth,
        makeID: { CompositeSectionID(child: 0, section: $0) })
      run(&graph, root: root, seed: seed, sharedInputs: sharedInputs, steps: steps, tally: &tally)
    }
  }

  static func run<S: Hashable>(
    _ graph: inout RandomGraph, root: Built<S>, seed: UInt64, sharedInputs: Bool, steps: Int,
    tally: inout ReorderTally
  ) {
    if sharedInputs { graph.finishDAG(root: root) }
    let check = graph.check
    defer { check.tearDown() }
    let initial = check.verify()
    #expect(initial.isEmpty, "seed \(seed), initial: \(initial.prefix(3))")
    guard initial.isEmpty else { return }
    for step in 0..<steps {
      check.step(&graph.rng)
      for _ in 0..<movesPerStep {
        let failures = tryMove(on: root.node, check: check, rng: &graph.rng, tally: &tally)
        let graphFailures = check.verify()
        #expect(
          failures.isEmpty && graphFailures.isEmpty,
          "seed \(seed), step \(step): \(failures.prefix(3)) \(graphFailures.prefix(3))\n\(check.descriptions)"
        )
        guard failures.isEmpty && graphFailures.isEmpty else { return }
      }
    }
  }

  /// Tries one random move on `root`; returns what went wrong.
  static func tryMove<S: Hashable>(
    on root: any DataSource<S, Row>, check: GraphCheck, rng: inout SplitMix64,
    tally: inout ReorderTally
  ) -> [String] {
    let old = root.snapshot
    let oldIDs = old.sections.map { $0.items.map(\.id) }
    let rows = oldIDs.indices.flatMap { s in
      oldIDs[s].indices.map { ItemPath(section: s, item: $0) }
    }
    func places(from source: ItemPath) -> [ItemPath] {
      oldIDs.indices.flatMap { s in
        (0...(oldIDs[s].count - (s == source.section ? 1 : 0))).map {
          ItemPath(section: s, item: $0)
        }
      }
    }
    func anyPath() -> ItemPath {
      ItemPath(section: rng.int(-1...oldIDs.count), item: rng.int(-1...5))
    }
    // Mostly rows and places of the root; sometimes anything, or in place.
    if rows.isEmpty && rng.chance(0.8) { return [] }
    let from = !rows.isEmpty && rng.chance(0.95) ? rows[rng.int(0..<rows.count)] : anyPath()
    let valid = rows.contains(from)
    var to = anyPath()
    if valid && rng.chance(0.95) {
      let candidates = places(from: from).filter { $0 != from }
      to = candidates.isEmpty || rng.chance(0.05) ? from : candidates[rng.int(0..<candidates.count)]
    }
    let validTo = valid && places(from: from).contains(to)
    let what = "move \(from) → \(to) on \(oldIDs)"

    // Read before the move.
    let sorted = valid && holds(from, kind: "SortedDataSource", in: root, check: check)
    // Leaves are mutable, or paged (which cannot move items). An outline
    // makes up its child rows (no leaf holds them), and maps no moves.
    let madeUp = valid && root.leafLocation(at: from) == nil
    let outlined =
      valid
      && holds(from, kind: "MappedDataSource", in: root, check: check) { node in
        // The generator shows an outline through a map back to rows.
        Mirror(reflecting: node).children.contains {
          $0.label == "input" && "\(type(of: $0.value))".hasPrefix("OutlineDataSource")
        }
      }
    let movable =
      valid && !outlined && root.leafLocation(at: from)?.source is any ReorderableDataSource
    let predicted = root.reorderRefusal(from: from, to: to)
    let canMove = root.canReorderItem(at: from)
    var changes: [SnapshotChange<S, Row>] = []
    let token = root.observe { event in
      if case .changed(let change) = event { changes.append(change) }
    }
    var refusal: ReorderRefusal?
    do {
      try root.reorderItem(from: from, to: to)
    } catch {
      refusal = error
    }
    token.cancel()
    var failures: [String] = []
    if refusal != predicted {
      failures.append(
        "\(what): refused \(String(describing: refusal)), predicted \(String(describing: predicted))"
      )
    }
    if canMove != (movable && !sorted) {
      failures.append("\(what): canReorderItem \(canMove), sorted \(sorted), movable \(movable)")
    }
    let new = root.snapshot
    guard let refusal else {
      guard valid && validTo else { return failures + ["\(what): made, outside the root"] }
      if from == to {
        tally.noOps += 1
        if !changes.isEmpty { failures.append("\(what): a move in place emitted \(changes)") }
        return failures
      }
      tally.applied += 1
      if sorted || !movable {
        failures.append("\(what): made through a sort, an outline, or into a paged leaf")
      }
      var expected = oldIDs
      expected[to.section].insert(expected[from.section].remove(at: from.item), at: to.item)
      let newIDs = new.sections.map { $0.items.map(\.id) }
      if newIDs != expected || new.sections.map(\.id) != old.sections.map(\.id) {
        failures.append("\(what): shows \(newIDs), expected \(expected)")
      }
      guard changes.count == 1 else { return failures + ["\(what): \(changes.count) changes"] }
      if old.applying(changes[0]) != new {
        failures.append("\(what): the change does not lead to the new snapshot")
      }
      if case .batch(let batch) = changes[0] {
        if batch.itemMoves.count == 1 && batch.count == 1 { tally.oneMoveBatches += 1 }
        let violations = batch.violations(from: old, to: new)
        if !violations.isEmpty { failures.append("\(what): invalid batch \(violations)") }
      } else {
        tally.reloads += 1
      }
      return failures
    }
    tally.refusals[kind(of: refusal), default: 0] += 1
    if !changes.isEmpty || new != old {
      failures.append("\(what): refused (\(refusal)) but changed")
    }
    switch refusal {
    case .outside(let path):
      let expected = valid ? (validTo ? nil : to) : from
      if path != expected {
        failures.append("\(what): \(refusal), expected outside \(String(describing: expected))")
      }
    case .sorted:
      if !sorted { failures.append("\(what): \(refusal), but no sort holds the row") }
    case .notReorderable:
      if movable { failures.append("\(what): \(refusal), but the leaf can move items") }
    case .noSourceItem(let path):
      if !madeUp || path != from {
        failures.append("\(what): \(refusal), but a leaf holds the row")
      }
    case .crossesInputs, .unreachable, .removesSection, .sharedRow:
      // A node above a sort may refuse first; the sort would refuse anyway.
      guard !sorted && movable else { break }
      if case .unreachable = refusal,
        !holds(from, kind: "SplicedDataSource", in: root, check: check)
      {
        failures.append("\(what): \(refusal), but no splice holds the row")
      }
      if case .removesSection = refusal,
        !holds(from, kind: "NonEmptySectionsDataSource", in: root, check: check)
      {
        failures.append("\(what): \(refusal), but no remove-empty holds the row")
      }
      tally.bruteForced += 1
      guard let leafMove = reachingLeafMove(root: root, from: from, to: to, expected: oldIDs)
      else { break }
      switch refusal {
      case .unreachable, .removesSection, .sharedRow:
        // A splice keeps every other row of its own on its side of the
        // spliced rows, even one a filter above hides; a remove-empty
        // keeps its sections, even under a flatten; a composite does not
        // move a row it also hides elsewhere: a move that needs any of
        // these is refused (see the combinators).
        tally.conservative += 1
      default:
        failures.append("\(what): refused (\(refusal)), but the leaf's move \(leafMove) makes it")
      }
    }
    return failures
  }

  /// Whether the row at `path` of `root` comes through a node of the graph
  /// whose type's name starts with `kind`.
  static func holds<S: Hashable>(
    _ path: ItemPath, kind: String, in root: any DataSource<S, Row>, check: GraphCheck,
    where condition: (AnyObject) -> Bool = { _ in true }
  ) -> Bool {
    for case let node as any DataSource in check.nodes
    where "\(type(of: node))".hasPrefix(kind) && condition(node) {
      for s in 0..<node.numberOfSections {
        for i in 0..<node.numberOfItems(inSection: s)
        where root.path(of: ItemPath(section: s, item: i), in: node) == path {
          return true
        }
      }
    }
    return false
  }

  /// A move of the leaf that owns the row at `from` after which `root`
  /// shows its rows `expected` with that row moved to `to`, with the same
  /// sections; each try is undone.
  static func reachingLeafMove<S: Hashable>(
    root: any DataSource<S, Row>, from: ItemPath, to: ItemPath, expected old: [[Int]]
  ) -> String? {
    guard let location = root.leafLocation(at: from),
      let leaf = location.source as? any ReorderableDataSource
    else { return nil }
    var expected = old
    expected[to.section].insert(expected[from.section].remove(at: from.item), at: to.item)
    let sectionIDs = root.snapshot.sections.map(\.id)
    let start = location.position
    for s in 0..<leaf.numberOfSections {
      let room = leaf.numberOfItems(inSection: s) - (s == start.section ? 1 : 0)
      for i in 0...room where ItemPath(section: s, item: i) != start {
        let place = ItemPath(section: s, item: i)
        leaf.moveItem(from: start, to: place)
        let shown = root.snapshot
        leaf.moveItem(from: place, to: start)
        if shown.sections.map({ $0.items.map(\.id) }) == expected,
          shown.sections.map(\.id) == sectionIDs
        {
          return "\(start) → \(place)"
        }
      }
    }
    return nil
  }

  static func kind(of refusal: ReorderRefusal) -> String {
    switch refusal {
    case .outside: "outside"
    case .sorted: "sorted"
    case .crossesInputs: "crossesInputs"
    case .notReorderable: "notReorderable"
    case .noSourceItem: "noSourceItem"
    case .unreachable: "unreachable"
    case .removesSection: "removesSection"
    case .sharedRow: "sharedRow"
    }
  }
}

/// What the random moves did, over all seeds.
struct ReorderTally: CustomStringConvertible {
  var applied = 0
  var noOps = 0
  /// Moves made whose batch at the root was one item move and nothing else.
  var oneMoveBatches = 0
  /// Moves made that reached the root as a reload (a splice whose inputs
  /// share the leaf).
  var reloads = 0
  var refusals: [String: Int] = [:]
  /// Refusals checked by trying every move of the leaf.
  var bruteForced = 0
  /// Splice and remove-empty refusals of a move some move of the leaf
  /// makes (a row a filter above hides would cross the spliced rows, a
  /// section under a flatten would go).
  var conservative = 0

  var description: String {
    "\(applied) made (\(oneMoveBatches) as one move, \(reloads) as reloads), \(noOps) in place, "
      + "refused \(refusals.sorted { $0.key < $1.key }), \(bruteForced) refusals checked on the leaf "
      + "(\(conservative) conservative)"
  }
}
