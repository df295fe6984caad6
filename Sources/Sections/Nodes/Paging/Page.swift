import DataSourceGraphSections

/// One page of a paged source's items, and where the pages beside it start.
///
/// ```swift
/// Page(items: rows, next: rows.count < 50 ? nil : offset + rows.count)   // offsets
/// Page(items: response.items, next: response.nextCursor)                 // cursors
/// Page(items: around.messages, previous: around.before, next: around.after)   // both ways
/// ```
///
/// A list that opens in the middle (a chat at its first unread message, a
/// timeline at a date) answers its first page with both cursors: earlier
/// pages are loaded at ``previous`` by ``PagedDataSource/loadPreviousPage()``,
/// later ones at ``next`` by ``PagedDataSource/loadNextPage()``. Each end
/// keeps its own cursor: a next page's ``previous`` is not read, nor an
/// earlier page's ``next``.
public struct Page<Item, Cursor> {
  /// The items of the page, in the list's order (an earlier page too: its
  /// last item goes just above the first item shown).
  public var items: [Item]
  /// The cursor of the page before this one; `nil` when this page is the
  /// start of the data.
  public var previous: Cursor?
  /// The cursor of the next page; `nil` when this page is the last.
  public var next: Cursor?

  /// Creates a page.
  ///
  /// - Parameters:
  ///   - items: The items of the page, in the list's order.
  ///   - previous: The cursor of the page before this one; `nil` (the
  ///     default) when this page is the start of the data.
  ///   - next: The cursor of the next page; `nil` when this page is the
  ///     last one.
  public init(items: [Item], previous: Cursor? = nil, next: Cursor?) {
    self.items = items
    self.previous = previous
    self.next = next
  }
}

extension Page: Sendable where Item: Sendable, Cursor: Sendable {}

/// What a paged source shows at one end of its list: whether more pages
/// can be loaded there, are loading, failed to load, or there are none.
/// The bottom's is ``PagedDataSource/pagingState`` (next pages), the top's
/// ``PagedDataSource/previousPagingState`` (earlier pages).
///
/// It says nothing of the first page: that load is the source's
/// `ContentState` (loading, content, empty, error, refreshing), so a
/// failure to load *more* never turns the screen into an error, and a
/// combinator's aggregate state is the same as for any leaf.
///
/// | state           | draw at that end                     |
/// |-----------------|--------------------------------------|
/// | ``notLoaded``   | nothing (the first page is pending)  |
/// | ``hasMore``     | nothing, or a "load more" trigger     |
/// | ``loadingMore`` | a spinner                            |
/// | ``failed(_:)``  | the error and a retry button         |
/// | ``complete``    | nothing, or "no more items"          |
public enum PagingState: Sendable, CustomStringConvertible {
  /// The first page has not loaded yet.
  case notLoaded
  /// More pages exist beyond this end, and none is loading.
  case hasMore
  /// The page beyond this end is loading.
  case loadingMore
  /// The last request for the page beyond this end failed; requesting it
  /// again retries.
  case failed(any Error)
  /// Every page on this side is loaded: the end (or the start) of the data.
  case complete

  /// Whether ``PagedDataSource/loadNextPage()`` (or, for the top,
  /// ``PagedDataSource/loadPreviousPage()``) would start a request in this
  /// state: ``hasMore`` or ``failed(_:)``.
  public var canLoadMore: Bool {
    switch self {
    case .hasMore, .failed: true
    case .notLoaded, .loadingMore, .complete: false
    }
  }

  /// A short description, such as `"failed(timeout)"`.
  public var description: String {
    switch self {
    case .notLoaded: "notLoaded"
    case .hasMore: "hasMore"
    case .loadingMore: "loadingMore"
    case .failed(let error): "failed(\(error))"
    case .complete: "complete"
    }
  }
}
