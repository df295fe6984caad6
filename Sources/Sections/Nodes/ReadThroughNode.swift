package import DataSourceGraphSections

/// A node whose sections are another node's, in the same order: their
/// identities, headers and footers, and the look-up of a section by
/// identity, are that node's (a filter, a sort and a splice keep their
/// input's sections). Conforming says those reads once.
package protocol SectionReadThroughNode: DataSource {
  /// The node whose sections this node's are.
  var sectionSource: any DataSource<SectionID, Item> { get }
}

extension SectionReadThroughNode {
  /// The section source's.
  public func sectionID(at index: Int) -> SectionID { sectionSource.sectionID(at: index) }
  /// The section source's.
  public func supplements(ofSection index: Int) -> SectionSupplements {
    sectionSource.supplements(ofSection: index)
  }
  /// The section source's.
  public func sectionIndex(for id: SectionID) -> Int? { sectionSource.sectionIndex(for: id) }
}

/// A node whose reads are all another node's, unchanged: a paged source's
/// are those of the leaf that holds its pages, a type-erased node's those
/// of its base, a fallback's those of the input it shows. Conforming says
/// every read once: each one below, and the sections', is the
/// ``readSource``'s.
package protocol ReadThroughNode: SectionReadThroughNode {
  /// The node whose reads this node's are.
  var readSource: any DataSource<SectionID, Item> { get }
}

extension ReadThroughNode {
  /// The read source, whose sections are this node's.
  package var sectionSource: any DataSource<SectionID, Item> { readSource }
  /// The read source's.
  public var numberOfSections: Int { readSource.numberOfSections }
  /// The read source's.
  public func numberOfItems(inSection section: Int) -> Int {
    readSource.numberOfItems(inSection: section)
  }
  /// The read source's.
  public func item(at path: ItemPath) -> Item { readSource.item(at: path) }
  /// The read source's.
  public func items(inSection section: Int) -> SnapshotSection<SectionID, Item>.Items {
    readSource.items(inSection: section)
  }
  /// The read source's.
  public func itemPath(for id: Item.ID) -> ItemPath? { readSource.itemPath(for: id) }
  /// The read source's.
  public var snapshot: Snapshot<SectionID, Item> { readSource.snapshot }
  /// The read source's.
  public var hasContent: Bool { readSource.hasContent }
}
