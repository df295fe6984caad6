public import DataSourceGraphSections

/// The handle a callback-style loader gets for one load: it says whether
/// the load is still current, and it is how the loader answers.
///
/// ```swift
/// source.load { token in
///   colorsLoader.loadColors { result in      // called back on the main actor
///     switch result {
///     case .success(let colors): token.succeed(with: Snapshot(id: "colors", items: colors))
///     case .failure(let error): token.fail(error)
///     }
///   }
/// }
/// ```
///
/// Only the newest load of a source is current, and it answers once: an
/// answer through an obsolete token (a newer load started, the source was
/// reset, or the load already answered) changes nothing, emits nothing and
/// returns `false`. An answer given while observers are being told of a
/// change (from an observer) is accepted at once (a second answer is then
/// refused) and applied after the delivery, after the changes requested
/// before it, so it never undoes them. A token holds its source weakly: the answer to a load
/// whose source was released is ignored too.
///
/// A token belongs to the source's isolation domain (it is not
/// `Sendable`): answer from there. A loader whose API calls back on another
/// thread is simpler in the `async` style (wrap the API in
/// `withCheckedThrowingContinuation`).
public struct LoadToken<SectionID: Hashable, Item: Identifiable & Equatable> {
  private weak var source: MutableDataSource<SectionID, Item>?
  /// Which load of the source this token answers for.
  package let ticket: LoadingCoordinator.Ticket

  init(source: MutableDataSource<SectionID, Item>, ticket: LoadingCoordinator.Ticket) {
    self.source = source
    self.ticket = ticket
  }

  /// Whether this load is still the source's current one and has not
  /// answered: PJFDataSource's `loadingState.valid`. A loader may check it
  /// to skip work whose answer would be ignored.
  public var isCurrent: Bool {
    source?.coordinator.acceptsAnswer(ticket) ?? false
  }

  /// Answers with new content: the source diffs `snapshot` against what it
  /// shows, on the source's actor, emits the minimal batch, then its new
  /// state (content or empty).
  ///
  /// Whatever the types, the diff runs here; to diff a large snapshot off
  /// the actor, answer with ``succeedInBackground(with:)``.
  ///
  /// - Returns: Whether the answer was applied (`false` when obsolete).
  @discardableResult
  public func succeed(with snapshot: Snapshot<SectionID, Item>) -> Bool {
    source?.completeLoad(ticket, in: .loaded, content: snapshot) ?? false
  }

  /// Answers by editing the current content: `edit` changes a copy of the
  /// sections, and the source emits the minimal batch from the old content
  /// to the result (as ``MutableDataSource/perform(_:)`` does), then its new
  /// state. `edit` runs only if the load is current; given while observers
  /// are being told of a change, it runs after the delivery, on the content
  /// the changes requested before it left.
  ///
  /// - Returns: Whether the answer was accepted (`false` when obsolete).
  @discardableResult
  public func succeed(
    editing edit: @escaping (inout [SnapshotSection<SectionID, Item>]) -> Void
  ) -> Bool {
    source?.completeLoad(ticket, in: .loaded, editing: edit) ?? false
  }

  /// Answers that the content the source shows is up to date: the load
  /// ends without a change of content.
  ///
  /// - Returns: Whether the answer was applied (`false` when obsolete).
  @discardableResult
  public func succeed() -> Bool {
    source?.completeLoad(ticket, in: .loaded) ?? false
  }

  /// Answers that the load failed: the source keeps its content and its
  /// state becomes `ContentState.error(_:)`, or
  /// `ContentState.contentWithFailure(_:)` if it has content.
  ///
  /// - Returns: Whether the answer was applied (`false` when obsolete).
  @discardableResult
  public func fail(_ error: any Error) -> Bool {
    source?.completeLoad(ticket, in: .failed(error)) ?? false
  }

  /// Answers with a result: ``succeed(with:)`` or ``fail(_:)``.
  ///
  /// - Returns: Whether the answer was applied (`false` when obsolete).
  @discardableResult
  public func finish(_ result: Result<Snapshot<SectionID, Item>, any Error>) -> Bool {
    switch result {
    case .success(let snapshot): succeed(with: snapshot)
    case .failure(let error): fail(error)
    }
  }
}

extension LoadToken where SectionID: Sendable, Item: Sendable, Item.ID: Sendable {
  /// Answers with new content, diffed off the actor when it is large: the
  /// source diffs `snapshot` against what it shows, emits the minimal
  /// batch, then its new state (content or empty).
  ///
  /// A large snapshot (see ``MutableDataSource/backgroundDiffThreshold``)
  /// of a source that lives on an actor is diffed off the actor: the answer
  /// is accepted now (a second one is refused), the state stays loading (or
  /// refreshing) until the batch is applied back on the actor, and
  /// ``MutableDataSource/whenLoaded(_:)`` waits for it. Edits made meanwhile
  /// make the snapshot diff again against the content they left; a newer
  /// load or a reset makes the answer obsolete; a newer content request (a
  /// replace) ends the load keeping that content (see
  /// ``MutableDataSource/replaceInBackground(with:isolation:)``). Smaller
  /// content is applied at once, as by ``succeed(with:)``.
  ///
  /// - Returns: Whether the answer was accepted (`false` when obsolete).
  @discardableResult
  public func succeedInBackground(with snapshot: Snapshot<SectionID, Item>) -> Bool {
    source?.completeLoadInBackground(ticket, content: snapshot) ?? false
  }

  /// Answers with a result: ``succeedInBackground(with:)`` or ``fail(_:)``.
  ///
  /// - Returns: Whether the answer was accepted (`false` when obsolete).
  @discardableResult
  public func finishInBackground(_ result: Result<Snapshot<SectionID, Item>, any Error>) -> Bool {
    switch result {
    case .success(let snapshot): succeedInBackground(with: snapshot)
    case .failure(let error): fail(error)
    }
  }
}
