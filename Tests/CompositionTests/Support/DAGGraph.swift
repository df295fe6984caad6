import DataSourceGraphComposition
import DataSourceGraphNodes
import DataSourceGraphSections
import TestSupport

/// The DAG part of the generator: nodes that reuse nodes already built, and
/// shapes built around one shared input.
///
/// A node can feed several nodes, but a composite's children (and a
/// splice's base and spliced source) must never show the same item: item
/// identities are unique in any snapshot. So each node carries the set of
/// items it can show (``LeafSupport``), each filter keeps its predicate
/// within a universe fixed when it is built, and a node that must avoid
/// some items is only given inputs disjoint from them: a source feeding two
/// filters of one composite gets complementary universes.
extension RandomGraph {
  /// A node of type `S` built earlier whose items are none of `avoid`'s,
  /// with probability `chance` (always when the graph has enough leaves or
  /// nodes).
  mutating func reuse<S: Hashable>(_: S.Type, avoid: LeafSupport, chance: Double) -> Built<S>? {
    guard let dag, let candidates = pool[ObjectIdentifier(S.self)], !candidates.isEmpty else {
      return nil
    }
    let forced = dag.reuse > 0 && (leafCount >= dag.maxLeaves || isFull)
    guard rng.chance(forced ? 1 : chance) else { return nil }
    let fitting = candidates.map { $0 as! Built<S> }.filter { $0.support.isDisjoint(from: avoid) }
    guard !fitting.isEmpty else { return nil }
    shapes["reused", default: 0] += 1
    return fitting[rng.int(0..<fitting.count)]
  }

  /// Now and then, a shape built around one shared input: two or three
  /// filters of one source (complementary universes) in one composite, a
  /// fallback over its own primary's input, a splice of a source into a
  /// filter of itself, tabs over one source.
  mutating func sharedShape<S: Hashable>(
    _: S.Type, depth: Int, makeID: @escaping (Int) -> S, avoid: LeafSupport
  ) -> Built<S>? {
    guard let dag, depth > 0, check.nodes.count + 4 <= dag.maxNodes, rng.chance(dag.shapes) else {
      return nil
    }
    var kinds = ["fallbackOverInput", "spliceOfItself", "tabsOverOne"]
    if wrapping(of: makeID) != nil { kinds += ["partition", "partition", "partition"] }
    let kind = kinds[rng.int(0..<kinds.count)]
    let built: Built<S>?
    switch kind {
    case "partition":
      let wrapped = wrapping(of: makeID)!
      built = partition(wrapped, depth: depth, makeID: makeID, avoid: avoid)
    case "fallbackOverInput":
      let x = sharedInput(S.self, depth: depth, makeID: makeID, avoid: avoid)
      // x.filter{…}.fallingBack(to: x), x.sorted{…} as fallback, …
      var primary = unary(x)
      var fallback = rng.chance(0.5) ? x : unary(x)
      if rng.chance(0.3) { swap(&primary, &fallback) }
      built = register(self.fallback(primary, fallback), kind: "fallback")
    case "spliceOfItself":
      built = spliceOfItself(S.self, depth: depth, makeID: makeID, avoid: avoid)
    default:
      let x = sharedInput(S.self, depth: depth, makeID: makeID, avoid: avoid)
      let children = (0..<rng.int(2...3)).map { _ in rng.chance(0.3) ? x : unary(x) }
      built = register(segmented(children), kind: "segmented")
    }
    if built != nil { shapes[kind, default: 0] += 1 }
    return built
  }

  /// The universe of a new filter: every value, or half the time a
  /// random part of them.
  mutating func randomUniverse() -> UInt16 {
    rng.chance(0.5) ? ValueMask.all : rng.partition(into: 2)[0] | 1 << rng.int(0..<10)
  }

  /// The input of a shape: a node built earlier when one fits, else a new
  /// one.
  mutating func sharedInput<S: Hashable>(
    _: S.Type, depth: Int, makeID: @escaping (Int) -> S, avoid: LeafSupport
  ) -> Built<S> {
    if let reused = reuse(S.self, avoid: avoid, chance: 0.6) { return reused }
    return node(S.self, depth: depth - 1, makeID: makeID, avoid: avoid)
  }

