import DataSourceGraphComposition
import DataSourceGraphNodes
import DataSourceGraphSections
import Testing

/// The benchmark's scenarios at a small size: the outline's own batch has
/// as few operations as the diff of the whole outline recomputed from
/// scratch (both are minimal), and leads to the same snapshot.
@Suite struct OutlineBatchSizeTests {
  /// 300 items of the input with 10 children each, expanded, and item -1
  /// with 1,000 children, collapsed: 4,301 rows.
  static func make() -> OutlineHarness {
    var items = (0..<300).map { r in
      TreeNode(id: r * 100, children: (1...10).map { TreeNode(id: r * 100 + $0) })
    }
    items.insert(TreeNode(id: -1, children: (0..<1_000).map { TreeNode(id: -2 - $0) }), at: 150)
    return OutlineHarness(
      [SnapshotSection(id: 0, items: items)], expanded: Set((0..<300).map { $0 * 100 }))
  }

  /// The size of the outline's batch for `change` and of the diff of the
  /// recomputed outline.
  static func sizes(_ harness: OutlineHarness, _ change: () -> Void) -> (outline: Int, diff: Int) {
    let before = harness.outline.snapshot
    let batches = harness.batches.count
    change()
    let after = OutlineHarness.reference(
      harness.leaf.snapshot, expanded: harness.outline.expandedItems,
      collapsed: harness.outline.collapsedSections)
    #expect(harness.batches.count == batches + 1)
    return (harness.batches.last!.count, after.difference(from: before).count)
  }

  @Test func expandAndUpdateBatchesAreAsSmallAsTheFullDiff() {
    let harness = Self.make()
    let expand = Self.sizes(harness) { harness.outline.expand(-1) }
    #expect(expand.outline == 1_001 && expand.diff == 1_001)
    let collapse = Self.sizes(harness) { harness.outline.collapse(-1) }
    #expect(collapse.outline == 1_001 && collapse.diff == 1_001)
    let update = Self.sizes(harness) {
      var item = harness.leaf.item(at: ItemPath(section: 0, item: 7))
      item.children[3].value += 1
      _ = harness.leaf.update(item)
    }
    #expect(update.outline == 2 && update.diff == 2)
    #expect(harness.verify() == [])
  }
}
