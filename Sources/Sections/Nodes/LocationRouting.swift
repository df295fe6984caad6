package import DataSourceGraphSections

/// One step of the walk from a row of a screen down to the leaf that owns
/// it: a node the row passes through and the row's path in that node.
package struct NodeLocation {
  /// The node.
  package let node: any DataSource
  /// The row's path in ``node``.
  package let path: ItemPath

  /// A step: `path` in `node`.
  package init(node: any DataSource, path: ItemPath) {
    self.node = node
    self.path = path
  }
}

/// A node that can say which nodes a row of it passes through on the way
/// down to the leaf that owns it: what the UIKit data sources walk to route
/// a cell's events (a tap, a swipe, a prefetch) to the node that handles
/// them.
///
/// Every node of `DataSourceGraphComposition` conforms (the walk lives
/// there, beside `DataSource.leafLocation(at:)`, which takes its last
/// step). A node that does not conform is a leaf to the walk.
package protocol LocationRouting: AnyObject {
  /// The nodes the row at `path` of this node passes through, this node
  /// first and the leaf that owns the row last, each with the row's path
  /// in it; `nil` when `path` is outside this node.
  ///
  /// - Complexity: O(*d* log *n*) through *d* combinators for the
  ///   library's nodes.
  func locationChain(at path: ItemPath) -> [NodeLocation]?
}
