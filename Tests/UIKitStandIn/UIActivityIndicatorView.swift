public import Foundation

/// A spinner that shows that work is in progress.
@MainActor
open class UIActivityIndicatorView: UIView {
  /// The size of the spinner.
  open var style: Style
  /// Whether the spinner is turning.
  public private(set) var isAnimating = false
  /// Whether the view hides itself while stopped (default `true`, as in
  /// UIKit).
  open var hidesWhenStopped = true {
    didSet { updateHidden() }
  }

  /// Sizes of spinners.
  public enum Style: Int, Sendable {
    /// The medium spinner.
    case medium = 100
    /// The large spinner.
    case large = 101
  }

  /// Creates a stopped spinner of `style`.
  public init(style: Style) {
    self.style = style
    super.init(frame: .zero)
    updateHidden()
  }

  /// Creates a stopped medium spinner with the given frame.
  public override convenience init(frame: CGRect) {
    self.init(style: .medium)
    self.frame = frame
  }

  /// Creating a spinner from an archive is not supported: this initializer
  /// fails.
  public required init?(coder: NSCoder) {
    return nil
  }

  /// Starts turning and shows the view.
  open func startAnimating() {
    isAnimating = true
    updateHidden()
  }

  /// Stops turning; hides the view when `hidesWhenStopped`.
  open func stopAnimating() {
    isAnimating = false
    updateHidden()
  }

  private func updateHidden() {
    if isAnimating {
      isHidden = false
    } else if hidesWhenStopped {
      isHidden = true
    }
  }
}
