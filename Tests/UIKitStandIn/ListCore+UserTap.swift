import Foundation

extension ListCore {
  /// What a tap of the user on the row at `path` does to the selection, as
  /// UIKit does it: nothing when selection is not allowed; with multiple
  /// selection, a selected row is deselected and another one selected;
  /// with single selection the row is selected (again, if it was) and the
  /// other selected rows are deselected.
  ///
  /// - Returns: The rows deselected, then the row selected (if any), for
  ///   the delegate's `didDeselect` and `didSelect`.
  func userTap(at path: IndexPath) -> (deselected: [IndexPath], selected: IndexPath?) {
    guard selection.allowsSelection, batchDepth == 0 else { return ([], nil) }
    let before = selectedPaths
    if selection.allowsMultipleSelection {
      if before.contains(path) {
        deselect(path)
        return ([path], nil)
      }
      select(path)
      return ([], path)
    }
    select(path)
    return (before.filter { $0 != path }, path)
  }
}
