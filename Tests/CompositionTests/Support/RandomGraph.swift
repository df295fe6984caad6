import DataSourceGraphComposition
import DataSourceGraphSections
import TestSupport

/// Builds random combinator trees over random leaves, registering every node
/// and the operations that change it with a ``GraphCheck``.
struct RandomGraph {
  let check: GraphCheck
  var rng: SplitMix64

  /// A generator; with `reentrant`, observers of the leaves also change
  /// the graph while changes are delivered.
  init(seed: UInt64, reentrant: Bool = false) {
    check = GraphCheck(reentrantSeed: reentrant ? seed &* 0x9E37_79B9 : nil)
    rng = SplitMix64(seed: seed)
  }

  /// A random tree of at most `depth` levels whose section identities are
  /// of type `S`, made by `makeID` from unique numbers.
  mutating func node<S: Hashable>(_: S.Type, depth: Int, makeID: @escaping (Int) -> S) -> Built<S> {
    var kinds = depth > 0 && check.nodes.isEmpty ? [] : ["leaf"]
    if depth > 0 {
      kinds += ["filter", "filter", "flatten", "map"]
      if S.self is any WrappedSectionID.Type { kinds += ["composite", "composite", "composite"] }
      kinds += extraKinds
    }
    let kind = kinds[rng.int(0..<kinds.count)]
    let built: Built<S>
    switch kind {
    case "composite":
      let wrapped = S.self as! any WrappedSectionID.Type
      built = composite(wrapped, depth: depth, makeID: makeID)
    case "filter": built = filter(node(S.self, depth: depth - 1, makeID: makeID))
    case "map": built = map(node(S.self, depth: depth - 1, makeID: makeID))
    case "flatten":
      let id = makeID(check.newSectionNumber())
      if rng.chance(0.5) {
        built = flatten(node(Int.self, depth: depth - 1, makeID: { $0 }), id: id)
      } else {
        built = flatten(
          node(
            CompositeSectionID<Int>.self, depth: depth - 1,
            makeID: { CompositeSectionID(child: 0, section: $0) }),
          id: id)
      }
    default:
      if let extra = extraNode(kind, S.self, depth: depth, makeID: makeID) {
        built = extra
      } else {
        built = leaf(makeID: makeID)
      }
    }
    check.register(built, name: "\(kind)#\(check.nodes.count)")
    return built
  }

  // MARK: Leaves

  mutating func randomItems(_ count: Int) -> [Row] {
    (0..<count).map { _ in Row(id: check.newItemID(), value: rng.int(0..<10)) }
  }

