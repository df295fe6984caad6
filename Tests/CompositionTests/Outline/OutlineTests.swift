import DataSourceGraphComposition
import DataSourceGraphSections
import Testing

/// Named examples of the outline: each checks the exact batch and, through
/// the harness, that every batch validates, applies, and leads to the
/// outline recomputed from scratch.
@Suite struct OutlineTests {
  /// 1 [10 [100, 101], 11], 2 [20], 3 (no children), in section 0; 4 [40] in
  /// section 1.
  static let forest: [SnapshotSection<Int, TreeNode>] = [
    SnapshotSection(
      id: 0, header: "Zero",
      items: [
        TreeNode(
          id: 1,
          children: [
            TreeNode(id: 10, children: [TreeNode(id: 100), TreeNode(id: 101)]), TreeNode(id: 11),
          ]),
        TreeNode(id: 2, children: [TreeNode(id: 20)]),
        TreeNode(id: 3),
      ]),
    SnapshotSection(id: 1, header: "One", items: [TreeNode(id: 4, children: [TreeNode(id: 40)])]),
  ]

  static func path(_ section: Int, _ item: Int) -> ItemPath {
    ItemPath(section: section, item: item)
  }

  @Test func expandInsertsChildrenAfterTheParent() {
    let harness = OutlineHarness(Self.forest)
    #expect(harness.ids() == [1, 2, 3])
    #expect(harness.outline.snapshot.sections[0].items[0].hasChildren)
    #expect(!harness.outline.snapshot.sections[0].items[0].isExpanded)
    harness.outline.expand(1)
    #expect(harness.ids() == [1, 10, 11, 2, 3])
    #expect(harness.batches.count == 1)
    let batch = harness.batches[0]
    #expect(batch.itemInserts.map(\.path) == [Self.path(0, 1), Self.path(0, 2)])
    #expect(batch.itemInserts.map(\.item.depth) == [1, 1])
    #expect(batch.itemUpdates.map(\.from) == [Self.path(0, 0)])
    #expect(batch.itemUpdates.first?.item.isExpanded == true)
    #expect(batch.count == 3)
    #expect(harness.verify() == [])
    // Expanding again, or an item without children, emits nothing.
    harness.outline.expand(1)
    harness.outline.expand(3)
    #expect(harness.batches.count == 1)
    #expect(harness.outline.isExpanded(3))
    #expect(harness.verify() == [])
  }

  @Test func collapseDeletesEveryVisibleDescendant() {
    let harness = OutlineHarness(Self.forest, expanded: [1, 10])
    #expect(harness.ids() == [1, 10, 100, 101, 11, 2, 3])
    harness.outline.collapse(1)
    #expect(harness.ids() == [1, 2, 3])
    let batch = harness.batches.last!
    #expect(batch.itemDeletes == (1...4).map { Self.path(0, $0) })
    #expect(batch.itemUpdates.map(\.to) == [Self.path(0, 0)])
    #expect(batch.count == 5)
    #expect(harness.verify() == [])
  }

  @Test func nestedExpansionIsKeptAcrossTheAncestorsCollapse() {
    let harness = OutlineHarness(Self.forest)
    harness.outline.expand(1)
    harness.outline.expand(10)
    #expect(harness.ids() == [1, 10, 100, 101, 11, 2, 3])
    harness.outline.collapse(1)
    #expect(harness.ids() == [1, 2, 3])
    #expect(harness.outline.isExpanded(10))
    harness.outline.expand(1)
    #expect(harness.ids() == [1, 10, 100, 101, 11, 2, 3])
    // One batch: four inserts (10 and its two children come back) and the
    // parent's update.
    #expect(harness.batches.last!.itemInserts.count == 4)
    #expect(harness.batches.last!.count == 5)
    #expect(harness.verify() == [])
  }

