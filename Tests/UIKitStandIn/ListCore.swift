import Foundation

/// What a view shows of one section: a cell per row, and the section's
/// header and footer (titles for a table view, supplementary views by kind
/// for a collection view).
struct ShownSection {
  var rows: [UIView] = []
  var headerTitle: String?
  var footerTitle: String?
  /// A table view's header and footer views (its delegate's, or the ones
  /// it makes for titles): made anew when the section is, dropped while the
  /// section is out of view and asked for again when it comes back.
  var headerView: UIView?
  var footerView: UIView?
  /// Whether `headerView` and `footerView` were made for the section in
  /// view (false once it left the visible area).
  var headerFooterViewsInView = true
  var supplementaries: [String: UICollectionReusableView] = [:]
}

/// What a table or collection view does for the core: ask its data source,
/// in the data source's own terms.
@MainActor
protocol ListCoreHost: AnyObject {
  /// The data source's section count (1 without a data source method).
  func hostNumberOfSections() -> Int
  /// The data source's row count of `section`.
  func hostNumberOfRows(inSection section: Int) -> Int
  /// The data source's cell for `indexPath`.
  func hostCell(at indexPath: IndexPath) -> UIView
  /// Asks the data source for the header and footer of `section`.
  func hostDecorate(_ shown: inout ShownSection, at section: Int)
  /// The data source's index titles.
  func hostIndexTitles() -> [String]?
  /// The reuse identifier of a cell.
  func hostReuseIdentifier(of cell: UIView) -> String?
  /// Adds a shown cell or header to the view tree.
  func hostAdopt(_ view: UIView)
}

/// The shared model of a table or collection view: the rows it shows, the
/// batch update being built, the checks UIKit makes when it ends, and
/// everything recorded for tests.
@MainActor
final class ListCore {
  let nouns: ListNouns
  weak var host: (any ListCoreHost)?

  /// The sections shown; `nil` until the view loads. Each change drops
  /// the layout, and tells the delegate which cells ended displaying and
  /// which will display: those that left or entered the visible window
  /// (`ListCore+Display.swift`).
  var sections: [ShownSection]? {
    didSet {
      layout = nil
      displayDidChange()
    }
  }
  /// Where the rows shown are placed, computed on demand and dropped when
  /// they change (ListCore+Geometry.swift).
  var layout: ListLayout?
  /// The heights of rows, headers and footers.
  var metrics = ListMetrics() {
    didSet { layout = nil }
  }
  /// The view's delegate and prefetching data source; held weakly.
  weak var delegate: AnyObject?
  weak var prefetchDataSource: AnyObject?
  /// The cells recycled since the delegate was last told of a change: one
  /// dequeued again at once ended displaying all the same.
  var recycledSinceDisplay = Set<ObjectIdentifier>()
  /// The cells displayed (in the visible window), as the delegate was
  /// told them, each with the index path it was displayed at or last seen
  /// at (ListCore+Display.swift).
  var displayed: [ObjectIdentifier: (cell: UIView, path: IndexPath)] = [:]
  /// While a batch update is committed: whether the delegate's calls wait
  /// for its end, and whether the rows shown changed meanwhile (the
  /// delegate hears of the change when the commit is over, as UIKit tells
  /// it at the next layout, not inside the update).
  var heldDisplay = (holding: false, changed: false)
  /// Whether the visible window is being laid out for the delegate's calls.
  var findingWindow = false
  /// Whether a collection view's `reloadData()` waits for the next layout
  /// pass or question.
  private var reloadIsPending = false
  /// The index titles asked on the last load.
  var indexTitles: [String]?

  var updateLog: [UpdateLogEntry] = []
  var questions: [DataSourceQuestion] = []
  var batches: [BatchRecord] = []
  var invalidUpdates: [InvalidUpdate] = []
  var reloadDataCount = 0
  var dequeues: [DequeueRecord] = []
  var prepareForReuseCount = 0
  var onInvalidUpdate: (@MainActor (InvalidUpdate) -> Void)?

