import Observation

/// Counts how often a read is invalidated: it tracks `read` with
/// `withObservationTracking`, and counts the `onChange` call that follows
/// (at most one per tracking); ``take()`` returns the count and tracks again.
@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
@MainActor
final class Tracker {
  private let read: @MainActor () -> Void
  private var invalidations = 0
  private var isTracking = false

  init(_ read: @escaping @MainActor () -> Void) {
    self.read = read
    track()
  }

  /// The invalidations since the last call (0 or 1), then tracks again.
  func take() -> Int {
    let count = invalidations
    invalidations = 0
    track()
    return count
  }

  private func track() {
    guard !isTracking else { return }
    isTracking = true
    withObservationTracking {
      read()
    } onChange: { [weak self] in
      // Called synchronously by the setter, on the main actor.
      MainActor.assumeIsolated {
        self?.invalidations += 1
        self?.isTracking = false
      }
    }
  }
}
