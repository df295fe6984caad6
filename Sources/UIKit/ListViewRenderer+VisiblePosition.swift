#if canImport(UIKit) && !os(watchOS) || canImport(UIKitStandIn)
  import DataSourceGraphSections
  import DataSourceGraphNodes
  import DataSourceGraphUIKitPlatform

  /// Keeping the user's place: see ``ListUpdateOptions/keepsVisiblePosition``.
  extension ListViewRenderer {
    /// Makes the changes `changes` causes as
    /// ``perform(animated:_:completion:)`` does, keeping the user's place
    /// through them or not, whatever ``ListUpdateOptions/keepsVisiblePosition``
    /// says. With `false`, a view that follows its end
    /// (``ListUpdateOptions/followsEnd``) does not follow it through these
    /// changes either: the offset is left as UIKit leaves it.
    ///
    /// A change the user asked for, such as "scroll to the top and show
    /// what is new", leaves the offset alone:
    ///
    /// ```swift
    /// renderer.perform(keepingVisiblePosition: false) {
    ///   _ = inbox.insert(drafts, at: ItemPath(section: 0, item: 0))
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - animated: Whether the changes animate.
    ///   - keepingVisiblePosition: Whether the topmost row on screen (or
    ///     ``anchorItemID``) stays where it is through the changes.
    ///   - changes: Edits of the graph this renderer shows.
    ///   - completion: Called once every update `changes` caused is finished.
    public func perform(
      animated: Bool = true, keepingVisiblePosition: Bool, _ changes: () -> Void,
      completion: (@MainActor () -> Void)? = nil
    ) {
      perform(animated: animated, position: keepingVisiblePosition, changes, completion: completion)
    }

    /// The user's place in the view, when it is to be kept through the
    /// change about to be shown (``ListUpdateOptions/keepsVisiblePosition``,
    /// or the innermost `perform`'s choice) or the view follows its end
    /// (``ListUpdateOptions/followsEnd``), and the view scrolls.
    func notePlace() -> NotedPlace<SectionID, Item>? {
      let keeps = positionOverride ?? options.keepsVisiblePosition
      let follows = options.followsEnd && positionOverride != false
      guard keeps || follows, let scrollable = scrollableView else { return nil }
      let anchor =
        snapshot.isEmpty ? nil : ScrollAnchor(scrollable, showing: snapshot, named: anchorItemID)
      guard anchor != nil || follows else { return nil }
      return NotedPlace(
        view: scrollable, anchor: anchor, keepsAnchor: keeps, followsEnd: follows,
        wasAtEnd: follows && isAtEnd(scrollable))
    }
  }

  /// The user's place in a view, noted before a change: the anchor to keep
  /// and whether the view was at its end.
  struct NotedPlace<SectionID: Hashable, Item: Identifiable> {
    /// The view whose place it is.
    var view: any ScrollableListView
    /// The rows on screen, the one to keep in place first; `nil` when no
    /// row is on screen.
    var anchor: ScrollAnchor<SectionID, Item>?
    /// Whether the anchor is kept in place (when the view was not at its
    /// end, or does not follow it).
    var keepsAnchor: Bool
    /// Whether the view follows its end (``ListUpdateOptions/followsEnd``).
    var followsEnd: Bool
    /// Whether the view followed its end and was at it: it is scrolled to
    /// its end after the change.
    var wasAtEnd: Bool

    /// Whether the rows the change inserts below the visible area are
    /// counted: the view follows its end but was not at it.
    var countsArrivals: Bool { followsEnd && !wasAtEnd }

    /// Whether `batch`, which leads to `new`, moves the rows on screen in
    /// the content while their place is kept (so they must not slide): see
    /// ``ScrollAnchor/isMoved(by:to:)``.
    func isMoved(by batch: ChangeBatch<SectionID, Item>, to new: Snapshot<SectionID, Item>) -> Bool
    {
      (keepsAnchor || wasAtEnd) && anchor?.isMoved(by: batch, to: new) == true
    }

    /// As ``isMoved(by:to:)`` for a batch that changes no section.
    func isMoved(byItemsOnly batch: ChangeBatch<SectionID, Item>) -> Bool {
      (keepsAnchor || wasAtEnd) && anchor?.isMoved(byItemsOnly: batch) == true
    }
  }
#endif
