public import DataSourceGraphNodes
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
  /// The walk goes down through the inputs the rows on screen come from: a
  /// fallback's shown source, a segmented source's selected child, a
  /// switch's input only while it shows it, the composite child whose
  /// sections hold `path`. So it finds the right leaf position even when
  /// one leaf is reachable through several inputs.
  ///
  /// - Parameter path: A path in this node.
  /// - Returns: The leaf and the item's path in it, or `nil` when `path` is
  ///   outside this node (a negative index, a section or an item past the
  ///   end), as ``leafSection(at:)`` is for a section outside it.
  ///
  /// - Complexity: O(*d* log *n*) through *d* combinators.
  public func leafLocation(at path: ItemPath) -> LeafLocation<ItemPath>? {
    walkToLeaf(from: path, holds: { $0.holdsItem(at: $1) }, down: { $0.inputLocation(of: $1) })
      .flatMap(\.leaf)
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
  /// Like ``leafLocation(at:)``, the walk follows only the inputs shown.
  ///
  /// - Parameter index: A section index in this node.
  /// - Returns: The leaf and the section's index in it, or `nil` when
  ///   `index` is outside this node (negative, or past the last section)
  ///   or the section is made of several input sections (a flatten's), so
  ///   no one leaf section owns it.
  ///
  /// - Complexity: O(*d* log *n*) through *d* combinators.
  public func leafSection(at index: Int) -> LeafLocation<Int>? {
    walkToLeaf(
      from: index, holds: { (0..<$0.numberOfSections).contains($1) },
      down: { $0.inputSection(of: $1) }
    ).flatMap(\.leaf)
  }

  /// The nodes the item at `path` of this node passes through on the way
  /// down to the leaf that owns it, this node first, each with the item's
  /// path in it; `nil` when `path` is outside this node. A row a
  /// combinator made (an outline's child row) ends the chain at that
  /// combinator: no input holds it. The walk of `leafLocation(at:)`, and
  /// what the UIKit data sources route a cell's events along
  /// (`LocationRouting`).
  ///
  /// - Complexity: O(*d* log *n*) through *d* combinators.
  package func locationChain(at path: ItemPath) -> [NodeLocation]? {
    walkToLeaf(from: path, holds: { $0.holdsItem(at: $1) }, down: { $0.inputLocation(of: $1) })?
      .steps.map { NodeLocation(node: $0.node, path: $0.position) }
  }

  /// The walk of ``leafLocation(at:)``, ``leafSection(at:)`` and
  /// `locationChain(at:)`: from this node down through the shown inputs to
  /// the leaf, mapping `position` at each combinator with `down`.
  ///
  /// - Parameters:
  ///   - position: A position in this node.
  ///   - holds: Whether a node has a position. Checked at every level, so
  ///     a combinator is only asked to map a position it shows.
  ///   - down: The input that shows a combinator's position, and the
  ///     position there; `nil` when no one input does.
  /// - Returns: The nodes walked through, this node first, each with the
  ///   position in it, and the leaf and the position in it (`nil` when the
  ///   walk stopped at a combinator whose inputs do not hold the position:
  ///   one that made the row, or a section made of several); `nil` when
  ///   this node does not hold `position`.
  ///
  /// - Complexity: O(*d* log *n*) through *d* combinators.
  private func walkToLeaf<Position>(
    from position: Position,
    holds: (any DataSource, Position) -> Bool,
    down: (any PathMapping, Position) -> (AnyObject, Position)?
  ) -> (steps: [(node: any DataSource, position: Position)], leaf: LeafLocation<Position>?)? {
    var node: any DataSource = self
    var position = position
    var steps: [(node: any DataSource, position: Position)] = []
    while true {
      guard holds(node, position) else { return steps.isEmpty ? nil : (steps, nil) }
      steps.append((node, position))
      guard let mapping = node as? any PathMapping else { break }
      guard let (input, inputPosition) = down(mapping, position),
        let next = input as? any DataSource
      else { return (steps, nil) }
      (node, position) = (next, inputPosition)
    }
    return (steps, LeafLocation(source: node, position: position))
  }

  /// The path in this node of the item at `path` of `leaf`, a source
  /// somewhere below it; `nil` if the node does not show that item (it is
  /// filtered out, say, or it is only below an input that is not shown),
  /// `leaf` is not below it, or `path` is outside `leaf`.
  ///
  /// ```swift
  /// screen.path(of: ItemPath(section: 0, item: 3), in: favorites)
  /// ```
  ///
  /// Every way from this node down to `leaf` is searched, through the
  /// inputs shown only (as ``leafLocation(at:)`` walks): a fallback's
  /// shown source, a segmented source's selected child, a switch's input
  /// while it shows it, every child of a composite. So a row is found
  /// whichever input shows it when `leaf` is reachable through several
  /// (a fallback whose primary and fallback both derive from `leaf`, a
  /// composite of two filters of `leaf`). When the node shows the item
  /// more than once (two children of a composite derive from `leaf` and
  /// both keep it), the first of those rows is returned: the smallest
  /// path, in section order then item order.
  ///
  /// - Complexity: O(*g* + *e*) to visit each of the *g* nodes below this
  ///   node once, through their *e* shown inputs, plus O(*d* log *n*)
  ///   through *d* combinators for each row that shows the item (one,
  ///   unless the item is shown more than once).
  public func path(of path: ItemPath, in leaf: some DataSource) -> ItemPath? {
    guard leaf.holdsItem(at: path) else { return nil }
    var search = ShownRowSearch(leaf: leaf, path: path)
    return search.rows(in: self).first
  }

  /// Whether `path` names an item of this node.
  fileprivate func holdsItem(at path: ItemPath) -> Bool {
    (0..<numberOfSections).contains(path.section)
      && (0..<numberOfItems(inSection: path.section)).contains(path.item)
  }
}

/// The rows of one item of a leaf in the nodes above it, for
/// ``DataSource/path(of:in:)``: a search of every way down through the
/// shown inputs, each node visited once.
private struct ShownRowSearch {
  /// The leaf.
  let leaf: AnyObject
  /// The item's path in the leaf.
  let path: ItemPath
  /// The rows found so far, by node.
  private var found: [ObjectIdentifier: [ItemPath]] = [:]

  init(leaf: AnyObject, path: ItemPath) {
    self.leaf = leaf
    self.path = path
  }

  /// The rows of `node` that show the item, in order, without repeats.
  mutating func rows(in node: AnyObject) -> [ItemPath] {
    if node === leaf { return [path] }
    let key = ObjectIdentifier(node)
    if let rows = found[key] { return rows }
    guard let mapping = node as? any PathMapping else { return [] }
    // A node under way has no rows yet (the graph has no cycles; this only
    // keeps a malformed one from recursing forever).
    found[key] = []
    let inputs = mapping.mappedInputs
    var rows: [ItemPath] = []
    for index in mapping.shownInputs {
      for row in self.rows(in: inputs[index]) {
        if let mapped = mapping.outputPath(of: row, inInput: index) { rows.append(mapped) }
      }
    }
    if rows.count > 1 { rows = Array(Set(rows)).sorted() }
    found[key] = rows
    return rows
  }
}
