/// One row of the search screen: a shortcut made from the typed text, a
/// suggestion the server gave for it, or a result.
public struct SearchRow: Identifiable, Hashable, Sendable {
  /// Which part of the screen a row belongs to.
  public enum Kind: Hashable, Sendable {
    /// "Search for “…”", "Go to #…": made from the text, at once.
    case shortcut
    /// A completion of the text, fetched on every keystroke.
    case suggestion
    /// A result of the search, loaded page by page.
    case result
  }

  /// Unique across the parts: the kind's prefix, then the row's own key.
  public var id: String
  /// The part the row belongs to.
  public var kind: Kind
  /// What the row shows.
  public var title: String

  /// Creates a row of `kind` whose own key is `key`.
  public init(_ kind: Kind, key: String, title: String) {
    id = "\(kind):\(key)"
    self.kind = kind
    self.title = title
  }
}
