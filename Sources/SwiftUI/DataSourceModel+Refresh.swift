import DataSourceGraphNodes
import DataSourceGraphSections

@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
extension DataSourceModel {
  /// Reloads the node and returns once its state is no longer loading or
  /// refreshing: what SwiftUI's `refreshable` waits for.
  ///
  /// ```swift
  /// List { … }
  ///   .refreshable { await model.refresh() }
  /// ```
  ///
  /// Calls ``reload()``; the library's nodes take a reload at once (the
  /// state becomes loading or refreshing before `reload()` returns), and
  /// ``refresh()`` then waits, without polling, for the first state that is
  /// none of these:
  /// - `ContentState.loading`;
  /// - `ContentState.refreshing`;
  /// - `ContentState.partial(_:)` with `ContentState.Partial.isRefreshing` set (a
  ///   part with content is reloading).
  ///
  /// It returns at once if the state is none of these after the reload: a
  /// node without a loader, or a node written outside the library whose
  /// `reload()` changes its state only later. A partial state that is not
  /// refreshing ends the wait, even while a missing part still loads: the
  /// content that arrived is shown. A combinator is `ContentState.loading`
  /// only while a load under it runs, so a part that never starts a load
  /// does not keep the call waiting.
  ///
  /// Cancelling the calling task (SwiftUI cancels the task of `refreshable`
  /// when the view goes away) ends the wait at once; the load goes on.
  /// Several calls may wait at once; they all return when the state
  /// settles.
  public func refresh() async {
    reload()
    // An async function never runs inside a delivery (a delivery is
    // synchronous), so the reload has taken effect and the state the model
    // shows is the node's.
    guard state.isLoadingOrRefreshing else { return }
    let id = refreshes.begin()
    await withTaskCancellationHandler {
      await withCheckedContinuation { continuation in
        refreshes.wait(id, continuation, cancelled: Task.isCancelled)
      }
    } onCancel: { [refreshes] in
      Task { @MainActor in refreshes.cancel(id) }
    }
  }
}

/// The calls of `DataSourceModel.refresh()` under way, each waiting for
/// the state to settle or for its task to be cancelled, whichever comes
/// first. A class of its own, not generic, so that a cancellation handler
/// can reach it without capturing the model's generic types.
@MainActor
final class RefreshWaiters {
  private enum Waiter {
    /// Registered, its continuation not yet stored.
    case starting
    /// Its task was cancelled before its continuation was stored.
    case cancelled
    /// Waiting.
    case waiting(CheckedContinuation<Void, Never>)
  }

  private var waiters: [Int: Waiter] = [:]
  private var nextID = 0

  /// Registers a call; returns its identity.
  func begin() -> Int {
    let id = nextID
    nextID += 1
    waiters[id] = .starting
    return id
  }

  /// Stores the continuation of call `id`, or resumes it at once if its
  /// task was cancelled.
  func wait(_ id: Int, _ continuation: CheckedContinuation<Void, Never>, cancelled: Bool) {
    if cancelled || { if case .cancelled = waiters[id] { true } else { false } }() {
      waiters[id] = nil
      continuation.resume()
    } else {
      waiters[id] = .waiting(continuation)
    }
  }

  /// Ends the wait of call `id`, whose task was cancelled; nothing if it
  /// already ended.
  func cancel(_ id: Int) {
    switch waiters[id] {
    case .starting?: waiters[id] = .cancelled
    case .waiting(let continuation)?:
      waiters[id] = nil
      continuation.resume()
    case .cancelled?, nil: break
    }
  }

  /// Ends every wait under way.
  ///
  /// - Complexity: O(*w*) for *w* calls waiting.
  func resumeAll() {
    guard !waiters.isEmpty else { return }
    for (id, waiter) in waiters {
      guard case .waiting(let continuation) = waiter else { continue }
      waiters[id] = nil
      continuation.resume()
    }
  }
}
