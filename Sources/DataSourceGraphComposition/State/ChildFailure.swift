/// The error of one child of a combinator.
public struct ChildFailure: Sendable, CustomStringConvertible {
  /// The index of the child among the combinator's children.
  public var child: Int
  /// The child's error.
  public var error: any Error

  /// Creates a failure record.
  public init(child: Int, error: any Error) {
    self.child = child
    self.error = error
  }

  /// `"child 2: timeout"`.
  public var description: String { "child \(child): \(error)" }
}

/// The error of a combinator none of whose children has content, and at
/// least one of whose children failed: every failed child's error. Also
/// the failure of ``ContentState/contentWithFailure(_:)`` when children
/// with content keep failures: every kept failure.
public struct AggregateError: Error, CustomStringConvertible {
  /// The failed children and their errors, in child order.
  public var failures: [ChildFailure]

  /// Creates the error from the children's failures.
  public init(failures: [ChildFailure]) { self.failures = failures }

  /// `"2 children failed: child 0: timeout; child 2: offline"`; with one
  /// failure, that failure's error alone (`"timeout"`), so a banner reads
  /// the same as for a single source.
  public var description: String {
    if failures.count == 1 { return "\(failures[0].error)" }
    return "\(failures.count) children failed: "
      + failures.map(\.description).joined(separator: "; ")
  }
}
