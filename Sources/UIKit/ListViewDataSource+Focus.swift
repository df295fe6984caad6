#if canImport(UIKit) && !os(watchOS) || canImport(UIKitStandIn)
  import DataSourceGraphSections
  public import DataSourceGraphUIKitPlatform

  /// Focus, by identity: VoiceOver's, and the focus engine's of tvOS and of
  /// a keyboard on iPadOS (see the article "Selection and focus").
  ///
  /// VoiceOver's focus needs nothing from you: when VoiceOver runs, the
  /// data source notes, before each change, the item whose cell holds the
  /// focused element (`UIAccessibility.focusedElement(using:)`), and after
  /// it, if that item is still shown but its cell no longer holds the
  /// focus (its row was reloaded, or a `reloadData()` gave it another
  /// cell), it posts `UIAccessibility.Notification.layoutChanged` with the
  /// item's new cell, so VoiceOver stays on the item.
  extension ListViewDataSource {
    /// Makes what VoiceOver announces after a change that shows new items,
    /// from their number; `nil` (the default), or a `nil` result, announces
    /// nothing.
    ///
    /// ```swift
    /// dataSource.insertionAnnouncement = { count in
    ///   count == 1 ? "1 new message" : "\(count) new messages"
    /// }
    /// ```
    ///
    /// The text is posted as `UIAccessibility.Notification.announcement`
    /// after the change is shown, only while VoiceOver runs. An item
    /// counts when the view did not show its identity before the change: a
    /// moved item does not, nor one that comes back after a `reloadData()`.
    ///
    /// - Complexity: When VoiceOver runs, O(*i*) for the *i* inserted
    ///   items of a batch (plus, once per snapshot, the identity table of
    ///   what the view showed, O(*n*)); O(*n*) after a reload.
    public var insertionAnnouncement: ((Int) -> String?)? {
      get { viewState.insertionAnnouncement }
      set { viewState.insertionAnnouncement = newValue }
    }

    /// The identity of the item focus was last on, as told by
    /// ``focusDidMove(to:)``; the item the view gives focus back to (see
    /// ``indexPathForPreferredFocusedView``).
    public var lastFocusedItemID: Item.ID? {
      get { viewState.lastFocusedItemID }
      set { viewState.lastFocusedItemID = newValue }
    }

    /// Notes the item focus moved to (the focus engine of tvOS, or of a
    /// keyboard on iPadOS): call it from the delegate's
    /// `tableView(_:didUpdateFocusIn:with:)` or
    /// `collectionView(_:didUpdateFocusIn:with:)` with the context's
    /// `nextFocusedIndexPath`.
    ///
    /// A `nil` path (focus left the view) keeps the item noted before, so
    /// focus comes back to it.
    ///
    /// - Parameter indexPath: The index path of the cell focused now, in
    ///   what the view shows.
    public func focusDidMove(to indexPath: IndexPath?) {
      guard let indexPath, let item = item(at: indexPath) else { return }
      viewState.lastFocusedItemID = item.id
    }

    /// The index path of the item focus was last on, if the view still
    /// shows it: the answer to the delegate's
    /// `indexPathForPreferredFocusedView(in:)`.
    ///
    /// It is UIKit's `remembersLastFocusedIndexPath` by identity: that
    /// property brings focus back to an index path, which after changes may
    /// hold another item. Leave it `false` (UIKit ignores the delegate's
    /// answer when it is `true`) and answer with this instead:
    ///
    /// ```swift
    /// func indexPathForPreferredFocusedView(in tableView: UITableView) -> IndexPath? {
    ///   dataSource.indexPathForPreferredFocusedView
    /// }
    /// ```
    ///
    /// `nil` when no item was focused or it left the view: UIKit then
    /// chooses.
    ///
    /// - Complexity: Expected O(1) once the identity table of what the view
    ///   shows is built (the first look-up builds it, O(*n*)).
    public var indexPathForPreferredFocusedView: IndexPath? {
      lastFocusedItemID.flatMap { indexPath(for: $0) }
    }
  }
#endif
