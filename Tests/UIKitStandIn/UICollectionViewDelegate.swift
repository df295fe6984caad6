public import Foundation

/// The object a collection view tells about what the user does with its
/// items and about items coming and going on screen.
///
/// The optional methods of UIKit's Objective-C protocol are requirements
/// here with UIKit's defaults in an extension, so a conforming class's own
/// implementations are the ones called. Only the calls the UIKit layer
/// answers are modelled.
@MainActor
public protocol UICollectionViewDelegate: NSObjectProtocol {
  /// The user selected the item at `indexPath` (default: nothing).
  func collectionView(_ collectionView: UICollectionView, didSelectItemAt indexPath: IndexPath)
  /// The user deselected the item at `indexPath` (default: nothing).
  func collectionView(_ collectionView: UICollectionView, didDeselectItemAt indexPath: IndexPath)
  /// `cell` is about to be shown at `indexPath` (default: nothing).
  func collectionView(
    _ collectionView: UICollectionView, willDisplay cell: UICollectionViewCell,
    forItemAt indexPath: IndexPath)
  /// `cell`, which was shown at `indexPath`, left the screen (default:
  /// nothing). The item may no longer exist.
  func collectionView(
    _ collectionView: UICollectionView, didEndDisplaying cell: UICollectionViewCell,
    forItemAt indexPath: IndexPath)
  /// The context menu of the items at `indexPaths` (several when the user
  /// selected several; none for the view's background), touched at `point`
  /// (default `nil`: no menu).
  func collectionView(
    _ collectionView: UICollectionView, contextMenuConfigurationForItemsAt indexPaths: [IndexPath],
    point: CGPoint
  ) -> UIContextMenuConfiguration?
}

extension UICollectionViewDelegate {
  /// Does nothing.
  public func collectionView(
    _ collectionView: UICollectionView, didSelectItemAt indexPath: IndexPath
  ) {}
  /// Does nothing.
  public func collectionView(
    _ collectionView: UICollectionView, didDeselectItemAt indexPath: IndexPath
  ) {}
  /// Does nothing.
  public func collectionView(
    _ collectionView: UICollectionView, willDisplay cell: UICollectionViewCell,
    forItemAt indexPath: IndexPath
  ) {}
  /// Does nothing.
  public func collectionView(
    _ collectionView: UICollectionView, didEndDisplaying cell: UICollectionViewCell,
    forItemAt indexPath: IndexPath
  ) {}
  /// No menu.
  public func collectionView(
    _ collectionView: UICollectionView, contextMenuConfigurationForItemsAt indexPaths: [IndexPath],
    point: CGPoint
  ) -> UIContextMenuConfiguration? { nil }
}
