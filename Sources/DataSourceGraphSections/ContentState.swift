/// What a node has to show: the state a list screen renders as a spinner,
/// a placeholder, a banner or its content.
///
/// A leaf's state comes from its loading phase and whether it has content
/// (as <doc:LoadingState> describes):
///
/// | phase    | has content | state                          |
/// |----------|-------------|--------------------------------|
/// | idle     | no          | ``initial``                    |
/// | loading  | no          | ``loading``                    |
/// | loading  | yes         | ``refreshing``                 |
/// | loaded   | yes         | ``content``                    |
/// | loaded   | no          | ``empty``                      |
/// | failed   | no          | ``error(_:)``                  |
/// | failed   | yes         | ``contentWithFailure(_:)``     |
///
/// A combinator resolves an aggregate of its children, which adds
/// ``partial(_:)``: some children have content, others are still pending or
/// failed.
public enum ContentState: Sendable, CustomStringConvertible {
  /// Nothing has been loaded and no load has started.
  case initial
  /// A load is running and there is no content to show yet.
  case loading
  /// A load is running while the previous content stays visible.
  case refreshing
  /// Loaded, with content.
  case content
  /// The last load failed, and the content from before is kept. Show the
  /// content with a banner for the error.
  case contentWithFailure(any Error)
  /// Loaded, and there is nothing to show.
  case empty
  /// The load failed and there is no content.
  case error(any Error)
  /// Some parts have content while others are still pending or failed
  /// (combinators only).
  case partial(PartialContent)

  /// The case without its payload, for comparisons and switches that do not
  /// need the error.
  public var kind: Kind {
    switch self {
    case .initial: .initial
    case .loading: .loading
    case .refreshing: .refreshing
    case .content: .content
    case .contentWithFailure: .contentWithFailure
    case .empty: .empty
    case .error: .error
    case .partial: .partial
    }
  }

  /// Whether the node has content to show in this state.
  public var hasContent: Bool {
    switch kind {
    case .refreshing, .content, .contentWithFailure, .partial: true
    case .initial, .loading, .empty, .error: false
    }
  }

  /// The error carried by the state, if any.
  public var error: (any Error)? {
    switch self {
    case .contentWithFailure(let error), .error(let error): error
    default: nil
    }
  }

  /// Whether two states are the same case carrying the same errors. Errors
  /// are not `Equatable`, so they compare by their description; the cases
  /// without a payload (the common ones) compare by kind alone. Two
  /// ``partial(_:)`` states are the same when they miss the same children
  /// (index and name) for the same reasons, and agree on refreshing.
  public func isSameState(as other: ContentState) -> Bool {
    guard kind == other.kind else { return false }
    switch kind {
    case .initial, .loading, .refreshing, .content, .empty:
      return true
    case .contentWithFailure, .error:
      return String(describing: self) == String(describing: other)
    case .partial:
      guard case .partial(let a) = self, case .partial(let b) = other else { return false }
      return a.isRefreshing == b.isRefreshing && a.missing.count == b.missing.count
        && zip(a.missing, b.missing).allSatisfy {
          $0.child == $1.child && $0.name == $1.name && $0.reason.isSame(as: $1.reason)
        }
    }
  }

  /// The payload-free cases of ``ContentState``.
  public enum Kind: Hashable, Sendable, CaseIterable {
    /// ``ContentState/initial``.
    case initial
    /// ``ContentState/loading``.
    case loading
    /// ``ContentState/refreshing``.
    case refreshing
    /// ``ContentState/content``.
    case content
    /// ``ContentState/contentWithFailure(_:)``.
    case contentWithFailure
    /// ``ContentState/empty``.
    case empty
    /// ``ContentState/error(_:)``.
    case error
    /// ``ContentState/partial(_:)``.
    case partial
  }

  /// A short description, such as `"error(timeout)"`.
  public var description: String {
    switch self {
    case .contentWithFailure(let error): "contentWithFailure(\(error))"
    case .error(let error): "error(\(error))"
    case .partial(let partial): "partial(\(partial))"
    default: "\(kind)"
    }
  }
}

/// The payload of ``ContentState/partial(_:)``: which children of a
/// combinator are missing, and why.
public struct PartialContent: Sendable, CustomStringConvertible {
  /// Why a child shows no content.
  public enum Reason: Sendable {
    /// The child has not loaded yet, or is loading.
    case pending
    /// The child's load failed.
    case failed(any Error)

    /// Whether both are pending, or both failed with errors that read the
    /// same.
    public func isSame(as other: Reason) -> Bool {
      switch (self, other) {
      case (.pending, .pending): true
      case (.failed(let a), .failed(let b)): String(describing: a) == String(describing: b)
      default: false
      }
    }
  }

  /// A child of the combinator that has no content.
  public struct Missing: Sendable, CustomStringConvertible {
    /// The index of the child among the combinator's children.
    public var child: Int
    /// The name of the missing source (see ``DataSource/name``), if it has
    /// one. When the child is itself a combinator that lends its own
    /// missing parts, this is the name of the part inside it if that part
    /// is named, else the child's.
    public var name: String?
    /// Why the child has no content.
    public var reason: Reason

    /// Creates a missing-child record.
    ///
    /// - Parameters:
    ///   - child: The index of the child among the combinator's children.
    ///   - name: The name of the missing source, if it has one.
    ///   - reason: Why the child has no content.
    public init(child: Int, name: String? = nil, reason: Reason) {
      self.child = child
      self.name = name
      self.reason = reason
    }

    /// The source's name, or `"child 1"` (its index) when it has none,
    /// then the reason: `"Archive pending"`, `"child 2 failed: timeout"`.
    public var description: String {
      let label = name ?? "child \(child)"
      return switch reason {
      case .pending: "\(label) pending"
      case .failed(let error): "\(label) failed: \(error)"
      }
    }
  }

  /// The children without content that are pending or failed.
  public var missing: [Missing]
  /// Whether a child with content is refreshing.
  public var isRefreshing: Bool

  /// Creates a partial-content payload.
  public init(missing: [Missing], isRefreshing: Bool = false) {
    self.missing = missing
    self.isRefreshing = isRefreshing
  }

  /// The errors of the failed children.
  public var errors: [any Error] {
    missing.compactMap {
      if case .failed(let error) = $0.reason { error } else { nil }
    }
  }

  /// Lists the missing children by name, or by index when unnamed, such as
  /// `"Inbox pending, child 2 failed: timeout"`.
  public var description: String {
    missing.map(\.description).joined(separator: ", ")
  }
}
