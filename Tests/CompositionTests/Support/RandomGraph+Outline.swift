import DataSourceGraphComposition
import DataSourceGraphSections
import TestSupport

/// Outlines in random graphs: an `OutlineDataSource` over a random node,
/// mapped back to `Row` so it composes with the rest of the graph, whose
/// items expand and collapse, and whose sections collapse, as operations of
/// the graph, also requested by observers during delivery.
///
/// The children of a row are made from it: a row whose value is not a
/// multiple of 3 has one or two children, and a child one or two of its
/// own, two levels deep. Their identities are negative numbers made from
/// their parent's, unique in the graph but for an outline over an outline,
/// whose input holds the rows the inner one made: the outer one then shows
/// each identity once (its input's item wins). An item whose value changes
/// gains or loses children.
extension RandomGraph {
  /// The children of `row`.
  static func outlineChildren(of row: Row) -> [Row] {
    let magnitude = abs(row.id)
    // Grandchildren (identities ≡ 9 or 10 mod 16) have none.
    if row.id < 0 && magnitude % 16 >= 9 { return [] }
    guard row.value % 3 != 0 else { return [] }
    let offset = row.id < 0 ? 8 : 0
    return (0..<(row.value % 3)).map { j in
      Row(id: -(magnitude * 16 + offset + j + 1), value: (row.value + j + 1) % 10)
    }
  }

  mutating func outline<S: Hashable>(_ input: Built<S>) -> Built<S> {
    let check = self.check
    shapes["outline", default: 0] += 1
    let state = OutlineBox<S>()
    let outline = input.node.outlined(children: Self.outlineChildren)
    let rows = outline.map { Row(id: $0.id, value: $0.item.value) }
    // Identities to expand: the rows shown, and now and then one that is
    // not (yet) shown, which is remembered.
    let someID: (inout SplitMix64) -> Int? = { rng in
      let count = outline.numberOfItems
      if count == 0 || rng.chance(0.1) {
        let ids = input.node.snapshot.allItems.map(\.id)
        return ids.isEmpty ? nil : ids[rng.int(0..<ids.count)]
      }
      var index = rng.int(0..<count)
      for section in 0..<outline.numberOfSections {
        let items = outline.numberOfItems(inSection: section)
        if index < items { return outline.item(at: ItemPath(section: section, item: index)).id }
        index -= items
      }
      return nil
    }
    let toggle: (inout SplitMix64) -> Void = { rng in
      guard let id = someID(&rng) else { return }
      if state.expanded.contains(id) {
        check.commit { state.expanded.remove(id) }
        outline.collapse(id)
      } else {
        check.commit { state.expanded.insert(id) }
        outline.expand(id)
      }
    }
    let toggleSection: (inout SplitMix64) -> Void = { rng in
      let count = outline.numberOfSections
      guard count > 0 else { return }
      let id = outline.sectionID(at: rng.int(0..<count))
      if state.collapsed.contains(id) {
        check.commit { state.collapsed.remove(id) }
        outline.expand(section: id)
      } else {
        check.commit { state.collapsed.insert(id) }
        outline.collapse(section: id)
      }
    }
    let collapseAll: (inout SplitMix64) -> Void = { _ in
      check.commit { state.expanded.removeAll() }
      outline.collapseAll()
    }
    for (weight, op) in [(4, toggle), (1, toggleSection), (1, collapseAll)] {
      check.addOp(weight: weight, op)
      check.addReentrantOp(op)
    }
    // The outline itself is not a node of `Row`s: it is checked through
    // the map over it, which passes its batches on.
    return Built(
      node: rows,
      oracle: {
        // An identity shows once: an item of the input always (an outline
        // over an outline has children among its input's items), else the
        // first child made with it, each left out with its subtree.
        let sections = input.oracle()
        var seen = Set(sections.flatMap { $0.items.map(\.id) })
        return sections.map { section in
          var shown = section
          shown.items = []
          guard !state.collapsed.contains(section.id) else { return shown }
          func add(_ row: Row) {
            shown.items.append(row)
            guard state.expanded.contains(row.id) else { return }
            for child in Self.outlineChildren(of: row) where seen.insert(child.id).inserted {
              add(child)
            }
          }
          for row in section.items { add(row) }
          return shown
        }
      },
      state: { input.node.contentState }, support: input.support,
      hasContent: { input.node.hasContent }, inputs: [input.name])
  }
}

/// The expansion of an outline of a random graph, as last applied.
final class OutlineBox<S: Hashable> {
  var expanded = Set<Int>()
  var collapsed = Set<S>()
}
