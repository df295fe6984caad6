extension ContentState {
  /// How an `async` load ended, as returned by `await source.load { … }`
  /// (see ``MutableDataSource``).
  public enum LoadOutcome: Sendable, CustomStringConvertible {
    /// The fetch succeeded and its content was applied.
    case loaded
    /// The fetch failed; the error is the source's state now.
    case failed(any Error)
    /// A newer load started (or the source was reset) before the answer
    /// came: the answer was ignored.
    case obsolete
    /// The load was cancelled (the caller's task, or the fetch threw
    /// `CancellationError`): the phase went back to what it was before.
    case cancelled

    /// `"loaded"`, `"failed(…)"`, `"obsolete"` or `"cancelled"`.
    public var description: String {
      switch self {
      case .loaded: "loaded"
      case .failed(let error): "failed(\(error))"
      case .obsolete: "obsolete"
      case .cancelled: "cancelled"
      }
    }
  }
}
