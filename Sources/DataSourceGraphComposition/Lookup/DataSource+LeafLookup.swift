public import DataSourceGraphSections

/// Where an item or a section of a composed screen really lives: the leaf
/// (a source that is not a combinator of this module) and the position in
/// it. Compare ``source`` with `===`, or cast it to the leaf's type.
public struct LeafLocation<Position: Hashable> {
  /// The leaf.
  public let source: any DataSource
  /// The position in the leaf.
  public let position: Position
}

extension DataSource {
  /// The leaf that owns the item at `path` of this node, and the item's
  /// path in it: what a renderer asks to route a tap or a swipe to the
  /// source that can act on it (DataSource's `leafDataSource(at:)`).
  ///
  /// ```swift
  /// let location = screen.leafLocation(at: tappedPath)
  /// if location.source === favorites { favorites.deleteItems(at: [location.position]) }
  /// ```
  ///
  /// - Complexity: O(*d* log *n*) through *d* combinators.
  public func leafLocation(at path: ItemPath) -> LeafLocation<ItemPath> {
    var node: AnyObject = self
    var path = path
    while let mapping = node as? any PathMapping {
      (node, path) = mapping.inputLocation(of: path)
    }
    return LeafLocation(source: node as! any DataSource, position: path)
  }

  /// The leaf that owns the section at `index` of this node, and the
  /// section's index in it (AdvancedCollectionView's
  /// `dataSourceForSectionAtIndex:`); `nil` when the section is made of
  /// several input sections (a flatten's).
  ///
  /// - Complexity: O(*d* log *n*) through *d* combinators.
  public func leafSection(at index: Int) -> LeafLocation<Int>? {
    var node: AnyObject = self
    var index = index
    while let mapping = node as? any PathMapping {
      guard let next = mapping.inputSection(of: index) else { return nil }
      (node, index) = next
    }
    return LeafLocation(source: node as! any DataSource, position: index)
  }

  /// The path in this node of the item at `path` of `leaf`, a source
  /// somewhere below it; `nil` if the node does not show that item (it is
  /// filtered out, say) or `leaf` is not below it.
  ///
  /// ```swift
  /// screen.path(of: ItemPath(section: 0, item: 3), in: favorites)
  /// ```
  ///
  /// - Complexity: O(*g*) to find `leaf` among the *g* nodes of the graph,
  ///   then O(*d* log *n*) through *d* combinators.
  public func path(of path: ItemPath, in leaf: some DataSource) -> ItemPath? {
    guard let chain = Self.chain(from: self, to: leaf) else { return nil }
    var path = path
    for (node, input) in zip(chain.dropLast(), chain.dropFirst()).reversed() {
      guard let mapping = node as? any PathMapping,
        let mapped = mapping.outputPath(of: path, in: input)
      else {
        return nil
      }
      path = mapped
    }
    return path
  }

  /// The nodes from `root` down to `target`, both included, or `nil`.
  private static func chain(from root: AnyObject, to target: AnyObject) -> [AnyObject]? {
    if root === target { return [root] }
    guard let mapping = root as? any PathMapping else { return nil }
    for input in mapping.mappedInputs {
      if let rest = chain(from: input, to: target) { return [root] + rest }
    }
    return nil
  }
}
