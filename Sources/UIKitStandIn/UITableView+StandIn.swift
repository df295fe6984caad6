import Foundation

/// What tests inspect (stand-in only: none of this exists in UIKit).
extension UITableView {
  /// The cells shown, per section, in row order.
  public var shownCells: [[UITableViewCell]] {
    (core.sections ?? []).map { $0.rows.compactMap { $0 as? UITableViewCell } }
  }

  /// The cells shown in `section`, in row order; empty for a section that
  /// does not exist.
  public func shownRows(inSection section: Int) -> [UITableViewCell] {
    let cells = shownCells
    return cells.indices.contains(section) ? cells[section] : []
  }

  /// The text each shown cell displays, per section: the text of its
  /// `UIListContentConfiguration` if it has one, else its text label's.
  public var shownTexts: [[String?]] {
    shownCells.map { cells in
      cells.map { cell in
        (cell.contentConfiguration as? UIListContentConfiguration)?.text ?? cell.textLabel?.text
      }
    }
  }

  /// The header title of each section shown.
  public var shownHeaderTitles: [String?] { (core.sections ?? []).map(\.headerTitle) }

  /// The footer title of each section shown.
  public var shownFooterTitles: [String?] { (core.sections ?? []).map(\.footerTitle) }

  /// The section index titles asked on the last load.
  public var shownSectionIndexTitles: [String]? { core.indexTitles }
}