  @Test func expansionSurvivesUpdateMoveAndReinsert() {
    let harness = OutlineHarness(Self.forest, expanded: [1, 2])
    #expect(harness.ids() == [1, 10, 11, 2, 20, 3])
    // An update that adds a child: the block gains one row.
    _ = harness.leaf.update(
      TreeNode(id: 2, value: 7, children: [TreeNode(id: 20), TreeNode(id: 21)]))
    #expect(harness.ids() == [1, 10, 11, 2, 20, 21, 3])
    var batch = harness.batches.last!
    #expect(batch.itemInserts.map(\.path) == [Self.path(0, 5)])
    #expect(batch.itemUpdates.map(\.to) == [Self.path(0, 3)])
    #expect(batch.count == 2)
    // A move to the other section: every row of the block moves.
    harness.leaf.moveItem(from: Self.path(0, 1), to: Self.path(1, 1))
    #expect(harness.ids(inSection: 1) == [4, 2, 20, 21])
    batch = harness.batches.last!
    #expect(batch.itemMoves.count == 3)
    #expect(batch.count == 3)
    // Deleted and inserted again: still expanded.
    let two = harness.leaf.item(at: Self.path(1, 1))
    harness.leaf.deleteItems(at: [Self.path(1, 1)])
    #expect(harness.ids(inSection: 1) == [4])
    #expect(harness.batches.last!.itemDeletes.count == 3)
    _ = harness.leaf.insert([two], at: Self.path(0, 0))
    #expect(harness.ids() == [2, 20, 21, 1, 10, 11, 3])
    #expect(harness.batches.last!.itemInserts.count == 3)
    #expect(harness.verify() == [])
  }

  @Test func aCollapsedSectionKeepsItsHeaderAndItsRowsComeBack() {
    let harness = OutlineHarness(Self.forest, expanded: [1])
    harness.outline.collapse(section: 0)
    #expect(harness.outline.isCollapsed(section: 0))
    #expect(harness.outline.numberOfSections == 2)
    #expect(harness.outline.supplements(ofSection: 0).header == "Zero")
    #expect(harness.outline.numberOfItems(inSection: 0) == 0)
    let collapse = harness.batches.last!
    #expect(collapse.itemDeletes == (0..<5).map { Self.path(0, $0) })
    #expect(collapse.sectionDeletes.isEmpty && collapse.count == 5)
    // Edits while collapsed show nothing, and are there on expansion.
    _ = harness.leaf.update(TreeNode(id: 3, children: [TreeNode(id: 30)]))
    #expect(harness.batches.count == 1)
    harness.outline.expand(3)
    #expect(harness.batches.count == 1)
    harness.outline.expand(section: 0)
    #expect(harness.ids() == [1, 10, 11, 2, 3, 30])
    let expand = harness.batches.last!
    #expect(expand.itemInserts.map(\.path) == (0..<6).map { Self.path(0, $0) })
    #expect(expand.count == 6)
    #expect(harness.verify() == [])
  }

  @Test func repeatedIdentitiesShowTheFirstOccurrence() {
    // 5 and 6 both have child 50; 6 also has children repeating itself (a
    // cycle) and item 7 of the input.
    let sections = [
      SnapshotSection(
        id: 0,
        items: [
          TreeNode(id: 5, children: [TreeNode(id: 50, children: [TreeNode(id: 500)])]),
          TreeNode(
            id: 6,
            children: [
              TreeNode(id: 50), TreeNode(id: 6, children: [TreeNode(id: 60)]), TreeNode(id: 7),
              TreeNode(id: 61, children: [TreeNode(id: 61)]),
            ]),
          TreeNode(id: 7),
        ])
    ]
    let harness = OutlineHarness(sections, expanded: [5, 6, 50, 61])
    #expect(harness.ids() == [5, 50, 500, 6, 61, 7])
    #expect(harness.verify() == [])
    // The first 50 leaves: the second one appears, in the same batch.
    harness.outline.collapse(5)
    #expect(harness.ids() == [5, 6, 50, 61, 7])
    #expect(harness.batches.count == 1)
    #expect(harness.verify() == [])
    // It comes back first: the second one leaves again.
    harness.outline.expand(5)
    #expect(harness.ids() == [5, 50, 500, 6, 61, 7])
    #expect(harness.verify() == [])
    // An item of the input always wins: 7 deleted, the child 7 appears.
    harness.leaf.deleteItems(at: [Self.path(0, 2)])
    #expect(harness.ids() == [5, 50, 500, 6, 7, 61])
    // A tree that never ends shows as deep as it is expanded.
    let endless = MutableDataSource<Int, TreeNode>(sections: [
      SnapshotSection(id: 0, items: [TreeNode(id: 1)])
    ])
    let outline = endless.outlined(children: { [TreeNode(id: $0.id * 2)] })
    outline.expandedItems = [1, 2, 4]
    #expect(outline.snapshot.sections[0].items.map(\.id) == [1, 2, 4, 8])
    #expect(harness.verify() == [])
  }

