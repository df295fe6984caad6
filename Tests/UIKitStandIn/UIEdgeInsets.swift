public import Foundation

/// Distances inward from the four edges of a rectangle, as UIKit's.
public struct UIEdgeInsets: Hashable, Sendable {
  /// The inset of the top edge.
  public var top: CGFloat
  /// The inset of the left edge.
  public var left: CGFloat
  /// The inset of the bottom edge.
  public var bottom: CGFloat
  /// The inset of the right edge.
  public var right: CGFloat

  /// Creates insets from the four distances.
  public init(top: CGFloat, left: CGFloat, bottom: CGFloat, right: CGFloat) {
    self.top = top
    self.left = left
    self.bottom = bottom
    self.right = right
  }

  /// No inset.
  public static let zero = UIEdgeInsets(top: 0, left: 0, bottom: 0, right: 0)
}
