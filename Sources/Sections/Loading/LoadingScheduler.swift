/// Runs a node's deferred work on the actor the node lives on.
///
/// A node captures its actor when a load starts (the `isolation` parameter
/// of every load method, `#isolation` by default) and keeps the closure
/// this type builds, so a later synchronous request (``MutableDataSource/reload()``,
/// called by a combinator) can enqueue work on that actor. Without an actor
/// (a node used from nonisolated code) there is nowhere to enqueue work
/// that touches the node, so there is no scheduler.
enum LoadingScheduler {
  /// A closure that runs its argument in a new task on `isolation`, or
  /// `nil` when there is no actor.
  ///
  /// The "next scheduling point" of a node is when such a task runs: after
  /// the code running on the actor now, and the tasks enqueued before it.
  static func scheduler(
    on isolation: isolated (any Actor)?
  ) -> ((@escaping () -> Void) -> Void)? {
    guard isolation != nil else { return nil }
    return { work in
      Task {
        _ = isolation
        work()
      }
    }
  }
}
