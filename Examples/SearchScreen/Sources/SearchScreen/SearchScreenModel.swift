import DataSourceGraph

/// The search screen's graph: three parts that load on their own, shown one
/// after the other, a part with nothing taking no section.
///
/// ```
///  shortcuts (MutableDataSource, from the text) ──┐
///  suggestions (MutableDataSource, per keystroke) ─┼─▶ composite ─▶ remove empty ─▶ screen
///  results (PagedDataSource, per query, by offset) ┘
/// ```
///
/// Every keystroke replaces the shortcuts at once, loads the suggestions of
/// the new text and the first page of its results: the loads of the text
/// before are dropped and their fetches cancelled, so however fast the user
/// types, the screen shows the newest text's rows only. The results wait
/// for a pause in the typing before they ask the server (`pause`): a newer
/// keystroke cancels the wait.
@MainActor
public final class SearchScreenModel {
  /// "Search for “…”": made from the text.
  public let shortcuts = MutableDataSource<String, SearchRow>(name: "Shortcuts")
  /// Completions of the text, from the server.
  public let suggestions = MutableDataSource<String, SearchRow>(name: "Suggestions")
  /// The results of the query, a page at a time.
  public let results = PagedDataSource<String, SearchRow, Int>(
    section: "results", header: "Results", name: "Results")
  /// What the screen shows: the three parts, empty ones left out.
  public let screen: NonEmptySectionsDataSource<CompositeSectionID, SearchRow>
  /// The text in the search field.
  public private(set) var text = ""
  /// What the last tap asked the app to do.
  public private(set) var lastAction: Action?

  /// What a tap on a row asks the app to do.
  public enum Action: Hashable, Sendable {
    /// Search for the text as typed (a shortcut).
    case search(String)
    /// Put a suggestion in the search field.
    case complete(String)
    /// Open a result.
    case open(String)
  }

  private let server: SearchServer
  private let pause: UInt64

  /// A screen over `server`; results wait `pause` nanoseconds of quiet
  /// typing before they ask it.
  public init(server: SearchServer = SearchServer(), pause: UInt64 = 200_000_000) {
    self.server = server
    self.pause = pause
    screen = CompositeDataSource(shortcuts, suggestions, results).removingEmptySections()
  }

  /// Called on every keystroke (and when the field is cleared).
  public func textChanged(to text: String) {
    self.text = text
    let trimmed = text.trimmingSpaces
    shortcuts.replace(with: Self.shortcuts(for: trimmed))
    guard !trimmed.isEmpty else {
      suggestions.reset()
      results.reset()
      return
    }
    let server = server
    // A new load drops the one before and cancels its fetch.
    Task { [suggestions] in
      await suggestions.load {
        let titles = try await server.suggestions(for: trimmed)
        return Snapshot(
          id: "suggestions", header: "Suggestions",
          items: titles.map { SearchRow(.suggestion, key: $0, title: $0) })
      }
    }
    results.load { [pause] offset in
      if offset == nil { try await Task.sleep(nanoseconds: pause) }
      return try await server.results(for: trimmed, offset: offset ?? 0)
    }
  }

  /// Called as a row appears on screen (a cell provider, `willDisplay`):
  /// near the end of the results, the next page.
  public func rowAppeared(_ row: SearchRow) {
    guard row.kind == .result else { return }
    results.loadNextPageIfNeeded(showing: row.id, within: 2)
  }

  /// A tap on a row: what it asks depends on the part that owns it.
  @discardableResult
  public func select(_ row: SearchRow) -> Action {
    let action: Action =
      switch row.kind {
      case .shortcut: .search(text.trimmingSpaces)
      case .suggestion: .complete(row.title)
      case .result: .open(row.title)
      }
    lastAction = action
    if case .complete(let suggestion) = action { textChanged(to: suggestion) }
    return action
  }

  /// The shortcuts of `text`: none for an empty field.
  static func shortcuts(for text: String) -> Snapshot<String, SearchRow> {
    guard !text.isEmpty else { return Snapshot() }
    return Snapshot(
      id: "shortcuts", items: [SearchRow(.shortcut, key: "search", title: "Search for “\(text)”")])
  }
}

extension String {
  /// The text without spaces at either end.
  var trimmingSpaces: String {
    var text = Substring(self)
    while text.first == " " { text.removeFirst() }
    while text.last == " " { text.removeLast() }
    return String(text)
  }
}
