public import DataSourceGraphSections

extension MutableDataSource {
  // MARK: Callback-style loading

  /// Starts a load now, PJFDataSource's way: `loader` runs at once with the
  /// token of this load, starts its work, and answers through the token
  /// (`LoadToken.succeed(with:)`, ``LoadToken/succeed(editing:)``,
  /// ``LoadToken/fail(_:)``).
  ///
  /// ```swift
  /// source.load { token in
  ///   api.fetchRows { rows in token.succeed(with: Snapshot(id: "rows", items: rows)) }
  /// }
  /// ```
  ///
  /// Every earlier load becomes obsolete: its answers are ignored. The
  /// state becomes `ContentState.loading`, or `ContentState.refreshing`
  /// while the current content stays visible, and observers are told before
  /// `loader` runs. `loader` is kept: ``reload()`` runs it again.
  ///
  /// Called while observers are being told of a change (from an
  /// observer), the load starts after the delivery, after the changes and
  /// answers requested before it, like an edit; the earlier loads are
  /// obsolete at once: an answer given after this call returns `false`.
  ///
  /// - Parameters:
  ///   - isolation: The actor the source lives on, where a later
  ///     ``reload()`` schedules its load; the caller's, by default.
  ///   - loader: Starts the work; called at once, and again by each reload.
  public func load(
    isolation: isolated (any Actor)? = #isolation,
    _ loader: @escaping (LoadToken<SectionID, Item>) -> Void
  ) {
    startLoad(home: NodeActor(isolation), loader)
  }

  /// Starts a load with `loader` on behalf of the source's actor `home`;
  /// see the callback-style `load(isolation:_:)`.
  func startLoad(
    home: NodeActor?, _ loader: @escaping (LoadToken<SectionID, Item>) -> Void
  ) {
    if coordinator.postponeRequest({ self.startLoad(home: home, loader) }) { return }
    _ = coordinator.install(
      restart: { [weak self] ticket in
        guard let self else { return }
        loader(LoadToken(source: self, ticket: ticket))
      },
      home: home)
    let ticket = beginLoad()
    // An observer told of the new state may have started another load.
    guard coordinator.isCurrent(ticket) else { return }
    loader(LoadToken(source: self, ticket: ticket))
  }

  // MARK: Reloading, resetting, waiting

  /// Requests a new run of the last loader (any style), as a
  /// pull-to-refresh does. Does nothing if the source never had a loader.
  ///
  /// The request takes effect at once: earlier loads become obsolete and
  /// the state becomes loading or refreshing. The loader itself starts at
  /// the source's next scheduling point: a task enqueued on the source's
  /// actor by the first request. Every request made before that point is
  /// absorbed by the same load (AdvancedCollectionView's
  /// `setNeedsLoadContent`), so a graph whose combinators all reload the
  /// same leaf starts one load. A source that lives on no actor (loaded
  /// from nonisolated code) has no scheduling point: a callback loader
  /// restarts at once, and an `async` loader is not run again.
  ///
  /// Called while observers are being told of a change (from an
  /// observer), the request is made after the delivery, after the changes
  /// and answers requested before it; the earlier loads are obsolete at
  /// once: an answer given after this call returns `false`.
  public func reload() {
    guard coordinator.restart != nil else { return }
    if coordinator.postponeRequest({ self.reload() }) { return }
    guard let ticket = coordinator.beginScheduled() else { return }
    guard let home = coordinator.home else {
      _ = coordinator.takeScheduled(ticket)
      updateState()
      if coordinator.isCurrent(ticket) { coordinator.restart?(ticket) }
      return
    }
    home.run { [weak self] in
      guard let self, self.coordinator.takeScheduled(ticket) else { return }
      self.coordinator.restart?(ticket)
    }
    updateState()
  }

  /// Goes back to the start: every load in flight becomes obsolete (its
  /// task is cancelled), the content becomes `snapshot` (one minimal
  /// batch) and the phase idle, so the state is `ContentState.initial`
  /// (or `ContentState.content` if `snapshot` has items).
  /// AdvancedCollectionView's `resetContent`. The loader is kept for a
  /// later ``reload()``; callers waiting for the load to settle resume.
  ///
  /// Called while observers are being told of a change (from an
  /// observer), the reset is made after the delivery, after the changes and
  /// answers requested before it; the loads in flight are obsolete at once:
  /// an answer given after this call returns `false`.
  public func reset(to snapshot: Snapshot<SectionID, Item> = Snapshot()) {
    if coordinator.postponeRequest({ self.reset(to: snapshot) }) { return }
    coordinator.reset()
    contentRequest &+= 1
    DeliveryWave.deliver {
      replaceContent(with: snapshot)
      updateState()
    }
    DeliveryWave.afterDelivery { [coordinator] in coordinator.notifySettled() }
  }

