extension MutableDataSource where SectionID: Sendable, Item: Sendable, Item.ID: Sendable {
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
  /// A large snapshot (see ``backgroundDiffThreshold``) is diffed in the
  /// iteration's task, off the actor, before the batch is applied on the
  /// actor; the next element is taken only then. Edits made meanwhile make
  /// it diff again against the content they left; a newer content request
  /// (a replace, a reset) drops the element, and the content stays until the
  /// next one (see ``replaceInBackground(with:isolation:)``).
  ///
  /// The iteration runs in a task of its own and brings each snapshot
  /// back to the source's actor; between elements it holds neither the
  /// source nor its actor, so an actor that owns the source can be released
  /// while a sequence is followed. It ends when the returned observation is cancelled or
  /// released (the task is cancelled; a load that had not answered goes
  /// back to its phase before), when another load starts, on
  /// ``reset(to:)``, or when the source is released. ``reload()`` cancels
  /// the iteration and follows a fresh sequence from `makeSnapshots`, until
  /// the observation ends.
  ///
  /// The source must live on an actor, since the snapshots need one to come
  /// back to: `isolation` is the caller's actor by default, and calling this
  /// from nonisolated code (where there is none) does not compile.
  ///
  /// - Parameters:
  ///   - isolation: The actor the source lives on; the caller's, by default.
  ///   - makeSnapshots: Makes the sequence to follow; called now and on
  ///     each reload.
  /// - Returns: The token that keeps the iteration going.
  public func follow<Snapshots: AsyncSequence & Sendable>(
    isolation: isolated any Actor = #isolation,
    _ makeSnapshots: @escaping () -> Snapshots
  ) -> ObservationToken where Snapshots.Element == Snapshot<SectionID, Item> {
    let home = NodeActor(isolation)
    let start = Self.iteration(home: home, source: self, makeSnapshots: makeSnapshots)
    let loader = coordinator.install(restart: start, home: home)
    let ticket = beginLoad()
    if coordinator.isCurrent(ticket) { start(ticket) }
    return ObservationToken { [weak self] in
      guard let self, self.coordinator.loaderID == loader else { return }
      self.stopFollowing()
    }
  }

  /// Ends following: no more reloads of the sequence, the iteration is
  /// cancelled, and a load that had not answered is abandoned.
  private func stopFollowing() {
    _ = coordinator.install(restart: nil, home: nil)
    coordinator.stop()
    updateState()
    DeliveryWave.afterDelivery { [coordinator] in coordinator.notifySettled() }
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

  /// What a load of `ticket` runs to follow a fresh sequence: a task that
  /// iterates it and applies every element on the source's actor while
  /// `ticket` is the newest load and the source exists.
  private static func iteration<Snapshots: AsyncSequence & Sendable>(
    home: NodeActor?,
    source: MutableDataSource,
    makeSnapshots: @escaping () -> Snapshots
  ) -> (LoadingCoordinator.Ticket) -> Void
  where Snapshots.Element == Snapshot<SectionID, Item> {
    { [weak source] ticket in
      guard let home, let source, source.coordinator.isNewest(ticket) else { return }
      let snapshots = makeSnapshots()
      let apply = Confined {
        [weak source] (snapshot: Snapshot<SectionID, Item>) -> FollowStep<SectionID, Item> in
        guard let source, source.coordinator.isNewest(ticket) else { return .stop }
        if source.wantsBackgroundDiff(for: snapshot), !DeliveryWave.isDelivering {
          return .background(
            source.beginBackgroundJob(for: snapshot, load: (ticket, keepingWork: true)))
        }
        source.settle(ticket, in: .loaded, content: snapshot, keepingWork: true)
        return .applied
      }
      let end = Confined { [weak source] (error: (any Error)?) in
        source?.endFollowing(ticket, error: error)
      }
      let task = Task {
        do {
          for try await snapshot in snapshots {
            guard !Task.isCancelled, let step = await home.perform(apply, with: snapshot) else {
              return
            }
            switch step {
            case .applied: continue
            case .stop: return
            case .background(let job):
              guard case .loaded? = await drive(job, home: home) else { return }
            }
          }
          _ = await home.perform(end, with: nil)
        } catch {
          _ = await home.perform(end, with: error)
        }
      }
      source.coordinator.track(ticket) { task.cancel() }
    }
  }
}

/// What the actor answers to an element of a followed sequence.
enum FollowStep<SectionID: Hashable, Item: Identifiable & Equatable>: Sendable
where SectionID: Sendable, Item: Sendable, Item.ID: Sendable {
  /// Applied: take the next element.
  case applied
  /// The iteration is obsolete (or the source is gone): stop.
  case stop
  /// Large: diff it off the actor, then take the next element.
  case background(BackgroundJob<SectionID, Item>)
}
