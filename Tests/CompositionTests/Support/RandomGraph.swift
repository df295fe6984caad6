import DataSourceGraphComposition
import DataSourceGraphNodes
import DataSourceGraphSections
import TestSupport

/// Builds random combinator graphs over random leaves, registering every
/// node and the operations that change it with a ``GraphCheck``: trees, or
/// with ``DAGOptions``, graphs whose nodes share inputs (see
/// `DAGGraph.swift`).
struct RandomGraph {
  let check: GraphCheck
  var rng: SplitMix64
  /// How to share nodes; `nil` for trees.
  let dag: DAGOptions?
  /// Every node built, by section identity type, for reuse.
  var pool: [ObjectIdentifier: [Any]] = [:]
  /// How many leaves were built.
  var leafCount = 0
  /// How many nodes were reused, and how many shapes of each kind built.
  var shapes: [String: Int] = [:]

  /// A generator; with `reentrant`, observers of the leaves (with `dag`, of
  /// every node) also change the graph while changes are delivered; with
  /// `dag`, nodes share inputs and every check of ``GraphCheck/Options/dag``
  /// runs.
  init(seed: UInt64, reentrant: Bool = false, dag: DAGOptions? = nil) {
    var options = dag == nil ? GraphCheck.Options() : .dag
    if dag != nil && !DAGTally.readsInDelivery {
      options.readsAtNotification = false
      options.graphAtRestAtNotification = false
    }
    check = GraphCheck(reentrantSeed: reentrant ? seed &* 0x9E37_79B9 : nil, options: options)
    rng = SplitMix64(seed: seed)
    self.dag = dag
  }

  /// A random graph of at most `depth` levels whose section identities are
  /// of type `S`, made by `makeID` from unique numbers. With DAGs, it shows
  /// none of the items `avoid` can show (those of a composite's or a
  /// splice's other inputs), and may be a node built earlier.
  mutating func node<S: Hashable>(
    _: S.Type, depth: Int, makeID: @escaping (Int) -> S, avoid: LeafSupport = LeafSupport()
  ) -> Built<S> {
    if let dag {
      if let reused = reuse(S.self, avoid: avoid, chance: dag.reuse) { return reused }
      if let shaped = sharedShape(S.self, depth: depth, makeID: makeID, avoid: avoid) {
        return shaped
      }
    }
    var kinds = depth > 0 && check.nodes.isEmpty ? [] : ["leaf"]
    if depth > 0 && !isFull {
      kinds += ["filter", "filter", "flatten", "map"]
      if wrapping(of: makeID) != nil { kinds += ["composite", "composite", "composite"] }
      kinds += extraKinds
    }
    let kind = kinds[rng.int(0..<kinds.count)]
    let built: Built<S>
    switch kind {
    case "composite":
      let wrapped = wrapping(of: makeID)!
      built = composite(wrapped, depth: depth, makeID: makeID, avoid: avoid)
    case "filter":
      let input = node(S.self, depth: depth - 1, makeID: makeID, avoid: avoid)
      built = dag == nil ? filter(input) : maskFilter(input, universe: randomUniverse())
    case "map": built = map(node(S.self, depth: depth - 1, makeID: makeID, avoid: avoid))
    case "flatten":
      let id = makeID(check.newSectionNumber())
      if rng.chance(0.5) {
        built = flatten(node(Int.self, depth: depth - 1, makeID: { $0 }, avoid: avoid), id: id)
      } else {
        built = flatten(
          node(
            CompositeSectionID.self, depth: depth - 1,
            makeID: { CompositeSectionID(child: 0, section: $0) }, avoid: avoid),
          id: id)
      }
    default:
      if let extra = extraNode(kind, S.self, depth: depth, makeID: makeID, avoid: avoid) {
        built = extra
      } else if rng.chance(0.3) {
        built = pagedLeaf(makeID: makeID)
      } else {
        built = leaf(makeID: makeID)
      }
    }
    return register(built, kind: kind)
  }

