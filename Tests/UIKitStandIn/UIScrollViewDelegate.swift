public import Foundation

/// The object a scroll view tells that its content moved. Table and
/// collection views tell their delegate, which is one, as UIKit's
/// `UITableViewDelegate` and `UICollectionViewDelegate` refine it.
///
/// UIKit's method is optional; here it is a requirement with UIKit's
/// default (nothing) in an extension.
@MainActor
public protocol UIScrollViewDelegate: NSObjectProtocol {
  /// The content offset changed: the user scrolled, or code set it (UIKit
  /// calls it for both).
  func scrollViewDidScroll(_ scrollView: UIScrollView)
}

extension UIScrollViewDelegate {
  /// Does nothing.
  public func scrollViewDidScroll(_ scrollView: UIScrollView) {}
}
