public import DataSourceGraphSections

extension MutableDataSource where SectionID: Sendable, Item: Sendable, Item.ID: Sendable {
  // MARK: Async loading

  /// Loads new content with an `async` fetch, and returns how the load
  /// ended.
  ///
  /// ```swift
  /// await source.load { try await api.rows() }   // any (SectionID, Item) snapshot
  /// ```
  ///
  /// Every earlier load becomes obsolete, and the task of an earlier
  /// `async` load is cancelled (its fetch sees `Task.isCancelled`). The
  /// state becomes `ContentState.loading`, or `ContentState.refreshing`
  /// while the current content stays visible. `fetch` runs in a task of its
  /// own, isolated to the caller's actor, so it reads that actor's state (a
  /// view controller's search text) without a box or an `await`; what it
  /// awaits runs where that work lives (a network call, an actor of yours),
  /// and the actor is free meanwhile. Its answer is applied only if this
  /// load is still current:
  ///
  /// - a snapshot replaces the content through the diff (one minimal batch),
  ///   then the state becomes `ContentState.content` or
  ///   `ContentState.empty`;
  /// - an error becomes `ContentState.error(_:)`, or
  ///   `ContentState.contentWithFailure(_:)` with the content kept;
  /// - a `CancellationError`, or any error once the caller's task is
  ///   cancelled, abandons the load: the phase goes back to what it was.
  ///
  /// Whatever an obsolete load's fetch returns or throws is ignored.
  /// Cancelling the calling task cancels the fetch. `fetch` is kept:
  /// ``reload()`` runs it again on the source's actor. A load's parameter (a
  /// query, a filter) is what `fetch` reads: read when it runs, or captured
  /// when the load starts (`[query]`) to keep it for later reloads.
  ///
  /// Building a snapshot costs O(*n*) for *n* items (each identity is
  /// hashed once). For a list of many thousands, build it where the rest of
  /// the fetch's work runs, in a function of your own that is not isolated
  /// to the actor (`@concurrent` from Swift 6.2), so that only the diff's
  /// result reaches the actor.
  ///
  /// A large snapshot (see ``backgroundDiffThreshold``) is diffed off the
  /// actor too, after the answer was accepted: the state stays loading (or
  /// refreshing) meanwhile and no other answer is taken; the actor then only
  /// applies the batch. If the content was edited meanwhile, the snapshot
  /// is diffed again against the content the edits left (see
  /// ``replaceInBackground(with:isolation:)``); if a newer load started or the source
  /// was reset meanwhile, the answer is obsolete, as it would have been had
  /// it come later; if a newer content request (a replace, a reset) came,
  /// the load ends as loaded, keeping that content.
  ///
  /// - Parameters:
  ///   - isolation: The actor the source lives on; the caller's, by default.
  ///   - fetch: Produces the new content, on the caller's actor (without
  ///     one, from nonisolated code, in a task of its own).
  /// - Returns: How the load ended.
  @discardableResult
  public func load(
    isolation: isolated (any Actor)? = #isolation,
    _ fetch: @escaping () async throws -> Snapshot<SectionID, Item>
  ) async -> ContentState.LoadOutcome {
    let home = NodeActor(isolation)
    let fetch = Confined<(()) async throws -> Snapshot<SectionID, Item>> { _ in try await fetch() }
    _ = coordinator.install(
      restart: Self.asyncRestart(home: home, source: self, fetch: fetch), home: home)
    let ticket = beginLoad()
    guard coordinator.isCurrent(ticket) else { return .obsolete }
    let task = Task { try await NodeActor.run(fetch, on: isolation) }
    coordinator.track(ticket) { task.cancel() }
    let result = await withTaskCancellationHandler {
      await task.result
    } onCancel: {
      task.cancel()
    }
    if isolation != nil, let (diff, step) = acceptInBackground(ticket, result) {
      return await Self.runInline(diff, step)
    }
    return finishAsyncLoad(ticket, with: result)
  }

