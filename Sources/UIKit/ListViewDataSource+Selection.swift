#if canImport(UIKit) && !os(watchOS) || canImport(UIKitStandIn)
  import DataSourceGraphSections
  import DataSourceGraphUIKitPlatform

  /// The selection, by identity (see the article "Selection and focus").
  extension ListViewDataSource {
    /// The identities of the selected items; setting it selects exactly the
    /// items shown among them, without animation.
    ///
    /// The view keeps the selection (`indexPathsForSelectedRows`,
    /// `indexPathsForSelectedItems`; the user's taps change it); the data
    /// source keeps it on the same items through every change of the node:
    /// a moved item stays selected, and so does one whose row is reloaded
    /// or that comes back after a `reloadData()` (UIKit deselects both). An
    /// item that leaves the view leaves the selection, and
    /// ``onSelectedItemsRemoved`` is told.
    ///
    /// ```swift
    /// tableView.allowsMultipleSelection = true
    /// dataSource.selectedItemIDs = [mail.id, other.id]
    /// ```
    ///
    /// Setting it first shows the changes waiting for the end of the turn
    /// (``ListViewDataSource/applyPendingChanges()``), so an item just
    /// added to the node can be selected; identities the view does not show
    /// are ignored. With single selection (the views' default) the view
    /// keeps one of several.
    ///
    /// - Complexity: Reading: O(*k*) for *k* selected items. Setting: O(*k*
    ///   + *m*) for *m* identities given, plus the look-up of each in the
    ///   identity table of what the view shows (built once, O(*n*)).
    public var selectedItemIDs: Set<Item.ID> {
      get {
        guard let view = viewState.view else { return [] }
        return Set(view.selectedListIndexPaths.compactMap { item(at: $0)?.id })
      }
      set {
        guard let view = viewForSelecting() else { return }
        var wanted = Set<IndexPath>()
        for id in newValue { if let path = indexPath(for: id) { wanted.insert(path) } }
        for path in view.selectedListIndexPaths where wanted.remove(path) == nil {
          view.deselectListItem(at: path, animated: false)
        }
        for path in wanted.sorted() { view.selectListItem(at: path, animated: false) }
      }
    }

    /// Selects the item with identity `id`, if the view shows it (with
    /// single selection, instead of the item selected before), animated or
    /// not, without scrolling; tells no delegate, as UIKit's own selection
    /// methods do.
    ///
    /// ```swift
    /// inbox.append([draft], toSection: 0)
    /// dataSource.selectItem(withID: draft.id, animated: true)
    /// ```
    ///
    /// It first shows the changes waiting for the end of the turn, so an
    /// item just added can be selected. To scroll to the item too, pass
    /// ``ListViewDataSource/indexPath(for:)`` to the view's
    /// `scrollToRow(at:at:animated:)` or `scrollToItem(at:at:animated:)`.
    ///
    /// - Parameters:
    ///   - id: The identity of the item to select.
    ///   - animated: Whether the view animates the selection.
    /// - Returns: Whether the view shows the item (and selection is allowed
    ///   and the view is there).
    /// - Complexity: Expected O(1) once the identity table of what the view
    ///   shows is built (the first look-up builds it, O(*n*)).
    @discardableResult
    public func selectItem(withID id: Item.ID, animated: Bool) -> Bool {
      guard let view = viewForSelecting(), let path = indexPath(for: id) else { return false }
      view.selectListItem(at: path, animated: animated)
      return view.selectedListIndexPaths.contains(path)
    }

    /// Deselects the item with identity `id`, if the view shows it,
    /// animated or not; tells no delegate.
    ///
    /// - Parameters:
    ///   - id: The identity of the item to deselect.
    ///   - animated: Whether the view animates the deselection.
    /// - Complexity: Expected O(1) once the identity table of what the view
    ///   shows is built.
    public func deselectItem(withID id: Item.ID, animated: Bool) {
      guard let view = viewForSelecting(), let path = indexPath(for: id) else { return }
      view.deselectListItem(at: path, animated: animated)
    }

    /// The view, once it shows what is pending: the changes waiting for
    /// the end of the turn, and a collection view's `reloadData()`, which
    /// waits for layout (a selection made before it would be dropped by it).
    private func viewForSelecting() -> (any SelectableListView)? {
      applyPendingChanges()
      guard let view = viewState.view else { return nil }
      view.layoutIfNeeded()
      return view
    }

    /// Called after a change of the node removed selected items from the
    /// view, with their identities (each once); the view has already
    /// deselected them, and told no delegate.
    ///
    /// ```swift
    /// dataSource.onSelectedItemsRemoved = { removed in
    ///   if removed.contains(detail.mailID) { detail.close() }
    /// }
    /// ```
    ///
    /// An item that a filter hides, or that moves to a section that is
    /// not shown, has left the view too. It is not selected again if it
    /// comes back.
    public var onSelectedItemsRemoved: ((Set<Item.ID>) -> Void)? {
      get { viewState.onSelectedItemsRemoved }
      set { viewState.onSelectedItemsRemoved = newValue }
    }
  }
#endif
