public import Foundation

/// How a collection view places its items and supplementary views.
///
/// The stand-in places nothing; a layout says which kinds of
/// supplementary views each section has (`standInSupplementaryKinds`).
@MainActor
open class UICollectionViewLayout: NSObject {
  /// The collection view using the layout.
  public internal(set) weak var collectionView: UICollectionView?

  /// The kinds of supplementary views each section has, such as
  /// `UICollectionView.elementKindSectionHeader` (stand-in only; UIKit
  /// learns them from the layout's attributes). The collection view asks
  /// its data source for one view per kind and section when it loads a
  /// section.
  package var standInSupplementaryKinds: [String] = []

  /// How many times the layout was invalidated (stand-in only).
  package private(set) var standInInvalidations = 0

  /// Creates a layout.
  public override init() {
    super.init()
  }

  /// Marks the layout as out of date: the stand-in counts the calls.
  open func invalidateLayout() {
    standInInvalidations += 1
  }
}

/// A layout of items in rows or columns, with optional section headers.
@MainActor
open class UICollectionViewFlowLayout: UICollectionViewLayout {
  /// The size of section headers; a non-zero size gives every section a
  /// header, as in UIKit.
  open var headerReferenceSize: CGSize = .zero {
    didSet { collectionView?.core.layout = nil }
  }
  /// The size of an item. The stand-in places one item a line, whatever its
  /// width, so only the height counts (a cell height the test gives comes
  /// first: `UICollectionView/standInCellHeight`).
  open var itemSize = CGSize(width: 50, height: 50) {
    didSet { collectionView?.core.layout = nil }
  }

  /// The kinds set, plus a header when its reference size is not zero.
  package override var standInSupplementaryKinds: [String] {
    get {
      var kinds = super.standInSupplementaryKinds
      if headerReferenceSize != .zero, !kinds.contains(UICollectionView.elementKindSectionHeader) {
        kinds.append(UICollectionView.elementKindSectionHeader)
      }
      return kinds
    }
    set { super.standInSupplementaryKinds = newValue }
  }
}
