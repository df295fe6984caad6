import Foundation

/// What tests inspect (stand-in only: none of this exists in UIKit).
extension UITableView {
  /// Whether the table has loaded its content.
  public var isLoaded: Bool { core.sections != nil }

  /// The cells shown, per section, in row order.
  public var shownCells: [[UITableViewCell]] {
    (core.sections ?? []).map { $0.rows.compactMap { $0 as? UITableViewCell } }
  }

  /// The cells shown in `section`, in row order; empty for a section that
  /// does not exist.
  public func shownRows(inSection section: Int) -> [UITableViewCell] {
    let cells = shownCells
    return cells.indices.contains(section) ? cells[section] : []
  }

  /// The text each shown cell displays, per section: the text of its
  /// ``UIListContentConfiguration`` if it has one, else its text label's.
  public var shownTexts: [[String?]] {
    shownCells.map { cells in
      cells.map { cell in
        (cell.contentConfiguration as? UIListContentConfiguration)?.text ?? cell.textLabel?.text
      }
    }
  }

  /// The header title of each section shown.
  public var shownHeaderTitles: [String?] { (core.sections ?? []).map(\.headerTitle) }

  /// The footer title of each section shown.
  public var shownFooterTitles: [String?] { (core.sections ?? []).map(\.footerTitle) }

  /// The section index titles asked on the last load.
  public var shownSectionIndexTitles: [String]? { core.indexTitles }

  /// Every update call, batch and reload, in order.
  public var updateLog: [UpdateLogEntry] { core.updateLog }

  /// Every question asked of the data source, in order.
  public var dataSourceQuestions: [DataSourceQuestion] { core.questions }

  /// One record per batch update, in order.
  public var batchRecords: [BatchRecord] { core.batches }

  /// Every update UIKit would have refused, in order.
  public var invalidUpdates: [InvalidUpdate] { core.invalidUpdates }

  /// Called with each invalid update of this table, after it is recorded.
  public var onInvalidUpdate: (@MainActor (InvalidUpdate) -> Void)? {
    get { core.onInvalidUpdate }
    set { core.onInvalidUpdate = newValue }
  }

  /// How many times ``reloadData()`` was called.
  public var reloadDataCount: Int { core.reloadDataCount }

  /// Every dequeue of a cell or header, in order.
  public var dequeueRecords: [DequeueRecord] { core.dequeues }

  /// How many times the table called `prepareForReuse()` on a view it
  /// handed out again.
  public var prepareForReuseCount: Int { core.prepareForReuseCount }

  /// The completions of batch updates waiting for ``finishAnimations()``.
  public var pendingCompletionCount: Int { core.pendingCompletionCount }

  /// Ends the animations: runs the waiting completions of batch updates,
  /// in order.
  public func finishAnimations() { core.finishAnimations() }

  /// Forgets the records (log, questions, batches, invalid updates,
  /// counters, dequeues), keeping the rows shown.
  public func clearRecords() { core.clearRecords() }
}
