import Foundation

/// What tests inspect (stand-in only: none of this exists in UIKit).
extension UICollectionView {
  /// The cells shown, per section, in item order.
  public var shownCells: [[UICollectionViewCell]] {
    core.ensureLoaded()
    return (core.sections ?? []).map { $0.rows.compactMap { $0 as? UICollectionViewCell } }
  }

  /// The cells shown in `section`, in item order; empty for a section that
  /// does not exist.
  public func shownItems(inSection section: Int) -> [UICollectionViewCell] {
    let cells = shownCells
    return cells.indices.contains(section) ? cells[section] : []
  }

  /// The text each shown cell displays, per section: the text of its
  /// `UIListContentConfiguration`, if it has one.
  public var shownTexts: [[String?]] {
    shownCells.map { cells in
      cells.map { ($0.contentConfiguration as? UIListContentConfiguration)?.text }
    }
  }

  /// The supplementary views shown, per section, by kind.
  public var shownSupplementaryViews: [[String: UICollectionReusableView]] {
    core.ensureLoaded()
    return (core.sections ?? []).map(\.supplementaries)
  }

  /// The index titles asked on the last load.
  public var shownIndexTitles: [String]? {
    core.ensureLoaded()
    return core.indexTitles
  }
}
