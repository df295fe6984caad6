import Foundation

/// What tests inspect (stand-in only: none of this exists in UIKit).
extension UICollectionView {
  /// Whether the view has loaded its content.
  public var isLoaded: Bool { core.sections != nil }

  /// The cells shown, per section, in item order.
  public var shownCells: [[UICollectionViewCell]] {
    core.ensureLoaded()
    return (core.sections ?? []).map { $0.rows.compactMap { $0 as? UICollectionViewCell } }
  }

  /// The cells shown in `section`, in item order; empty for a section that
  /// does not exist.
  public func shownItems(inSection section: Int) -> [UICollectionViewCell] {
    let cells = shownCells
    return cells.indices.contains(section) ? cells[section] : []
  }

  /// The text each shown cell displays, per section: the text of its
  /// ``UIListContentConfiguration``, if it has one.
  public var shownTexts: [[String?]] {
    shownCells.map { cells in
      cells.map { ($0.contentConfiguration as? UIListContentConfiguration)?.text }
    }
  }

  /// The supplementary views shown, per section, by kind.
  public var shownSupplementaryViews: [[String: UICollectionReusableView]] {
    core.ensureLoaded()
    return (core.sections ?? []).map(\.supplementaries)
  }

  /// The index titles asked on the last load.
  public var shownIndexTitles: [String]? {
    core.ensureLoaded()
    return core.indexTitles
  }

  /// Every update call, batch and reload, in order.
  public var updateLog: [UpdateLogEntry] { core.updateLog }

  /// Every question asked of the data source, in order.
  public var dataSourceQuestions: [DataSourceQuestion] { core.questions }

  /// One record per batch update, in order.
  public var batchRecords: [BatchRecord] { core.batches }

  /// Every update UIKit would have refused, in order.
  public var invalidUpdates: [InvalidUpdate] { core.invalidUpdates }

  /// Called with each invalid update of this view, after it is recorded.
  public var onInvalidUpdate: (@MainActor (InvalidUpdate) -> Void)? {
    get { core.onInvalidUpdate }
    set { core.onInvalidUpdate = newValue }
  }

  /// How many times ``reloadData()`` was called.
  public var reloadDataCount: Int { core.reloadDataCount }

  /// Every dequeue of a cell or header, in order.
  public var dequeueRecords: [DequeueRecord] { core.dequeues }

  /// How many times the view called `prepareForReuse()` on a view it
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