  /// Views waiting to be dequeued again, by reuse key.
  private var pool: [String: [UIView]] = [:]
  /// Nesting depth of batch updates.
  private(set) var batchDepth = 0
  private var operations = BatchOperations()
  private var batchCompletions: [(Bool) -> Void] = []
  /// Set when `reloadData()` ran inside the batch: the batch is not checked.
  private var batchAbandoned = false
  /// Completions waiting for `finishAnimations()`, with their `finished` flag.
  private var pendingCompletions: [(completion: (Bool) -> Void, finished: Bool)] = []
  /// The cell being reconfigured, which a dequeue at its index path returns.
  private var reconfiguring: (path: IndexPath, cell: UIView, mismatch: Bool)?
  /// The selection and its settings (ListCore+Selection.swift).
  var selection = ListSelection()

  init(nouns: ListNouns) {
    self.nouns = nouns
  }

  // MARK: - Recording

  func report(_ problem: InvalidUpdate) {
    invalidUpdates.append(problem)
    onInvalidUpdate?(problem)
    InvalidUpdate.handler?(problem)
  }

  func report(_ kind: InvalidUpdate.Kind, _ message: String, indexPaths: [IndexPath] = []) {
    report(
      InvalidUpdate(
        kind: kind, message: message, section: indexPaths.first?.section, indexPaths: indexPaths,
        batch: batchDepth > 0 ? batches.count : nil))
  }

  /// Forgets the records, keeping the rows shown.
  func clearRecords() {
    updateLog = []
    questions = []
    batches = []
    invalidUpdates = []
    reloadDataCount = 0
    dequeues = []
    prepareForReuseCount = 0
  }

  // MARK: - Questions

  private func askNumberOfSections() -> Int {
    questions.append(.numberOfSections)
    return max(0, host?.hostNumberOfSections() ?? 0)
  }

  private func askNumberOfRows(inSection section: Int) -> Int {
    questions.append(.numberOfRows(inSection: section))
    return max(0, host?.hostNumberOfRows(inSection: section) ?? 0)
  }

  private func askCell(at path: IndexPath) -> UIView {
    questions.append(.cell(path))
    return host?.hostCell(at: path) ?? UIView()
  }

  private func askCounts() -> [Int] {
    let sectionCount = askNumberOfSections()
    return (0..<sectionCount).map { askNumberOfRows(inSection: $0) }
  }

  // MARK: - Loading

  /// Loads the view if it never did (or lost its data source since, or a
  /// collection view's `reloadData()` is pending).
  func ensureLoaded() {
    guard sections == nil else { return }
    if reloadIsPending {
      reloadIsPending = false
      load()
    } else {
      reload(.initialLoad)
    }
  }

  /// A collection view's `reloadData()`: like UIKit's, it only forgets what
  /// is shown; the data source is asked at the next layout pass or question
  /// (so a data source may finish its set-up after calling it).
  func reloadLater() {
    guard batchDepth == 0 else { return reload(.explicit) }
    reloadDataCount += 1
    updateLog.append(.reloadData(.explicit))
    invalidate()
    reloadIsPending = true
  }

  /// Forgets what is shown; the next question loads again.
  func invalidate() {
    if let shown = sections { shown.forEach(recycle) }
    sections = nil
  }

  /// Drops the rows and asks the data source for everything again.
  func reload(_ reason: UpdateLogEntry.ReloadReason) {
    if batchDepth > 0 && reason == .explicit {
      report(
        .reloadDataDuringUpdate,
        "reloadData() must not be called inside a batch update: the view reloads, and the batch is abandoned"
      )
      batchAbandoned = true
    }
    if reason == .explicit { reloadDataCount += 1 }
    updateLog.append(.reloadData(reason))
    reloadIsPending = false
    load()
  }

  /// Forgets what is shown and asks the data source for everything.
  private func load() {
    invalidate()
    let counts = askCounts()
    var shown: [ShownSection] = []
    for (section, count) in counts.enumerated() {
      var current = ShownSection()
      host?.hostDecorate(&current, at: section)
      current.rows = (0..<count).map { askCell(at: IndexPath(row: $0, section: section)) }
      shown.append(current)
    }
    shown.forEach(adopt)
    sections = shown
    questions.append(.indexTitles)
    indexTitles = host?.hostIndexTitles()
  }

  // MARK: - Reuse

  private func adopt(_ section: ShownSection) {
    for view in section.rows { host?.hostAdopt(view) }
    for view in section.supplementaries.values { host?.hostAdopt(view) }
  }

