import DataSourceGraphSections

extension MutableDataSource {
  /// The section's stored items as an array: the leaf's own storage
  /// (copy-on-write) up to `SnapshotSection.Items.chunkLimit` items, or
  /// past it until the section's first edit; else one array made from its
  /// chunks.
  ///
  /// - Complexity: O(1), or O(*m*) for a section of *m* items held in
  ///   chunks once edited.
  public func items(inSection section: Int) -> [Item] { sections[section].items.array }
}
