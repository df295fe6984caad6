public import Foundation

/// What the stand-in's `UITableView` and `UICollectionView` share: the model
/// of the rows they show (`ListCore`), the background view, and what
/// tests inspect. Stand-in only: in UIKit both views subclass
/// `UIScrollView` directly, and code written for UIKit never names this
/// class.
@MainActor
open class StandInListView: UIScrollView {
  /// The rows shown, the batch being built, the checks and the records.
  let core: ListCore

  /// A view shown behind the content, sized to the view.
  open var backgroundView: UIView? {
    didSet {
      oldValue?.removeFromSuperview()
      if let backgroundView {
        backgroundView.frame = bounds
        addSubview(backgroundView)
      }
    }
  }

  init(frame: CGRect, nouns: ListNouns) {
    core = ListCore(nouns: nouns)
    super.init(frame: frame)
  }

  /// Not available: the stand-in makes views in code.
  public required init?(coder: NSCoder) {
    return nil
  }

  /// Sizes the background view to the view, and brings the cells
  /// displayed in line with the visible window (the delegate's
  /// `willDisplay` and `didEndDisplaying`, see ListCore+Display.swift).
  open override func layoutSubviews() {
    super.layoutSubviews()
    backgroundView?.frame = bounds
    core.displayDidChange()
  }

  /// Lays the view out if it needs it, then brings the cells displayed in
  /// line with the visible window (its bounds or the rows' heights may
  /// have changed), as UIKit's layout pass does.
  open override func layoutIfNeeded() {
    super.layoutIfNeeded()
    core.displayDidChange()
  }

  /// The size of the content, laid out from the rows shown (see
  /// ListCore+Geometry.swift).
  open override var contentSize: CGSize {
    get {
      guard let layout = core.currentLayout else { return super.contentSize }
      return CGSize(width: bounds.width, height: layout.height)
    }
    set { super.contentSize = newValue }
  }

  /// The point of the content shown at the top left. A batch update or a
  /// reload leaves it as it was, as UIKit does (content inserted above
  /// shifts what is seen), unless the content got too short for it. Every
  /// change of it, by the user or by code, tells the delegate
  /// (`scrollViewDidScroll`), as UIKit does, then the cells that entered
  /// and left the visible window (`willDisplay`, `didEndDisplaying`).
  open override var contentOffset: CGPoint {
    get {
      _ = core.currentLayout
      return super.contentOffset
    }
    set {
      let old = super.contentOffset
      super.contentOffset = newValue
      guard newValue != old else { return }
      (core.delegate as? any UIScrollViewDelegate)?.scrollViewDidScroll(self)
      core.displayDidChange()
    }
  }

  /// Pulls the offset back into range once the rows shown changed, when the
  /// content got too short for it, as UIKit does once a batch update or a
  /// reload leaves less content (a growing content never moves it); the
  /// cells that entered and left the window are told, as after a scroll.
  func contentDidChange(height: CGFloat) {
    let insets = adjustedContentInset
    let highest = max(-insets.top, height + insets.bottom - bounds.height)
    if super.contentOffset.y > highest {
      super.contentOffset.y = highest
      (core.delegate as? any UIScrollViewDelegate)?.scrollViewDidScroll(self)
      core.displayDidChange()
    }
  }

  // MARK: What the subclasses answer UIKit's questions with

  /// The number of sections shown, loading the view first if needed.
  var loadedSectionCount: Int {
    core.ensureLoaded()
    return core.sections?.count ?? 0
  }

  /// The number of rows shown in `section`, loading the view first if
  /// needed; 0 for a section that does not exist.
  func loadedRowCount(inSection section: Int) -> Int {
    core.ensureLoaded()
    guard let sections = core.sections, sections.indices.contains(section) else { return 0 }
    return sections[section].rows.count
  }

  /// The cell shown at `section` and `row`, if any.
  func shownView(section: Int, row: Int) -> UIView? {
    guard let sections = core.sections, sections.indices.contains(section),
      sections[section].rows.indices.contains(row)
    else { return nil }
    return sections[section].rows[row]
  }

  /// The section and row at which `cell` is shown, if it is.
  func shownPosition(of cell: UIView) -> (section: Int, row: Int)? {
    for (section, shown) in (core.sections ?? []).enumerated() {
      if let row = shown.rows.firstIndex(where: { $0 === cell }) { return (section, row) }
    }
    return nil
  }

  // MARK: Records (stand-in only, for tests)

  /// Whether the view has loaded its content.
  package var isLoaded: Bool { core.sections != nil }

  /// Every update call, batch and reload, in order.
  package var updateLog: [UpdateLogEntry] { core.updateLog }

  /// Every question asked of the data source, in order.
  package var dataSourceQuestions: [DataSourceQuestion] { core.questions }

  /// One record per batch update, in order.
  package var batchRecords: [BatchRecord] { core.batches }

  /// Every update UIKit would have refused, in order.
  package var invalidUpdates: [InvalidUpdate] { core.invalidUpdates }

  /// Called with each invalid update of this view, after it is recorded.
  package var onInvalidUpdate: (@MainActor (InvalidUpdate) -> Void)? {
    get { core.onInvalidUpdate }
    set { core.onInvalidUpdate = newValue }
  }

  /// How many times `reloadData()` was called.
  package var reloadDataCount: Int { core.reloadDataCount }

  /// Every dequeue of a cell, header or supplementary view, in order.
  package var dequeueRecords: [DequeueRecord] { core.dequeues }

  /// How many times the view called `prepareForReuse()` on a view it
  /// handed out again.
  package var prepareForReuseCount: Int { core.prepareForReuseCount }

  /// The completions of batch updates waiting for `finishAnimations()`.
  package var pendingCompletionCount: Int { core.pendingCompletionCount }

  /// Ends the animations: runs the waiting completions of batch updates,
  /// in order.
  package func finishAnimations() { core.finishAnimations() }

  /// Forgets the records (log, questions, batches, invalid updates,
  /// counters, dequeues), keeping the rows shown.
  package func clearRecords() { core.clearRecords() }
}
