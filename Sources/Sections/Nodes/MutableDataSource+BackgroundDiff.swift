public import DataSourceGraphSections

/// A batch computed off the source's actor from the content of one version
/// (see ``MutableDataSource/contentVersion``): applied as is only while the
/// content still has that version.
struct PreparedBatch<SectionID: Hashable, Item: Identifiable> {
  /// The batch from the content of `version` to the new snapshot.
  let batch: ChangeBatch<SectionID, Item>
  /// The version of the content the batch starts from.
  let version: UInt64
}

extension PreparedBatch: Sendable where SectionID: Sendable, Item: Sendable {}

/// A diff to compute off the source's actor: the content of one version
/// (its sections, shared, and its snapshot if one was built) and the new
/// snapshot.
struct BackgroundDiff<SectionID: Hashable, Item: Identifiable & Equatable> {
  let base: [SnapshotSection<SectionID, Item>]
  let baseSnapshot: Snapshot<SectionID, Item>?
  let target: Snapshot<SectionID, Item>
  let version: UInt64
  /// The source's diff (``MutableDataSource/differ``).
  let differ: SentDiffer<SectionID, Item>

  /// The batch from the base to the target: the whole cost of the diff,
  /// and of building the base's snapshot if there was none.
  ///
  /// - Complexity: As `Snapshot.difference(from:)`, plus expected O(*n*)
  ///   to build the base's snapshot when the source had none cached.
  func run() -> PreparedBatch<SectionID, Item> {
    let old = baseSnapshot ?? Snapshot(sections: base)
    return PreparedBatch(batch: differ.run(target, old), version: version)
  }
}

/// A source's diff, carried off its actor by a ``BackgroundDiff``.
///
/// `@unchecked Sendable` because a closure's type cannot say what this one
/// holds: ``MutableDataSource/diffing()`` makes it, and it captures
/// nothing but the section and item types, whose conformances the diff
/// uses off the actor only where a ``BackgroundDiff`` is `Sendable`, that
/// is where those types are.
struct SentDiffer<SectionID: Hashable, Item: Identifiable & Equatable>: @unchecked Sendable {
  let run: MutableDataSource<SectionID, Item>.Differ
}

extension BackgroundDiff: Sendable where SectionID: Sendable, Item: Sendable, Item.ID: Sendable {}

/// What the source's actor answers to a batch computed off it: compute
/// again from the content as it is now (it changed meanwhile), or done.
enum BackgroundStep<SectionID: Hashable, Item: Identifiable & Equatable> {
  /// The content changed while the diff ran: diff again from this base.
  case again(BackgroundDiff<SectionID, Item>)
  /// Finished: `.loaded` when the content was applied (or, for a load, when
  /// the load ended keeping a newer content), `.obsolete` when dropped.
  case done(ContentState.LoadOutcome)
}

extension BackgroundStep: Sendable where SectionID: Sendable, Item: Sendable, Item.ID: Sendable {}

/// A request for new content whose diff runs off the actor: the first diff
/// and the step that takes each result on the actor.
struct BackgroundJob<SectionID: Hashable, Item: Identifiable & Equatable>: Sendable
where SectionID: Sendable, Item: Sendable, Item.ID: Sendable {
  let diff: BackgroundDiff<SectionID, Item>
  let step: Confined<(PreparedBatch<SectionID, Item>) -> BackgroundStep<SectionID, Item>>
}

/// How many diffs a request computes off the actor before it computes the
/// next one on the actor: a source edited faster than a diff runs would
/// otherwise never get its new content.
let backgroundDiffAttempts = 3

extension MutableDataSource where SectionID: Sendable, Item: Sendable, Item.ID: Sendable {
  // MARK: Replacing off the actor