  private func recycle(_ section: ShownSection) {
    section.rows.forEach(recycle)
    section.headerView?.removeFromSuperview()
    section.footerView?.removeFromSuperview()
    for (kind, view) in section.supplementaries {
      view.removeFromSuperview()
      pool["\(kind)/\(view.reuseIdentifier ?? "")", default: []].append(view)
    }
  }

  func recycle(_ cell: UIView) {
    cell.removeFromSuperview()
    cellLeft(cell)
    recycledSinceDisplay.insert(ObjectIdentifier(cell))
    guard let identifier = host?.hostReuseIdentifier(of: cell) else { return }
    pool[identifier, default: []].append(cell)
  }

  /// Serves a dequeue from the cell being reconfigured or from the pool;
  /// `nil` when a new view must be made. `key` is the reuse identifier (a
  /// supplementary view's is `"kind/identifier"`).
  func reuse(key: String, at path: IndexPath?, checkReconfigure: Bool = true) -> UIView? {
    if checkReconfigure, let current = reconfiguring, current.path == path {
      if host?.hostReuseIdentifier(of: current.cell) == key {
        dequeues.append(DequeueRecord(reuseIdentifier: key, indexPath: path, outcome: .existing))
        return current.cell
      }
      reconfiguring?.mismatch = true
      report(
        .reconfigureDifferentCell,
        "Attempted to dequeue a cell for a different registration or reuse identifier than the existing cell when reconfiguring an item, which is not allowed.",
        indexPaths: path.map { [$0] } ?? [])
    }
    guard let view = pool[key]?.popLast() else { return nil }
    prepareForReuseCount += 1
    if let cell = view as? UITableViewCell {
      cell.prepareForReuse()
    } else if let cell = view as? UICollectionReusableView {
      cell.prepareForReuse()
    }
    dequeues.append(DequeueRecord(reuseIdentifier: key, indexPath: path, outcome: .reused))
    return view
  }

  // MARK: - Batches

  func beginBatch() {
    if batchDepth == 0 {
      ensureLoaded()
      operations = BatchOperations()
      batchCompletions = []
      batchAbandoned = false
      updateLog.append(.batchBegan(animated: UIView.areAnimationsEnabled))
    }
    batchDepth += 1
  }

  func endBatch(completion: ((Bool) -> Void)?) {
    guard batchDepth > 0 else { return }
    if let completion { batchCompletions.append(completion) }
    batchDepth -= 1
    guard batchDepth == 0 else { return }
    commit()
  }

  /// Runs `record` as part of the current batch, or as a batch of its own
  /// outside one (as UIKit does for an update call outside a batch).
  func record(_ entry: UpdateLogEntry, _ record: (inout BatchOperations) -> Void) {
    let standalone = batchDepth == 0
    if standalone { beginBatch() }
    updateLog.append(entry)
    record(&operations)
    if standalone { endBatch(completion: nil) }
  }

  private func commit() {
    holdDisplay()
    defer { releaseDisplay() }
    let animated = UIView.areAnimationsEnabled
    let completions = batchCompletions
    let before = (sections ?? []).map(\.rows.count)
    var valid = false
    var after = before
    if !batchAbandoned {
      after = askCounts()
      var check = BatchUpdateCheck(
        operations: operations, before: before, after: after, nouns: nouns)
      switch check.run() {
      case .invalid(let problems):
        for var problem in problems {
          problem.batch = batches.count
          report(problem)
        }
        reload(.recovery)
      case .valid(let sources):
        apply(operations, sources: sources, counts: after)
        valid = true
      }
    }
    batches.append(
      BatchRecord(
        animated: animated, valid: valid, countsBefore: before, countsAfter: after))
    updateLog.append(.batchEnded(animated: animated, valid: valid))
    operations = BatchOperations()
    pendingCompletions += completions.map { ($0, valid) }
  }

  /// Runs the completions of the batches so far, in order.
  func finishAnimations() {
    while !pendingCompletions.isEmpty {
      let next = pendingCompletions.removeFirst()
      next.completion(next.finished)
    }
  }

  var pendingCompletionCount: Int { pendingCompletions.count }

  // MARK: - Reconfiguring

