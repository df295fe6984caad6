#if canImport(UIKit) && !os(watchOS) || canImport(UIKitStandIn)
  public import DataSourceGraphSections
  public import DataSourceGraphNodes
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
      /// Below the last row of a paged list (a table's footer view): shows
      /// the next page loading, its failure with a retry button, and,
      /// optionally, the end of the data (see ``showListEnd(of:)``).
      case listEnd
      /// Above the first row of a paged list (a table's header view): the
      /// same for earlier pages (see ``showListEnd(of:)``).
      case listStart

      /// The kind of supplementary view under which a collection view data
      /// source gives the view of this role (`listEnd`, `listStart`): the
      /// element kind of the boundary supplementary item a layout places
      /// at the bottom (or the top) of the list.
      public var elementKind: String { "DataSourceGraphUIKit.\(self)" }
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
        label.textAlignment = role == .banner ? .natural : .center
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
    /// gives for this view's role, or nothing (the view hides). A view at
    /// a list's end or start shows paging states instead (see
    /// ``show(paging:hasItems:)``) and ignores content states.
    public func show(_ state: ContentState) {
      self.state = state
      switch role {
      case .placeholder: present(ContentPresentation(state, placeholders: placeholders).placeholder)
      case .banner: present(ContentPresentation(state, placeholders: placeholders).banner)
      case .listEnd, .listStart: return
      }
    }

    /// Shows what one end of a paged list shows for `paging`: the next page
    /// loading, its failure with a retry button, or the end of the data
    /// (see ``ContentPlaceholders/listEnd(for:hasItems:atStart:)``); at the
    /// start for ``Role/listStart``. A view of another role ignores it.
    ///
    /// - Parameters:
    ///   - paging: The paging state of the view's end of the list.
    ///   - hasItems: Whether the list shows any row.
    public func show(paging: PagingState, hasItems: Bool) {
      guard role == .listEnd || role == .listStart else { return }
      present(placeholders.listEnd(for: paging, hasItems: hasItems, atStart: role == .listStart))
    }

    /// Keeps the view showing one end of `feed`'s list from now on, with one
    /// observation of the paging state of that end (the bottom for
    /// ``Role/listEnd``, the top for ``Role/listStart``), which every page
    /// and every first page reports, an empty refresh too; its retry button
    /// asks for the page that failed again. The observation ends when the
    /// view follows another feed or is released.
    ///
    /// ```swift
    /// let end = ContentStateView(role: .listEnd)
    /// end.placeholders.end = ContentPlaceholder(message: "No more posts")
    /// end.showListEnd(of: feed)
    /// tableView.tableFooterView = end  // TableViewDataSource.showListEnd(of:) does both
    /// ```
    ///
    /// A view of another role shows nothing of it.
    ///
    /// - Parameter feed: The paged source whose end the view shows.
    public func showListEnd<FeedSectionID, FeedItem, Cursor>(
      of feed: PagedDataSource<FeedSectionID, FeedItem, Cursor>
    ) {
      guard role == .listEnd || role == .listStart else { return }
      let atStart = role == .listStart
      let update = { [weak self, unowned feed] in
        guard let self else { return }
        let paging = atStart ? feed.previousPagingState : feed.pagingState
        self.show(paging: paging, hasItems: feed.numberOfItems > 0)
        guard self.reportedHeight != self.fittingHeight else { return }
        self.reportedHeight = self.fittingHeight
        self.onFittingHeightChange?(self.fittingHeight)
      }
      retryHandler = { [weak feed] in
        if atStart { feed?.loadPreviousPage() } else { feed?.loadNextPage() }
      }
      pagingObservation =
        atStart
        ? feed.observePreviousPaging { _ in update() } : feed.observePaging { _ in update() }
      update()
    }

    /// Told of the height the view needs, first when it starts showing a
    /// list's end and then each time it changes, so that whoever placed it
    /// (a table's footer, a collection view's layout) gives it that height.
    var onFittingHeightChange: (@MainActor (CGFloat) -> Void)?
    /// The height last told to ``onFittingHeightChange``.
    private var reportedHeight: CGFloat?
    /// The observation of ``showListEnd(of:)``.
    private var pagingObservation: ObservationToken?

    /// Shows `shown`, or hides the view for `nil`.
    private func present(_ shown: ContentPlaceholder?) {
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

    /// The height the view needs for what it shows: 0 while hidden. A
    /// table's footer or header view takes it as its height.
    public var fittingHeight: CGFloat {
      guard let shown else { return 0 }
      let rows: [CGFloat] = [
        shown.showsActivity ? 24 : nil, shown.title.map { _ in 28 },
        shown.message.map { _ in 60 }, shown.retryTitle.map { _ in 44 },
      ].compactMap { $0 }
      return rows.reduce(0, +) + 8 * CGFloat(max(rows.count - 1, 0)) + 2 * 16
    }

    /// Stacks the visible subviews: centred in the view for a placeholder,
    /// from the top for a banner and at either end of a list.
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
