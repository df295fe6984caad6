extension ContentState: CustomStringConvertible, CustomDebugStringConvertible {
  /// A short description: the case, with an error or the missing parts as
  /// their own descriptions give them, such as `"loading"`,
  /// `"error(timeout)"` or `"partial(Inbox pending, child 2 failed: timeout)"`.
  public var description: String {
    switch self {
    case .contentWithFailure(let error): "contentWithFailure(\(error))"
    case .error(let error): "error(\(error))"
    case .partial(let partial): "partial(\(partial))"
    default: "\(kind)"
    }
  }

  /// Everything ``isSameState(as:)`` compares: the case; an error that
  /// lists a combinator's failed children (a ``ChildFailureList``) child by
  /// child, with each one's index and name,
  /// `error([child 1 "Recent": timeout, child 2: offline])`; the missing
  /// parts of a partial state the same way, and whether it refreshes,
  /// `partial([child 0 "Inbox" pending, child 2 failed: timeout], refreshing)`.
  /// Any other error reads as its description: `error(timeout)`.
  public var debugDescription: String {
    switch self {
    case .contentWithFailure(let error): "contentWithFailure(\(Self.debugText(error)))"
    case .error(let error): "error(\(Self.debugText(error)))"
    case .partial(let partial):
      "partial([" + partial.missing.map(Self.debugText).joined(separator: ", ") + "]"
        + (partial.isRefreshing ? ", refreshing" : "") + ")"
    default: "\(kind)"
    }
  }

  /// `child 1 "Recent"`, or `child 1` for a part without a name.
  private static func child(_ index: Int, _ name: String?) -> String {
    "child \(index)" + (name.map { " " + DescriptionText.identity($0) } ?? "")
  }

  /// `child 0 "Inbox" pending`, `child 2 failed: timeout`.
  private static func debugText(_ missing: Partial.Missing) -> String {
    switch missing.reason {
    case .pending: child(missing.child, missing.name) + " pending"
    case .failed(let error): child(missing.child, missing.name) + " failed: \(debugText(error))"
    }
  }

  /// A list of children's failures child by child, any other error as its
  /// description.
  private static func debugText(_ error: any Error) -> String {
    guard let list = error as? any ChildFailureList else { return "\(error)" }
    return "["
      + list.childFailures.map { "\(child($0.child, $0.name)): \(debugText($0.error))" }
      .joined(separator: ", ") + "]"
  }
}