  /// Registers `built` with the check (and, for DAGs, for reuse).
  mutating func register<S: Hashable>(_ built: Built<S>, kind: String) -> Built<S> {
    let registered = check.register(built, name: "\(kind)#\(check.nodes.count)")
    if dag != nil { pool[ObjectIdentifier(S.self), default: []].append(registered) }
    return registered
  }

  // MARK: Leaves

  mutating func randomItems(_ count: Int) -> [Row] {
    (0..<count).map { _ in Row(id: check.newItemID(), value: rng.int(0..<10)) }
  }

  mutating func leaf<S: Hashable>(makeID: @escaping (Int) -> S) -> Built<S> {
    var sections: [SnapshotSection<S, Row>] = []
    let small = dag != nil
    for _ in 0..<rng.int(0...(small ? 2 : 3)) {
      sections.append(
        SnapshotSection(
          id: makeID(check.newSectionNumber()), header: "h",
          headerValue: randomSupplementValue(&rng),
          items: randomItems(rng.int(0...(small ? 3 : 4)))))
    }
    let source = MutableDataSource<S, Row>(sections: sections)
    let check = self.check
    leafCount += 1
    let support = LeafSupport.leaf(check.nodes.count)
    let label = "leaf#\(check.nodes.count)"
    // With DAGs, leaves stay small: an insert beyond the cap deletes instead.
    let maxItems = dag?.maxItems ?? .max
    let maxSections = dag == nil ? Int.max : 4
    // Registered before any combinator observes the leaf.
    check.observeForReentrance(source)
    check.addReentrantOp { rng in
      // A random edit of the whole content, read when it is made.
      let seed = rng.next()
      let fresh = (0..<rng.int(0...2)).map { _ in Row(id: check.newItemID(), value: rng.int(0..<10))
      }
      var local = SplitMix64(seed: seed)
      source.perform { sections in
        for s in sections.indices {
          sections[s].items.removeAll { _ in local.chance(0.2) }
          if local.chance(0.5) { sections[s].items.shuffle(using: &local) }
          for i in sections[s].items.indices where local.chance(0.3) {
            sections[s].items[i].value = local.int(0..<10)
          }
        }
        if !sections.isEmpty {
          var count = sections.reduce(0) { $0 + $1.items.count }
          for row in fresh where count < maxItems {
            sections[local.int(0..<sections.count)].items.append(row)
            count += 1
          }
        }
      }
    }
    check.addReentrantOp { rng in
      // Updates and deletes by identity: ignored if the item is gone.
      let all = source.snapshot.allItems
      guard !all.isEmpty else { return }
      var item = all[rng.int(0..<all.count)]
      if rng.chance(0.5) {
        item.value = rng.int(0..<10)
        source.update(item)
      } else {
        source.deleteItems(withIDs: [item.id])
      }
    }
    var tokens: [LoadToken<S, Row>] = []
    func items(_ n: Int) -> [Row] { (0..<n).map { _ in Row(id: check.newItemID(), value: 0) } }
    func randomPath(_ rng: inout SplitMix64) -> ItemPath? {
      let paths = source.sections.indices.flatMap { s in
        source.sections[s].items.indices.map { ItemPath(section: s, item: $0) }
      }
      return paths.isEmpty ? nil : paths[rng.int(0..<paths.count)]
    }
    check.addOp(weight: 4) { rng in
      guard !source.sections.isEmpty else { return }
      if source.numberOfItems >= maxItems {
        if let path = randomPath(&rng) { source.deleteItems(at: [path]) }
        return
      }
      let s = rng.int(0..<source.sections.count)
      let new = items(rng.int(1...3)).map { Row(id: $0.id, value: rng.int(0..<10)) }
      source.insert(
        new, at: ItemPath(section: s, item: rng.int(0...source.sections[s].items.count)))
    }
    check.addOp(weight: 3) { rng in
      guard let path = randomPath(&rng) else { return }
      var paths = [path]
      if rng.chance(0.3), let other = randomPath(&rng) { paths.append(other) }
      source.deleteItems(at: paths)
    }
    check.addOp(weight: 3) { rng in
      guard let from = randomPath(&rng) else { return }
      let t = rng.int(0..<source.sections.count)
      let count = source.sections[t].items.count - (t == from.section ? 1 : 0)
      source.moveItem(from: from, to: ItemPath(section: t, item: rng.int(0...count)))
    }
    check.addOp(weight: 4) { rng in
      guard let path = randomPath(&rng) else { return }
      var item = source.item(at: path)
      item.value = rng.int(0..<10)
      source.update(item)
    }
    check.addOp(weight: 1) { rng in
      guard source.sections.count < maxSections else { return }
      let section = SnapshotSection(
        id: makeID(check.newSectionNumber()), header: "h",
        items: items(rng.int(0...3)).map { Row(id: $0.id, value: rng.int(0..<10)) })
      source.insertSection(section, at: rng.int(0...source.sections.count))
    }
    check.addOp(weight: 1) { rng in
      guard !source.sections.isEmpty else { return }
      source.deleteSection(at: rng.int(0..<source.sections.count))
    }
    check.addOp(weight: 1) { rng in
      guard !source.sections.isEmpty else { return }
      source.moveSection(
        from: rng.int(0..<source.sections.count), to: rng.int(0..<source.sections.count))
    }
    check.addOp(weight: 1) { rng in
      guard !source.sections.isEmpty else { return }
      // Titles and values change apart: a value change alone is a section update.
      source.updateSection(
        at: rng.int(0..<source.sections.count), header: "h\(rng.int(0..<2))", footer: nil,
        headerValue: randomSupplementValue(&rng), footerValue: randomSupplementValue(&rng))
    }
    check.addOp(weight: 2) { rng in
      // Many edits in one batch: the leaf diffs them.
      let fresh = (0..<rng.int(0...3)).map { _ in Row(id: check.newItemID(), value: rng.int(0..<10))
      }
      let newSection = SnapshotSection(
        id: makeID(check.newSectionNumber()), header: "n", items: items(rng.int(0...2)))
      let addSection = rng.chance(0.3)
      let seed = rng.next()
      source.perform { sections in
        var local = SplitMix64(seed: seed)
        for s in sections.indices {
          sections[s].items.removeAll { _ in local.chance(0.25) }
          sections[s].items.shuffle(using: &local)
          for i in sections[s].items.indices where local.chance(0.2) {
            sections[s].items[i].value = local.int(0..<10)
          }
          if local.chance(0.2) { sections[s].headerValue = randomSupplementValue(&local) }
        }
        if !sections.isEmpty {
          var count = sections.reduce(0) { $0 + $1.items.count }
          for row in fresh where count < maxItems {
            sections[local.int(0..<sections.count)].items.append(row)
            count += 1
          }
          if local.chance(0.2) { sections.swapAt(0, sections.count - 1) }
          if local.chance(0.2) { sections.remove(at: local.int(0..<sections.count)) }
        }
        if addSection && sections.count < maxSections {
          sections.insert(newSection, at: local.int(0...sections.count))
        }
      }
    }
    if dag != nil {
      addLoadOps(source, label: label, makeID: makeID)
      return Built(
        node: source, oracle: { source.sections }, state: { source.contentState },
        support: support)
    }
    check.addOp(weight: 2) { rng in
      // Loads: start one, or answer the newest (or an obsolete one).
      if tokens.isEmpty || rng.chance(0.4) {
        source.load { token in tokens.append(token) }
      } else {
        let token = rng.chance(0.8) ? tokens.removeLast() : tokens.removeFirst()
        if rng.chance(0.6) {
          let row = Row(id: check.newItemID(), value: rng.int(0..<10))
          let empty = rng.chance(0.3)
          _ = token.succeed { sections in
            if empty {
              sections.removeAll()
            } else if !sections.isEmpty {
              sections[0].items.append(row)
            }
          }
        } else {
          _ = token.fail(StubError(name: "e\(rng.int(0..<3))"))
        }
      }
    }
    return Built(
      node: source, oracle: { source.sections }, state: { source.contentState }, support: support)
  }

