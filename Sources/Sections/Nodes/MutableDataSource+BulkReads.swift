import DataSourceGraphSections

extension MutableDataSource {
  /// The section's stored items, shared with the leaf (copy-on-write).
  ///
  /// - Complexity: O(1).
  public func items(inSection section: Int) -> [Item] { sections[section].items.array }
}
