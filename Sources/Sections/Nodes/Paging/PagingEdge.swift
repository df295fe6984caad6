import DataSourceGraphSections

/// One end of a paged source's list: the top, where earlier pages arrive,
/// or the bottom, where next pages arrive. Each end pages on its own: its
/// state, the cursor of the page beyond it, its request in flight and its
/// observers.
struct PagingEdge<Cursor> {
  /// What to draw at this end.
  var state = PagingState.notLoaded
  /// The cursor of the page beyond this end, once a page said there is one.
  var cursor: Cursor?
  /// The number of the request in flight at this end, if any.
  var inFlight: UInt64?
  /// Cancels the task of that request (an `async` loader's).
  var cancel: (@Sendable () -> Void)?
  /// Told of every change of ``state``.
  let observers = ObserverList<PagingState>()
}

/// The end of a paged source's list that a page arrives at.
enum PageDirection: CustomStringConvertible {
  /// The top: earlier pages, inserted above the first item.
  case previous
  /// The bottom: next pages, appended after the last item.
  case next

  var description: String { self == .previous ? "previous" : "next" }
}
