extension TextListStyle {
  /// What a renderer shows instead of content: a title and a message, for
  /// the states without content (initial, empty, error).
  ///
  /// ``TextListRenderer`` asks its ``TextListRenderer/placeholder`` closure for one;
  /// return your own to match the screen, or `nil` to fall back to
  /// ``standard(for:)``:
  ///
  /// ```swift
  /// renderer.placeholder = { state in
  ///   switch state {
  ///   case .empty: TextListStyle.Placeholder(title: "No colours", message: "Pull to refresh.")
  ///   case .error(let error): TextListStyle.Placeholder(title: "Offline", message: "\(error)")
  ///   default: nil
  ///   }
  /// }
  /// ```
  public struct Placeholder: Sendable, Equatable {
    /// The headline, such as "No content".
    public var title: String
    /// The explanation under it; for an error, its description.
    public var message: String

    /// Creates a placeholder.
    public init(title: String, message: String) {
      self.title = title
      self.message = message
    }

    /// The placeholder shown by default, or `nil` for the states that show
    /// content or a spinner (loading, refreshing, content, content with a
    /// failure, partial).
    ///
    /// An error's message is its description (`String(describing:)`), so an
    /// error type that conforms to `CustomStringConvertible` chooses its text.
    public static func standard(for state: ContentState) -> TextListStyle.Placeholder? {
      switch state {
      case .initial:
        TextListStyle.Placeholder(
          title: "Nothing loaded yet", message: "Start a load to see content here.")
      case .empty:
        TextListStyle.Placeholder(title: "No content", message: "There is nothing to show.")
      case .error(let error):
        TextListStyle.Placeholder(title: "Couldn't load", message: String(describing: error))
      case .loading, .refreshing, .content, .contentWithFailure, .partial:
        nil
      }
    }
  }
}
