import DataSourceGraphNodes
import DataSourceGraphSections
import SectionsTestSupport

/// The paging rules, as a model a paged source is checked against: every
/// call and answer applied in the order it was made, one at a time.
///
/// A call made while observers are being told of a change is applied by
/// the source after that delivery, in order; the model applies it at the
/// same place in line, so source and model agree at the end of each step.
///
/// The two ends of the list page alike and independently: the bottom
/// (next pages) and the top (earlier pages) each have a cursor, a paging
/// state with its reports, and at most one request in flight.
///
/// Local edits meet pages by the source's rules: an item deleted while a
/// request is in flight is left out of its answer, an identity shown
/// already that a page brings again keeps its place and takes the page's
/// value, and a first page replaces everything.
struct PagingModel {
  enum Phase: Equatable {
    case idle, loading, loaded, failed
  }

  /// The end of the list a page arrives at.
  enum Direction: CaseIterable, CustomStringConvertible {
    case previous, next
    var description: String { self == .previous ? "previous" : "next" }
  }

  /// One page request the loader got: the first page (a load or a
  /// refresh), or a next or an earlier page at a cursor.
  struct Request: Equatable, CustomStringConvertible {
    /// `nil`: the first page.
    var direction: Direction?
    var cursor: Int?
    var description: String {
      guard let direction else { return "first" }
      return "\(direction)(\(cursor.map(String.init) ?? "nil"))"
    }
  }

  /// One end of the list.
  struct Edge {
    /// The cursor of the page beyond this end.
    var cursor: Int?
    var paging = "notLoaded"
    /// Every paging state reported at this end, in order (a state is
    /// reported when it changes; a failure and a first page's always).
    var reports: [String] = []
    /// The index of the request in flight here, if any.
    var current: Int?

    mutating func report(_ state: String, always: Bool = false) {
      guard always || state != paging || state.hasPrefix("failed") else { return }
      paging = state
      reports.append(state)
    }

    var canLoadMore: Bool { paging == "hasMore" || paging.hasPrefix("failed") }
  }

  private(set) var rows: [Row] = []
  var ids: [Int] { rows.map(\.id) }
  /// Whether the one section exists: from the first page on, until a reset.
  private(set) var hasSection = false
  /// Items deleted while a request was in flight: left out of the answers.
  private var deletedWhileLoading: Set<Int> = []
  private(set) var top = Edge()
  private(set) var bottom = Edge()
  private(set) var requests: [Request] = []
  private var phase = Phase.idle
  private var phaseBeforeLoad = Phase.idle
  private var currentFirst: Int?
  private(set) var hasLoader = false
  /// A refresh asked for, whose request the loader gets at the source's
  /// next scheduling point unless a load or a reset comes first.
  private(set) var reloadScheduled = false

  /// The end that pages in `direction` arrive at.
  private(set) subscript(edge direction: Direction) -> Edge {
    get { direction == .next ? bottom : top }
    set {
      if direction == .next { bottom = newValue } else { top = newValue }
    }
  }

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
  func isCurrent(_ index: Int) -> Bool {
    index == currentFirst || index == top.current || index == bottom.current
  }

  /// A load or a refresh: the first page is requested, the pages in
  /// flight dropped.
  mutating func load() {
    hasLoader = true
    beginFirstPage()
    reloadScheduled = false
    requests.append(Request(direction: nil, cursor: nil))
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
    requests.append(Request(direction: nil, cursor: nil))
    currentFirst = requests.count - 1
  }

  /// A first page is asked for: the pages in flight at both ends are
  /// dropped (the bottom's state is reported first).
  private mutating func beginFirstPage() {
    for direction in [Direction.next, .previous] where self[edge: direction].current != nil {
      self[edge: direction].current = nil
      self[edge: direction].report(self[edge: direction].cursor == nil ? "notLoaded" : "hasMore")
    }
    if phase != .loading { phaseBeforeLoad = phase }
    phase = .loading
  }

  mutating func reset() {
    reloadScheduled = false
    rows = []
    hasSection = false
    deletedWhileLoading = []
    currentFirst = nil
    for direction in Direction.allCases {
      self[edge: direction].cursor = nil
      self[edge: direction].current = nil
      self[edge: direction].report("notLoaded")
    }
    phase = .idle
    phaseBeforeLoad = .idle
  }