  /// Replaces the content with `snapshot` like ``replace(with:)``, but
  /// computes the diff off the source's actor when the content is large, so
  /// the actor (the main actor in an app) only applies the batch.
  ///
  /// ```swift
  /// await source.replaceInBackground(with: Snapshot(sections: hundredThousandRows))
  /// ```
  ///
  /// **What runs where.** When the larger of the current and the new item
  /// counts reaches ``backgroundDiffThreshold`` and the source lives on an
  /// actor, the diff (and, after an edit, the snapshot of the content it
  /// starts from) runs in a detached task; the caller suspends and the
  /// actor stays free. Back on the actor, the batch is applied and
  /// delivered like any other change. Smaller content, a source that lives
  /// on no actor, or a call made while observers are being told of a change
  /// is replaced as ``replace(with:)`` does (during a delivery, after it).
  ///
  /// **The re-diff rule.** The batch is applied only if the content still
  /// has the version it was computed from. Edits made meanwhile (by anyone:
  /// an insert, ``perform(_:)``, ``LoadToken/succeed(editing:)``) are
  /// delivered at once; the new snapshot is then diffed again, off the
  /// actor, against the content they left, and that batch replaces it. The
  /// new snapshot is never applied to content it was not diffed from. After
  /// three diffs made stale by edits the last one runs on the actor, so a
  /// source edited faster than a diff runs still gets its content.
  ///
  /// **The newest content wins.** A newer request for whole content made
  /// before the batch is applied (``replace(with:)``, another
  /// ``replaceInBackground(with:isolation:)``, ``reset(to:)``, a load's answer with a
  /// snapshot) drops this one: the result is `false` and nothing is
  /// emitted. So replaces take effect in the order they were requested, how
  /// long each diff takes notwithstanding. The same holds when the calling
  /// task is cancelled before the batch is applied.
  ///
  /// - Parameters:
  ///   - snapshot: The new content.
  ///   - isolation: The actor the source lives on; the caller's, by default.
  /// - Returns: Whether `snapshot` became the content (`true` also when the
  ///   replace was made on the actor, or queued behind a delivery).
  /// - Complexity: On the actor, expected O(*k* + *s*) for a change of *k*
  ///   items and *s* sections (inserted and deleted sections counted with
  ///   their items), plus what the observers do with the batch; the diff,
  ///   expected O(*n* + *m*) plus its LCS work, runs off the actor.
  @discardableResult
  public func replaceInBackground(
    with snapshot: Snapshot<SectionID, Item>,
    isolation: isolated (any Actor)? = #isolation
  ) async -> Bool {
    guard isolation != nil, wantsBackgroundDiff(for: snapshot), !DeliveryWave.isDelivering
    else {
      replace(with: snapshot)
      return true
    }
    let (diff, step) = beginBackgroundRequest(for: snapshot, load: nil)
    guard case .loaded = await Self.runInline(diff, step) else { return false }
    return true
  }

  // MARK: Shared machinery

  /// Whether a replace by `snapshot` is worth a diff off the actor.
  func wantsBackgroundDiff(for snapshot: Snapshot<SectionID, Item>) -> Bool {
    Swift.max(numberOfItems, snapshot.numberOfItems) >= backgroundDiffThreshold
  }

  /// The diff from the content as it is now to `snapshot`.
  ///
  /// - Complexity: O(1): the sections are shared, not copied.
  private func backgroundDiff(to snapshot: Snapshot<SectionID, Item>) -> BackgroundDiff<
    SectionID, Item
  > {
    backgroundDiffCount += 1
    return BackgroundDiff(
      base: sections, baseSnapshot: cachedSnapshot, target: snapshot, version: contentVersion,
      differ: SentDiffer(run: differ))
  }

