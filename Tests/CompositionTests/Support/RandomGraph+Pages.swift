import DataSourceGraphComposition
import DataSourceGraphNodes
import DataSourceGraphSections
import TestSupport

/// Paged leaves in random graphs: a `PagedDataSource` whose page requests
/// the graph keeps and answers in a random order (current or obsolete; with
/// new items, items already shown, a failure or a cancellation), and whose
/// first load, next and earlier pages, resets and local edits (inserts at
/// either end, updates, deletes by identity, moves, `perform`) are
/// operations of the graph, also requested by observers during delivery. First pages open at
/// the start of the data now and then, and in the middle otherwise.
///
/// The paging rules are checked as the leaf works, at each end of the list
/// alike: an answer is taken exactly when its request was current; a next
/// (earlier) page is requested only while no first page loads and no other
/// next (earlier) page is in flight, at the cursor of the last page taken
/// at that end (never an older list's); the paging states of each end are
/// reported one change at a time (a first page reports both ends even when
/// they stay the same), and the last one reported is the leaf's.
extension RandomGraph {
  mutating func pagedLeaf<S: Hashable>(makeID: @escaping (Int) -> S) -> Built<S> {
    let check = self.check
    let requests = PageRequestBox<S>()
    let source = PagedDataSource<S, Row, Int>(
      section: makeID(check.newSectionNumber()), header: "p"
    ) { [weak requests] request in
      guard let requests else { return }
      if !request.isFirstPage { requests.checkPage(request, record: check.recordFailure) }
      requests.list.append(request)
      if requests.list.count > 6 { requests.list.removeFirst() }
    }
    requests.source = source
    requests.reports = [
      source.observePaging { [weak requests] state in
        requests?.checkReport(state, previous: false, record: check.recordFailure)
      },
      source.observePreviousPaging { [weak requests] state in
        requests?.checkReport(state, previous: true, record: check.recordFailure)
      },
    ]
    check.addCheck("paging") { [weak source, requests] in
      guard let source else { return [] }
      var problems: [String] = []
      if let last = requests.lastReport, last != source.pagingState.description {
        problems.append(
          "the last paging state reported is \(last), the leaf's \(source.pagingState)")
      }
      if let last = requests.lastPreviousReport, last != source.previousPagingState.description {
        problems.append(
          "the last previous paging state reported is \(last), the leaf's \(source.previousPagingState)"
        )
      }
      return problems
    }
    leafCount += 1
    shapes["paged", default: 0] += 1
    let support = LeafSupport.leaf(check.nodes.count)
    let maxItems = dag?.maxItems ?? 16
    check.observeForReentrance(source)
    let answer: (inout SplitMix64) -> Void = { [weak source] rng in
      guard let source, !requests.list.isEmpty else { return }
      let index = rng.chance(0.6) ? requests.list.count - 1 : rng.int(0..<requests.list.count)
      // Now and then the request is kept, for a second answer it must refuse.
      let request = rng.chance(0.2) ? requests.list[index] : requests.list.remove(at: index)
      let wasCurrent = request.isCurrent
      let taken: Bool
      switch rng.int(0..<10) {
      case 0..<7:
        let shown = source.numberOfItems
        let room = max(0, maxItems - (request.isFirstPage ? 0 : shown))
        // Mostly pages with items; now and then an empty one.
        let count = rng.chance(0.15) ? 0 : rng.int(1...3)
        var items = (0..<min(room, count)).map { _ in
          Row(id: check.newItemID(), value: rng.int(0..<10))
        }
        if rng.chance(0.25), shown > 0 {
          // An item already shown: it keeps its place, as an update if its
          // value changed.
          var again = source.item(at: ItemPath(section: 0, item: rng.int(0..<shown)))
          again.value = rng.int(0..<10)
          items.insert(again, at: rng.int(0...items.count))
        }
        let full = room <= items.count
        let next = full || rng.chance(0.2) ? nil : rng.int(0..<100)
        // A first page opens at the start now and then.
        let previous = full || rng.chance(request.isFirstPage ? 0.4 : 0.2) ? nil : rng.int(0..<100)
        // Observers of the page (a cell provider) may ask for the next or
        // the earlier one before `succeed` returns.
        let cursors = (requests.cursor, requests.previousCursor)
        if !request.isPreviousPage { requests.cursor = next }
        if request.isFirstPage || request.isPreviousPage { requests.previousCursor = previous }
        taken = request.succeed(with: Page(items: items, previous: previous, next: next))
        if !taken { (requests.cursor, requests.previousCursor) = cursors }
      case 7..<9:
        taken = request.fail(StubError(name: "p\(rng.int(0..<2))"))
      default:
        taken = request.fail(CancellationError())
      }
      if taken != wasCurrent {
        check.recordFailure(
          "paging: a request that was \(wasCurrent ? "" : "not ")current answered \(taken)")
      }
    }
    let start: (inout SplitMix64) -> Void = { _ in source.load() }
    let more: (inout SplitMix64) -> Void = { rng in
      let earlier = rng.chance(0.4)
      if rng.chance(0.5), source.numberOfItems > 0 {
        let shown = source.item(at: ItemPath(section: 0, item: rng.int(0..<source.numberOfItems)))
        let within = rng.int(0...3)
        if earlier {
          source.loadPreviousPageIfNeeded(showing: shown.id, within: within)
        } else {
          source.loadNextPageIfNeeded(showing: shown.id, within: within)
        }
      } else if earlier {
        source.loadPreviousPage()
      } else {
        source.loadNextPage()
      }
    }
    let reset: (inout SplitMix64) -> Void = { _ in source.reset() }
    let edit: (inout SplitMix64) -> Void = { rng in
      let shown = source.numberOfItems
      let some = shown == 0 ? nil : source.item(at: ItemPath(section: 0, item: rng.int(0..<shown)))
      // By identity or at the ends, which stay meaningful when an edit
      // asked for during a delivery is made after it.
      switch rng.int(0..<5) {
      case 0 where shown < maxItems:
        source.insert([Row(id: check.newItemID(), value: rng.int(0..<10))], at: 0)
      case 1 where shown < maxItems:
        source.append([Row(id: check.newItemID(), value: rng.int(0..<10))])
      case 2:
        guard var item = some else { return }
        item.value = rng.int(0..<10)
        source.update(item)
      case 3:
        guard let item = some else { return }
        source.deleteItems(withIDs: [item.id])
      default:
        let seed = rng.next()
        source.perform { rows in
          var rng = SplitMix64(seed: seed)
          rows.shuffle(using: &rng)
          if !rows.isEmpty, rng.chance(0.5) { rows.removeLast() }
        }
      }
    }
    for (weight, op) in [(2, start), (3, more), (4, answer), (1, reset), (2, edit)] {
      check.addOp(weight: weight, op)
      check.addReentrantOp(op)
    }
    // Not during a delivery: a move names positions, which the changes
    // asked for before it could shift.
    check.addOp { rng in
      let shown = source.numberOfItems
      guard shown > 1 else { return }
      source.moveItem(from: rng.int(0..<shown), to: rng.int(0..<shown))
    }
    return Built(
      node: source, oracle: { source.snapshot.sections }, state: { source.contentState },
      support: support)
  }
}

