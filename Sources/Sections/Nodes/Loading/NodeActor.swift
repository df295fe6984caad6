import DataSourceGraphSections

/// The actor a node lives on, held weakly, and the way to run the node's
/// deferred work there.
///
/// A node captures its actor when a load starts (the `isolation` parameter
/// of every load method, `#isolation` by default). A later synchronous
/// request (``MutableDataSource/reload()``, called by a combinator) uses it
/// to enqueue work on that actor, and a task that ran elsewhere (an `async`
/// fetch, the iteration of a followed sequence) uses it to come back.
///
/// The reference is weak because the actor usually owns the graph (an
/// `actor Inbox { let messages = MutableDataSource… }`): a strong one would
/// be a cycle. Work for an actor that is gone is dropped, since the graph it
/// would touch is gone too. Without an actor (a node used from nonisolated
/// code) there is nowhere to run such work, so there is no `NodeActor`.
struct NodeActor: Sendable {
  /// Whether the actor is the main actor, which lives for the whole
  /// process: it is not held at all (a weak reference to it would only cost
  /// a side table that leak checkers report).
  private let isMain: Bool
  private weak var other: (any Actor)?

  /// The actor `isolation`.
  init(_ isolation: any Actor) {
    isMain = isolation is MainActor
    if !isMain { other = isolation }
  }

  /// The actor of `isolation`, or `nil` when there is none.
  init?(_ isolation: (any Actor)?) {
    guard let isolation else { return nil }
    self.init(isolation)
  }

  /// The actor, if it still exists.
  private var actor: (any Actor)? { isMain ? MainActor.shared : other }

  /// Runs `work` in a new task on the actor: the node's next scheduling
  /// point, after the jobs already enqueued there. Does nothing if the
  /// actor is gone.
  ///
  /// Call it from the node's isolation domain, where `work` was made.
  func run(_ work: @escaping () -> Void) {
    guard let actor else { return }
    let work = Confined<(()) -> Void> { _ in work() }
    Task { await Self.invoke(work, with: (), on: actor) }
  }

  /// Runs `work` with `argument` on the actor and returns its result, or
  /// returns `nil` at once if the actor is gone.
  ///
  /// `work` must have been made in the node's isolation domain.
  func perform<Argument: Sendable, Output: Sendable>(
    _ work: Confined<(Argument) -> Output>, with argument: Argument
  ) async -> Output? {
    guard let actor else { return nil }
    return await Self.invoke(work, with: argument, on: actor)
  }

  /// Runs the `async` `work` with `argument` on the actor, in the calling
  /// task (so it sees that task's cancellation), and returns its result;
  /// throws `CancellationError` at once if the actor is gone.
  ///
  /// `work` must have been made in the node's isolation domain: it may
  /// read that domain's state (a view controller's search text).
  func perform<Argument: Sendable, Output: Sendable>(
    _ work: Confined<(Argument) async throws -> Output>, with argument: Argument
  ) async throws -> Output {
    guard let actor else { throw CancellationError() }
    return try await Self.invoke(work, with: argument, on: actor)
  }

  /// Runs the `async` `work` on `actor`, the node's isolation (`nil`: the
  /// node has none, and `work` runs nonisolated), in the calling task.
  ///
  /// `work` must have been made in that isolation: a load passes the
  /// `isolation` it was called with, which holds the actor for the length
  /// of the call, as its caller does.
  static func run<Output: Sendable>(
    _ work: Confined<(()) async throws -> Output>, on actor: isolated (any Actor)?
  ) async throws -> Output {
    try await work.value(())
  }

  private static func invoke<Argument: Sendable, Output: Sendable>(
    _ work: Confined<(Argument) async throws -> Output>, with argument: Argument,
    on actor: isolated any Actor
  ) async throws -> Output {
    try await work.value(argument)
  }

  private static func invoke<Argument: Sendable, Output: Sendable>(
    _ work: Confined<(Argument) -> Output>, with argument: Argument, on actor: isolated any Actor
  ) -> Output {
    work.value(argument)
  }
}