  // MARK: Combinators

  mutating func composite<W: WrappedSectionID, S: Hashable>(
    _: W.Type, depth: Int, makeID: @escaping (Int) -> S, avoid: LeafSupport = LeafSupport()
  ) -> Built<S> {
    let inner: (Int) -> W.Base = { W.inner(makeID($0)) }
    var kids: [Built<W.Base>] = []
    var taken = avoid
    let overlapping = mayOverlap()
    for _ in 0..<rng.int(1...4) {
      // Each child's items are none of the other children's, unless
      // overlaps are allowed: the composite then hides later copies.
      let kid = node(W.Base.self, depth: depth - 1, makeID: inner, avoid: taken)
      if !overlapping { taken = taken.union(kid.support) }
      kids.append(kid)
    }
    return makeComposite(W.self, kids)
  }

  /// The composite of `kids`, with its operations. An identity that
  /// several children show is shown by the first of them (in child, then
  /// section, then item order).
  mutating func makeComposite<W: WrappedSectionID, S: Hashable>(
    _: W.Type, _ kids: [Built<W.Base>]
  ) -> Built<S> {
    let composite = CompositeDataSource(kids.map(\.node))
    var byObject: [ObjectIdentifier: Built<W.Base>] = [:]
    for kid in kids { byObject[ObjectIdentifier(kid.node)] = kid }
    let check = self.check
    let isDAG = dag != nil
    // With DAGs, the step of the last change of the children: one per step
    // and composite, so that no change asked for during delivery (which
    // names children by index, read when it is asked for) finds them
    // reordered by another that was asked for before it and not made yet:
    // a removal would then take another child than the one put back.
    var lastChildChange = -1
    check.addReentrantOp { rng in
      if isDAG {
        guard lastChildChange != check.steps else { return }
        lastChildChange = check.steps
      }
      let count = composite.children.count
      composite.moveChild(from: rng.int(0..<count), to: rng.int(0..<count))
    }
    if isDAG {
      check.addReentrantOp { rng in
        guard lastChildChange != check.steps else { return }
        lastChildChange = check.steps
        let count = composite.children.count
        let index = rng.int(0..<count)
        let child = byObject[ObjectIdentifier(composite.children[index].base)]!.node
        composite.removeChild(at: index)
        check.mark()
        composite.insertChild(child, at: rng.int(0..<count))
      }
    }
    check.addOp(weight: 1) { rng in
      lastChildChange = check.steps
      let count = composite.children.count
      if rng.chance(0.5) {
        composite.moveChild(from: rng.int(0..<count), to: rng.int(0..<count))
      } else {
        // Take a child out and put it back elsewhere: it gets a new key.
        let index = rng.int(0..<count)
        let child = byObject[ObjectIdentifier(composite.children[index].base)]!.node
        composite.removeChild(at: index)
        check.mark()
        composite.insertChild(child, at: rng.int(0..<count))
      }
    }
    let lookup = byObject
    let oracle: () -> [SnapshotSection<CompositeSectionID, Row>] = {
      var sections: [SnapshotSection<CompositeSectionID, Row>] = []
      var shown: Set<Int> = []
      for (index, child) in composite.children.enumerated() {
        let key = composite.key(ofChildAt: index)
        for section in lookup[ObjectIdentifier(child.base)]!.oracle() {
          sections.append(
            section.withSupplements(
              id: CompositeSectionID(child: key, section: section.id),
              items: section.items.filter { shown.insert($0.id).inserted }))
        }
      }
      return sections
    }
    let state: () -> ContentState = {
      ContentState.aggregate(
        composite.children.map { child in
          ContentState.ChildState(
            state: child.contentState, hasContent: child.hasContent,
            isEnabled: check.isEnabled(child.base))
        })
    }
    return Built(
      node: composite as! any DataSource<S, Row>,
      oracle: { oracle() as! [SnapshotSection<S, Row>] },
      state: state, support: kids.reduce(LeafSupport()) { $0.union($1.support) },
      hasContent: { composite.children.contains { check.isEnabled($0.base) && $0.hasContent } },
      inputs: kids.map(\.name))
  }

