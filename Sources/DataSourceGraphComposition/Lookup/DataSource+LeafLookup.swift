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
  /// if let location = screen.leafLocation(at: tappedPath), location.source === favorites {
  ///   favorites.deleteItems(at: [location.position])
  /// }
  /// ```
  ///
  /// On a leaf, the leaf itself and `path`.
  ///
  /// - Parameter path: A path in this node.
  /// - Returns: The leaf and the item's path in it, or `nil` when `path` is
  ///   outside this node (a negative index, a section or an item past the
  ///   end), as ``leafSection(at:)`` is for a section outside it.
  ///
  /// - Complexity: O(*d* log *n*) through *d* combinators.
  public func leafLocation(at path: ItemPath) -> LeafLocation<ItemPath>? {
    var node: any DataSource = self
    var path = path
    while true {
      // Checked at every level, so a combinator is only asked to map a path
      // it shows.
      guard node.holdsItem(at: path) else { return nil }
      guard let mapping = node as? any PathMapping else { break }
      let (input, inputPath) = mapping.inputLocation(of: path)
      guard let next = input as? any DataSource else { return nil }
      (node, path) = (next, inputPath)
    }
    return LeafLocation(source: node, position: path)
  }

  /// The leaf that owns the section at `index` of this node, and the
  /// section's index in it (AdvancedCollectionView's
  /// `dataSourceForSectionAtIndex:`).
  ///
  /// ```swift
  /// if let location = screen.leafSection(at: 2) {
  ///   print(location.source.name ?? "unnamed", location.position)
  /// }
  /// ```
  ///
  /// On a leaf, the leaf itself and `index`.
  ///
  /// - Parameter index: A section index in this node.
  /// - Returns: The leaf and the section's index in it, or `nil` when
  ///   `index` is outside this node (negative, or past the last section)
  ///   or the section is made of several input sections (a flatten's), so
  ///   no one leaf section owns it.
  ///
  /// - Complexity: O(*d* log *n*) through *d* combinators.
  public func leafSection(at index: Int) -> LeafLocation<Int>? {
    var node: any DataSource = self
    var index = index
    while true {
      guard (0..<node.numberOfSections).contains(index) else { return nil }
      guard let mapping = node as? any PathMapping else { break }
      guard let (input, inputIndex) = mapping.inputSection(of: index),
        let next = input as? any DataSource
      else { return nil }
      (node, index) = (next, inputIndex)
    }
    return LeafLocation(source: node, position: index)
  }

  /// The path in this node of the item at `path` of `leaf`, a source
  /// somewhere below it; `nil` if the node does not show that item (it is
  /// filtered out, say), `leaf` is not below it, or `path` is outside
  /// `leaf`.
  ///
  /// ```swift
  /// screen.path(of: ItemPath(section: 0, item: 3), in: favorites)
  /// ```
  ///
  /// - Complexity: O(*g*) to find `leaf` among the *g* nodes of the graph,
  ///   then O(*d* log *n*) through *d* combinators.
  public func path(of path: ItemPath, in leaf: some DataSource) -> ItemPath? {
    guard leaf.holdsItem(at: path), let chain = Self.chain(from: self, to: leaf) else { return nil }
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

  /// Whether `path` names an item of this node.
  fileprivate func holdsItem(at path: ItemPath) -> Bool {
    (0..<numberOfSections).contains(path.section)
      && (0..<numberOfItems(inSection: path.section)).contains(path.item)
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
