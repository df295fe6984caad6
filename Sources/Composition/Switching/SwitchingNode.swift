import DataSourceGraphNodes
import DataSourceGraphSections

/// A combinator that shows one of its inputs whole (a fallback, a segmented
/// control's choice): every read is the shown input's.
protocol SwitchingNode: CombinatorNode {
  /// The input shown now.
  var shownChild: any DataSource<SectionID, Item> { get }
}

extension SwitchingNode {
  /// The shown input's.
  public var numberOfSections: Int { shownChild.numberOfSections }
  /// The shown input's.
  public func sectionID(at index: Int) -> SectionID { shownChild.sectionID(at: index) }
  /// The shown input's.
  public func supplements(ofSection index: Int) -> Supplements {
    shownChild.supplements(ofSection: index)
  }
  /// The shown input's.
  public func sectionIndex(for id: SectionID) -> Int? { shownChild.sectionIndex(for: id) }
  /// The shown input's.
  public func numberOfItems(inSection section: Int) -> Int {
    shownChild.numberOfItems(inSection: section)
  }
  /// The shown input's.
  public func item(at path: ItemPath) -> Item { shownChild.item(at: path) }
  /// The shown input's.
  public func itemPath(for id: Item.ID) -> ItemPath? { shownChild.itemPath(for: id) }
  /// The shown input's.
  public var snapshot: Snapshot<SectionID, Item> { shownChild.snapshot }
  /// The shown input's.
  public var hasContent: Bool { shownChild.hasContent }
}

extension FallbackDataSource: SwitchingNode {
  var shownChild: any DataSource<SectionID, Item> { shown }
}

extension SegmentedDataSource: SwitchingNode {
  var shownChild: any DataSource<SectionID, Item> { selected }
}