  /// Reconfigures `paths` now (outside a batch: in the rows shown), or
  /// records them for the end of the batch (inside one: old index paths).
  func reconfigure(_ paths: [IndexPath]) {
    if batchDepth > 0 {
      updateLog.append(.reconfigureRows(paths))
      operations.reconfigures += paths
      return
    }
    ensureLoaded()
    updateLog.append(.reconfigureRows(paths))
    for path in paths {
      guard let shown = sections, shown.indices.contains(path.section),
        shown[path.section].rows.indices.contains(path.row)
      else {
        let count = sections.flatMap { $0.indices.contains(path.section) ? $0[path.section] : nil }
        report(
          .reconfigureNonexistent,
          "attempt to reconfigure index path \(BatchUpdateCheck.text(path)) that does not exist - there are only \(count?.rows.count ?? 0) \(nouns.rows) in section \(path.section)",
          indexPaths: [path])
        continue
      }
      reconfigureCell(at: path)
    }
  }

  /// Asks the data source for the cell at `path`, which must answer with
  /// the cell shown there.
  private func reconfigureCell(at path: IndexPath) {
    guard let existing = sections?[path.section].rows[path.row] else { return }
    layout = nil  // a self-sizing cell may change height with its content
    reconfiguring = (path, existing, false)
    let answer = askCell(at: path)
    let mismatch = reconfiguring?.mismatch ?? false
    reconfiguring = nil
    guard answer !== existing else { return }
    if !mismatch {
      report(
        .reconfigureDifferentCell,
        "the cell returned when reconfiguring index path \(BatchUpdateCheck.text(path)) is not the existing cell: a reconfigure must dequeue the existing cell",
        indexPaths: [path])
    }
    recycle(answer)
  }

  // MARK: - Applying a valid batch

  /// Updates the rows shown the way UIKit does: deletes at old index paths,
  /// inserts at new ones, moves carry their cell, a reload is a delete and
  /// an insert; new and reloaded rows get a cell from the data source.
  private func apply(_ ops: BatchOperations, sources: [SectionSource], counts: [Int]) {
    // Longer than 100 lines on purpose: it replays UIKit's order of a batch
    // update (deletes at old paths, inserts at new ones, moves carrying
    // their cell, reloads) on one table of cells, step after step, so a
    // reader can check it against UIKit's documented order in one place.
    let old = sections ?? []
    var kept = Set<Int>()
    for source in sources { if case .kept(let index) = source { kept.insert(index) } }
    for index in old.indices where !kept.contains(index) { recycle(old[index]) }

    var movedIn: [IndexPath: IndexPath] = [:]
    for move in ops.rowMoves { movedIn[move.to] = move.from }
    var slots: [[UIView?]] = []
    var shown: [ShownSection] = []
    /// Where each kept cell came from, to reconfigure it after the batch.
    var origin: [ObjectIdentifier: IndexPath] = [:]
    // A kept section that no row operation names keeps its rows as they
    // are (only the sections a batch touches cost time in their length),
    // unless reconfigures inside the batch need every cell's origin.
    var touchedOld = Set<Int>()
    var touchedNew = Set<Int>()
    if ops.reconfigures.isEmpty {
      for path in ops.rowDeletes + ops.rowReloads { touchedOld.insert(path.section) }
      for path in ops.rowInserts { touchedNew.insert(path.section) }
      for move in ops.rowMoves {
        touchedOld.insert(move.from.section)
        touchedNew.insert(move.to.section)
      }
    }
    var untouched = Set<Int>()
    for (new, source) in sources.enumerated() {
      if ops.reconfigures.isEmpty, case .kept(let index) = source, !touchedOld.contains(index),
        !touchedNew.contains(new), old[index].rows.count == counts[new]
      {
        untouched.insert(new)
        slots.append([])
        shown.append(old[index])
        continue
      }
      var rows = [UIView?](repeating: nil, count: counts[new])
      var section = ShownSection()
      if case .kept(let index) = source {
        section = old[index]
        let leaving = Set(
          ops.rowDeletes.filter { $0.section == index }.map(\.row)
            + ops.rowMoves.filter { $0.from.section == index }.map(\.from.row))
        let reloaded = Set(ops.rowReloads.filter { $0.section == index }.map(\.row))
        let inserted = Set(ops.rowInserts.filter { $0.section == new }.map(\.row))
        for (row, cell) in old[index].rows.enumerated() where leaving.contains(row) {
          if !ops.rowMoves.contains(where: { $0.from == IndexPath(row: row, section: index) }) {
            recycle(cell)
          }
        }
        var stayers = old[index].rows.indices.filter { !leaving.contains($0) }.makeIterator()
        for row in rows.indices {
          if inserted.contains(row) { continue }
          if let from = movedIn[IndexPath(row: row, section: new)] {
            let cell = old[from.section].rows[from.row]
            rows[row] = cell
            origin[ObjectIdentifier(cell)] = from
            continue
          }
          guard let stayer = stayers.next() else { break }
          let cell = old[index].rows[stayer]
          if reloaded.contains(stayer) {
            recycle(cell)
          } else {
            rows[row] = cell
            origin[ObjectIdentifier(cell)] = IndexPath(row: stayer, section: index)
          }
        }
      }
      section.rows = []
      slots.append(rows)
      shown.append(section)
    }
    // New cells, in index path order, and the headers of new sections.
    for new in shown.indices where !untouched.contains(new) {
      if sources[new] == .fresh {
        var fresh = ShownSection()
        host?.hostDecorate(&fresh, at: new)
        for view in fresh.supplementaries.values { host?.hostAdopt(view) }
        shown[new] = fresh
      }
      for row in slots[new].indices where slots[new][row] == nil {
        let cell = askCell(at: IndexPath(row: row, section: new))
        host?.hostAdopt(cell)
        slots[new][row] = cell
      }
      shown[new].rows = slots[new].compactMap { $0 }
    }
    sections = shown

    // Reconfigures inside the batch name old index paths; a row that left
    // or was reloaded has nothing to reconfigure.
    if !ops.reconfigures.isEmpty {
      var now: [IndexPath: IndexPath] = [:]
      for (section, current) in shown.enumerated() {
        for (row, cell) in current.rows.enumerated() {
          if let from = origin[ObjectIdentifier(cell)] {
            now[from] = IndexPath(row: row, section: section)
          }
        }
      }
      for path in ops.reconfigures {
        if let target = now[path] { reconfigureCell(at: target) }
      }
    }
  }

