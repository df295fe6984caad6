import DataSourceGraphComposition
import DataSourceGraphNodes
import DataSourceGraphSections
import Testing

/// A source written outside the library that replaces its content with
/// `.reloadAll`.
private final class ReloadingSource: DataSource {
  typealias SectionID = Int
  typealias Item = TreeNode

  private let observers = ObserverList<DataSourceEvent<Int, TreeNode>>()
  private(set) var snapshot: Snapshot<Int, TreeNode>

  init(_ snapshot: Snapshot<Int, TreeNode>) { self.snapshot = snapshot }

  func replace(with new: Snapshot<Int, TreeNode>) {
    snapshot = new
    observers.send(.changed(.reloadAll(new)))
  }

  var numberOfSections: Int { snapshot.sections.count }
  func sectionID(at index: Int) -> Int { snapshot.sections[index].id }
  func supplements(ofSection index: Int) -> SectionSupplements {
    snapshot.sections[index].supplements
  }
  func sectionIndex(for id: Int) -> Int? { snapshot.sectionIndex(for: id) }
  func numberOfItems(inSection section: Int) -> Int { snapshot.sections[section].items.count }
  func item(at path: ItemPath) -> TreeNode { snapshot.sections[path.section].items[path.item] }
  func itemPath(for id: Int) -> ItemPath? { snapshot.itemPath(for: id) }
  var contentState: ContentState { .content }
  func observe(_ handler: @escaping (DataSourceEvent<Int, TreeNode>) -> Void) -> ObservationToken {
    observers.add(handler)
  }
}

@Suite struct OutlineReloadTests {
  @Test func aReloadOfTheInputIsAReloadOfTheOutline() {
    let source = ReloadingSource(Snapshot(sections: OutlineTests.forest))
    let outline = source.outlined(children: { $0.children }, expandedItems: [1, 4])
    var reloads: [Snapshot<Int, TreeRow>] = []
    let token = outline.observe { event in
      if case .changed(.reloadAll(let snapshot)) = event { reloads.append(snapshot) }
    }
    let new = Snapshot(sections: [
      SnapshotSection(id: 1, items: [TreeNode(id: 4, children: [TreeNode(id: 41)])]),
      SnapshotSection(id: 0, items: [TreeNode(id: 1, children: [TreeNode(id: 12)])]),
    ])
    source.replace(with: new)
    let expected = OutlineHarness.reference(new, expanded: [1, 4], collapsed: [])
    #expect(reloads == [expected])
    #expect(outline.snapshot == expected)
    #expect(outline.itemPath(for: 12) == ItemPath(section: 1, item: 1))
    // The outline keeps working by batches after the reload.
    outline.collapse(4)
    #expect(outline.snapshot.sections[0].items.map(\.id) == [4])
    token.cancel()
  }
}
