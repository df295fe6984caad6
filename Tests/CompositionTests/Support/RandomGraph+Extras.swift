import DataSourceGraphComposition
import DataSourceGraphSections
import TestSupport

/// A switchable node, seen by the state oracle.
protocol SwitchableProbe {
  var probeEnabled: Bool { get }
}

extension SwitchableDataSource: SwitchableProbe {
  var probeEnabled: Bool { isEnabled }
}

extension RandomGraph {
  /// Combinators beyond composite, filter, flatten and map.
  var extraKinds: [String] {
    ["sort", "removeEmpty", "switchable", "segmented", "fallback", "splice"]
  }

  mutating func extraNode<S: Hashable>(
    _ kind: String, _: S.Type, depth: Int, makeID: @escaping (Int) -> S
  ) -> Built<S>? {
    switch kind {
    case "sort":
      let input = node(S.self, depth: depth - 1, makeID: makeID)
      let descending = rng.chance(0.5)
      let order: (Row, Row) -> Bool = descending ? { $0.value > $1.value } : { $0.value < $1.value }
      let sorted = input.node.sorted(by: order)
      return Built(
        node: sorted,
        oracle: {
          Snapshot(
            sections: input.oracle().sections.map { section in
              var kept = section
              // A stable sort: ties keep the input's order.
              kept.items = section.items.enumerated().sorted { a, b in
                order(a.element, b.element) || (!order(b.element, a.element) && a.offset < b.offset)
              }.map(\.element)
              return kept
            })
        },
        state: { input.node.contentState })
    case "removeEmpty":
      let input = node(S.self, depth: depth - 1, makeID: makeID)
      let nonEmpty = input.node.removingEmptySections()
      return Built(
        node: nonEmpty,
        oracle: { Snapshot(sections: input.oracle().sections.filter { !$0.items.isEmpty }) },
        state: {
          ContentState(input: input.node.contentState, hasContent: nonEmpty.numberOfItems > 0)
        })
    case "switchable":
      let input = node(S.self, depth: depth - 1, makeID: makeID)
      let switchable = input.node.switchable(isEnabled: rng.chance(0.7))
      check.addOp(weight: 1) { _ in switchable.isEnabled.toggle() }
      check.addReentrantOp { _ in switchable.isEnabled.toggle() }
      return Built(
        node: switchable,
        oracle: { switchable.isEnabled ? input.oracle() : Snapshot() },
        state: { switchable.isEnabled ? input.node.contentState : .empty })
    case "segmented":
      let children = (0..<rng.int(1...3)).map { _ in node(S.self, depth: depth - 1, makeID: makeID)
      }
      let segmented = SegmentedDataSource(
        children.map(\.node), selectedIndex: rng.int(0..<children.count))
      let select: (inout SplitMix64) -> Void = { rng in
        segmented.selectedIndex = rng.int(0..<children.count)
      }
      check.addOp(weight: 1, select)
      check.addReentrantOp(select)
      return Built(
        node: segmented,
        oracle: { children[segmented.selectedIndex].oracle() },
        state: { children[segmented.selectedIndex].node.contentState })
    case "fallback":
      let primary = node(S.self, depth: depth - 1, makeID: makeID)
      let fallback = node(S.self, depth: depth - 1, makeID: makeID)
      let node = primary.node.otherwise(fallback.node)
      return Built(
        node: node,
        oracle: { primary.node.hasContent ? primary.oracle() : fallback.oracle() },
        state: {
          ContentState(
            input: primary.node.contentState,
            hasContent: primary.node.hasContent ? primary.node.hasContent : fallback.node.hasContent
          )
        })
    case "splice":
      let base = node(S.self, depth: depth - 1, makeID: makeID)
      let other = node(Int.self, depth: depth - 1, makeID: { $0 })
      let ids = base.node.snapshot.sectionIDs
      let target =
        ids.isEmpty || rng.chance(0.2)
        ? makeID(check.newSectionNumber()) : ids[rng.int(0..<ids.count)]
      let index = rng.int(0...3)
      let splice = base.node.splicing(other.node, intoSection: target, at: index)
      return Built(
        node: splice,
        oracle: {
          var sections = base.oracle().sections
          if let s = sections.firstIndex(where: { $0.id == target }) {
            sections[s].items.insert(
              contentsOf: other.oracle().allItems, at: min(index, sections[s].items.count))
          }
          return Snapshot(sections: sections)
        },
        state: { ContentState(input: base.node.contentState, hasContent: splice.numberOfItems > 0) }
      )
    default:
      return nil
    }
  }
}
