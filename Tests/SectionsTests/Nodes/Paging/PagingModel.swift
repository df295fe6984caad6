import DataSourceGraphNodes
import DataSourceGraphSections
import SectionsTestSupport

/// The paging rules, as a model a paged source is checked against: every
/// call and answer applied in the order it was made, one at a time.
///
/// A call made while observers are being told of a change is applied by
/// the source after that delivery, in order; the model applies it at the
/// same place in line, so source and model agree at the end of each step.
struct PagingModel {
  enum Phase: Equatable {
    case idle, loading, loaded, failed
  }

  /// One page request the loader got: the first page (a load or a
  /// refresh) or a next page, at a cursor.
  struct Request: Equatable, CustomStringConvertible {
    var isFirstPage: Bool
    var cursor: Int?
    var description: String { isFirstPage ? "first" : "next(\(cursor.map(String.init) ?? "nil"))" }
  }

  private(set) var ids: [Int] = []
  private(set) var cursor: Int?
  private(set) var paging = "notLoaded"
  /// Every paging state reported, in order (a state is reported when it
  /// changes; a failure always).
  private(set) var reports: [String] = []
  private(set) var requests: [Request] = []
  private var phase = Phase.idle
  private var phaseBeforeLoad = Phase.idle
  private var currentFirst: Int?
  private var currentNext: Int?
  private(set) var hasLoader = false
  /// A refresh asked for, whose request the loader gets at the source's
  /// next scheduling point unless a load or a reset comes first.
  private(set) var reloadScheduled = false

  /// The content state the source must be in.
  var content: ContentState.Kind {
    switch phase {
    case .loading: ids.isEmpty ? .loading : .refreshing
    case .idle: ids.isEmpty ? .initial : .content
    case .loaded: ids.isEmpty ? .empty : .content
    case .failed: ids.isEmpty ? .error : .contentWithFailure
    }
  }

  /// Whether the answer of request `index` is taken.
  func isCurrent(_ index: Int) -> Bool { index == currentFirst || index == currentNext }

  private mutating func report(_ state: String) {
    guard state != paging || state.hasPrefix("failed") else { return }
    paging = state
    reports.append(state)
  }

  /// A load or a refresh: the first page is requested, any next page in
  /// flight dropped.
  mutating func load() {
    hasLoader = true
    beginFirstPage()
    reloadScheduled = false
    requests.append(Request(isFirstPage: true, cursor: nil))
    currentFirst = requests.count - 1
  }

  /// A refresh: the state changes at once, the request waits for the
  /// scheduling point (see ``startScheduledReload()``).
  mutating func reload() {
    guard hasLoader, !reloadScheduled else { return }
    beginFirstPage()
    currentFirst = nil
    reloadScheduled = true
  }

  /// The scheduling point: the refresh's request, if still asked for.
  mutating func startScheduledReload() {
    guard reloadScheduled else { return }
    reloadScheduled = false
    requests.append(Request(isFirstPage: true, cursor: nil))
    currentFirst = requests.count - 1
  }

  /// A first page is asked for: a next page in flight is dropped.
  private mutating func beginFirstPage() {
    if currentNext != nil {
      currentNext = nil
      report(cursor == nil ? "notLoaded" : "hasMore")
    }
    if phase != .loading { phaseBeforeLoad = phase }
    phase = .loading
  }

  mutating func reset() {
    reloadScheduled = false
    ids = []
    cursor = nil
    currentFirst = nil
    currentNext = nil
    phase = .idle
    phaseBeforeLoad = .idle
    report("notLoaded")
  }

  mutating func loadNextPage() {
    guard paging == "hasMore" || paging.hasPrefix("failed"), phase != .loading,
      currentNext == nil, let cursor
    else { return }
    requests.append(Request(isFirstPage: false, cursor: cursor))
    currentNext = requests.count - 1
    report("loadingMore")
  }

  mutating func loadNextPageIfNeeded(showing id: Int, within distance: Int) {
    guard paging == "hasMore" || paging.hasPrefix("failed"),
      let index = ids.firstIndex(of: id), index >= ids.count - 1 - distance
    else { return }
    loadNextPage()
  }

  /// Answers request `index`; returns whether the answer is taken.
  mutating func answer(_ index: Int, with result: Result<Page<Row, Int>, any Error>) -> Bool {
    guard isCurrent(index) else { return false }
    if index == currentFirst {
      currentFirst = nil
      switch result {
      case .success(let page):
        ids = Self.unique(page.items, after: [])
        cursor = page.next
        phase = .loaded
        report(page.next == nil ? "complete" : "hasMore")
      case .failure(let error) where error is CancellationError:
        phase = phaseBeforeLoad
      case .failure:
        phase = .failed
      }
    } else {
      currentNext = nil
      switch result {
      case .success(let page):
        ids += Self.unique(page.items, after: ids)
        cursor = page.next
        report(page.next == nil ? "complete" : "hasMore")
      case .failure(let error) where error is CancellationError:
        report("hasMore")
      case .failure(let error):
        report("failed(\(error))")
      }
    }
    return true
  }

  static func unique(_ items: [Row], after shown: [Int]) -> [Int] {
    var seen = Set(shown)
    return items.map(\.id).filter { seen.insert($0).inserted }
  }
}
