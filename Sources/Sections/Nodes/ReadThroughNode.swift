package import DataSourceGraphSections

/// A node whose reads are another node's, unchanged: a paged source's are
/// those of the leaf that holds its pages, a type-erased node's those of
/// its base, a fallback's those of the input it shows. Conforming says
/// every read once: each one below is the ``readSource``'s.
package protocol ReadThroughNode: DataSource {
  /// The node whose reads this node's are.
  var readSource: any DataSource<SectionID, Item> { get }
}

extension ReadThroughNode {
  /// The read source's.
  public var numberOfSections: Int { readSource.numberOfSections }
  /// The read source's.
  public func sectionID(at index: Int) -> SectionID { readSource.sectionID(at: index) }
  /// The read source's.
  public func supplements(ofSection index: Int) -> (header: String?, footer: String?) {
    readSource.supplements(ofSection: index)
  }
  /// The read source's.
  public func sectionIndex(for id: SectionID) -> Int? { readSource.sectionIndex(for: id) }
  /// The read source's.
  public func numberOfItems(inSection section: Int) -> Int {
    readSource.numberOfItems(inSection: section)
  }
  /// The read source's.
  public func item(at path: ItemPath) -> Item { readSource.item(at: path) }
  /// The read source's.
  public func itemPath(for id: Item.ID) -> ItemPath? { readSource.itemPath(for: id) }
  /// The read source's.
  public var snapshot: Snapshot<SectionID, Item> { readSource.snapshot }
  /// The read source's.
  public var hasContent: Bool { readSource.hasContent }
}
