public import Foundation

/// How text lines up in its view.
///
/// UIKit declares it with its text system; the raw values are those of iOS.
public enum NSTextAlignment: Int, Sendable {
  /// Aligned to the left edge.
  case left = 0
  /// Centred.
  case center = 1
  /// Aligned to the right edge.
  case right = 2
  /// Both edges aligned.
  case justified = 3
  /// Aligned to the leading edge of the script (left for left-to-right text).
  case natural = 4
}

/// A font. The stand-in keeps the text style and point size it was made
/// with; it does no typesetting.
@MainActor
open class UIFont: NSObject {
  /// The text style the font was made for, if any (stand-in only).
  public let textStyle: TextStyle?
  /// The point size.
  public let pointSize: CGFloat

  /// A Dynamic Type text style.
  public struct TextStyle: RawRepresentable, Hashable, Sendable {
    /// The style's name, as UIKit spells it (`"UICTFontTextStyleBody"`).
    public let rawValue: String
    /// Creates a style from its name.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// The style of second-level titles.
    public static let title2 = TextStyle(rawValue: "UICTFontTextStyleTitle2")
    /// The style of headings.
    public static let headline = TextStyle(rawValue: "UICTFontTextStyleHeadline")
    /// The style of body text.
    public static let body = TextStyle(rawValue: "UICTFontTextStyleBody")
    /// The style of footnotes.
    public static let footnote = TextStyle(rawValue: "UICTFontTextStyleFootnote")
  }

  /// Creates a font of `size` points for `style`.
  init(textStyle: TextStyle?, pointSize: CGFloat) {
    self.textStyle = textStyle
    self.pointSize = pointSize
    super.init()
  }

  /// The font for `style` at the default content size (the sizes of iOS's
  /// "Large" setting).
  open class func preferredFont(forTextStyle style: TextStyle) -> UIFont {
    let sizes: [TextStyle: CGFloat] = [
      .title2: 22, .headline: 17, .body: 17, .footnote: 13,
    ]
    return UIFont(textStyle: style, pointSize: sizes[style] ?? 17)
  }

  /// The system font of `fontSize` points.
  open class func systemFont(ofSize fontSize: CGFloat) -> UIFont {
    UIFont(textStyle: nil, pointSize: fontSize)
  }
}

/// A view that shows text. The stand-in keeps what it would show.
@MainActor
open class UILabel: UIView {
  /// The text shown.
  open var text: String?
  /// The most lines the text may take; 0 means no limit.
  open var numberOfLines = 1
  /// How the text lines up.
  open var textAlignment: NSTextAlignment = .natural
  /// The font; never `nil` when read (setting `nil` restores the default).
  open var font: UIFont! {
    get { storedFont }
    set { storedFont = newValue ?? UIFont.systemFont(ofSize: 17) }
  }
  /// Whether the font follows the user's preferred content size.
  open var adjustsFontForContentSizeCategory = false

  private var storedFont = UIFont.systemFont(ofSize: 17)
}
