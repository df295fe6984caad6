import DataSourceGraphNodes
import DataSourceGraphSections
import SectionsTestSupport

/// A paged source whose loader keeps every request for the test to answer,
/// and a record of what the source told its observers, checked as it comes:
/// each batch passes the validator and takes the content before it to the
/// content after it.
@MainActor
final class PagedHarness {
  typealias Source = PagedDataSource<Int, Row, Int>
  typealias Request = PageRequest<Int, Row, Int>

  let source: Source
  private(set) var batches: [RowBatch] = []
  private(set) var states: [ContentState.Kind] = []
  private(set) var pagingStates: [String] = []
  /// The paging states of the top (earlier pages) reported.
  private(set) var previousPagingStates: [String] = []
  /// Problems found in the batches as they came.
  private(set) var problems: [String] = []
  /// The order of the events: "batch", "state …", "paging …" (the
  /// bottom's paging state), "previous paging …" (the top's).
  private(set) var log: [String] = []
  private var shown: RowSnapshot
  private var tokens: [ObservationToken] = []

  init(name: String? = nil) {
    let box = RequestBox()
    source = Source(section: 0, name: name) { request in box.requests.append(request) }
    self.box = box
    shown = Snapshot()
    tokens.append(
      source.observe { [unowned self] event in
        switch event {
        case .changed(let change):
          log.append("batch")
          guard case .batch(let batch) = change else {
            shown = source.snapshot
            return
          }
          batches.append(batch)
          do {
            try batch.validate(from: shown, to: source.snapshot)
          } catch {
            problems.append("invalid batch \(batch): \(error)")
          }
          if shown.applying(batch) != source.snapshot {
            problems.append("batch \(batch) does not take \(shown) to \(source.snapshot)")
          }
          shown = source.snapshot
        case .stateChanged(_, let new):
          log.append("state \(new.kind)")
          states.append(new.kind)
        }
      })
    tokens.append(
      source.observePaging { [unowned self] state in
        log.append("paging \(state)")
        pagingStates.append("\(state)")
      })
    tokens.append(
      source.observePreviousPaging { [unowned self] state in
        log.append("previous paging \(state)")
        previousPagingStates.append("\(state)")
      })
  }

  private let box: RequestBox

  /// Every request the loader got, oldest first.
  var allRequests: [Request] { box.requests }
  /// The newest request.
  var last: Request { box.requests[box.requests.count - 1] }

  /// The items the source shows, by identity.
  var ids: [Int] { rows.map(\.id) }
  /// The items the source shows.
  var rows: [Row] { source.snapshot.sections.flatMap { Array($0.items) } }

  /// A page of the rows `ids`.
  static func page(_ ids: Range<Int>, previous: Int? = nil, next: Int?) -> Page<Row, Int> {
    Page(items: ids.map { Row(id: $0) }, previous: previous, next: next)
  }

  func clearLog() { log.removeAll() }
}

/// The requests a loader got, shared by the loader and the harness.
final class RequestBox {
  var requests: [PageRequest<Int, Row, Int>] = []
}

struct PagingFailure: Error, CustomStringConvertible {
  var description: String { "offline" }
}

/// Runs `body` while observers are being told of a change (the change of
/// a leaf of its own), as a cell provider or an observer would.
func duringADelivery(_ body: @escaping () -> Void) {
  let editor = MutableDataSource<Int, Row>(snapshot: Snapshot(id: 9, items: []))
  let observing = editor.observe { event in
    if case .changed = event { body() }
  }
  editor.append([Row(id: 100)], toSection: 0)
  observing.cancel()
}
