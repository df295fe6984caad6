/// A value that describes a view's content. The stand-in's cells keep it
/// and show its text (`shownTexts`); no content view is made.
public protocol UIContentConfiguration {}

/// The standard content of a list cell: a text and a secondary text.
public struct UIListContentConfiguration: UIContentConfiguration, Hashable, Sendable {
  /// The primary text.
  public var text: String?
  /// The secondary text.
  public var secondaryText: String?

  /// The configuration of a plain cell.
  public static func cell() -> UIListContentConfiguration { UIListContentConfiguration() }
}
