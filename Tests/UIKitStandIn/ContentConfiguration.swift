public import Foundation

/// The state a configuration is updated for (selected, highlighted…). The
/// stand-in has no states to offer; the protocol exists so configurations
/// written for UIKit compile.
@MainActor
public protocol UIConfigurationState {}

/// A value that describes a view's content and makes the view that shows it.
public protocol UIContentConfiguration {
  /// Creates a view that shows this configuration.
  @MainActor func makeContentView() -> any UIView & UIContentView
  /// This configuration adjusted for `state`.
  @MainActor func updated(for state: any UIConfigurationState) -> Self
}

/// A view made from a content configuration.
@MainActor
public protocol UIContentView: NSObjectProtocol {
  /// The configuration the view shows.
  var configuration: any UIContentConfiguration { get set }
  /// Whether the view can show `configuration`.
  func supports(_ configuration: any UIContentConfiguration) -> Bool
}

extension UIContentView {
  /// Every configuration is supported unless the view says otherwise.
  public func supports(_ configuration: any UIContentConfiguration) -> Bool { true }
}

/// The standard content of a list cell, header or footer: a text and a
/// secondary text.
public struct UIListContentConfiguration: UIContentConfiguration, Hashable, Sendable {
  /// The primary text.
  public var text: String?
  /// The secondary text.
  public var secondaryText: String?

  /// The configuration of a plain cell.
  public static func cell() -> UIListContentConfiguration { UIListContentConfiguration() }
  /// The configuration of a cell with the secondary text below the text.
  public static func subtitleCell() -> UIListContentConfiguration { UIListContentConfiguration() }
  /// The configuration of a cell with the secondary text beside the text.
  public static func valueCell() -> UIListContentConfiguration { UIListContentConfiguration() }
  /// The configuration of a header in a plain list.
  public static func header() -> UIListContentConfiguration { UIListContentConfiguration() }
  /// The configuration of a footer in a plain list.
  public static func footer() -> UIListContentConfiguration { UIListContentConfiguration() }
  /// The configuration of a header in a grouped list.
  public static func groupedHeader() -> UIListContentConfiguration { UIListContentConfiguration() }
  /// The configuration of a footer in a grouped list.
  public static func groupedFooter() -> UIListContentConfiguration { UIListContentConfiguration() }

  /// A list content view showing this configuration.
  @MainActor public func makeContentView() -> any UIView & UIContentView {
    UIListContentView(configuration: self)
  }

  /// The same configuration: the stand-in has no state-dependent styling.
  @MainActor public func updated(for state: any UIConfigurationState) -> UIListContentConfiguration
  {
    self
  }
}

/// The view that shows a `UIListContentConfiguration`.
@MainActor
open class UIListContentView: UIView, UIContentView {
  /// The configuration shown, as a list configuration.
  open var listConfiguration: UIListContentConfiguration

  /// The configuration shown; setting anything but a
  /// `UIListContentConfiguration` is ignored.
  open var configuration: any UIContentConfiguration {
    get { listConfiguration }
    set {
      if let list = newValue as? UIListContentConfiguration { listConfiguration = list }
    }
  }

  /// Creates a view showing `configuration`.
  public init(configuration: UIListContentConfiguration) {
    self.listConfiguration = configuration
    super.init(frame: .zero)
  }

  /// Creating the view from an archive is not supported: this initializer
  /// fails.
  public required init?(coder: NSCoder) {
    return nil
  }

  /// Whether `configuration` is a list configuration.
  open func supports(_ configuration: any UIContentConfiguration) -> Bool {
    configuration is UIListContentConfiguration
  }
}
