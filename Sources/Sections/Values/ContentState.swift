/// What a node has to show: the state a list screen renders as a spinner,
/// a placeholder, a banner or its content.
///
/// A leaf's state comes from its loading phase and whether it has content
/// (as *Loading state* (`DataSourceGraphNodes`) describes):
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
/// ``partial(_:)``: some children have content, others are still loading or
/// failed. An aggregate is ``loading`` or ``refreshing`` only while a load
/// under it is in flight.
public enum ContentState: Sendable {
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
  /// Some parts have content while others are still loading or failed
  /// (combinators only).
  case partial(ContentState.Partial)

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

  /// Whether two states are the same state, compared by structure: an
  /// observer is told of a state change only when this is `false`, so the
  /// same error announced again is not a new event, while a change of which
  /// child failed, or of the error itself, is.
  ///
  /// The two states must be the same case. The cases without a payload
  /// (the common ones) compare by case alone. ``error(_:)`` and
  /// ``contentWithFailure(_:)`` compare their errors; two errors are the
  /// same when they have the same dynamic type and:
  ///
  /// - for an error that lists a combinator's failed children (a
  ///   ``ContentState/ChildFailureList``, such as the composition module's
  ///   `ContentState.AggregateError`): the same number of failures, and each pair has
  ///   the same child index, the same name, and the same error by these
  ///   rules;
  /// - for an instance of a class: the same instance (`===`), or else by
  ///   the rules below;
  /// - for an `Equatable` error: `==`;
  /// - for any other error: the same description (`String(describing:)`).
  ///
  /// Two ``partial(_:)`` states are the same when they agree on refreshing
  /// and miss the same children in the same order: the same child index,
  /// the same name, and the same reason (both pending, or both failed with
  /// the same error by the rules above; see
  /// ``ContentState/Partial/Reason/isSame(as:)``).
  ///
  /// - Complexity: O(1) for the cases without a payload; else linear in
  ///   the number of failures and missing children (and in the length of
  ///   the descriptions compared).
  public func isSameState(as other: ContentState) -> Bool {
    guard kind == other.kind else { return false }
    switch (self, other) {
    case (.error(let a), .error(let b)), (.contentWithFailure(let a), .contentWithFailure(let b)):
      return isSameError(a, b)
    case (.partial(let a), .partial(let b)):
      return a.isRefreshing == b.isRefreshing && a.missing.count == b.missing.count
        && zip(a.missing, b.missing).allSatisfy {
          $0.child == $1.child && $0.name == $1.name && $0.reason.isSame(as: $1.reason)
        }
    default:
      return true
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
}

extension ContentState {
  /// The payload of ``ContentState/partial(_:)``: which children of a
  /// combinator are missing, and why.
  public struct Partial: Sendable, CustomStringConvertible {
    /// Why a child shows no content.
    public enum Reason: Sendable {
      /// The child is loading: a load under it is in flight. (A child that
      /// has not started a load is not missing: a combinator counts it as
      /// empty.)
      case pending
      /// The child's load failed.
      case failed(any Error)

      /// Whether both are pending, or both failed with the same error, as
      /// ``ContentState/isSameState(as:)`` compares errors: the same dynamic
      /// type, then the failures of a ``ContentState/ChildFailureList`` child
      /// by child, the same instance of a class, `==` for an `Equatable`
      /// error, and else the same description.
      public func isSame(as other: Reason) -> Bool {
        switch (self, other) {
        case (.pending, .pending): true
        case (.failed(let a), .failed(let b)): isSameError(a, b)
        default: false
        }
      }
    }

    /// A child of the combinator that has no content.
    public struct Missing: Sendable, CustomStringConvertible {
      /// The index of the child among the combinator's children.
      public var child: Int
      /// The name of the missing source (see `DataSource.name`), if it has
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

    /// The children without content that are loading or failed.
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
}

extension ContentState {
  /// An error that lists the failures of a combinator's children, such as
  /// the composition module's `ContentState.AggregateError`: ``isSameState(as:)``
  /// compares two of them failure by failure (child index, name and
  /// error), not by their text, so a change of which child failed is a
  /// change of state even when the text reads the same.
  public protocol ChildFailureList: Error {
    /// The failed children, in child order: each one's index among the
    /// combinator's children, its name (`nil` if it has none) and its
    /// error.
    var childFailures: [(child: Int, name: String?, error: any Error)] { get }
  }
}

/// Whether `a` and `b` are the same error, as
/// ``ContentState/isSameState(as:)`` documents: the same dynamic type,
/// then child by child for a ``ContentState/ChildFailureList``, the same
/// instance for a class, `==` for an `Equatable` error, else the same
/// description.
func isSameError(_ a: any Error, _ b: any Error) -> Bool {
  guard ObjectIdentifier(type(of: a)) == ObjectIdentifier(type(of: b)) else { return false }
  if let a = a as? any ContentState.ChildFailureList,
    let b = b as? any ContentState.ChildFailureList
  {
    let x = a.childFailures
    let y = b.childFailures
    return x.count == y.count
      && zip(x, y).allSatisfy {
        $0.child == $1.child && $0.name == $1.name && isSameError($0.error, $1.error)
      }
  }
  if type(of: a) is AnyObject.Type, (a as AnyObject) === (b as AnyObject) { return true }
  if let a = a as? any Error & Equatable { return isEqual(a, b) }
  return String(describing: a) == String(describing: b)
}

/// Whether `b` is an `E` equal to `a`; called with the existential opened.
private func isEqual<E: Error & Equatable>(_ a: E, _ b: any Error) -> Bool {
  guard let b = b as? E else { return false }
  return a == b
}
