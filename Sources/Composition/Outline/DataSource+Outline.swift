public import DataSourceGraphNodes
import DataSourceGraphSections

extension DataSource {
  /// The items as expandable trees, every item followed by its children's
  /// rows while it is expanded; see ``OutlineDataSource``.
  ///
  /// ```swift
  /// let outline = folders.outlined(children: { $0.subfolders })
  /// ```
  ///
  /// - Parameters:
  ///   - children: The children of an item; `[]` for none.
  ///   - expandedItems: The items expanded at first; none by default.
  ///   - collapsedSections: The sections collapsed at first; none by
  ///     default.
  /// - Complexity: O(*n*) for the *n* rows shown at first.
  public func outlined(
    children: @escaping (Item) -> [Item], expandedItems: Set<Item.ID> = [],
    collapsedSections: Set<SectionID> = []
  ) -> OutlineDataSource<SectionID, Item> {
    OutlineDataSource(
      self, children: children, expandedItems: expandedItems,
      collapsedSections: collapsedSections)
  }
}

/// A row of depth 0 maps to its item of the input; a descendant row has no
/// position in the input, so a look-up through it returns `nil`.
extension OutlineDataSource: PathMapping {
  var mappedInputs: [AnyObject] { [input] }
  var shownInputs: [Int] { [0] }
  func inputLocation(of path: ItemPath) -> (input: AnyObject, path: ItemPath)? {
    let (j, before) = sections[path.section].sizes.locate(path.item)
    guard path.item == before else { return nil }
    return (input, ItemPath(section: path.section, item: j))
  }
  func inputSection(of index: Int) -> (input: AnyObject, section: Int)? { (input, index) }
  func outputPath(of path: ItemPath, inInput index: Int) -> ItemPath? {
    guard index == 0, !sections[path.section].isCollapsed else { return nil }
    return ItemPath(section: path.section, item: sections[path.section].sizes.prefixSum(path.item))
  }
}