  /// A random one-input node over `x`: a filter (within `universe`), a
  /// sort, a map, a remove-empty or a switch.
  mutating func unary<S: Hashable>(_ x: Built<S>, universe: UInt16 = ValueMask.all) -> Built<S> {
    switch rng.int(0..<5) {
    case 0: register(maskFilter(x, universe: universe), kind: "filter")
    case 1: register(sorted(x), kind: "sort")
    case 2: register(map(x), kind: "map")
    case 3: register(removingEmpty(x), kind: "removeEmpty")
    default: register(switchable(x), kind: "switchable")
    }
  }

  /// A composite of filters of one source whose universes partition the
  /// values (the inbox's "unread" and "read"), each maybe under another
  /// one-input node, maybe with another child: paths from one source that
  /// reconverge in the composite.
  mutating func partition<W: WrappedSectionID, S: Hashable>(
    _: W.Type, depth: Int, makeID: @escaping (Int) -> S, avoid: LeafSupport
  ) -> Built<S> {
    let inner: (Int) -> W.Base = { W.inner(makeID($0)) }
    let x = sharedInput(W.Base.self, depth: depth, makeID: inner, avoid: avoid)
    var kids: [Built<W.Base>] = []
    var taken = avoid
    let overlapping = mayOverlap()
    let parts =
      overlapping
      ? (0..<rng.int(2...3)).map { _ in randomUniverse() } : rng.partition(into: rng.int(2...3))
    for part in parts {
      // Disjoint by construction unless x itself shows an item under two
      // values (a fallback or tabs over a map of their own input), or
      // overlaps are allowed (the composite shows the first occurrence).
      guard overlapping || x.support.filtered(part).isDisjoint(from: taken) else { continue }
      var kid = register(maskFilter(x, universe: part), kind: "filter")
      if rng.chance(0.4) { kid = unary(kid) }
      taken = taken.union(kid.support)
      kids.append(kid)
    }
    if kids.isEmpty || rng.chance(0.25) {
      let other = node(W.Base.self, depth: depth - 1, makeID: inner, avoid: taken)
      kids.insert(other, at: rng.int(0...kids.count))
    }
    kids.shuffle(using: &rng)
    return register(makeComposite(W.self, kids), kind: "composite")
  }

  /// A splice of a filter of a source into another filter of the same
  /// source (complementary universes): the base and the spliced source
  /// share the source's leaves.
  mutating func spliceOfItself<S: Hashable>(
    _: S.Type, depth: Int, makeID: @escaping (Int) -> S, avoid: LeafSupport
  ) -> Built<S> {
    let x = sharedInput(S.self, depth: depth, makeID: makeID, avoid: avoid)
    let overlapping = mayOverlap()
    let parts =
      overlapping ? [randomUniverse(), randomUniverse()] : rng.partition(into: 2)
    var base = register(maskFilter(x, universe: parts[0]), kind: "filter")
    if rng.chance(0.3) { base = unary(base) }
    guard overlapping || x.support.filtered(parts[1]).isDisjoint(from: base.support) else {
      let other = node(Int.self, depth: depth - 1, makeID: { $0 }, avoid: avoid.union(base.support))
      return register(splice(base, other, makeID: makeID), kind: "splice")
    }
    var other = register(maskFilter(x, universe: parts[1]), kind: "filter")
    if rng.chance(0.3) { other = unary(other) }
    if S.self == Int.self && rng.chance(0.5) {
      return register(splice(base, other, makeID: makeID), kind: "splice")
    }
    var flat = register(flatten(other, id: check.newSectionNumber()), kind: "flatten")
    if rng.chance(0.3) { flat = unary(flat) }
    return register(splice(base, flat, makeID: makeID), kind: "splice")
  }

  // MARK: Loads

