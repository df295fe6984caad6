import DataSourceGraphSections

/// One page of a paged source's items, and where the next page starts.
///
/// ```swift
/// Page(items: rows, next: rows.count < 50 ? nil : offset + rows.count)   // offsets
/// Page(items: response.items, next: response.nextCursor)                 // cursors
/// ```
public struct Page<Item, Cursor> {
  /// The items of the page, in order.
  public var items: [Item]
  /// The cursor of the next page; `nil` when this page is the last.
  public var next: Cursor?

  /// Creates a page.
  ///
  /// - Parameters:
  ///   - items: The items of the page, in order.
  ///   - next: The cursor of the next page; `nil` when this page is the
  ///     last one.
  public init(items: [Item], next: Cursor?) {
    self.items = items
    self.next = next
  }
}

extension Page: Sendable where Item: Sendable, Cursor: Sendable {}

/// What a paged source shows at the bottom of its list: whether more pages
/// can be loaded, are loading, failed to load, or there are none.
///
/// It says nothing of the first page: that load is the source's
/// `ContentState` (loading, content, empty, error, refreshing), so a
/// failure to load *more* never turns the screen into an error, and a
/// combinator's aggregate state is the same as for any leaf.
///
/// | state           | draw at the bottom                   |
/// |-----------------|--------------------------------------|
/// | ``notLoaded``   | nothing (the first page is pending)  |
/// | ``hasMore``     | nothing, or a "load more" trigger     |
/// | ``loadingMore`` | a spinner                            |
/// | ``failed(_:)``  | the error and a retry button         |
/// | ``complete``    | nothing, or "no more items"          |
public enum PagingState: Sendable, CustomStringConvertible {
  /// The first page has not loaded yet.
  case notLoaded
  /// More pages exist, and none is loading.
  case hasMore
  /// The next page is loading.
  case loadingMore
  /// The last request for the next page failed; requesting it again
  /// retries.
  case failed(any Error)
  /// Every page is loaded: the end of the data.
  case complete

  /// Whether ``PagedDataSource/loadNextPage()`` would start a request in
  /// this state: ``hasMore`` or ``failed(_:)``.
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
