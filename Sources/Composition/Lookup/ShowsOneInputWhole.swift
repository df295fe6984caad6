import DataSourceGraphNodes
import DataSourceGraphSections

/// A node that shows one of its inputs whole, unchanged: a type-erased
/// node its base, a fallback the source it shows, a segmented source its
/// selected child. A row or a section of the node is at the same place in
/// that input, and a move of a row is the same move there; the other
/// inputs are not followed.
protocol ShowsOneInputWhole: PathMapping, MoveMapping {
  /// The input shown, and its index in ``PathMapping/mappedInputs``.
  var shownInput: (index: Int, node: AnyObject) { get }
}

extension ShowsOneInputWhole {
  var shownInputs: [Int] { [shownInput.index] }
  func inputLocation(of path: ItemPath) -> (input: AnyObject, path: ItemPath)? {
    (shownInput.node, path)
  }
  func inputSection(of index: Int) -> (input: AnyObject, section: Int)? {
    (shownInput.node, index)
  }
  func outputPath(of path: ItemPath, inInput index: Int) -> ItemPath? {
    index == shownInput.index ? path : nil
  }
  func inputMoves(for move: RowMove) -> Result<
    (input: AnyObject, moves: [RowMove]), ReorderRefusal
  > {
    .success((shownInput.node, [move]))
  }
}

extension AnyDataSource: ShowsOneInputWhole {
  var mappedInputs: [AnyObject] { [base] }
  var shownInput: (index: Int, node: AnyObject) { (0, base) }
}

/// Only the child shown now (which is the selected one once a switch
/// asked during a delivery is made) is followed.
extension SegmentedDataSource: ShowsOneInputWhole {
  var mappedInputs: [AnyObject] { children.map { $0 as AnyObject } }
  var shownInput: (index: Int, node: AnyObject) { (shownIndex, selected) }
}

/// Only ``FallbackDataSource/shown`` is followed: the primary (input 0)
/// while it has content, else the fallback (input 1). A move keeps the
/// number of items, so the source shown stays shown.
extension FallbackDataSource: ShowsOneInputWhole {
  var mappedInputs: [AnyObject] { [primary, fallback] }
  var shownInput: (index: Int, node: AnyObject) { (showsFallback ? 1 : 0, shown) }
}
