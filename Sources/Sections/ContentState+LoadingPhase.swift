extension ContentState {
  /// Where a node's loading stands: the phase of its loading coordinator.
  public enum LoadingPhase: Sendable, CustomStringConvertible {
    /// No load has started since the node was created or reset.
    case idle
    /// A load is running.
    case loading
    /// The last load succeeded.
    case loaded
    /// The last load failed with this error.
    case failed(any Error)

    /// Whether a load is running.
    public var isLoading: Bool {
      if case .loading = self { true } else { false }
    }

    /// The error of the last load, if it failed.
    public var error: (any Error)? {
      if case .failed(let error) = self { error } else { nil }
    }

    /// `"idle"`, `"loading"`, `"loaded"` or `"failed(…)"`.
    public var description: String {
      switch self {
      case .idle: "idle"
      case .loading: "loading"
      case .loaded: "loaded"
      case .failed(let error): "failed(\(error))"
      }
    }
  }
}

extension ContentState {
  /// The state of a node in `phase` that has content or not (as
  /// <doc:LoadingState> describes):
  ///
  /// | phase    | has content | state                   |
  /// |----------|-------------|-------------------------|
  /// | idle     | no          | initial                 |
  /// | idle     | yes         | content (set directly)  |
  /// | loading  | no          | loading                 |
  /// | loading  | yes         | refreshing              |
  /// | loaded   | yes         | content                 |
  /// | loaded   | no          | empty                   |
  /// | failed   | no          | error                   |
  /// | failed   | yes         | content with the failure kept |
  ///
  /// A source whose content was set directly, without a load, is idle with
  /// content: it shows its content.
  public init(phase: ContentState.LoadingPhase, hasContent: Bool) {
    switch (phase, hasContent) {
    case (.idle, false): self = .initial
    case (.idle, true): self = .content
    case (.loading, false): self = .loading
    case (.loading, true): self = .refreshing
    case (.loaded, true): self = .content
    case (.loaded, false): self = .empty
    case (.failed(let error), false): self = .error(error)
    case (.failed(let error), true): self = .contentWithFailure(error)
    }
  }
}
