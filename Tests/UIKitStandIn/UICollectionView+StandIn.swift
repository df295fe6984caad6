import Foundation

/// What tests inspect (stand-in only: none of this exists in UIKit).
extension UICollectionView {
  /// The cells shown, per section, in item order.
  package var shownCells: [[UICollectionViewCell]] {
    core.ensureLoaded()
    return (core.sections ?? []).map { $0.rows.compactMap { $0 as? UICollectionViewCell } }
  }

  /// The cells shown in `section`, in item order; empty for a section that
  /// does not exist.
  package func shownItems(inSection section: Int) -> [UICollectionViewCell] {
    let cells = shownCells
    return cells.indices.contains(section) ? cells[section] : []
  }

  /// The text each shown cell displays, per section: the text of its
  /// `UIListContentConfiguration`, if it has one.
  package var shownTexts: [[String?]] {
    shownCells.map { cells in
      cells.map { ($0.contentConfiguration as? UIListContentConfiguration)?.text }
    }
  }

  /// Does what UIKit does when the user moves the item at `source` so that
  /// it ends at `destination` (an interactive movement that ends): asks
  /// the data source whether the item can move (no: returns `false`),
  /// moves the item in the items shown, then calls the data source's
  /// `collectionView(_:moveItemAt:to:)`, which must take the move in
  /// without moving the item again (stand-in only).
  ///
  /// Then it checks, as UIKit does not, that the items shown are the data
  /// source's, and records an `InvalidUpdate` of kind
  /// `InvalidUpdate/Kind/divergedFromDataSource` (and reloads) if not.
  ///
  /// - Returns: Whether the move happened; `false` also when the view
  ///   shows no item at `source` or no place at `destination`.
  ///
  /// - Complexity: O(*n*) for the *n* rows shown: the check asks the data
  ///   source for a cell at every index path.
  @discardableResult
  package func simulateUserMove(from source: IndexPath, to destination: IndexPath) -> Bool {
    core.ensureLoaded()
    guard let dataSource, dataSource.collectionView(self, canMoveItemAt: source),
      core.moveRowByUser(from: source, to: destination)
    else { return false }
    dataSource.collectionView(self, moveItemAt: source, to: destination)
    core.checkRowsMatchDataSource(after: "\(source) → \(destination)") { view in
      ((view as? UICollectionViewCell)?.contentConfiguration as? UIListContentConfiguration)?.text
    }
    return true
  }

  /// The supplementary views shown, per section, by kind.
  package var shownSupplementaryViews: [[String: UICollectionReusableView]] {
    core.ensureLoaded()
    return (core.sections ?? []).map(\.supplementaries)
  }

  /// The index titles asked on the last load.
  package var shownIndexTitles: [String]? {
    core.ensureLoaded()
    return core.indexTitles
  }
}