  mutating func leaf<S: Hashable>(makeID: @escaping (Int) -> S) -> Built<S> {
    var sections: [SnapshotSection<S, Row>] = []
    for _ in 0..<rng.int(0...3) {
      sections.append(
        SnapshotSection(
          id: makeID(check.newSectionNumber()), header: "h", items: randomItems(rng.int(0...4))))
    }
    let source = MutableDataSource<S, Row>(sections: sections)
    let check = self.check
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
          for row in fresh { sections[local.int(0..<sections.count)].items.append(row) }
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
      source.updateSection(
        at: rng.int(0..<source.sections.count), header: "h\(rng.int(0..<3))", footer: nil)
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
        }
        if !sections.isEmpty {
          for row in fresh { sections[local.int(0..<sections.count)].items.append(row) }
          if local.chance(0.2) { sections.swapAt(0, sections.count - 1) }
          if local.chance(0.2) { sections.remove(at: local.int(0..<sections.count)) }
        }
        if addSection { sections.insert(newSection, at: local.int(0...sections.count)) }
      }
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
    return Built(node: source, oracle: { source.snapshot }, state: { source.contentState })
  }

  // MARK: Combinators

  mutating func composite<W: WrappedSectionID, S: Hashable>(
    _: W.Type, depth: Int, makeID: @escaping (Int) -> S
  ) -> Built<S> {
    let inner: (Int) -> W.Base = { (makeID($0) as! W).section }
    let kids = (0..<rng.int(1...4)).map { _ in node(W.Base.self, depth: depth - 1, makeID: inner) }
    let composite = CompositeDataSource(kids.map(\.node))
    var byObject: [ObjectIdentifier: Built<W.Base>] = [:]
    for kid in kids { byObject[ObjectIdentifier(kid.node)] = kid }
    check.addReentrantOp { rng in
      let count = composite.children.count
      composite.moveChild(from: rng.int(0..<count), to: rng.int(0..<count))
    }
    check.addOp(weight: 1) { rng in
      let count = composite.children.count
      if rng.chance(0.5) {
        composite.moveChild(from: rng.int(0..<count), to: rng.int(0..<count))
      } else {
        // Take a child out and put it back elsewhere: it gets a new key.
        let index = rng.int(0..<count)
        let child = composite.children[index]
        composite.removeChild(at: index)
        composite.insertChild(child, at: rng.int(0..<count))
      }
    }
    let lookup = byObject
    let oracle: () -> Snapshot<CompositeSectionID<W.Base>, Row> = {
      var sections: [SnapshotSection<CompositeSectionID<W.Base>, Row>] = []
      for (index, child) in composite.children.enumerated() {
        let key = composite.key(ofChildAt: index)
        for section in lookup[ObjectIdentifier(child)]!.oracle().sections {
          sections.append(
            SnapshotSection(
              id: CompositeSectionID(child: key, section: section.id), header: section.header,
              footer: section.footer, items: section.items))
        }
      }
      return Snapshot(sections: sections)
    }
    let state: () -> ContentState = {
      ContentState.aggregate(
        composite.children.map { child in
          ContentState.ChildState(
            state: child.contentState, hasContent: child.hasContent,
            isEnabled: (child as? any SwitchableProbe)?.probeEnabled ?? true)
        })
    }
    return Built(
      node: composite as! any DataSource<S, Row>, oracle: { oracle() as! Snapshot<S, Row> },
      state: state)
  }

  mutating func filter<S: Hashable>(_ input: Built<S>) -> Built<S> {
    let modulus = rng.int(2...4)
    let filter = input.node.filter { $0.value % modulus != 0 }
    let box = PredicateBox(modulus: modulus, remainder: 0)
    let changePredicate: (inout SplitMix64) -> Void = { rng in
      box.modulus = rng.int(2...4)
      box.remainder = rng.int(0..<box.modulus)
      let (m, r) = (box.modulus, box.remainder)
      filter.isIncluded = { $0.value % m != r }
    }
    check.addOp(weight: 1, changePredicate)
    check.addReentrantOp(changePredicate)
    return Built(
      node: filter,
      oracle: {
        let (m, r) = (box.modulus, box.remainder)
        return Snapshot(
          sections: input.oracle().sections.map { section in
            var kept = section
            kept.items = section.items.filter { $0.value % m != r }
            return kept
          })
      },
      state: { ContentState(input: input.node.contentState, hasContent: filter.numberOfItems > 0) })
  }

  mutating func flatten<InputID: Hashable, S: Hashable>(_ input: Built<InputID>, id: S) -> Built<S>
  {
    let flatten = input.node.flatten(into: id, header: "all")
    return Built(
      node: flatten,
      oracle: {
        Snapshot(sections: [SnapshotSection(id: id, header: "all", items: input.oracle().allItems)])
      },
      state: { ContentState(input: input.node.contentState, hasContent: flatten.numberOfItems > 0) }
    )
  }

  mutating func map<S: Hashable>(_ input: Built<S>) -> Built<S> {
    let transform: (Row) -> Row = { Row(id: $0.id, value: ($0.value * 7 + 3) % 10) }
    let map = input.node.map(transform)
    return Built(
      node: map,
      oracle: {
        Snapshot(
          sections: input.oracle().sections.map { section in
            var mapped = section
            mapped.items = section.items.map(transform)
            return mapped
          })
      },
      state: { input.node.contentState })
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
