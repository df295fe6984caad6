#if canImport(UIKit) && !os(watchOS) || canImport(UIKitStandIn)
  import DataSourceGraphSections
  import DataSourceGraphUIKitPlatform

  /// Following the view's end, and counting the rows that arrive below
  /// while the user reads elsewhere: see ``ListUpdateOptions/followsEnd``.
  extension ListViewRenderer {
    /// Whether the view is scrolled to its end: the bottom of the visible
    /// area (above the bottom content inset) within
    /// ``ListUpdateOptions/endTolerance`` of the end of the content, or all
    /// of the content on screen; `false` for a view that does not scroll
    /// (``ScrollableListView``) or is gone.
    public var isScrolledToEnd: Bool { scrollableView.map(isAtEnd) ?? false }

    /// Scrolls the view to its end, once the changes waiting for the end of
    /// the turn are shown, and sets ``rowsArrivedBelow`` back to 0: the
    /// action of a "new messages" button, or the first scroll of a chat to
    /// its newest message.
    ///
    /// ```swift
    /// newMessagesButton.addAction(UIAction { _ in renderer.scrollToEnd() }, for: .touchUpInside)
    /// ```
    ///
    /// - Parameter animated: Whether the view scrolls with an animation.
    public func scrollToEnd(animated: Bool = true) {
      applyPendingChanges()
      if let view = scrollableView { scroll(view, toEndAnimated: animated) }
      setRowsArrivedBelow(0)
    }

    /// Takes a scroll of the view: at its end, ``rowsArrivedBelow`` is back
    /// to 0. Call it from the view's delegate's `scrollViewDidScroll(_:)`
    /// when you use the renderer alone (``TableViewDataSource`` and
    /// ``CollectionViewDataSource`` call it); the scrolls the renderer makes
    /// while it shows a change are not taken.
    public func viewDidScroll() {
      guard options.followsEnd, !isChangingView, rowsArrivedBelow > 0, isScrolledToEnd else {
        return
      }
      setRowsArrivedBelow(0)
    }

    /// The view whose offset is read and set, if it scrolls: the view, or
    /// the one behind the view given (the data sources' guard of the
    /// user's moves).
    var scrollableView: (any ScrollableListView)? {
      (view as? any ScrollableListView)
        ?? (view as? any ScrollableListViewForwarding)?.forwardedScrollableView
    }

    /// Whether `view` is scrolled to its end (see ``isScrolledToEnd``).
    func isAtEnd(_ view: any ScrollableListView) -> Bool {
      view.layoutIfNeeded()
      return view.visibleArea.bottom >= view.contentSize.height - options.endTolerance
    }

    /// Scrolls `view` so the end of its content is at the bottom of the
    /// visible area, above the bottom inset (to the top, for a content
    /// shorter than the view).
    private func scroll(_ view: any ScrollableListView, toEndAnimated animated: Bool) {
      view.layoutIfNeeded()
      let end = view.endOffset
      let offset = view.contentOffset
      guard offset.y != end else { return }
      let target = CGPoint(x: offset.x, y: end)
      if let scrollView = view as? UIScrollView {
        scrollView.setContentOffset(target, animated: animated)
      } else {
        view.contentOffset = target
      }
    }

    /// Puts the user's place back after a change that `place` was noted
    /// before and that led to `new`: at the end when the view was at it and
    /// follows it, else the anchor at its distance (see ``ScrollAnchor``);
    /// then counts the rows `inserted` gives (their paths in `new`) that
    /// arrived below the visible area, or sets the count back to 0 when the
    /// view is at its end.
    ///
    /// - Complexity: That of ``ScrollAnchor/restore(in:showing:searching:)``,
    ///   plus, when the view follows its end and was not at it, O(*k*) for
    ///   the *k* rows inserted.
    func restore(
      _ place: NotedPlace<SectionID, Item>, showing new: Snapshot<SectionID, Item>,
      searching radius: Int, inserted: (ListViewRenderer) -> [ItemPath]
    ) {
      let view = place.view
      if place.wasAtEnd {
        scroll(view, toEndAnimated: false)
      } else if place.keepsAnchor, let anchor = place.anchor {
        anchor.restore(in: view, showing: new, searching: radius)
      }
      guard place.followsEnd else { return }
      guard place.countsArrivals, !isAtEnd(view) else { return setRowsArrivedBelow(0) }
      let bottom = view.visibleArea.bottom
      let lastSeen = place.anchor?.lastRowSeen(in: new, searching: radius)
      let arrived = inserted(self).count { path in
        guard lastSeen.map({ path > $0 }) ?? true, let frame = view.frameOfItem(at: path) else {
          return false
        }
        return frame.minY >= bottom
      }
      if arrived > 0 { setRowsArrivedBelow(rowsArrivedBelow + arrived) }
    }

    /// The paths in the new content of the rows `batch` inserts: its
    /// inserted items and the items of its inserted sections.
    ///
    /// - Complexity: O(*k*) for the *k* rows inserted.
    func insertedPaths(by batch: ChangeBatch<SectionID, Item>) -> [ItemPath] {
      var paths = batch.itemInserts.map(\.path)
      for insert in batch.sectionInserts {
        paths += insert.section.items.indices.map { ItemPath(section: insert.index, item: $0) }
      }
      return paths
    }

    /// The paths in ``snapshot`` of the rows `change` inserted: those of
    /// its batch, or, for a whole new snapshot, the rows whose identity
    /// `old` does not show.
    ///
    /// - Complexity: O(*k*) for a batch of *k* inserted rows; O(*n*) for a
    ///   whole new snapshot of *n* rows.
    func insertedPaths(
      by change: SnapshotChange<SectionID, Item>, after old: Snapshot<SectionID, Item>?
    ) -> [ItemPath] {
      switch change {
      case .batch(let batch): return insertedPaths(by: batch)
      case .reloadAll:
        guard let old else { return [] }
        let known = Set(old.sections.lazy.flatMap(\.items).map(\.id))
        return snapshot.sections.enumerated().flatMap { section, content in
          content.items.indices.lazy.filter { !known.contains(content.items[$0].id) }
            .map { ItemPath(section: section, item: $0) }
        }
      }
    }

    /// Sets ``rowsArrivedBelow``, telling ``onRowsArrivedBelowChange`` when
    /// it changes.
    private func setRowsArrivedBelow(_ count: Int) {
      guard rowsArrivedBelow != count else { return }
      rowsArrivedBelow = count
      onRowsArrivedBelowChange?(count)
    }
  }
#endif
