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
    /// A next page, numbered by the source.
    case next(UInt64)
  }

  private(set) weak var source: PagedDataSource<SectionID, Item, Cursor>?
  let kind: Kind
  /// Where the page starts: `nil` for the first page, else the `next`
  /// cursor of the page before.
  public let cursor: Cursor?

  init(source: PagedDataSource<SectionID, Item, Cursor>, kind: Kind, cursor: Cursor?) {
    self.source = source
    self.kind = kind
    self.cursor = cursor
  }

  /// Whether this is the first page (a load or a refresh of the source)
  /// rather than a next one.
  public var isFirstPage: Bool {
    if case .first = kind { true } else { false }
  }

  /// Whether the answer would still be taken: no refresh or reset came
  /// since, and the request has not answered.
  public var isCurrent: Bool {
    guard let source else { return false }
    return switch kind {
    case .first(let token): token.isCurrent
    case .next(let id): source.isCurrentPageRequest(id)
    }
  }

  /// Answers with the page: its items are appended (the first page
  /// replaces the content), and the source's ``PagedDataSource/pagingState``
  /// becomes ``PagingState/hasMore`` or, when `page.next` is `nil`,
  /// ``PagingState/complete``.
  ///
  /// - Returns: Whether the answer was taken (`false` when obsolete).
  @discardableResult
  public func succeed(with page: Page<Item, Cursor>) -> Bool {
    finish(.success(page))
  }

  /// Answers that the page failed to load: a first page fails as a load
  /// does (`ContentState.error(_:)`, or
  /// `ContentState.contentWithFailure(_:)` when a refresh fails over the
  /// pages shown), a next page makes ``PagedDataSource/pagingState``
  /// ``PagingState/failed(_:)`` and leaves the content state alone. A
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