  /// For the large snapshot the `async` load of `ticket` fetched, if it is
  /// current: claims the answer and returns the diff to run off the actor
  /// with the step that applies it. `nil` for any other result, which
  /// ``finishAsyncLoad(_:with:)`` applies at once.
  private func acceptInBackground(
    _ ticket: LoadingCoordinator.Ticket, _ result: Result<Snapshot<SectionID, Item>, any Error>
  ) -> (
    BackgroundDiff<SectionID, Item>,
    (PreparedBatch<SectionID, Item>) -> BackgroundStep<SectionID, Item>
  )? {
    guard case .success(let snapshot) = result, wantsBackgroundDiff(for: snapshot),
      !DeliveryWave.isDelivering, coordinator.claimAnswer(ticket)
    else { return nil }
    return beginBackgroundRequest(for: snapshot, load: (ticket, false))
  }

  /// Answers the load of `ticket` with `snapshot` through its token: a
  /// large snapshot of a source on an actor is claimed now and diffed off
  /// the actor, anything else is applied as ``completeLoad(_:in:content:editing:alongside:)``
  /// does. During a delivery the diff starts after it.
  func completeLoadInBackground(
    _ ticket: LoadingCoordinator.Ticket, content snapshot: Snapshot<SectionID, Item>
  ) -> Bool {
    guard let home = coordinator.home, wantsBackgroundDiff(for: snapshot) else {
      return completeLoad(ticket, in: .loaded, content: snapshot)
    }
    guard coordinator.claimAnswer(ticket) else { return false }
    let start = { [weak self] in
      guard let self, self.coordinator.isNewest(ticket) else { return }
      let job = self.beginBackgroundJob(for: snapshot, load: (ticket, keepingWork: false))
      Task { _ = await Self.drive(job, home: home) }
    }
    if !DeliveryWave.postpone(start) { start() }
    return true
  }

  /// Applies the result of the `async` load of `ticket`, if it is current.
  func finishAsyncLoad(
    _ ticket: LoadingCoordinator.Ticket, with result: Result<Snapshot<SectionID, Item>, any Error>
  ) -> ContentState.LoadOutcome {
    guard coordinator.isCurrent(ticket) else { return .obsolete }
    switch result {
    case .success(let snapshot):
      settle(ticket, in: .loaded, content: snapshot)
      return .loaded
    case .failure(let error) where error is CancellationError || Task.isCancelled:
      abandonLoad(ticket)
      return .cancelled
    case .failure(let error):
      settle(ticket, in: .failed(error), content: nil)
      return .failed(error)
    }
  }

  /// What ``reload()`` runs for an `async` loader: the fetch in a task of
  /// its own on the source's actor, then its answer applied there. Neither
  /// task holds the source while the fetch runs, so a source released
  /// meanwhile ends the load quietly (and its release cancels the fetch).
  /// `nil` without an actor.
  private static func asyncRestart(
    home: NodeActor?,
    source: MutableDataSource,
    fetch: Confined<(()) async throws -> Snapshot<SectionID, Item>>
  ) -> ((LoadingCoordinator.Ticket) -> Void)? {
    guard let home else { return nil }
    return { [weak source] ticket in
      guard let source, source.coordinator.isCurrent(ticket) else { return }
      let task = Task { try await home.perform(fetch, with: ()) }
      source.coordinator.track(ticket) { task.cancel() }
      let finish = Confined {
        [weak source] (result: Result<Snapshot<SectionID, Item>, any Error>)
          -> BackgroundJob<SectionID, Item>? in
        guard let source else { return nil }
        if let (diff, step) = source.acceptInBackground(ticket, result) {
          return BackgroundJob(diff: diff, step: Confined(step))
        }
        _ = source.finishAsyncLoad(ticket, with: result)
        return nil
      }
      Task {
        guard let job = await home.perform(finish, with: await task.result) ?? nil else { return }
        _ = await drive(job, home: home)
      }
    }
  }
}
