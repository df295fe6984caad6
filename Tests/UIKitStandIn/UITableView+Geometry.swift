public import Foundation

/// Where a table places its rows: one column, each section's header (for a
/// section with a title), its rows, its footer (for a section with a title).
extension UITableView {
  /// The height of a row (UIKit's default: 44 points). Self-sizing rows:
  /// `standInCellHeight` (stand-in only).
  public var rowHeight: CGFloat {
    get { core.metrics.rowHeight }
    set { core.metrics.rowHeight = newValue }
  }

  /// The height of the header of a section that has a title (28 points).
  public var sectionHeaderHeight: CGFloat {
    get { core.metrics.headerHeight }
    set { core.metrics.headerHeight = newValue }
  }

  /// The height of the footer of a section that has a title (28 points).
  public var sectionFooterHeight: CGFloat {
    get { core.metrics.footerHeight }
    set { core.metrics.footerHeight = newValue }
  }

  /// Gives each row the height `height` answers from its cell, as
  /// self-sizing cells measure themselves from their content; a `nil` answer is
  /// `rowHeight` (stand-in only: UIKit asks the cell's constraints or the
  /// delegate's `heightForRowAt`).
  package func standInCellHeight(_ height: @escaping @MainActor (UITableViewCell) -> CGFloat?) {
    core.metrics.cellHeight = { (view: UIView) -> CGFloat? in
      guard let cell = view as? UITableViewCell else { return nil }
      return height(cell)
    }
  }

  /// The frame of the row at `indexPath` in the table's content
  /// coordinates, as laid out now (after a batch update, its new place).
  /// An index path the table does not have is an invalid update (UIKit
  /// raises "request for rect at invalid index path"); the stand-in then
  /// returns `.zero`.
  public func rectForRow(at indexPath: IndexPath) -> CGRect {
    if let frame = rowFrame(section: indexPath.section, row: indexPath.row) { return frame }
    core.report(
      .invalidIndexPathRequest, "request for rect at invalid index path (\(indexPath))",
      indexPaths: [indexPath])
    return .zero
  }
}

extension UITableView: ListGeometryHost {
  var defaultRowHeight: CGFloat { rowHeight }
  var contentHeaderHeight: CGFloat { tableHeaderHeight }
  var contentFooterHeight: CGFloat { tableFooterHeight }

  func headerHeight(of section: ShownSection) -> CGFloat {
    section.headerTitle == nil ? 0 : sectionHeaderHeight
  }

  func footerHeight(of section: ShownSection) -> CGFloat {
    section.footerTitle == nil ? 0 : sectionFooterHeight
  }
}