  /// Records a request for `snapshot` as the new content, and returns the
  /// first diff to compute off the actor with the step that takes each
  /// result on the actor: it drops the request if a newer one came (or, for
  /// a load, if the ticket is no longer the newest), asks for another diff
  /// if an edit came (up to ``backgroundDiffAttempts``), and otherwise
  /// applies the batch (for a load, settles it in `ContentState.LoadingPhase.loaded`).
  ///
  /// - Parameter load: The ticket of the load that answers with `snapshot`
  ///   (already claimed, or an observed sequence's), and whether its work
  ///   goes on after the answer; `nil` for a replace.
  func beginBackgroundRequest(
    for snapshot: Snapshot<SectionID, Item>,
    load: (ticket: LoadingCoordinator.Ticket, keepingWork: Bool)?
  ) -> (
    BackgroundDiff<SectionID, Item>,
    (PreparedBatch<SectionID, Item>) -> BackgroundStep<SectionID, Item>
  ) {
    contentRequest &+= 1
    let request = contentRequest
    var attempts = 1
    let step = {
      [weak self] (prepared: PreparedBatch<SectionID, Item>) -> BackgroundStep<SectionID, Item> in
      guard let self else { return .done(.obsolete) }
      if let load, !coordinator.isNewest(load.ticket) { return .done(.obsolete) }
      guard contentRequest == request, load != nil || !Task.isCancelled else {
        // A newer content request: a load still ends, keeping the content.
        guard let load else { return .done(.obsolete) }
        settle(load.ticket, in: .loaded, content: nil, keepingWork: load.keepingWork)
        return .done(.loaded)
      }
      if prepared.version != contentVersion, attempts < backgroundDiffAttempts {
        attempts += 1
        staleBackgroundDiffCount += 1
        return .again(backgroundDiff(to: snapshot))
      }
      // A batch made stale by the last edits is recomputed here, on the actor.
      if let load {
        settle(
          load.ticket, in: .loaded, content: snapshot, prepared: prepared,
          keepingWork: load.keepingWork)
      } else {
        replaceContent(with: snapshot, prepared: prepared)
      }
      return .done(.loaded)
    }
    return (backgroundDiff(to: snapshot), step)
  }

  /// As ``beginBackgroundRequest(for:load:)``, packed to travel through a
  /// task that is not on the actor (see ``drive(_:home:)``).
  func beginBackgroundJob(
    for snapshot: Snapshot<SectionID, Item>,
    load: (ticket: LoadingCoordinator.Ticket, keepingWork: Bool)?
  ) -> BackgroundJob<SectionID, Item> {
    let (diff, step) = beginBackgroundRequest(for: snapshot, load: load)
    return BackgroundJob(diff: diff, step: Confined(step))
  }

  /// Runs the diffs of a request off the actor from code isolated to the
  /// source's actor, taking each result back on the actor, until done.
  static func runInline(
    _ diff: BackgroundDiff<SectionID, Item>,
    _ step: (PreparedBatch<SectionID, Item>) -> BackgroundStep<SectionID, Item>,
    isolation: isolated (any Actor)? = #isolation
  ) async -> ContentState.LoadOutcome {
    var diff = diff
    while true {
      switch step(await computeOffActor(diff)) {
      case .again(let next): diff = next
      case .done(let outcome): return outcome
      }
    }
  }

  /// Runs the diffs of `job` from a task that is not on the actor, taking
  /// each result to the actor of `home`, until done. `nil` if the actor is
  /// gone.
  static func drive(_ job: BackgroundJob<SectionID, Item>, home: NodeActor) async -> ContentState
    .LoadOutcome?
  {
    var diff = job.diff
    while true {
      guard let step = await home.perform(job.step, with: await computeOffActor(diff)) else {
        return nil
      }
      switch step {
      case .again(let next): diff = next
      case .done(let outcome): return outcome
      }
    }
  }

  /// Computes `diff` in a detached task, so that it never runs on the
  /// source's actor whatever the caller's isolation.
  static func computeOffActor(_ diff: BackgroundDiff<SectionID, Item>) async -> PreparedBatch<
    SectionID, Item
  > {
    await Task.detached(priority: Task.currentPriority) { diff.run() }.value
  }
}
