import DataSourceGraph

/// The screen's server: suggestions for a text, and the results of a query
/// a page at a time. An app's would call its API; this one answers from a
/// fixed catalogue after `delay` nanoseconds, so tests can type faster than
/// it answers.
public struct SearchServer: Sendable {
  /// The titles searched.
  public var catalogue: [String]
  /// How long each answer takes, in nanoseconds.
  public var delay: UInt64
  /// Results per page.
  public var pageSize: Int

  /// A server over `catalogue`.
  public init(catalogue: [String] = SearchServer.fruit, delay: UInt64 = 0, pageSize: Int = 3) {
    self.catalogue = catalogue
    self.delay = delay
    self.pageSize = pageSize
  }

  /// The titles matching `query` (case-insensitive containment).
  func matches(_ query: String) -> [String] {
    let query = query.lowercased()
    return catalogue.filter { $0.lowercased().contains(query) }
  }

  /// Up to three titles starting with `text`.
  public func suggestions(for text: String) async throws -> [String] {
    try await Task.sleep(nanoseconds: delay)
    return Array(catalogue.filter { $0.lowercased().hasPrefix(text.lowercased()) }.prefix(3))
  }

  /// The page of results of `query` at `offset`, with the offset of the
  /// next page (`nil` after the last).
  public func results(for query: String, offset: Int) async throws -> Page<SearchRow, Int> {
    try await Task.sleep(nanoseconds: delay)
    let all = matches(query)
    let end = min(offset + pageSize, all.count)
    let rows = all[min(offset, end)..<end].map { SearchRow(.result, key: $0, title: $0) }
    return Page(items: rows, next: end < all.count ? end : nil)
  }

  /// A catalogue of fruit.
  public static let fruit = [
    "Apple", "Apricot", "Avocado", "Banana", "Blackberry", "Blueberry", "Cherry", "Clementine",
    "Coconut", "Cranberry", "Date", "Fig", "Grape", "Grapefruit", "Guava", "Kiwi", "Lemon",
    "Lime", "Lychee", "Mango", "Melon", "Nectarine", "Orange", "Papaya", "Peach", "Pear",
    "Pineapple", "Plum", "Pomegranate", "Raspberry", "Strawberry", "Watermelon",
  ]
}