  @Test func anUpdateDeepInAnExpandedBlockIsMinimal() {
    let harness = OutlineHarness(Self.forest, expanded: [1, 10])
    #expect(harness.ids() == [1, 10, 100, 101, 11, 2, 3])
    var one = harness.leaf.item(at: Self.path(0, 0))
    one.children[0].children[1].value = 9
    _ = harness.leaf.update(one)
    let batch = harness.batches.last!
    // The grandchild's row and the rows that contain it (1 and 10, whose
    // values hold their children) are updated; nothing else.
    #expect(batch.itemUpdates.map(\.from) == [Self.path(0, 0), Self.path(0, 1), Self.path(0, 3)])
    #expect(batch.count == 3)
    // Children reordered and one removed: moves and a delete inside the block.
    one.children[0].children = [TreeNode(id: 101, value: 9)]
    one.children.reverse()
    _ = harness.leaf.update(one)
    #expect(harness.ids() == [1, 11, 10, 101, 2, 3])
    let reorder = harness.batches.last!
    #expect(reorder.itemDeletes == [Self.path(0, 2)])
    #expect(reorder.itemInserts.isEmpty)
    #expect(harness.verify() == [])
  }

  @Test func expansionRequestedDuringDeliveryIsMadeAfterIt() {
    let harness = OutlineHarness(Self.forest)
    var seen: [Bool] = []
    let token = harness.outline.observe { [outline = harness.outline] event in
      guard case .changed = event else { return }
      if !outline.isExpanded(2) {
        outline.expand(2)
        // The value last set is read at once; the rows change after.
        seen.append(outline.isExpanded(2))
        seen.append(outline.itemPath(for: 20) == nil)
      }
    }
    harness.outline.expand(1)
    #expect(seen == [true, true])
    #expect(harness.ids() == [1, 10, 11, 2, 20, 3])
    #expect(harness.batches.count == 2)
    #expect(harness.verify() == [])
    token.cancel()
  }

  @Test func expandedItemsAndAllAtOnce() {
    let harness = OutlineHarness(Self.forest)
    harness.outline.expandAll()
    #expect(harness.outline.expandedItems == [1, 10, 2, 4])
    #expect(harness.ids() == [1, 10, 100, 101, 11, 2, 20, 3])
    #expect(harness.batches.count == 1)
    harness.outline.collapsedSections = [1, 99]
    #expect(harness.outline.numberOfItems(inSection: 1) == 0)
    harness.outline.collapseAll()
    #expect(harness.outline.expandedItems.isEmpty)
    #expect(harness.ids() == [1, 2, 3])
    // An identity that leaves is remembered: a section 99 arriving is
    // collapsed.
    _ = harness.leaf.insertSection(SnapshotSection(id: 99, items: [TreeNode(id: 9)]), at: 2)
    #expect(harness.outline.numberOfItems(inSection: 2) == 0)
    #expect(harness.verify() == [])
  }

  @Test func stateAndNamePassThrough() {
    let leaf = MutableDataSource<Int, TreeNode>(sections: Self.forest, name: "Folders")
    let outline = leaf.outlined(children: { $0.children })
    #expect(outline.name == "Folders")
    #expect(outline.contentState.isSameState(as: leaf.contentState))
    outline.name = "Tree"
    #expect(outline.name == "Tree")
  }
}
