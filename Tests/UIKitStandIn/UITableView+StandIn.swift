import Foundation

/// What tests inspect (stand-in only: none of this exists in UIKit).
extension UITableView {
  /// The cells shown, per section, in row order.
  package var shownCells: [[UITableViewCell]] {
    (core.sections ?? []).map { $0.rows.compactMap { $0 as? UITableViewCell } }
  }

  /// The cells shown in `section`, in row order; empty for a section that
  /// does not exist.
  package func shownRows(inSection section: Int) -> [UITableViewCell] {
    let cells = shownCells
    return cells.indices.contains(section) ? cells[section] : []
  }

  /// The text each shown cell displays, per section: the text of its
  /// `UIListContentConfiguration` if it has one, else its text label's.
  package var shownTexts: [[String?]] {
    shownCells.map { cells in
      cells.map { cell in
        (cell.contentConfiguration as? UIListContentConfiguration)?.text ?? cell.textLabel?.text
      }
    }
  }

  /// Does what UIKit does when the user drags the row at `source` and drops
  /// it so that it ends at `destination` (in editing mode, with the
  /// reorder control): asks the data source whether the row can move (no:
  /// no drag, returns `false`), moves the row in the rows shown, then calls
  /// the data source's `tableView(_:moveRowAt:to:)`, which must take the
  /// move in without moving the row again (stand-in only).
  ///
  /// Then it checks, as UIKit does not, that the rows shown are the data
  /// source's, and records an `InvalidUpdate` of kind
  /// `InvalidUpdate/Kind/divergedFromDataSource` (and reloads) if not: a
  /// data source that ignores the move, or applies it again with a batch
  /// update, is caught even where UIKit raises nothing (within a section).
  ///
  /// - Returns: Whether the drag happened; `false` also when the view shows
  ///   no row at `source` or no place at `destination`.
  ///
  /// - Complexity: O(*n*) for the *n* rows shown: the check asks the data
  ///   source for a cell at every index path.
  @discardableResult
  package func simulateUserMove(from source: IndexPath, to destination: IndexPath) -> Bool {
    core.ensureLoaded()
    guard let dataSource, dataSource.tableView(self, canMoveRowAt: source),
      core.moveRowByUser(from: source, to: destination)
    else { return false }
    dataSource.tableView(self, moveRowAt: source, to: destination)
    core.checkRowsMatchDataSource(after: "\(source) → \(destination)") { view in
      guard let cell = view as? UITableViewCell else { return nil }
      return (cell.contentConfiguration as? UIListContentConfiguration)?.text
        ?? cell.textLabel?.text
    }
    return true
  }

  /// The header title of each section shown.
  package var shownHeaderTitles: [String?] { (core.sections ?? []).map(\.headerTitle) }

  /// The footer title of each section shown.
  package var shownFooterTitles: [String?] { (core.sections ?? []).map(\.footerTitle) }

  /// The section index titles asked on the last load.
  package var shownSectionIndexTitles: [String]? { core.indexTitles }
}