  mutating func loadPage(_ direction: Direction) {
    let edge = self[edge: direction]
    guard edge.canLoadMore, phase != .loading, edge.current == nil, let cursor = edge.cursor
    else { return }
    requests.append(Request(direction: direction, cursor: cursor))
    self[edge: direction].current = requests.count - 1
    self[edge: direction].report("loadingMore")
  }

  mutating func loadPageIfNeeded(_ direction: Direction, showing id: Int, within distance: Int) {
    guard self[edge: direction].canLoadMore, let index = ids.firstIndex(of: id) else { return }
    let fromTheEnd = direction == .next ? ids.count - 1 - index : index
    guard fromTheEnd <= distance else { return }
    loadPage(direction)
  }

  /// Answers request `index`; returns whether the answer is taken.
  mutating func answer(_ index: Int, with result: Result<Page<Row, Int>, any Error>) -> Bool {
    guard isCurrent(index) else { return false }
    if index == currentFirst {
      currentFirst = nil
      switch result {
      case .success(let page):
        rows = Self.unique(page.items.filter { !deletedWhileLoading.contains($0.id) }, after: [])
        hasSection = true
        bottom.cursor = page.next
        top.cursor = page.previous
        bottom.report(page.next == nil ? "complete" : "hasMore", always: true)
        top.report(page.previous == nil ? "complete" : "hasMore", always: true)
        phase = .loaded
      case .failure(let error) where error is CancellationError:
        phase = phaseBeforeLoad
      case .failure:
        phase = .failed
      }
      forgetDeletionsIfSettled()
      return true
    }
    let direction = index == bottom.current ? Direction.next : .previous
    self[edge: direction].current = nil
    switch result {
    case .success(let page):
      if hasSection { show(page.items, at: direction) }
      let cursor = direction == .next ? page.next : page.previous
      self[edge: direction].cursor = cursor
      self[edge: direction].report(cursor == nil ? "complete" : "hasMore")
    case .failure(let error) where error is CancellationError:
      self[edge: direction].report("hasMore")
    case .failure(let error):
      self[edge: direction].report("failed(\(error))")
    }
    forgetDeletionsIfSettled()
    return true
  }

  /// A next or an earlier page's items: those deleted while it loaded
  /// are left out, an identity shown takes the page's value (the last one
  /// the page gives), the others go at the page's end of the list (the
  /// first one the page gives).
  private mutating func show(_ items: [Row], at direction: Direction) {
    var new: [Row] = []
    for item in items where !deletedWhileLoading.contains(item.id) {
      if let index = rows.firstIndex(where: { $0.id == item.id }) {
        rows[index] = item
      } else if !new.contains(where: { $0.id == item.id }) {
        new.append(item)
      }
    }
    rows = direction == .next ? rows + new : new + rows
  }

  static func unique(_ items: [Row], after shown: [Int]) -> [Row] {
    var seen = Set(shown)
    return items.filter { seen.insert($0.id).inserted }
  }

  // MARK: Local edits

  /// Whether an answer is awaited: the first page, a refresh (scheduled
  /// or asked for), a next or an earlier page.
  private var isAwaitingAnswers: Bool {
    phase == .loading || top.current != nil || bottom.current != nil
  }

  private mutating func forgetDeletionsIfSettled() {
    if !isAwaitingAnswers { deletedWhileLoading = [] }
  }

  mutating func insert(_ items: [Row], at index: Int) {
    guard hasSection else { return }
    for item in items { deletedWhileLoading.remove(item.id) }
    rows.insert(contentsOf: Self.unique(items, after: ids), at: index)
  }

  mutating func delete(_ ids: Set<Int>) {
    if isAwaitingAnswers { deletedWhileLoading.formUnion(ids.filter(self.ids.contains)) }
    rows.removeAll { ids.contains($0.id) }
  }

  mutating func update(_ items: [Row]) {
    for item in items {
      if let index = rows.firstIndex(where: { $0.id == item.id }) { rows[index] = item }
    }
  }

  mutating func move(from: Int, to: Int) {
    rows.insert(rows.remove(at: from), at: to)
  }

  mutating func replace(with items: [Row]) {
    guard hasSection else { return }
    let result = Self.unique(items, after: [])
    let kept = Set(result.map(\.id))
    if isAwaitingAnswers {
      deletedWhileLoading.formUnion(ids.filter { !kept.contains($0) })
    }
    deletedWhileLoading.subtract(kept)
    rows = result
  }
}