  mutating func filter<S: Hashable>(_ input: Built<S>) -> Built<S> {
    let modulus = rng.int(2...4)
    let filter = input.node.filter { $0.value % modulus != 0 }
    let box = PredicateBox(modulus: modulus, remainder: 0)
    let check = self.check
    let changePredicate: (inout SplitMix64) -> Void = { rng in
      let m = rng.int(2...4)
      let r = rng.int(0..<m)
      check.commit {
        box.modulus = m
        box.remainder = r
      }
      filter.isIncluded = { $0.value % m != r }
    }
    check.addOp(weight: 1, changePredicate)
    check.addReentrantOp(changePredicate)
    return Built(
      node: filter,
      oracle: {
        let (m, r) = (box.modulus, box.remainder)
        return input.oracle().map { section in
          var kept = section
          kept.items = section.items.filter { $0.value % m != r }
          return kept
        }
      },
      state: { ContentState(input: input.node.contentState, hasContent: filter.numberOfItems > 0) },
      support: input.support, inputs: [input.name])
  }

  /// A filter whose predicate keeps the values of a mask that stays within
  /// `universe`: filters of one input with disjoint universes never share
  /// an item.
  mutating func maskFilter<S: Hashable>(_ input: Built<S>, universe: UInt16) -> Built<S> {
    let box = MaskBox(universe: universe, mask: rng.subset(of: universe))
    let initial = box.mask
    let filter = input.node.filter { ValueMask.contains(initial, $0.value) }
    let check = self.check
    let changePredicate: (inout SplitMix64) -> Void = { rng in
      let mask = rng.subset(of: universe)
      check.commit { box.mask = mask }
      filter.isIncluded = { ValueMask.contains(mask, $0.value) }
    }
    check.addOp(weight: 1, changePredicate)
    check.addReentrantOp(changePredicate)
    return Built(
      node: filter,
      oracle: {
        let mask = box.mask
        return input.oracle().map { section in
          var kept = section
          kept.items = section.items.filter { ValueMask.contains(mask, $0.value) }
          return kept
        }
      },
      state: { ContentState(input: input.node.contentState, hasContent: filter.numberOfItems > 0) },
      support: input.support.filtered(universe),
      inputs: [input.name, "within \(ValueMask.describe(universe))"])
  }

