import DataSourceGraphComposition
import DataSourceGraphSections

/// A test item with children: a tree.
struct TreeNode: Identifiable, Equatable, Sendable, CustomStringConvertible {
  var id: Int
  var value: Int = 0
  var children: [TreeNode] = []

  var description: String { children.isEmpty ? "\(id)" : "\(id)\(children)" }
}

typealias TreeRow = OutlineRow<TreeNode>

/// An outline of a leaf, watched by an observer that applies and validates
/// every batch it emits and compares the result with the outline's reads
/// at that moment.
final class OutlineHarness {
  let leaf: MutableDataSource<Int, TreeNode>
  let outline: OutlineDataSource<Int, TreeNode>
  /// What the batches lead to.
  var last: Snapshot<Int, TreeRow>
  var failures: [String] = []
  var batches: [ChangeBatch<Int, TreeRow>] = []
  var reloads = 0
  private var observation: ObservationToken?

  init(
    _ sections: [SnapshotSection<Int, TreeNode>], expanded: Set<Int> = [],
    collapsed: Set<Int> = []
  ) {
    leaf = MutableDataSource(sections: sections)
    outline = leaf.outlined(
      children: { $0.children }, expandedItems: expanded, collapsedSections: collapsed)
    last = outline.snapshot
    observation = outline.observe { [unowned self] event in
      guard case .changed(let change) = event else { return }
      guard let next = last.applying(change) else {
        failures.append("a batch does not apply: \(change) to \(last)")
        return
      }
      switch change {
      case .batch(let batch):
        batches.append(batch)
        let violations = batch.violations(from: last, to: next)
        if !violations.isEmpty { failures.append("invalid batch \(batch): \(violations)") }
      case .reloadAll:
        reloads += 1
      }
      let current = outline.snapshot
      if next != current {
        failures.append(
          "the batch leads to \(OutlineHarness.rows(next)), the outline shows \(OutlineHarness.rows(current))"
        )
      }
      last = current
    }
  }

  /// The outline recomputed from scratch: every item of the input is a
  /// row; an expanded item with children is followed by its children's
  /// rows, depth first; an identity already shown (or of an item of the
  /// input) is left out with its subtree; a collapsed section has no rows.
  static func reference(
    _ input: Snapshot<Int, TreeNode>, expanded: Set<Int>, collapsed: Set<Int>
  ) -> Snapshot<Int, TreeRow> {
    var seen = Set(input.sections.flatMap { $0.items.map(\.id) })
    func visit(_ node: TreeNode, depth: Int, into rows: inout [TreeRow]) {
      let open = !node.children.isEmpty && expanded.contains(node.id)
      rows.append(
        TreeRow(item: node, depth: depth, hasChildren: !node.children.isEmpty, isExpanded: open))
      guard open else { return }
      for child in node.children where seen.insert(child.id).inserted {
        visit(child, depth: depth + 1, into: &rows)
      }
    }
    return Snapshot(
      sections: input.sections.map { section in
        var rows: [TreeRow] = []
        if !collapsed.contains(section.id) {
          for item in section.items { visit(item, depth: 0, into: &rows) }
        }
        return SnapshotSection(
          id: section.id, header: section.header, footer: section.footer, items: rows)
      })
  }

  /// Every check at rest: the batches lead to what the outline shows, which
  /// is the outline from scratch; reads agree with the snapshot.
  func verify() -> [String] {
    var found = failures
    failures.removeAll()
    let shown = outline.snapshot
    let expected = Self.reference(
      leaf.snapshot, expanded: outline.expandedItems, collapsed: outline.collapsedSections)
    if shown != expected {
      found.append("the outline shows \(Self.rows(shown)), from scratch \(Self.rows(expected))")
    }
    if last != shown {
      found.append("the batches lead to \(Self.rows(last)), the outline shows \(Self.rows(shown))")
    }
    for (s, section) in shown.sections.enumerated() {
      if outline.numberOfItems(inSection: s) != section.items.count {
        found.append("numberOfItems(inSection: \(s)) is wrong")
      }
      for (i, row) in section.items.enumerated() {
        let path = ItemPath(section: s, item: i)
        if outline.itemPath(for: row.id) != path {
          found.append(
            "itemPath(for: \(row.id)) is \(String(describing: outline.itemPath(for: row.id))), expected \(path)"
          )
        }
        let location = outline.leafLocation(at: path)
        if row.depth == 0 {
          if location?.source !== leaf || location?.position != leaf.itemPath(for: row.id) {
            found.append("leafLocation(at: \(path)) of an item of the input is wrong")
          }
        } else if location != nil {
          found.append("leafLocation(at: \(path)) of a descendant is not nil")
        }
      }
    }
    return found
  }

  /// A short form of the rows: `id(depth)` per row, `+`/`-` for expanded or
  /// collapsed parents, sections in brackets.
  static func rows(_ snapshot: Snapshot<Int, TreeRow>) -> String {
    snapshot.sections.map { section in
      "\(section.id)["
        + section.items.map { row in
          let mark = row.hasChildren ? (row.isExpanded ? "-" : "+") : ""
          return "\(mark)\(row.id)@\(row.depth)"
        }.joined(separator: " ") + "]"
    }.joined(separator: " ")
  }

  /// The identities of section `s`'s rows.
  func ids(inSection s: Int = 0) -> [Int] {
    outline.snapshot.sections[s].items.map(\.id)
  }
}