/// The page requests a paged leaf of a random graph has not answered, and
/// what its paging rules are checked against.
final class PageRequestBox<S: Hashable> {
  var list: [PageRequest<S, Row, Int>] = []
  weak var source: PagedDataSource<S, Row, Int>?
  /// The `next` cursor of the last first or next page whose answer was
  /// taken: answers and requests take effect in the order they are made,
  /// so a next page asked for now must start there.
  var cursor: Int?
  /// The `previous` cursor of the last first or earlier page taken: where
  /// an earlier page asked for now must start.
  var previousCursor: Int?
  /// The paging state of the bottom last reported.
  var lastReport: String?
  /// The paging state of the top last reported.
  var lastPreviousReport: String?
  var reports: [ObservationToken] = []

  /// Checks a next or an earlier page request as the loader gets it.
  func checkPage(_ request: PageRequest<S, Row, Int>, record: (String) -> Void) {
    guard let source else { return }
    let kind = request.isPreviousPage ? "earlier" : "next"
    let expected = request.isPreviousPage ? previousCursor : cursor
    if request.cursor != expected {
      record(
        "paging: \(kind) page at cursor \(String(describing: request.cursor)), expected \(String(describing: expected))"
      )
    }
    if source.contentState.isLoadingOrRefreshingForTests {
      record("paging: a \(kind) page was requested while the first page loads")
    }
    if list.contains(where: {
      !$0.isFirstPage && $0.isPreviousPage == request.isPreviousPage && $0.isCurrent
    }) {
      record("paging: a second \(kind) page was requested while one is in flight")
    }
  }

  /// Checks a report of the paging state of the top (`previous`) or the
  /// bottom.
  func checkReport(_ state: PagingState, previous: Bool, record: (String) -> Void) {
    let description = state.description
    let last = previous ? lastPreviousReport : lastReport
    // A first page reports `hasMore` or `complete` again; nothing else
    // repeats but a failure.
    if description == last, description == "loadingMore" || description == "notLoaded" {
      record("paging: \(previous ? "previous " : "")\(description) reported twice in a row")
    }
    if previous { lastPreviousReport = description } else { lastReport = description }
  }
}

extension ContentState {
  /// Whether a first page (a load or a refresh) is loading.
  var isLoadingOrRefreshingForTests: Bool {
    switch self {
    case .loading, .refreshing: true
    default: false
    }
  }
}
