public import DataSourceGraphSections

extension MutableDataSource {
  /// The section's stored items, shared with the leaf (copy-on-write),
  /// chunks and all: a long section that was edited is not joined into one
  /// array.
  ///
  /// - Complexity: O(1).
  public func items(inSection section: Int) -> SnapshotSection<SectionID, Item>.Items {
    sections[section].items
  }
}
