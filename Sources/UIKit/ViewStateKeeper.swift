#if canImport(UIKit) && !os(watchOS) || canImport(UIKitStandIn)
  import DataSourceGraphSections
  import DataSourceGraphUIKitPlatform

  /// A change a ``ListViewRenderer`` has just shown, as told to the
  /// module's own observers.
  ///
  /// It carries no copy of what the view showed before: a renderer that
  /// edits its content where it is has none. What an observer needs of it
  /// is noted before the change (see ``ViewStateKeeper/capture(in:before:)``).
  struct ShownChange<SectionID: Hashable, Item: Identifiable & Equatable> {
    /// What the view shows now.
    var new: Snapshot<SectionID, Item>
    /// Whether the view reloaded (`reloadData()`), for the whole change or
    /// in one of its steps.
    var reloaded: Bool
  }

  /// Keeps what the view holds by index path (the selection, VoiceOver's
  /// focus) on the same items, by identity, while the renderer changes the
  /// view; remembers the last focused item; announces insertions.
  ///
  /// Before a change it notes the identities of the selected items and of
  /// the item whose cell holds VoiceOver's focus; after it, it selects again
  /// the items the view deselected that are still shown (a reloaded row, a
  /// `reloadData()`, a move staged as a delete and an insert), tells
  /// ``onSelectedItemsRemoved`` of those that left, and moves VoiceOver's
  /// focus back to its item's cell when the cell changed.
  @MainActor
  final class ViewStateKeeper<SectionID: Hashable, Item: Identifiable & Equatable> {
    /// What was noted before a change.
    struct Capture {
      /// The selected items, in index path order.
      var selected: [Item.ID] = []
      /// The item whose cell held VoiceOver's focus.
      var focused: Item.ID?
      /// The number of items the change shows that the view did not show
      /// before, when an insertion is to be announced.
      var inserted = 0
    }

    /// The view; held weakly.
    private(set) weak var view: (any SelectableListView)?
    /// What was noted before the change in progress.
    private var pending: Capture?
    /// Set while the data source takes in a move the user made: the view
    /// is then ahead of the renderer, and the data source keeps the state
    /// itself.
    var isSuspended = false

    /// Called with the identities of the selected items that left the view.
    var onSelectedItemsRemoved: ((Set<Item.ID>) -> Void)?
    /// Makes the announcement of a change that inserted items.
    var insertionAnnouncement: ((Int) -> String?)?
    /// The item focus was last on (tvOS, or a keyboard on iPadOS).
    var lastFocusedItemID: Item.ID?
    /// Whether the renderer is changing the view now: the view's rows and
    /// the renderer's snapshot may not agree until it is done.
    private(set) var isChangingView = false
    /// Called after each change of the view, once selection and focus are
    /// back (the data source's working range).
    var afterChange: (() -> Void)?

    init(view: any BatchUpdatingView) {
      self.view = view as? any SelectableListView
    }

    /// Takes the renderer's changes: notes the state before each, and puts
    /// it back after.
    func observe(_ renderer: ListViewRenderer<SectionID, Item>) {
      renderer.willChangeView = { [weak self] old, change in
        guard let self else { return }
        self.isChangingView = true
        guard !self.isSuspended else { return }
        self.pending = self.capture(in: old, before: change)
      }
      renderer.didChangeView = { [weak self] change in
        guard let self else { return }
        self.isChangingView = false
        if !self.isSuspended, let capture = self.pending {
          self.pending = nil
          self.restore(capture, in: change.new, reloaded: change.reloaded)
          self.announce(capture.inserted)
        }
        self.afterChange?()
      }
    }

    // MARK: Noting and restoring

    /// The selected and focused items of the view, which shows `sections`.
    ///
    /// - Complexity: O(*k*) for *k* selected items, plus a walk up the
    ///   view tree from VoiceOver's focused element when VoiceOver runs.
    func capture(in sections: [SnapshotSection<SectionID, Item>]) -> Capture {
      guard let view else { return Capture() }
      func id(at path: IndexPath) -> Item.ID? {
        guard sections.indices.contains(path.section),
          sections[path.section].items.indices.contains(path.item)
        else { return nil }
        return sections[path.section].items[path.item].id
      }
      var capture = Capture()
      capture.selected = view.selectedListIndexPaths.compactMap(id(at:))
      if let cell = Self.focusedView(), let path = view.indexPathOfListCell(containing: cell) {
        capture.focused = id(at: path)
      }
      return capture
    }

    /// As ``capture(in:)`` for the view showing `old`, about to show
    /// `change`; with the number of items it brings in when an insertion
    /// is to be announced (VoiceOver runs and
    /// ``insertionAnnouncement`` is set).
    func capture(
      in old: Snapshot<SectionID, Item>, before change: SnapshotChange<SectionID, Item>
    ) -> Capture {
      var capture = capture(in: old.sections)
      if insertionAnnouncement != nil, UIAccessibility.isVoiceOverRunning {
        capture.inserted = Self.insertedItemCount(from: old, by: change)
      }
      return capture
    }

    /// Puts the selection and focus noted in `capture` back on their items
    /// in `new`, what the view shows now.
    ///
    /// After a batch update the view's own selection is right for the
    /// items it kept (UIKit carries it with moved rows), so only the items
    /// it deselected are looked up. After a `reloadData()` the view's
    /// selection is not trusted (a collection view may keep stale index
    /// paths): it is set to the noted items still shown.
    ///
    /// - Complexity: O(*k*) for *k* selected items after a batch update
    ///   that kept them; a look-up of the others in `new`'s identity table
    ///   (built once per snapshot, O(*n*)).
    func restore(_ capture: Capture, in new: Snapshot<SectionID, Item>, reloaded: Bool) {
      guard let view else { return }
      // A collection view's `reloadData()` waits for layout; selecting
      // before it would be undone by it.
      if reloaded, !capture.selected.isEmpty || capture.focused != nil { view.layoutIfNeeded() }
      restoreSelection(capture.selected, in: new, reloaded: reloaded, view: view)
      if let focused = capture.focused { restoreFocus(on: focused, in: new, view: view) }
    }

    private func restoreSelection(
      _ selected: [Item.ID], in new: Snapshot<SectionID, Item>, reloaded: Bool,
      view: any SelectableListView
    ) {
      guard !selected.isEmpty || reloaded else { return }
      let noted = Set(selected)
      var kept = Set<Item.ID>()
      var stale = Set<IndexPath>()
      for path in view.selectedListIndexPaths {
        if !reloaded, let id = Self.item(at: path, in: new)?.id, noted.contains(id) {
          kept.insert(id)
        } else {
          stale.insert(path)
        }
      }
      var wanted: [IndexPath] = []
      var removed = Set<Item.ID>()
      for id in selected where !kept.contains(id) {
        if let path = new.itemPath(for: id) {
          wanted.append(IndexPath(path))
        } else {
          removed.insert(id)
        }
      }
      for path in stale where !wanted.contains(path) {
        view.deselectListItem(at: path, animated: false)
      }
      for path in wanted where !stale.contains(path) {
        view.selectListItem(at: path, animated: false)
      }
      if !removed.isEmpty { onSelectedItemsRemoved?(removed) }
    }

    /// Moves VoiceOver's focus to the cell of `id`, if it is shown and
    /// the focus is not in that cell already.
    private func restoreFocus(
      on id: Item.ID, in new: Snapshot<SectionID, Item>, view: any SelectableListView
    ) {
      if let now = Self.focusedView(), let path = view.indexPathOfListCell(containing: now),
        Self.item(at: path, in: new)?.id == id
      {
        return
      }
      guard let path = new.itemPath(for: id), let cell = view.listCell(at: IndexPath(path)) else {
        return
      }
      UIAccessibility.post(notification: .layoutChanged, argument: cell)
    }

    /// Posts the announcement of `count` items inserted, if any and there
    /// is an announcement for them.
    private func announce(_ count: Int) {
      guard count > 0, let insertionAnnouncement, UIAccessibility.isVoiceOverRunning,
        let text = insertionAnnouncement(count)
      else { return }
      UIAccessibility.post(notification: .announcement, argument: text)
    }

    /// The number of items `change` shows that `old` did not (a moved item
    /// is not one).
    ///
    /// - Complexity: O(*i*) for *i* inserted items after a batch, plus
    ///   `old`'s identity table if not built yet (O(*n*)); O(*n*) for a
    ///   reload.
    static func insertedItemCount(
      from old: Snapshot<SectionID, Item>, by change: SnapshotChange<SectionID, Item>
    ) -> Int {
      switch change {
      case .reloadAll(let new):
        return new.itemIDs.reduce(0) { $0 + (old.itemPath(for: $1) == nil ? 1 : 0) }
      case .batch(let batch):
        var count = 0
        for insert in batch.itemInserts where old.itemPath(for: insert.item.id) == nil {
          count += 1
        }
        for insert in batch.sectionInserts {
          for item in insert.section.items where old.itemPath(for: item.id) == nil { count += 1 }
        }
        return count
      }
    }

    // MARK: Helpers

    /// The item of `snapshot` at `path`, if there is one.
    static func item(at path: IndexPath, in snapshot: Snapshot<SectionID, Item>) -> Item? {
      let sections = snapshot.sections
      guard sections.indices.contains(path.section),
        sections[path.section].items.indices.contains(path.item)
      else { return nil }
      return sections[path.section].items[path.item]
    }

    /// The view that shows VoiceOver's focused element (the element, or
    /// the view its containers lead to); `nil` when VoiceOver is off.
    static func focusedView() -> UIView? {
      guard UIAccessibility.isVoiceOverRunning,
        var element = UIAccessibility.focusedElement(using: .notificationVoiceOver)
      else { return nil }
      // An element that is not a view (a part of a cell that draws
      // several) leads to its view through its containers.
      for _ in 0..<16 {
        if let view = element as? UIView { return view }
        guard let container = (element as? UIAccessibilityElement)?.accessibilityContainer else {
          return nil
        }
        element = container
      }
      return nil
    }
  }
#endif
