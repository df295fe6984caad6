public import DataSourceGraphSections

/// A source that can move one of its items: the leaf a reorder on a
/// composed screen ends at.
///
/// `MutableDataSource` conforms. A source of your own conforms to take the
/// moves that `reorderItem(from:to:)` (in `DataSourceGraphComposition`)
/// routes to it from the screen.
public protocol ReorderableDataSource: DataSource {
  /// Moves the item at `source` (a path before the move) so that it ends at
  /// `destination` (its path after the move, as `UITableView`'s
  /// `moveRow(at:to:)` reads it), possibly into another section, and emits
  /// one move. Both paths are valid when this is called, and distinct.
  ///
  /// - Complexity: `MutableDataSource`'s is O(*m*) in the lengths of the
  ///   sections involved.
  func moveItem(from source: ItemPath, to destination: ItemPath)
}

/// A leaf moves its items with ``MutableDataSource/moveItem(from:to:)``
/// (O(*m*) in the lengths of the sections involved).
extension MutableDataSource: ReorderableDataSource {}

/// A node that takes a move of one of its rows and makes it the edit of the
/// source that owns the row: what a table view's `moveRowAt` calls.
///
/// Every node of `DataSourceGraphComposition` conforms, and so does
/// `MutableDataSource` when that module is linked (the conformance and the
/// walk down the graph live there, as `DataSource.reorderItem(from:to:)`).
/// The UIKit data sources use it to answer `canMoveRowAt` and `moveRowAt`.
package protocol ReorderRouting: AnyObject {
  /// Why moving the row at `source` so that it ends at `destination` (its
  /// path in this node after the move) is refused, or `nil` if the move
  /// can be made (a move to the same place is allowed: it does nothing).
  ///
  /// - Complexity: O(*d* log *n*) through *d* combinators for the
  ///   library's nodes.
  func reorderRefusal(from source: ItemPath, to destination: ItemPath) -> ReorderRefusal?
  /// Whether the row at `path` can be moved at all (somewhere): it is a
  /// row of the node, its order is not derived, and the source that owns
  /// it can move items.
  ///
  /// - Complexity: O(*d* log *n*) through *d* combinators for the
  ///   library's nodes.
  func canReorderItem(at path: ItemPath) -> Bool
  /// Moves the row at `source` so that it ends at `destination` (its path
  /// in this node after the move), by moving the item in the source that
  /// owns it; throws why not, changing nothing.
  ///
  /// - Complexity: O(*d* log *n*) through *d* combinators for the
  ///   library's nodes, plus the leaf's move and its propagation.
  func reorderItem(from source: ItemPath, to destination: ItemPath) throws(ReorderRefusal)
}

/// Why a row of a node cannot be moved where it was asked to go.
///
/// Each case names, where it makes sense, the node that refuses by its
/// `DataSource.name` (`nil` when the node has none); its ``description``
/// says it in a sentence.
public enum ReorderRefusal: Error, Hashable, Sendable, CustomStringConvertible {
  /// `path` is not a row of the node (as a source) or not a place in it
  /// (as a destination: a section past the end, an item index past the
  /// section's end once the row has left it).
  case outside(ItemPath)
  /// A sort orders the rows: a moved row would be put back.
  case sorted(node: String?)
  /// The move would take the row from one input of the node to another:
  /// two children of a composite, the base and the spliced source of a
  /// splice. Each input's items belong to its own source.
  case crossesInputs(node: String?)
  /// The source that owns the row cannot move items (it is not a
  /// ``ReorderableDataSource``), or the node is one whose mapping of moves
  /// is not known (a node written outside the library).
  case notReorderable(node: String?)
  /// The row at `path` was made by a combinator (an outline's child row,
  /// say): no source holds it as an item, so nothing can move.
  case noSourceItem(ItemPath)
  /// The node places some rows by position (a splice's spliced rows), so
  /// the row cannot land at `path` without moving other rows.
  case unreachable(ItemPath, node: String?)
  /// Moving the last row out of its section would empty it, and the node
  /// hides empty sections: the section would go.
  case removesSection(node: String?)
  /// The row is shown by two parts of the node (a composite whose children
  /// read one source, and hide the second occurrence): moving it in its
  /// source would move it in the other part too, and change what that part
  /// shows (its sections, under a remove-empty).
  case sharedRow(node: String?)

  /// The refusal in a sentence, naming the node where it can.
  ///
  /// - Complexity: O(1) in the graph: the length of the node's name.
  public var description: String {
    switch self {
    case .outside(let path):
      return "There is no row or place at \(Self.words(path))."
    case .sorted(let node):
      return "\(Self.rows(of: node)) sorted: a moved row would be put back."
    case .crossesInputs(let node):
      return
        "The move would take the row from one part of \(Self.name(node, else: "the list")) to another."
    case .notReorderable(let node):
      return "\(Self.name(node, else: "The source of the row")) cannot reorder its items."
    case .noSourceItem(let path):
      return
        "The row at \(Self.words(path)) is made by the list: it has no item of a source to move."
    case .unreachable(let path, let node):
      return
        "\(Self.name(node, else: "The list")) places some rows by position: the row cannot land at \(Self.words(path))."
    case .removesSection(let node):
      return
        "Moving the last row out of its section would remove the section: \(Self.name(node, else: "the list")) hides empty sections."
    case .sharedRow(let node):
      return
        "The row is in two parts of \(Self.name(node, else: "the list")): moving it would move it in the other part too."
    }
  }

  private static func words(_ path: ItemPath) -> String {
    "section \(path.section), item \(path.item)"
  }

  private static func name(_ node: String?, else fallback: String)
    -> String
  {
    node.map { "“\($0)”" } ?? fallback
  }

  private static func rows(of node: String?) -> String {
    node.map { "The rows of “\($0)” are" } ?? "The rows are"
  }
}
