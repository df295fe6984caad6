public import DataSourceGraphSections

extension ContentState {
  /// The error of one child of a combinator.
  ///
  /// ```swift
  /// ContentState.ChildFailure(child: 1, name: "Archive", error: MailError.offline).description
  /// // "Archive: The server is offline."
  /// ContentState.ChildFailure(child: 1, error: MailError.offline).description
  /// // "child 1: The server is offline."
  /// ```
  public struct ChildFailure: Sendable, CustomStringConvertible {
    /// The index of the child among the combinator's children.
    public var child: Int
    /// The name of the source that failed (see `DataSource.name`), if it has
    /// one: the child's, or the name of the failed part inside a child that is
    /// itself partial, when that part is named.
    public var name: String?
    /// The child's error.
    public var error: any Error

    /// Creates a failure record.
    ///
    /// - Parameters:
    ///   - child: The index of the child among the combinator's children.
    ///   - name: The name of the source that failed, if it has one.
    ///   - error: The child's error.
    public init(child: Int, name: String? = nil, error: any Error) {
      self.child = child
      self.name = name
      self.error = error
    }

    /// The name and the error, `"Archive: timeout"`; `"child 2: timeout"`
    /// (the index) when the source has no name.
    public var description: String { "\(name ?? "child \(child)"): \(error)" }
  }
}

extension ContentState {
  /// The error of a combinator none of whose children has content, and at
  /// least one of whose children failed: every failed child's error. Also
  /// the failure of `ContentState.contentWithFailure(_:)` when children
  /// with content keep failures: every kept failure.
  ///
  /// `ContentState.isSameState(as:)` compares two aggregate errors failure by
  /// failure (child index, name, and the error itself; see
  /// `ContentState.ChildFailureList`), so a composite whose failed child
  /// moves, or whose child fails with another error that reads the same,
  /// changes state.
  public struct AggregateError: ContentState.ChildFailureList, CustomStringConvertible {
    /// The failed children and their errors, in child order.
    public var failures: [ContentState.ChildFailure]

    /// Creates the error from the children's failures.
    public init(failures: [ContentState.ChildFailure]) { self.failures = failures }

    /// The failures as `ContentState.ChildFailureList` lists them, for
    /// `ContentState.isSameState(as:)`: each child's index, name and error.
    public var childFailures: [(child: Int, name: String?, error: any Error)] {
      failures.map { ($0.child, $0.name, $0.error) }
    }

    /// `"2 children failed: Inbox: timeout; Archive: offline"` (each
    /// failure as its ``ContentState/ChildFailure/description``, so an unnamed child reads
    /// `"child 2: offline"`); with one failure, that failure's error alone
    /// (`"timeout"`), so a banner reads the same as for a single source.
    public var description: String {
      if failures.count == 1 { return "\(failures[0].error)" }
      return "\(failures.count) children failed: "
        + failures.map(\.description).joined(separator: "; ")
    }
  }
}