  /// Runs `body` once the current load has settled (succeeded, failed, was
  /// cancelled or reset): at once if no load is running.
  /// AdvancedCollectionView's `whenLoaded:`. `body` runs after the
  /// observers were told of the final state.
  public func whenLoaded(_ body: @escaping () -> Void) {
    coordinator.whenSettled(body)
  }

  // MARK: Shared machinery

  /// Starts a load and tells the observers of the new state.
  func beginLoad() -> LoadingCoordinator.Ticket {
    let ticket = coordinator.begin()
    updateState()
    return ticket
  }

  /// Accepts the answer of the load of `ticket` if it is current, and
  /// applies it: now, or after the delivery under way (the load no longer
  /// takes another answer either way). The content first (one minimal
  /// batch to `content`, or to what `edit` makes of the content of that
  /// moment; with neither, the content stays), then the state.
  ///
  /// `alongside`, if given, runs when the answer is applied, in the same
  /// change as the content and the state, before any observer is told: a
  /// source built on this one (a paged source) updates what it keeps
  /// beside the content there, so its observers never see one without the
  /// other.
  @discardableResult
  func completeLoad(
    _ ticket: LoadingCoordinator.Ticket, in phase: ContentState.LoadingPhase,
    content: Snapshot<SectionID, Item>? = nil,
    editing edit: ((inout [SnapshotSection<SectionID, Item>]) -> Void)? = nil,
    alongside: (() -> Void)? = nil
  ) -> Bool {
    guard coordinator.claimAnswer(ticket) else { return false }
    settle(ticket, in: phase, content: content, editing: edit, alongside: alongside)
    return true
  }

  /// Ends the load of `ticket` in `phase`, with new content or none: the
  /// batch is emitted with the final state, then the state change, then
  /// the waiters run. `alongside` runs in the change, after the content
  /// and the state (see ``completeLoad(_:in:content:editing:alongside:)``).
  /// `edit`, if given, makes the new content from the
  /// content of the moment the answer is applied. `prepared`, if given, is
  /// the batch to `content` computed off the actor, used if the content has
  /// not changed since (otherwise the diff is made here).
  func settle(
    _ ticket: LoadingCoordinator.Ticket, in phase: ContentState.LoadingPhase,
    content: Snapshot<SectionID, Item>?,
    prepared: PreparedBatch<SectionID, Item>? = nil,
    editing edit: ((inout [SnapshotSection<SectionID, Item>]) -> Void)? = nil,
    keepingWork: Bool = false, alongside: (() -> Void)? = nil
  ) {
    if DeliveryWave.postpone({
      self.settle(
        ticket, in: phase, content: content, prepared: prepared, editing: edit,
        keepingWork: keepingWork, alongside: alongside)
    }) {
      return
    }
    guard coordinator.finish(ticket, in: phase, keepingWork: keepingWork) else { return }
    DeliveryWave.deliver {
      if let content {
        contentRequest &+= 1
        replaceContent(with: content, prepared: prepared)
      } else if let edit {
        var sections = self.sections
        edit(&sections)
        replaceContent(with: Snapshot(sections: sections))
      }
      updateState()
      alongside?()
    }
    DeliveryWave.afterDelivery { [coordinator] in coordinator.notifySettled() }
  }

  /// Ends the load of `ticket`, whose answer was claimed, without an
  /// answer: now, or after the delivery under way. The phase goes back to
  /// what it was before the load, unless a newer load began meanwhile.
  func abandonClaimedLoad(_ ticket: LoadingCoordinator.Ticket) {
    if DeliveryWave.postpone({ self.abandonClaimedLoad(ticket) }) { return }
    guard coordinator.abandonClaimed(ticket) else { return }
    updateState()
    DeliveryWave.afterDelivery { [coordinator] in coordinator.notifySettled() }
  }

  /// Ends the load of `ticket` without an answer: the phase goes back to
  /// what it was before the load.
  func abandonLoad(_ ticket: LoadingCoordinator.Ticket) {
    guard coordinator.abandon(ticket) else { return }
    updateState()
    DeliveryWave.afterDelivery { [coordinator] in coordinator.notifySettled() }
  }
}
