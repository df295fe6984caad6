extension MutableDataSource {
  // MARK: Following a sequence of snapshots

  /// Feeds the source from an asynchronous sequence of snapshots: a live
  /// query, a socket, a database observation, any API that delivers a
  /// collection over time.
  ///
  /// ```swift
  /// let (snapshots, feed) = AsyncStream.makeStream(of: Snapshot<String, Row>.self)
  /// let following = source.follow { snapshots }
  /// feed.yield(Snapshot(id: "inbox", items: rows))   // one minimal batch
  /// following.cancel()                               // ends the iteration
  /// ```
  ///
  /// Following is a load that goes on: it makes earlier loads obsolete, and
  /// the state is loading (or refreshing) until the first snapshot. Each
  /// snapshot is diffed against the content and emitted as one minimal
  /// batch, and the state becomes content or empty. If the sequence throws,
  /// the error becomes the source's state (``ContentState/error(_:)``, or
  /// ``ContentState/contentWithFailure(_:)`` with the content kept). A
  /// sequence that ends leaves the last content in place.
  ///
  /// The iteration runs in a task on the source's actor and holds the
  /// source weakly. It ends when the returned observation is cancelled or
  /// released (the task is cancelled; a load that had not answered goes
  /// back to its phase before), when another load starts, on
  /// ``reset(to:)``, or when the source is released. ``reload()`` cancels
  /// the iteration and follows a fresh sequence from `makeSnapshots`, until
  /// the observation ends.
  ///
  /// - Precondition: The source lives on an actor (call this from
  ///   `@MainActor` code or from an actor's method): the iteration needs
  ///   an executor to run on beside the caller.
  /// - Parameters:
  ///   - isolation: The actor the source lives on; the caller's, by default.
  ///   - makeSnapshots: Makes the sequence to follow; called now and on
  ///     each reload.
  /// - Returns: The token that keeps the iteration going.
  public func follow<Snapshots: AsyncSequence>(
    isolation: isolated (any Actor)? = #isolation,
    _ makeSnapshots: @escaping () -> Snapshots
  ) -> Observation where Snapshots.Element == Snapshot<SectionID, Item> {
    precondition(
      isolation != nil,
      "follow(_:) needs the source to live on an actor: call it from @MainActor code or an actor")
    let start = Self.iteration(on: isolation, source: self, makeSnapshots: makeSnapshots)
    let loader = coordinator.install(
      restart: start, scheduler: LoadingScheduler.scheduler(on: isolation))
    let ticket = beginLoad()
    if coordinator.isCurrent(ticket) { start(ticket) }
    return Observation { [weak self] in
      guard let self, self.coordinator.loaderID == loader else { return }
      self.stopFollowing()
    }
  }

  /// Ends following: no more reloads of the sequence, the iteration is
  /// cancelled, and a load that had not answered is abandoned.
  private func stopFollowing() {
    _ = coordinator.install(restart: nil, scheduler: nil)
    coordinator.stop()
    updateState()
    coordinator.notifySettled()
  }

  /// Ends the iteration of `ticket`: a failure becomes the state, a
  /// cancellation abandons a load that had not answered, and a sequence
  /// that ended settles a load that had not answered with the content as is.
  func endFollowing(_ ticket: LoadingCoordinator.Ticket, error: (any Error)?) {
    guard coordinator.isNewest(ticket) else { return }
    if let error, !(error is CancellationError), !Task.isCancelled {
      settle(ticket, in: .failed(error), content: nil)
    } else if error != nil || Task.isCancelled {
      abandonLoad(ticket)
    } else if coordinator.isCurrent(ticket) {
      settle(ticket, in: .loaded, content: nil)
    }
  }

  /// What a load of `ticket` runs to follow a fresh sequence: a task on the
  /// source's actor that applies every element while `ticket` is the
  /// newest load.
  private static func iteration<Snapshots: AsyncSequence>(
    on isolation: isolated (any Actor)?,
    source: MutableDataSource,
    makeSnapshots: @escaping () -> Snapshots
  ) -> (LoadingCoordinator.Ticket) -> Void
  where Snapshots.Element == Snapshot<SectionID, Item> {
    { [weak source] ticket in
      guard let source, source.coordinator.isNewest(ticket) else { return }
      let snapshots = makeSnapshots()
      let task = Task { [weak source] in
        _ = isolation
        do {
          for try await snapshot in snapshots {
            guard !Task.isCancelled, let source, source.coordinator.isNewest(ticket) else {
              return
            }
            source.settle(ticket, in: .loaded, content: snapshot, keepingWork: true)
          }
          source?.endFollowing(ticket, error: nil)
        } catch {
          source?.endFollowing(ticket, error: error)
        }
      }
      source.coordinator.track(ticket) { task.cancel() }
    }
  }
}
