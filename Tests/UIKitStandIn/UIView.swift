public import Foundation

/// A rectangular area on screen that other views can be added to.
///
/// The stand-in keeps the view tree (`superview`, `subviews`,
/// `window`), the geometry, and the layout cycle (`setNeedsLayout()`,
/// `layoutIfNeeded()`, `layoutSubviews()`); it draws nothing.
@MainActor
open class UIView: NSObject {
  /// Whether UIKit animates changes right now; see `performWithoutAnimation(_:)`.
  private static var animationsEnabled = true

  /// The view's frame in its superview's coordinates.
  open var frame: CGRect {
    didSet {
      guard oldValue.size != frame.size else { return }
      resizeSubviews(from: oldValue.size)
      setNeedsLayout()
    }
  }

  /// The view's own coordinate space: its frame's size at the origin.
  open var bounds: CGRect {
    get { CGRect(origin: .zero, size: frame.size) }
    set { frame.size = newValue.size }
  }

  /// The view that contains this one, if any.
  public private(set) weak var superview: UIView?

  /// The views this one contains, back to front.
  public private(set) var subviews: [UIView] = []

  /// Whether the view is hidden.
  open var isHidden = false

  /// An integer you can use to find the view.
  open var tag = 0

  /// How the view resizes when its superview's bounds change.
  open var autoresizingMask: AutoresizingMask = []

  /// Whether the next `layoutIfNeeded()` runs `layoutSubviews()`.
  private var needsLayout = true

  /// How a view resizes when its superview's size changes.
  public struct AutoresizingMask: OptionSet, Hashable, Sendable {
    /// The raw bits.
    public let rawValue: UInt
    /// Creates a mask from raw bits.
    public init(rawValue: UInt) { self.rawValue = rawValue }
    /// Grows and shrinks the width with the superview's width.
    public static let flexibleWidth = AutoresizingMask(rawValue: 1 << 1)
    /// Grows and shrinks the height with the superview's height.
    public static let flexibleHeight = AutoresizingMask(rawValue: 1 << 4)
  }

  /// Creates a view with the given frame.
  public init(frame: CGRect) {
    self.frame = frame
    super.init()
  }

  /// Creating a view from an archive is not supported by the stand-in:
  /// this initializer fails.
  public required init?(coder: NSCoder) {
    return nil
  }

  /// Creates a view with a zero frame.
  public override convenience init() {
    self.init(frame: .zero)
  }

  /// The window the view is in: itself if it is a `UIWindow`, else its
  /// nearest ancestor that is one; `nil` when it is in no window.
  open var window: UIWindow? {
    var view: UIView? = self
    while let current = view {
      if let window = current as? UIWindow { return window }
      view = current.superview
    }
    return nil
  }

  /// Adds `view` as the frontmost subview, removing it from its former
  /// superview first.
  open func addSubview(_ view: UIView) {
    guard view !== self else { return }
    view.removeFromSuperview()
    subviews.append(view)
    view.superview = self
    setNeedsLayout()
  }

  /// Removes the view from its superview, if it has one.
  open func removeFromSuperview() {
    guard let parent = superview else { return }
    parent.subviews.removeAll { $0 === self }
    superview = nil
    parent.setNeedsLayout()
  }

  /// Lays out the subviews. Override it to position subviews; the default
  /// does nothing (autoresizing is applied when the size changes). Call
  /// `setNeedsLayout()` and `layoutIfNeeded()` instead of calling it.
  open func layoutSubviews() {}

  /// Marks the view as needing layout at the next `layoutIfNeeded()`.
  open func setNeedsLayout() {
    needsLayout = true
  }

  /// Runs `layoutSubviews()` now if the view needs layout, then does the
  /// same for its subviews.
  open func layoutIfNeeded() {
    if needsLayout {
      needsLayout = false
      layoutSubviews()
    }
    for subview in subviews { subview.layoutIfNeeded() }
  }

  /// Applies the subviews' `autoresizingMask` after this view's size
  /// changed from `oldSize`.
  private func resizeSubviews(from oldSize: CGSize) {
    let dw = frame.size.width - oldSize.width
    let dh = frame.size.height - oldSize.height
    for subview in subviews where !subview.autoresizingMask.isEmpty {
      var rect = subview.frame
      if subview.autoresizingMask.contains(.flexibleWidth) { rect.size.width += dw }
      if subview.autoresizingMask.contains(.flexibleHeight) { rect.size.height += dh }
      subview.frame = rect
    }
  }

  /// Whether changes are animated now: false inside
  /// `performWithoutAnimation(_:)`.
  open class var areAnimationsEnabled: Bool { animationsEnabled }

  /// Runs `actions` with animations turned off, then restores the former
  /// setting.
  open class func performWithoutAnimation(_ actions: () -> Void) {
    let former = animationsEnabled
    animationsEnabled = false
    defer { animationsEnabled = former }
    actions()
  }
}

/// The root of a view tree shown on screen. A view is in a window when it
/// or one of its ancestors is a `UIWindow`.
@MainActor
open class UIWindow: UIView {
  /// Whether the window is the key window (stand-in: set by
  /// `makeKeyAndVisible()`).
  public private(set) var isKeyWindow = false

  /// Shows the window and makes it the key window.
  open func makeKeyAndVisible() {
    isHidden = false
    isKeyWindow = true
  }
}

/// A view whose content can be larger than its bounds. The stand-in keeps
/// the content offset, size and insets; it never scrolls by itself (a test
/// sets `contentOffset` as the user's finger would).
@MainActor
open class UIScrollView: UIView {
  /// The point of the content shown at the view's origin.
  open var contentOffset: CGPoint = .zero
  /// The size of the content.
  open var contentSize: CGSize = .zero
  /// Room around the content, for bars that cover the view's edges.
  open var contentInset: UIEdgeInsets = .zero
  /// The insets the content is laid out with: `contentInset` and, in
  /// UIKit, the safe area's, which the stand-in does not have.
  open var adjustedContentInset: UIEdgeInsets { contentInset }

  /// Moves the content so that `contentOffset` is `offset` (stand-in: at
  /// once, animated or not).
  open func setContentOffset(_ offset: CGPoint, animated: Bool) {
    contentOffset = offset
  }
}
