#if canImport(UIKit) && !os(watchOS) || canImport(UIKitStandIn)
  public import DataSourceGraphSections
  public import DataSourceGraphNodes
  import DataSourceGraphUIKitPlatform

  /// A renderer that applies batches to a `UITableView` or a
  /// `UICollectionView`, staged through a `UIKitPlan` so every
  /// `performBatchUpdates` is one UIKit accepts.
  ///
  /// ``TableViewDataSource`` and ``CollectionViewDataSource`` are built on it
  /// and answer the view's questions for you. Use the renderer alone when you
  /// write the data source methods yourself: it holds the snapshot the view
  /// must show, and your methods answer from it (it changes inside each
  /// update block, at the moment UIKit expects):
  ///
  /// ```swift
  /// let renderer = ListViewRenderer(for: source, view: tableView)
  /// observation = source.render(into: renderer)
  ///
  /// func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
  ///   renderer.snapshot.numberOfItems(inSection: section)
  /// }
  /// ```
  ///
  /// How a change reaches the view is set by ``options``:
  /// - updated items are reconfigured in place (no cell blink) or reloaded
  ///   (``ItemUpdateStyle``);
  /// - changes animate or not (``ListUpdateOptions/animates``, or one change
  ///   at a time with ``perform(animated:_:completion:)``, which also calls
  ///   you back when the view has finished);
  /// - a batch too large to follow, or one that arrives while the view is in
  ///   no window, becomes a `reloadData()`;
  /// - the user's place is kept: the topmost row on screen (or
  ///   ``anchorItemID``) stays where it is, whatever is inserted or deleted
  ///   above it (``ListUpdateOptions/keepsVisiblePosition``; see the article
  ///   "Keeping the user's place");
  /// - with ``ListUpdateOptions/followsEnd``, a view at its end stays at its
  ///   end, showing the rows that arrive at the bottom, and elsewhere the
  ///   rows that arrive below are counted (``rowsArrivedBelow``).
  ///
  /// How soon is set by ``scheduling``: by default the changes that arrive
  /// in one turn of the main actor are composed into one, shown at the end
  /// of the turn, so a burst of edits is one batch update. Until then
  /// ``snapshot`` stays what the view shows, and the view's questions are
  /// answered from it. ``perform(animated:_:completion:)`` and
  /// ``applyPendingChanges()`` show what is pending at once.
  ///
  /// A change that does not apply to the snapshot held (the renderer got out
  /// of step with its source) stops a debug build with `assertionFailure`. In
  /// a release build the renderer resynchronises: it takes the source's
  /// current content, read through the reader that `DataSource.render(into:)`
  /// gives it (`Renderer.connect(to:)`), and calls `reloadData()`, so the
  /// next batches apply again. A renderer fed by hand, without
  /// `render(into:)`, has no reader: it keeps its snapshot and reloads the
  /// view from it. A batch that applies but that no UIKit plan can stage (the
  /// validator rejects it) becomes a `reloadData()` of the batch's result,
  /// also after an `assertionFailure` in debug builds.
  ///
  /// The renderer lives on the main actor, as its view does. Its conformance
  /// to the nonisolated `Renderer` protocol is a `@preconcurrency`
  /// conformance (SE-0423, Swift 6.0): the source must deliver on the main
  /// actor, which is checked at run time (a source delivering elsewhere stops
  /// the program at the first event instead of racing with UIKit).
  @MainActor
  public final class ListViewRenderer<SectionID: Hashable, Item: Identifiable & Equatable> {
    /// The view updated; held weakly.
    public private(set) weak var view: (any BatchUpdatingView)?
    /// The content the view shows: answer the data source's questions from it.
    public internal(set) var snapshot: Snapshot<SectionID, Item> = Snapshot()
    /// The content state, for a placeholder, a spinner or a banner.
    public private(set) var state: ContentState = .initial
    /// How changes reach the view.
    public var options = ListUpdateOptions()
    /// When changes reach the view: composed and shown at the end of the
    /// main actor's turn (the default where UIKit is), or as they arrive.
    public var scheduling = ListUpdateScheduling.default
    /// The changes that arrived since the view was last updated, waiting
    /// for the end of the turn.
    private var pending: PendingChanges<SectionID, Item>?
    /// Called after every state change, with the new state.
    public var onStateChange: ((ContentState) -> Void)?
    /// Called after each change has been handed to the view (the batch
    /// updates issued, or the view reloaded), with how it was shown; not
    /// called once the view is gone. The view may still be animating;
    /// ``perform(animated:_:completion:)`` calls back once it has finished.
    public var onUpdate: ((ListUpdate) -> Void)?
    /// Refreshes, in place, the visible header and footer views of the
    /// sections at the given indices (in what the view shows once the batch
    /// update is made), animated or not; or `nil`, the default.
    ///
    /// When it is set, a section update (a section's header or footer
    /// changed: title or value, `SnapshotSection.headerValue`) is not issued
    /// as a `reloadSections`, which would make the section's header, footer
    /// and every one of its rows anew (a flash, lost cell state): after the
    /// batch update that makes it, the renderer calls this with the
    /// sections, and it configures the views the table or collection view
    /// shows (`headerView(forSection:)`,
    /// `supplementaryView(forElementKind:at:)`). Headers that are not shown
    /// are configured by your data source when they appear, from
    /// ``snapshot``. It returns the sections it could not refresh in place
    /// (a header that must appear or disappear, which no visible view can
    /// do), and the renderer reloads those in a batch update of their own.
    /// When it is `nil`, section updates are reloaded.
    /// ``TableViewDataSource`` and ``CollectionViewDataSource`` set it (see
    /// <doc:HeadersAndFooters>).
    public var reconfigureSupplements: (@MainActor (_ sections: [Int], _ animated: Bool) -> [Int])?
    /// How many times a change did not apply and the renderer reloaded the
    /// view from the source's content (release builds; debug builds stop).
    public private(set) var resynchronizations = 0
    /// Reads the source's current content; set by `render(into:)`.
    private var currentContent: (() -> Snapshot<SectionID, Item>?)?
    /// Told of every state change, for the state views of a data source.
    var stateObserver: ((ContentState) -> Void)?
    /// The animation choice of the innermost ``perform(animated:_:completion:)``
    /// running, if any.
    private var animationOverride: Bool?
    /// The row animation of the innermost `perform` running that chose
    /// one, if any; else ``ListUpdateOptions/rowAnimation``.
    private var rowAnimationOverride: UITableView.RowAnimation?
    /// The groups of ``perform(animated:_:completion:)`` calls running.
    private var openGroups: [UpdateGroup] = []
    /// The item whose place is kept through changes while it is shown, on
    /// screen or not; `nil` (the default), or an item not shown: the
    /// topmost item on screen. See ``ListUpdateOptions/keepsVisiblePosition``.
    ///
    /// ```swift
    /// renderer.anchorItemID = firstUnread.id  // the "new messages" line stays put
    /// ```
    public var anchorItemID: Item.ID?
    /// The place-keeping choice of the innermost
    /// ``perform(animated:keepingVisiblePosition:_:completion:)`` running, if
    /// any.
    var positionOverride: Bool?
    /// While ``reconfigureSupplements`` runs, the sections it is given as
    /// they were before the change, by their index now (a table data source
    /// tells a title that appears or disappears from one that changes).
    var sectionsBeforeSupplementUpdate: [Int: SnapshotSection<SectionID, Item>] = [:]
    /// Told just before the view changes, with what it shows; and just
    /// after, with the change (the data source's selection and focus:
    /// `ViewStateKeeper`).
    var willChangeView: ((Snapshot<SectionID, Item>, SnapshotChange<SectionID, Item>) -> Void)?
    var didChangeView: ((ShownChange<SectionID, Item>) -> Void)?
    /// Whether a change is being shown now: the scrolls it makes are not
    /// the user's (``viewDidScroll()`` ignores them).
    var isChangingView = false
    /// How many rows arrived below the visible area since the view was last
    /// at its end, under ``ListUpdateOptions/followsEnd``: the rows the
    /// changes inserted after the last row on screen, out of sight. Back to
    /// 0 when the view is at its end again: after a change, after a scroll
    /// (``viewDidScroll()``), or by ``scrollToEnd(animated:)``. Rows
    /// inserted above never count, and rows deleted below take nothing off
    /// (the count says what arrived, not what is left to read). Always 0
    /// while ``ListUpdateOptions/followsEnd`` is off.
    public internal(set) var rowsArrivedBelow = 0
    /// Called each time ``rowsArrivedBelow`` changes, with its new value:
    /// show or hide a "new messages" button.
    ///
    /// ```swift
    /// renderer.onRowsArrivedBelowChange = { count in
    ///   newMessagesButton.isHidden = count == 0
    ///   newMessagesButton.setTitle("\(count) new", for: .normal)
    /// }
    /// ```
    public var onRowsArrivedBelowChange: ((Int) -> Void)?

    /// Creates a renderer for `view`.
    public init(view: any BatchUpdatingView) {
      self.view = view
    }

    /// Creates a renderer for `view` with the section identities and items
    /// of `source`, so the types need not be spelled out.
    ///
    /// `source` only fixes the types: nothing is read from it and no
    /// observation starts. Connect the renderer with
    /// `DataSource.render(into:)`.
    ///
    /// ```swift
    /// let screen = CompositeDataSource(inbox, archive).filter { !$0.isRead }
    /// let renderer = ListViewRenderer(for: screen, view: tableView)
    /// observation = screen.render(into: renderer)
    /// ```
    ///
    /// - Parameters:
    ///   - source: The node the view will show.
    ///   - view: The table or collection view to update; held weakly.
    public convenience init(
      for source: some DataSource<SectionID, Item>, view: any BatchUpdatingView
    ) {
      self.init(view: view)
    }

    /// Makes the changes `changes` causes, animated or not, and calls
    /// `completion` once the view has finished showing all of them (after
    /// the animations of every batch update they caused; at once if they
    /// changed nothing on screen).
    ///
    /// The graph delivers changes before the call that made them returns,
    /// so every change made in `changes` reaches the view inside this call:
    ///
    /// ```swift
    /// renderer.perform(animated: false) {
    ///   inbox.append(mails, toSection: 0)
    /// } completion: {
    ///   tableView.scrollToRow(at: IndexPath(row: 0, section: 0), at: .top, animated: true)
    /// }
    /// ```
    ///
    /// Call it from outside a delivery (not from an observer of the graph):
    /// a change asked for during a delivery is made after that delivery, so
    /// after this call has returned. The completion runs when UIKit calls the
    /// completion of the last batch update, so not if the view goes away
    /// before it does.
    ///
    /// - Parameters:
    ///   - animated: Whether the changes animate, whatever
    ///     ``ListUpdateOptions/animates`` says.
    ///   - changes: Edits of the graph this renderer shows.
    ///   - completion: Called once every update `changes` caused is finished.
    public func perform(
      animated: Bool = true, _ changes: () -> Void, completion: (@MainActor () -> Void)? = nil
    ) {
      perform(animated: animated, position: nil, changes, completion: completion)
    }

    /// Every `perform` call: `position`, when not `nil`, overrides
    /// ``ListUpdateOptions/keepsVisiblePosition`` for the changes, and
    /// `rowAnimation` overrides ``ListUpdateOptions/rowAnimation``.
    func perform(
      animated: Bool, position: Bool?, rowAnimation: UITableView.RowAnimation? = nil,
      _ changes: () -> Void, completion: (@MainActor () -> Void)?
    ) {
      applyPendingChanges()
      let group = UpdateGroup(completion: completion)
      let previous = (animationOverride, positionOverride, rowAnimationOverride)
      animationOverride = animated
      if let position { positionOverride = position }
      if let rowAnimation { rowAnimationOverride = rowAnimation }
      openGroups.append(group)
      changes()
      applyPendingChanges()
      openGroups.removeLast()
      (animationOverride, positionOverride, rowAnimationOverride) = previous
      group.close()
    }

    /// Shows at once the changes waiting for the end of the turn (see
    /// ``scheduling``), composed into one change; does nothing when none
    /// wait.
    ///
    /// - Complexity: That of composing the waiting batches
    ///   (`ChangeBatch.followed(by:intermediateItemCounts:)`), then of
    ///   showing one batch (see ``apply(_:)``).
    public func applyPendingChanges() {
      guard var pending else { return }
      self.pending = nil
      if let (batch, steps) = pending.inPlace, let view {
        return showItemsInPlace(batch, steps, on: view)
      }
      let target = pending.target(over: snapshot)
      let change = pending.change(reaching: target)
      // A composed change of items only is shown as one change of a turn
      // is: its steps read from the batch, no plan from the content before
      // and after; the content it leads to is the one made meanwhile.
      if case .batch(let batch) = change, let view, let steps = batch.inPlaceSteps(on: snapshot) {
        return showItemsInPlace(batch, steps, reaching: target, on: view)
      }
      show(change, from: snapshot, to: target)
    }

    /// Whether the change being shown animates.
    var animates: Bool { animationOverride ?? options.animates }

    /// Gets back in step after a change that did not apply: the source's
    /// content if it can be read, then `reloadData()`.
    private func resynchronize() {
      resynchronizations += 1
      reload(to: currentContent?() ?? snapshot, for: .resynchronized)
    }

    /// Shows `content` with `reloadData()`, keeping the user's place.
    private func reload(to content: Snapshot<SectionID, Item>, for reason: ListUpdate.ReloadReason)
    {
      reload(for: reason, by: .reloadAll(content)) { $0.snapshot = content }
    }

    /// Calls `reloadData()` once `update` has made ``snapshot`` what
    /// `change` leads to, keeping the user's place.
    func reload(
      for reason: ListUpdate.ReloadReason, by change: SnapshotChange<SectionID, Item>,
      _ update: (ListViewRenderer) -> Void
    ) {
      let place = notePlace()
      // The content before a whole new snapshot, to tell the rows that
      // arrived; held only then (holding it would copy what is edited).
      var old: Snapshot<SectionID, Item>?
      if place?.countsArrivals == true, case .reloadAll = change { old = snapshot }
      viewWillChange(from: snapshot, by: change)
      update(self)
      view?.reloadEverything()
      if let place {
        restore(place, showing: snapshot, searching: 0) { $0.insertedPaths(by: change, after: old) }
      }
      viewDidChange(ShownChange(new: snapshot, reloaded: true))
      onUpdate?(.reloaded(reason))
    }

    /// Tells the view's observers that a change is about to be shown.
    func viewWillChange(
      from old: Snapshot<SectionID, Item>, by change: SnapshotChange<SectionID, Item>
    ) {
      isChangingView = true
      willChangeView?(old, change)
    }

    /// Tells the view's observers that a change was shown.
    func viewDidChange(_ change: ShownChange<SectionID, Item>) {
      isChangingView = false
      didChangeView?(change)
    }

    /// Why a batch the view does not take as batch updates is reloaded.
    func reloadReason(on view: any BatchUpdatingView) -> ListUpdate.ReloadReason {
      options.reloadsWhenOffscreen && !view.isInWindow ? .offscreen : .tooManyChanges
    }

    /// Shows `change`, which takes `old` (what the view shows) to `new`.
    private func show(
      _ change: SnapshotChange<SectionID, Item>, from old: Snapshot<SectionID, Item>,
      to new: Snapshot<SectionID, Item>
    ) {
      guard let view else {
        snapshot = new
        return
      }
      guard case .batch(let batch) = change else { return reload(to: new, for: .reloadAll) }
      guard !batch.isEmpty else {
        snapshot = new
        onUpdate?(.nothing)
        return
      }
      guard takesBatchUpdates(batch, on: view) else {
        return reload(to: new, for: reloadReason(on: view))
      }
      let plan: UIKitPlan<SectionID, Item>
      do {
        plan = try batch.uikitPlan(from: old, to: new, newIsApplied: true)
      } catch {
        assertionFailure("ListViewRenderer: \(error)")
        return reload(to: new, for: .unplannable)
      }
      // A plan may find no staging at all and say "reload".
      if plan.isReload { return reload(to: new, for: .unplannable) }
      run(plan, of: batch, to: new, on: view)
    }

    /// Runs the steps of `plan` (the plan of `batch`, which leads to `new`),
    /// one batch update each, reconfiguring the updated items of a step
    /// after it when ``options`` asks for it, and the updated headers and
    /// footers after it when ``reconfigureSupplements`` is set (a step left
    /// with nothing else to issue makes no batch update); then puts the
    /// user's place back. A change that moves the anchor in the content (it
    /// touches what is above it) runs without animation, so the rows on
    /// screen do not slide.
    private func run(
      _ plan: UIKitPlan<SectionID, Item>, of batch: ChangeBatch<SectionID, Item>,
      to new: Snapshot<SectionID, Item>, on view: any BatchUpdatingView
    ) {
      let place = notePlace()
      let animated = animates && place?.isMoved(by: batch, to: new) != true
      let style = options.itemUpdates
      var reconfigured = 0
      var reloaded = false
      viewWillChange(from: snapshot, by: .batch(batch))
      for step in plan.steps {
        switch step.change {
        case .reloadAll(let all):
          snapshot = all
          reloaded = true
          view.reloadEverything()
        case .batch(var batch):
          var updates: [ChangeBatch<SectionID, Item>.SectionUpdate] = []
          if reconfigureSupplements != nil { swap(&updates, &batch.sectionUpdates) }
          let before = snapshot
          perform(batch, reaching: step.snapshot, animated: animated, on: view)
          if style == .reconfigure, !batch.itemUpdates.isEmpty {
            view.reconfigure(itemsAt: batch.updatedItemPaths, animated: animated)
            reconfigured += batch.itemUpdates.count
          }
          if !updates.isEmpty {
            refreshSupplements(updates, from: before, animated: animated, on: view)
          }
        }
      }
      if let place {
        restore(place, showing: new, searching: batch.count) { $0.insertedPaths(by: batch) }
      }
      viewDidChange(ShownChange(new: snapshot, reloaded: reloaded))
      onUpdate?(.batches(steps: plan.steps.count, animated: animated, reconfigured: reconfigured))
    }

    /// Issues `batch`, which leads to `target`, in one batch update, or only
    /// takes `target` when the batch is empty.
    func perform(
      _ batch: ChangeBatch<SectionID, Item>, reaching target: Snapshot<SectionID, Item>,
      animated: Bool, on view: any BatchUpdatingView
    ) {
      guard !batch.isEmpty else {
        snapshot = target
        return
      }
      perform(batch, animated: animated, on: view) { $0.snapshot = target }
    }

    /// Issues `batch` in one batch update; `change` brings ``snapshot`` to
    /// what the batch leads to, inside the update block, where UIKit expects
    /// the data source's answers to change.
    func perform(
      _ batch: ChangeBatch<SectionID, Item>, animated: Bool, on view: any BatchUpdatingView,
      change: @escaping @MainActor (ListViewRenderer) -> Void
    ) {
      let groups = openGroups
      let style = options.itemUpdates
      let rowAnimation = rowAnimationOverride ?? options.rowAnimation
      for group in groups { group.enter() }
      view.performBatch(
        animated: animated,
        {
          change(self)
          view.issue(batch, itemUpdates: style, rowAnimation: rowAnimation)
        },
        completion: { _ in
          for group in groups { group.leave() }
        })
    }
  }

  extension ListViewRenderer: @preconcurrency Renderer {
    /// Shows `snapshot` in `state` with `reloadData()`.
    public func reset(to snapshot: Snapshot<SectionID, Item>, state: ContentState) {
      pending = nil
      self.state = state
      reload(to: snapshot, for: .reset)
      stateObserver?(state)
      onStateChange?(state)
    }

    /// Shows `change`: the steps of its UIKit plan, one `performBatchUpdates`
    /// each, or a `reloadData()` where ``options`` or the view's window say
    /// so; see the type's discussion for a change that does not fit. With
    /// ``scheduling`` other than ``ListUpdateScheduling/immediate``, the
    /// change waits, composed with the others of the turn, and is shown by
    /// ``applyPendingChanges()``.
    ///
    /// - Complexity: A batch of *k* operations that changes only items (no
    ///   section inserted, deleted, moved or updated) and is the only change
    ///   of its turn costs O(*k* log *k*), whatever the sections' lengths:
    ///   it is checked against ``snapshot`` and its UIKit plan is read from
    ///   it alone (one step, or the updates first when an updated item
    ///   moves far), then the snapshot's own storage is edited where it is
    ///   (an insert or a delete moves the items after it in memory; nothing
    ///   is copied), also before the `reloadData()` of such a change that
    ///   the view does not take as batch updates (too many changes, or no
    ///   window). In release builds, another batch costs O(*s* + *k* log
    ///   *k* + Σ *m*) for *s* sections and Σ *m* the items of the sections it
    ///   changes (applying it, and its plan: `ChangeBatch.uikitPlan(from:to:)`),
    ///   not O(*n*). With changes composed until the end of the turn, a
    ///   second change makes the content the changes lead to beside the one
    ///   the view shows, copying each section a change of the turn touches
    ///   once (O(*s* + *m*)); every later change edits that content where it
    ///   is, as above. At the end of the turn (``applyPendingChanges()``) the
    ///   composed batch costs what composing costs
    ///   (`ChangeBatch.followed(by:intermediateItemCounts:)`: the operations
    ///   and the pieces of the touched sections, not their items), and when
    ///   it changes only items it is checked and shown as one change of a
    ///   turn is, its plan read from it alone, the content made meanwhile
    ///   taken at once.
    public func apply(_ change: SnapshotChange<SectionID, Item>) {
      if pending == nil, case .batch(let batch) = change, let view,
        let steps = batch.inPlaceSteps(on: snapshot)
      {
        guard scheduling.schedule == nil else {
          return holdBack(PendingChanges(inPlace: batch, steps: steps))
        }
        return showItemsInPlace(batch, steps, on: view)
      }
      if view != nil, scheduling.schedule != nil {
        // Composed with the changes of the turn, applied where their
        // content is rather than to a copy of it.
        guard pending != nil else {
          var changes = PendingChanges<SectionID, Item>(target: snapshot)
          guard changes.append(change, over: snapshot) else { return misfit() }
          return holdBack(changes)
        }
        guard pending?.append(change, over: snapshot) == true else { return misfit() }
        return
      }
      guard let new = (pending?.target(over: snapshot) ?? snapshot).applyingNamed(change) else {
        return misfit()
      }
      guard view != nil else {
        pending = nil
        snapshot = new
        return
      }
      show(change, from: snapshot, to: new)
    }

    /// Gets back in step after a change that does not apply to the
    /// content shown or waiting.
    private func misfit() {
      assertionFailure("ListViewRenderer: a batch does not apply to the snapshot shown")
      pending = nil
      resynchronize()
    }

    /// Holds `changes` back, to be shown at the end of the turn by
    /// ``applyPendingChanges()`` (see ``scheduling``).
    private func holdBack(_ changes: PendingChanges<SectionID, Item>) {
      pending = changes
      scheduling.schedule? { [weak self] in self?.applyPendingChanges() }
    }

    /// Keeps `new` and tells ``onStateChange`` and the data source's state
    /// views.
    public func stateDidChange(from old: ContentState, to new: ContentState) {
      state = new
      stateObserver?(new)
      onStateChange?(new)
    }

    /// Keeps the reader of the source's current content, to resynchronise with.
    public func connect(to currentContent: @escaping () -> Snapshot<SectionID, Item>?) {
      self.currentContent = currentContent
    }
  }
#endif