  mutating func flatten<InputID: Hashable, S: Hashable>(_ input: Built<InputID>, id: S) -> Built<S>
  {
    let flatten = input.node.joined(into: id, header: "all")
    return Built(
      node: flatten,
      oracle: {
        [SnapshotSection(id: id, header: "all", items: input.oracle().flatMap(\.items))]
      },
      state: {
        ContentState(input: input.node.contentState, hasContent: flatten.numberOfItems > 0)
      },
      support: input.support, inputs: [input.name])
  }

  mutating func map<S: Hashable>(_ input: Built<S>) -> Built<S> {
    let transform: (Row) -> Row = { Row(id: $0.id, value: ValueMask.permute($0.value)) }
    let map = input.node.map(transform)
    return Built(
      node: map,
      oracle: {
        input.oracle().map { section in
          var mapped = section
          mapped.items = .init(section.items.map(transform))
          return mapped
        }
      },
      state: { input.node.contentState }, support: input.support.mapped(),
      hasContent: { input.node.hasContent }, inputs: [input.name])
  }
}

final class PredicateBox {
  var modulus: Int
  var remainder: Int
  init(modulus: Int, remainder: Int) {
    self.modulus = modulus
    self.remainder = remainder
  }
}

/// A header or footer value for a random section: none, a small number or
/// a short string, so values change often, sometimes to another type.
func randomSupplementValue(_ rng: inout SplitMix64) -> (any Hashable & Sendable)? {
  switch rng.int(0..<4) {
  case 0: nil
  case 1: "v\(rng.int(0..<2))"
  default: rng.int(0..<3)
  }
}
