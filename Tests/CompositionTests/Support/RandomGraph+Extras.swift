import DataSourceGraphComposition
import DataSourceGraphNodes
import DataSourceGraphSections
import TestSupport

extension RandomGraph {
  /// Combinators beyond composite, filter, flatten and map.
  var extraKinds: [String] {
    ["sort", "removeEmpty", "switchable", "segmented", "fallback", "splice", "outline"]
  }

  /// Whether the graph has as many nodes as a DAG may have (never for trees).
  var isFull: Bool { dag.map { check.nodes.count >= $0.maxNodes } ?? false }

  mutating func extraNode<S: Hashable>(
    _ kind: String, _: S.Type, depth: Int, makeID: @escaping (Int) -> S,
    avoid: LeafSupport = LeafSupport()
  ) -> Built<S>? {
    switch kind {
    case "sort":
      return sorted(node(S.self, depth: depth - 1, makeID: makeID, avoid: avoid))
    case "outline":
      return outline(node(S.self, depth: depth - 1, makeID: makeID, avoid: avoid))
    case "removeEmpty":
      return removingEmpty(node(S.self, depth: depth - 1, makeID: makeID, avoid: avoid))
    case "switchable":
      return switchable(node(S.self, depth: depth - 1, makeID: makeID, avoid: avoid))
    case "segmented":
      let children = (0..<rng.int(1...3)).map { _ in
        node(S.self, depth: depth - 1, makeID: makeID, avoid: avoid)
      }
      return segmented(children)
    case "fallback":
      let primary = node(S.self, depth: depth - 1, makeID: makeID, avoid: avoid)
      let fallback = node(S.self, depth: depth - 1, makeID: makeID, avoid: avoid)
      return self.fallback(primary, fallback)
    case "splice":
      let base = node(S.self, depth: depth - 1, makeID: makeID, avoid: avoid)
      // The spliced items are none of the base's, unless overlaps are
      // allowed: the splice then hides the spliced copies.
      let overlapping = mayOverlap()
      let other = node(
        Int.self, depth: depth - 1, makeID: { $0 },
        avoid: overlapping ? avoid : avoid.union(base.support))
      return splice(base, other, makeID: makeID)
    default:
      return nil
    }
  }

  mutating func sorted<S: Hashable>(_ input: Built<S>) -> Built<S> {
    let descending = rng.chance(0.5)
    let order: (Row, Row) -> Bool = descending ? { $0.value > $1.value } : { $0.value < $1.value }
    let sorted = input.node.sorted(by: order)
    return Built(
      node: sorted,
      oracle: {
        input.oracle().map { section in
          var kept = section
          // A stable sort: ties keep the input's order.
          kept.items = .init(
            section.items.enumerated().sorted { a, b in
              order(a.element, b.element) || (!order(b.element, a.element) && a.offset < b.offset)
            }.map(\.element))
          return kept
        }
      },
      state: { input.node.contentState }, support: input.support,
      hasContent: { input.node.hasContent }, inputs: [input.name])
  }

  mutating func removingEmpty<S: Hashable>(_ input: Built<S>) -> Built<S> {
    let nonEmpty = input.node.removingEmptySections()
    return Built(
      node: nonEmpty,
      oracle: { input.oracle().filter { !$0.items.isEmpty } },
      state: {
        ContentState(input: input.node.contentState, hasContent: nonEmpty.numberOfItems > 0)
      }, support: input.support, inputs: [input.name])
  }

  mutating func switchable<S: Hashable>(_ input: Built<S>) -> Built<S> {
    let switchable = input.node.switched(isEnabled: rng.chance(0.7))
    let enabled = ParameterBox(switchable.isEnabled)
    let check = self.check
    check.registerSwitch(switchable, enabled)
    let toggle: (inout SplitMix64) -> Void = { _ in
      let new = !switchable.isEnabled
      check.commit { enabled.value = new }
      switchable.isEnabled = new
    }
    check.addOp(weight: 1, toggle)
    check.addReentrantOp(toggle)
    return Built(
      node: switchable,
      oracle: { enabled.value ? input.oracle() : [] },
      state: { enabled.value ? input.node.contentState : .empty }, support: input.support,
      hasContent: { enabled.value && input.node.hasContent }, inputs: [input.name])
  }

  mutating func segmented<S: Hashable>(_ children: [Built<S>]) -> Built<S> {
    let segmented = SegmentedDataSource(
      children.map(\.node), selectedIndex: rng.int(0..<children.count))
    let selected = ParameterBox(segmented.selectedIndex)
    let check = self.check
    let select: (inout SplitMix64) -> Void = { rng in
      let index = rng.int(0..<children.count)
      check.commit { selected.value = index }
      segmented.selectedIndex = index
    }
    check.addOp(weight: 1, select)
    check.addReentrantOp(select)
    return Built(
      node: segmented,
      oracle: { children[selected.value].oracle() },
      state: { children[selected.value].node.contentState },
      support: children.reduce(LeafSupport()) { $0.union($1.support) },
      hasContent: { children[selected.value].node.hasContent }, inputs: children.map(\.name))
  }

  mutating func fallback<S: Hashable>(_ primary: Built<S>, _ fallback: Built<S>) -> Built<S> {
    let node = primary.node.fallingBack(to: fallback.node)
    return Built(
      node: node,
      oracle: { primary.node.hasContent ? primary.oracle() : fallback.oracle() },
      state: {
        ContentState(
          input: primary.node.contentState,
          hasContent: primary.node.hasContent ? primary.node.hasContent : fallback.node.hasContent
        )
      }, support: primary.support.union(fallback.support),
      hasContent: { primary.node.hasContent || fallback.node.hasContent },
      inputs: [primary.name, fallback.name])
  }

  /// Whether the next node that merges inputs may take inputs that show
  /// the same items (see ``DAGOptions/overlaps``).
  mutating func mayOverlap() -> Bool {
    guard let dag, rng.chance(dag.overlaps) else { return false }
    shapes["overlapping inputs", default: 0] += 1
    return true
  }

  /// `other`'s items spliced into a section of `base` (one it has, or now
  /// and then one it lacks). Where both show an identity, the base's
  /// occurrence is shown and the spliced one hidden.
  mutating func splice<S: Hashable, O: Hashable>(
    _ base: Built<S>, _ other: Built<O>, makeID: (Int) -> S
  ) -> Built<S> {
    let ids = base.node.snapshot.sectionIDs
    let target =
      ids.isEmpty || rng.chance(0.2)
      ? makeID(check.newSectionNumber()) : ids[rng.int(0..<ids.count)]
    let index = rng.int(0...3)
    let splice = base.node.splicing(other.node, intoSection: target, at: index)
    return Built(
      node: splice,
      oracle: {
        var sections = base.oracle()
        if let s = sections.firstIndex(where: { $0.id == target }) {
          let shown = Set(sections.flatMap(\.items).map(\.id))
          sections[s].items.insert(
            contentsOf: other.oracle().flatMap(\.items).filter { !shown.contains($0.id) },
            at: min(index, sections[s].items.count))
        }
        return sections
      },
      state: { ContentState(input: base.node.contentState, hasContent: splice.hasContent) },
      support: base.support.union(other.support),
      hasContent: {
        guard !base.node.hasContent else { return true }
        guard splice.sectionIndex(for: target) != nil else { return false }
        let shown = Set(base.node.readSnapshot().sections.flatMap(\.items).map(\.id))
        return other.node.readSnapshot().sections.contains {
          $0.items.contains { !shown.contains($0.id) }
        }
      },
      inputs: [base.name, other.name, "into \(target) at \(index)"])
  }
}
