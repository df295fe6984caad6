#if canImport(UIKit) && !os(watchOS) || canImport(UIKitStandIn)
  public import DataSourceGraphSections
  import DataSourceGraphNodes
  public import DataSourceGraphUIKitPlatform

  /// A view that shows a node's content state: a placeholder instead of an
  /// empty list (loading, empty, error), or a banner over the content (a
  /// refresh that failed, parts of a screen that are missing), with a retry
  /// button that reloads the node.
  ///
  /// Make one with the ``Role`` it plays and give it to a data source, which
  /// keeps it up to date and wires its retry button to `DataSource.reload()`:
  ///
  /// ```swift
  /// let placeholder = ContentStateView(role: .placeholder)
  /// tableView.backgroundView = placeholder
  /// dataSource.placeholderView = placeholder
  ///
  /// let banner = ContentStateView(role: .banner)
  /// view.addSubview(banner)  // above the list, where the app wants it
  /// dataSource.bannerView = banner
  /// ```
  ///
  /// The view hides itself when its role has nothing to show (a placeholder
  /// view while there is content, a banner view while nothing is wrong), so
  /// content stays visible while it refreshes. What it shows for each state
  /// is ``ContentPresentation``, from ``placeholders``.
  ///
  /// The subviews are public for styling (fonts, colours); subclass and
  /// override `layoutSubviews()` for another layout.
  @MainActor
  open class ContentStateView: UIView {
    /// Where the view sits, which decides the states it shows.
    public enum Role: Hashable, Sendable {
      /// Instead of the list (its background view, or over it): shows the
      /// placeholders of loading, empty and error.
      case placeholder
      /// Over or above the content: shows the banners of a failed refresh
      /// and of missing parts.
      case banner
    }

    /// The role the view plays.
    public let role: Role
    /// What to show for each state. Setting it shows the current state again.
    public var placeholders = ContentPlaceholders() {
      didSet { show(state) }
    }
    /// Called when the retry button is tapped; a data source sets it to
    /// reload its node.
    public var retryHandler: (@MainActor () -> Void)?
    /// The state shown.
    public private(set) var state: ContentState = .initial
    /// What the view shows, or `nil` while it is hidden.
    public private(set) var shown: ContentPlaceholder?

    /// Spins while ``ContentPlaceholder/showsActivity``.
    public let activityIndicator = UIActivityIndicatorView(style: .medium)
    /// Shows ``ContentPlaceholder/title``.
    public let titleLabel = UILabel()
    /// Shows ``ContentPlaceholder/message``.
    public let messageLabel = UILabel()
    /// Shows ``ContentPlaceholder/retryTitle`` and calls ``retryHandler``.
    public let retryButton = UIButton(type: .system)

    /// Creates a hidden view for `role`.
    public init(role: Role, frame: CGRect = .zero) {
      self.role = role
      super.init(frame: frame)
      autoresizingMask = [.flexibleWidth, .flexibleHeight]
      activityIndicator.hidesWhenStopped = true
      titleLabel.font = UIFont.preferredFont(
        forTextStyle: role == .placeholder ? .title2 : .headline)
      messageLabel.font = UIFont.preferredFont(forTextStyle: .body)
      for label in [titleLabel, messageLabel] {
        label.textAlignment = role == .placeholder ? .center : .natural
        label.numberOfLines = 0
        label.adjustsFontForContentSizeCategory = true
      }
      retryButton.addAction(
        UIAction { [weak self] _ in self?.retryHandler?() }, for: .touchUpInside)
      for subview in [activityIndicator, titleLabel, messageLabel, retryButton] {
        addSubview(subview)
      }
      isHidden = true
    }

    /// Not available: the view is made in code.
    @available(*, unavailable)
    public required init?(coder: NSCoder) {
      fatalError("ContentStateView is made in code: use init(role:frame:)")
    }

    /// Shows `state`: the placeholder or banner its ``ContentPresentation``
    /// gives for this view's role, or nothing (the view hides).
    public func show(_ state: ContentState) {
      self.state = state
      let presentation = ContentPresentation(state, placeholders: placeholders)
      let shown = role == .placeholder ? presentation.placeholder : presentation.banner
      self.shown = shown
      isHidden = shown == nil
      guard let shown else {
        activityIndicator.stopAnimating()
        return
      }
      titleLabel.text = shown.title
      titleLabel.isHidden = shown.title == nil
      messageLabel.text = shown.message
      messageLabel.isHidden = shown.message == nil
      retryButton.setTitle(shown.retryTitle, for: .normal)
      retryButton.isHidden = shown.retryTitle == nil
      if shown.showsActivity {
        activityIndicator.startAnimating()
      } else {
        activityIndicator.stopAnimating()
      }
      setNeedsLayout()
    }

    /// Stacks the visible subviews: centred in the view for a placeholder,
    /// from the top for a banner.
    open override func layoutSubviews() {
      super.layoutSubviews()
      let margin: CGFloat = 16
      let width = max(bounds.width - 2 * margin, 0)
      let rows: [(view: UIView, height: CGFloat)] = [
        (activityIndicator, 24), (titleLabel, 28), (messageLabel, 60), (retryButton, 44),
      ].filter { !$0.view.isHidden }
      let spacing: CGFloat = 8
      let total = rows.reduce(0) { $0 + $1.height } + spacing * CGFloat(max(rows.count - 1, 0))
      var y = role == .placeholder ? max((bounds.height - total) / 2, margin) : margin
      for row in rows {
        row.view.frame = CGRect(x: margin, y: y, width: width, height: row.height)
        y += row.height + spacing
      }
    }
  }
#endif
