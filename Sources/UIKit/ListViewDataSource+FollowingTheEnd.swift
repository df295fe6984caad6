#if canImport(UIKit) && !os(watchOS) || canImport(UIKitStandIn)
  import DataSourceGraphUIKitPlatform

  /// Following the view's end: see ``ListUpdateOptions/followsEnd``.
  extension ListViewDataSource {
    /// How many rows arrived below the visible area since the view was last
    /// at its end; see ``ListViewRenderer/rowsArrivedBelow``. The data
    /// source sets it back to 0 when the user scrolls to the end, which it
    /// hears as the view's delegate (set the view's `delegate` to it: its
    /// `scrollViewDidScroll(_:)` takes the scroll, then tells your
    /// `forwardingDelegate`).
    ///
    /// ```swift
    /// dataSource.options.followsEnd = true
    /// dataSource.onRowsArrivedBelowChange = { count in
    ///   newMessagesButton.isHidden = count == 0
    /// }
    /// ```
    public var rowsArrivedBelow: Int { renderer.rowsArrivedBelow }

    /// Called each time ``rowsArrivedBelow`` changes, with its new value.
    public var onRowsArrivedBelowChange: ((Int) -> Void)? {
      get { renderer.onRowsArrivedBelowChange }
      set { renderer.onRowsArrivedBelowChange = newValue }
    }

    /// Whether the view is scrolled to its end; see
    /// ``ListViewRenderer/isScrolledToEnd``.
    public var isScrolledToEnd: Bool { renderer.isScrolledToEnd }

    /// Scrolls the view to its end and sets ``rowsArrivedBelow`` back to 0;
    /// see ``ListViewRenderer/scrollToEnd(animated:)``.
    ///
    /// - Parameter animated: Whether the view scrolls with an animation.
    public func scrollToEnd(animated: Bool = true) { renderer.scrollToEnd(animated: animated) }
  }
#endif
