#if canImport(UIKit) && !os(watchOS) || canImport(UIKitStandIn)
  import DataSourceGraphSections
  import DataSourceGraphNodes
  import DataSourceGraphUIKitPlatform

  /// Keeping the user's place: see ``ListUpdateOptions/keepsVisiblePosition``.
  extension ListViewRenderer {
    /// Makes the changes `changes` causes as
    /// ``perform(animated:_:completion:)`` does, keeping the user's place
    /// through them or not, whatever ``ListUpdateOptions/keepsVisiblePosition``
    /// says.
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
    /// change about to be shown: ``ListUpdateOptions/keepsVisiblePosition``
    /// (or the innermost `perform`'s choice), and a view that scrolls and
    /// shows an item.
    func notePlace() -> (
      anchor: ScrollAnchor<SectionID, Item>, view: any ScrollableListView
    )? {
      guard positionOverride ?? options.keepsVisiblePosition, !snapshot.isEmpty,
        let scrollable = (view as? any ScrollableListView)
          ?? (view as? any ScrollableListViewForwarding)?.forwardedScrollableView,
        let anchor = ScrollAnchor(scrollable, showing: snapshot, named: anchorItemID)
      else { return nil }
      return (anchor, scrollable)
    }
  }
#endif
