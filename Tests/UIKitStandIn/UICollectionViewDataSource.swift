public import Foundation

/// The object that tells a collection view what to show: section and item
/// counts, cells, and supplementary views.
///
/// The optional methods of UIKit's Objective-C protocol are requirements
/// here with defaults in an extension, so a conforming class's own
/// implementations are the ones called.
@MainActor
public protocol UICollectionViewDataSource: NSObjectProtocol {
  /// The number of items in `section`.
  func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int)
    -> Int
  /// The cell for the item at `indexPath`; dequeue it from `collectionView`.
  func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath)
    -> UICollectionViewCell
  /// The number of sections (default 1).
  func numberOfSections(in collectionView: UICollectionView) -> Int
  /// The supplementary view of `kind` at `indexPath`; dequeue it from
  /// `collectionView`. UIKit has no default: a layout that asks a data
  /// source without it stops the app. The stand-in's default records an
  /// invalid update and returns an empty view.
  func collectionView(
    _ collectionView: UICollectionView, viewForSupplementaryElementOfKind kind: String,
    at indexPath: IndexPath
  ) -> UICollectionReusableView
  /// Whether the item at `indexPath` can be moved by the user (default `false`).
  func collectionView(_ collectionView: UICollectionView, canMoveItemAt indexPath: IndexPath)
    -> Bool
  /// Moves an item the user dragged (default: nothing).
  func collectionView(
    _ collectionView: UICollectionView, moveItemAt sourceIndexPath: IndexPath,
    to destinationIndexPath: IndexPath)
  /// The titles of the index (default `nil`: no index).
  func indexTitles(for collectionView: UICollectionView) -> [String]?
  /// The index path an index title leads to (default: the first item of
  /// the section with the title's index).
  func collectionView(
    _ collectionView: UICollectionView, indexPathForIndexTitle title: String, at index: Int
  ) -> IndexPath
}

extension UICollectionViewDataSource {
  /// One section, as in UIKit.
  public func numberOfSections(in collectionView: UICollectionView) -> Int { 1 }

  /// Records a `InvalidUpdate/Kind/missingDataSourceMethod` and returns
  /// an empty view.
  public func collectionView(
    _ collectionView: UICollectionView, viewForSupplementaryElementOfKind kind: String,
    at indexPath: IndexPath
  ) -> UICollectionReusableView {
    collectionView.core.report(
      .missingDataSourceMethod,
      "the data source does not implement collectionView(_:viewForSupplementaryElementOfKind:at:) but the layout asks for a supplementary view of kind \(kind)",
      indexPaths: [indexPath])
    return UICollectionReusableView(standInReuseIdentifier: kind)
  }

  /// No item can be moved.
  public func collectionView(
    _ collectionView: UICollectionView, canMoveItemAt indexPath: IndexPath
  ) -> Bool { false }

  /// Does nothing.
  public func collectionView(
    _ collectionView: UICollectionView, moveItemAt sourceIndexPath: IndexPath,
    to destinationIndexPath: IndexPath
  ) {}

  /// No index.
  public func indexTitles(for collectionView: UICollectionView) -> [String]? { nil }

  /// The first item of the section with the title's index.
  public func collectionView(
    _ collectionView: UICollectionView, indexPathForIndexTitle title: String, at index: Int
  ) -> IndexPath { IndexPath(item: 0, section: index) }
}
