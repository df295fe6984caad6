public import Foundation

/// The place and size of an item in a collection view's content.
@MainActor
open class UICollectionViewLayoutAttributes: NSObject {
  /// The index path of the item.
  public let indexPath: IndexPath
  /// The item's frame in the collection view's content coordinates.
  open var frame: CGRect

  init(indexPath: IndexPath, frame: CGRect) {
    self.indexPath = indexPath
    self.frame = frame
  }
}

/// Where a collection view places its items: one a line, each section's
/// header (a flow layout's `headerReferenceSize`) above its items.
extension UICollectionView {
  /// Gives each item the height `height` answers from its cell, as
  /// self-sizing cells measure themselves from their content; a `nil` answer is the flow
  /// layout's `itemSize` height (stand-in only).
  package func standInCellHeight(_ height: @escaping @MainActor (UICollectionViewCell) -> CGFloat?)
  {
    core.metrics.cellHeight = { (view: UIView) -> CGFloat? in
      guard let cell = view as? UICollectionViewCell else { return nil }
      return height(cell)
    }
  }

  /// The attributes of the item at `indexPath` as laid out now, or `nil`
  /// for an item the view does not have.
  public func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes?
  {
    rowFrame(section: indexPath.section, row: indexPath.item).map {
      UICollectionViewLayoutAttributes(indexPath: indexPath, frame: $0)
    }
  }

}

extension UICollectionView: ListGeometryHost {
  var defaultRowHeight: CGFloat {
    (collectionViewLayout as? UICollectionViewFlowLayout)?.itemSize.height ?? 50
  }

  func headerHeight(of section: ShownSection) -> CGFloat {
    guard section.supplementaries[UICollectionView.elementKindSectionHeader] != nil,
      let flow = collectionViewLayout as? UICollectionViewFlowLayout
    else { return 0 }
    return flow.headerReferenceSize.height
  }

  func footerHeight(of section: ShownSection) -> CGFloat { 0 }
}