  // MARK: - Moves the user makes

  /// Moves the row at `from` so that it ends at `to` (its index path after
  /// the move) in the rows shown, as a table or collection view does when
  /// the user drops a dragged row, before it tells its data source;
  /// `false`, moving nothing, if the view shows no such row or place, or
  /// is inside a batch update.
  func moveRowByUser(from: IndexPath, to: IndexPath) -> Bool {
    ensureLoaded()
    guard batchDepth == 0, var shown = sections, shown.indices.contains(from.section),
      shown[from.section].rows.indices.contains(from.row), shown.indices.contains(to.section)
    else { return false }
    let cell = shown[from.section].rows.remove(at: from.row)
    guard (0...shown[to.section].rows.count).contains(to.row) else { return false }
    shown[to.section].rows.insert(cell, at: to.row)
    sections = shown
    return true
  }

  /// Checks, once the data source has taken in a move the user made, that
  /// the rows shown are the data source's: the same counts, and each cell
  /// showing what the cell the data source makes for its index path shows
  /// (compared by `content`). Records a
  /// ``InvalidUpdate/Kind/divergedFromDataSource`` and reloads otherwise.
  func checkRowsMatchDataSource(after move: String, content: (UIView) -> String?) {
    guard let shown = sections else { return }
    let counts = askCounts()
    var problem: String?
    if counts != shown.map(\.rows.count) {
      problem =
        "the data source has \(counts) rows by section, the view shows \(shown.map(\.rows.count))"
    } else {
      search: for (s, section) in shown.enumerated() {
        for (r, cell) in section.rows.enumerated() {
          let made = askCell(at: IndexPath(row: r, section: s))
          let expected = content(made)
          recycle(made)
          if content(cell) != expected {
            problem =
              "row \(r) of section \(s) shows \(content(cell) ?? "nothing"), the data source's cell there \(expected ?? "nothing")"
            break search
          }
        }
      }
    }
    guard let problem else { return }
    report(
      .divergedFromDataSource,
      "After the user's move \(move), the rows shown diverge from the data source: \(problem). "
        + "The view has moved the row already: its data source takes the move in without a batch update."
    )
    reload(.recovery)
  }
}
