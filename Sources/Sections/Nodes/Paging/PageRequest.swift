import DataSourceGraphSections

/// One request of a paged source for a page: which page (``cursor``),
/// whether it still counts (``isCurrent``), and how the loader answers.
///
/// ```swift
/// let feed = PagedDataSource<String, Post, String>(section: "feed") { request in
///   api.posts(after: request.cursor) { result in   // called back on the main actor
///     request.finish(result.map { Page(items: $0.posts, next: $0.nextCursor) })
///   }
/// }
/// ```
///
/// A request answers once; an answer through a request that is no longer
/// current (a refresh or a reset came since, or it already answered) is
/// dropped and returns `false`. Like a ``LoadToken``, a request belongs to
/// the source's isolation domain: answer from there.
public struct PageRequest<SectionID: Hashable, Item: Identifiable & Equatable, Cursor> {
  enum Kind {
    /// The first page: the source's content load.
    case first(LoadToken<SectionID, Item>)
    /// A next page or an earlier one, numbered by the source.
    case page(PageDirection, UInt64)
  }

  private(set) weak var source: PagedDataSource<SectionID, Item, Cursor>?
  let kind: Kind
  /// Where the page starts: `nil` for the first page; for a next page, the
  /// ``Page/next`` cursor of the last page; for an earlier page, the
  /// ``Page/previous`` cursor of the topmost page.
  public let cursor: Cursor?

  init(source: PagedDataSource<SectionID, Item, Cursor>, kind: Kind, cursor: Cursor?) {
    self.source = source
    self.kind = kind
    self.cursor = cursor
  }

  /// Whether this is the first page (a load or a refresh of the source)
  /// rather than a next or an earlier one.
  public var isFirstPage: Bool {
    if case .first = kind { true } else { false }
  }

  /// Whether this is an earlier page, asked for by
  /// ``PagedDataSource/loadPreviousPage()``: its items go above the first
  /// item shown.
  public var isPreviousPage: Bool {
    if case .page(.previous, _) = kind { true } else { false }
  }

  /// Whether the answer would still be taken: no refresh or reset came
  /// since, and the request has not answered.
  public var isCurrent: Bool {
    guard let source else { return false }
    return switch kind {
    case .first(let token): token.isCurrent
    case .page(let direction, let id): source.isCurrentPageRequest(id, at: direction)
    }
  }

  /// Answers with the page: the first page replaces the content, a next
  /// page's items are appended and an earlier page's inserted above the
  /// first item (an item shown already keeps its place and takes the
  /// page's value, and one deleted while the page loaded is left out; see
  /// `PagedDataSource`'s edits). The paging state of
  /// that end (``PagedDataSource/pagingState`` for next pages,
  /// ``PagedDataSource/previousPagingState`` for earlier ones; both for the
  /// first page) becomes ``PagingState/hasMore``, or
  /// ``PagingState/complete`` when the page's cursor for that end is `nil`.
  ///
  /// - Returns: Whether the answer was taken (`false` when obsolete).
  @discardableResult
  public func succeed(with page: Page<Item, Cursor>) -> Bool {
    finish(.success(page))
  }

  /// Answers that the page failed to load: a first page fails as a load
  /// does (`ContentState.error(_:)`, or
  /// `ContentState.contentWithFailure(_:)` when a refresh fails over the
  /// pages shown), a next or an earlier page makes the paging state of its
  /// end ``PagingState/failed(_:)`` and leaves the content state alone. A
  /// `CancellationError` ends the request without an error.
  ///
  /// - Returns: Whether the answer was taken (`false` when obsolete).
  @discardableResult
  public func fail(_ error: any Error) -> Bool {
    finish(.failure(error))
  }

  /// Answers with a result: ``succeed(with:)`` or ``fail(_:)``.
  ///
  /// - Returns: Whether the answer was taken (`false` when obsolete).
  @discardableResult
  public func finish(_ result: Result<Page<Item, Cursor>, any Error>) -> Bool {
    source?.answer(kind, with: result) ?? false
  }
}