  /// Loads of `source` with a callback loader, whose tokens the check keeps
  /// to answer later (by a step or by an observer during delivery), and
  /// resets: as steps and as operations of observers.
  mutating func addLoadOps<S: Hashable>(
    _ source: MutableDataSource<S, Row>, label: String, makeID: @escaping (Int) -> S
  ) {
    let check = self.check
    let maxItems = dag?.maxItems ?? .max
    // New content from `base`: some items kept or changed, some new, maybe
    // a new section, the sections maybe reordered; now and then nothing.
    let content: ([SnapshotSection<S, Row>], inout SplitMix64) -> [SnapshotSection<S, Row>] = {
      base, rng in
      if rng.chance(0.15) { return [] }
      var sections = base
      if sections.count < 4 && (sections.isEmpty || rng.chance(0.2)) {
        sections.append(
          SnapshotSection(id: makeID(check.newSectionNumber()), header: "l", items: []))
      }
      var count = 0
      for s in sections.indices {
        sections[s].items.removeAll { _ in rng.chance(0.3) }
        for i in sections[s].items.indices where rng.chance(0.3) {
          sections[s].items[i].value = rng.int(0..<10)
        }
        count += sections[s].items.count
      }
      for _ in 0..<rng.int(0...2) where count < maxItems {
        sections[rng.int(0..<sections.count)].items.append(
          Row(id: check.newItemID(), value: rng.int(0..<10)))
        count += 1
      }
      for s in sections.indices where rng.chance(0.2) {
        sections[s].headerValue = randomSupplementValue(&rng)
      }
      if rng.chance(0.2) { sections.shuffle(using: &rng) }
      return sections
    }
    // The leaf keeps its loader, which keeps this: the leaf is held weakly.
    let answer: (LoadToken<S, Row>, inout SplitMix64) -> (way: String, accepted: Bool) = {
      [weak source] token, rng in
      switch rng.int(0..<6) {
      case 0, 1:
        let snapshot = Snapshot(sections: content(source?.sections ?? [], &rng))
        return ("succeed(with:)", token.succeed(with: snapshot))
      case 2:
        return ("succeed()", token.succeed())
      case 3:
        var local = SplitMix64(seed: rng.next())
        return ("succeed(editing:)", token.succeed { $0 = content($0, &local) })
      default:
        return ("fail(_:)", token.fail(StubError(name: "e\(rng.int(0..<3))")))
      }
    }
    let start: (inout SplitMix64) -> Void = { _ in
      source.load { token in
        check.keepLoad(leaf: label) { rng in answer(token, &rng) }
      }
    }
    let reset: (inout SplitMix64) -> Void = { rng in
      if rng.chance(0.2) {
        source.reset()
      } else {
        source.reset(to: Snapshot(sections: content(source.sections, &rng)))
      }
    }
    check.addLeaf(source, label: label) { rng in Snapshot(sections: content(source.sections, &rng))
    }
    check.addOp(weight: 2, start)
    check.addOp(weight: 1, reset)
    check.addReentrantOp(start)
    check.addReentrantOp(reset)
  }

  /// Operations on the whole graph, once it is built: answering a kept
  /// load and reloading a node (a leaf with a loader loads again; a
  /// combinator reloads its inputs); and a mirror of the root.
  mutating func finishDAG<S: Hashable>(root: Built<S>) {
    let check = self.check
    check.addOp(weight: max(2, 2 * leafCount)) { rng in check.answerLoad(&rng) }
    check.addOp(weight: 1) { rng in
      let reloaders = check.reloaders
      reloaders[rng.int(0..<reloaders.count)]()
    }
    for _ in 0..<max(2, leafCount) { check.addReentrantOp { rng in check.answerLoad(&rng) } }
    check.addReentrantOp { rng in
      let reloaders = check.reloaders
      reloaders[rng.int(0..<reloaders.count)]()
    }
    check.watchRoot(root)
  }
}

extension RandomGraph {
  /// A random DAG of at most `depth` levels whose root's section identities
  /// are `Int`, `CompositeSectionID` or one more level of composite,
  /// finished with its checks (see `finishDAG(root:)`).
  mutating func buildDAG(depth: Int) {
    switch rng.int(0..<3) {
    case 0:
      finishDAG(root: node(Int.self, depth: depth, makeID: { $0 }))
    case 1:
      finishDAG(
        root: node(
          CompositeSectionID.self, depth: depth,
          makeID: { CompositeSectionID(child: 0, section: $0) }))
    default:
      finishDAG(
        root: node(
          CompositeSectionID.self, depth: depth,
          makeID: {
            CompositeSectionID(child: 0, section: CompositeSectionID(child: 0, section: $0))
          }))
    }
  }
}
