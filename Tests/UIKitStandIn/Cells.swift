public import Foundation

/// A row of a table view.
///
/// A table view makes cells of a registered class with
/// `init(standInReuseIdentifier:)`, which calls
/// `init(style:reuseIdentifier:)` with the `.default` style, as UIKit does.
/// A subclass that overrides `init(style:reuseIdentifier:)` and
/// `init?(coder:)` (as UIKit requires of subclasses with initializers of
/// their own) inherits it.
@MainActor
open class UITableViewCell: UIView {
  /// The style the cell was made with.
  public let style: CellStyle
  /// The identifier the cell was registered and dequeued with.
  public let reuseIdentifier: String?
  /// The view that holds the cell's content.
  public let contentView = UIView()
  /// The content shown, when set with a configuration.
  open var contentConfiguration: (any UIContentConfiguration)?
  /// The main text label (made on first use, as in UIKit).
  open var textLabel: UILabel? {
    if storedTextLabel == nil { storedTextLabel = UILabel() }
    return storedTextLabel
  }
  /// The secondary text label; `nil` for the `.default` style.
  open var detailTextLabel: UILabel? {
    guard style != .default else { return nil }
    if storedDetailTextLabel == nil { storedDetailTextLabel = UILabel() }
    return storedDetailTextLabel
  }

  private var storedTextLabel: UILabel?
  private var storedDetailTextLabel: UILabel?

  /// The built-in layouts of a cell.
  public enum CellStyle: Int, Sendable {
    /// A text label only.
    case `default` = 0
    /// A text label with a detail label on the right.
    case value1 = 1
    /// A blue label with a detail label beside it.
    case value2 = 2
    /// A text label with a detail label below it.
    case subtitle = 3
  }

  /// Creates a cell of `style` for `reuseIdentifier`.
  public init(style: CellStyle, reuseIdentifier: String?) {
    self.style = style
    self.reuseIdentifier = reuseIdentifier
    super.init(frame: .zero)
    addSubview(contentView)
  }

  /// Creating a cell from an archive is not supported: this initializer
  /// fails.
  public required init?(coder: NSCoder) {
    return nil
  }

  /// Creates a `.default` cell without a reuse identifier, with `frame`.
  public override convenience init(frame: CGRect) {
    self.init(style: .default, reuseIdentifier: nil)
    self.frame = frame
  }

  /// Creates a `.default` cell for `reuseIdentifier`: how a table view
  /// makes a cell of a registered class (stand-in only).
  public required convenience init(standInReuseIdentifier: String?) {
    self.init(style: .default, reuseIdentifier: standInReuseIdentifier)
  }

  /// The default list configuration, with no content (the same for every
  /// style: the stand-in does no styling).
  open func defaultContentConfiguration() -> UIListContentConfiguration { .cell() }

  /// Called before the table view hands the cell out again; override it to
  /// reset state, calling `super`.
  open func prepareForReuse() {}
}

/// A view a collection view reuses: the base of cells and supplementary
/// views.
///
/// A collection view makes views of a registered class with
/// `init(standInReuseIdentifier:)`, which calls `init(frame:)`, as UIKit
/// does. A subclass that overrides `init(frame:)` and `init?(coder:)`
/// inherits it.
@MainActor
open class UICollectionReusableView: UIView {
  /// The identifier the view was registered and dequeued with.
  public internal(set) var reuseIdentifier: String?

  /// Creates a view with a zero frame for `reuseIdentifier`: how a
  /// collection view makes one of a registered class (stand-in only).
  public required convenience init(standInReuseIdentifier: String?) {
    self.init(frame: .zero)
    reuseIdentifier = standInReuseIdentifier
  }

  /// Called before the collection view hands the view out again; override
  /// it to reset state, calling `super`.
  open func prepareForReuse() {}
}

/// An item of a collection view.
@MainActor
open class UICollectionViewCell: UICollectionReusableView {
  /// The view that holds the cell's content.
  public let contentView = UIView()
  /// The content shown, when set with a configuration.
  open var contentConfiguration: (any UIContentConfiguration)?

  /// Creates a cell with `frame`.
  public override init(frame: CGRect) {
    super.init(frame: frame)
    addSubview(contentView)
  }

  /// Creating a cell from an archive is not supported: this initializer
  /// fails.
  public required init?(coder: NSCoder) {
    return nil
  }
}

/// A collection view cell styled as a list row.
@MainActor
open class UICollectionViewListCell: UICollectionViewCell {
  /// The default list configuration, with no content.
  open func defaultContentConfiguration() -> UIListContentConfiguration { .cell() }
}
