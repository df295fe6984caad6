import Foundation

/// What a table or collection view does for the core when cells come and
/// go: tell its delegate, in the delegate's own terms.
@MainActor
protocol ListDisplayHost: AnyObject {
  /// The delegate's `willDisplay` for `cell` at `indexPath`.
  func hostWillDisplay(_ cell: UIView, at indexPath: IndexPath)
  /// The delegate's `didEndDisplaying` for `cell`, at the index path it had.
  func hostDidEndDisplaying(_ cell: UIView, at indexPath: IndexPath)
}

extension ListCore {
  /// Tells the delegate, after the rows shown changed from `old`, that the
  /// cells no longer shown (or recycled and dequeued again) ended
  /// displaying, at the index paths they had, then that the new cells will
  /// display, at theirs, each in index path order. A cell that stays (in
  /// place, moved, or reconfigured) is told nothing, as in UIKit. Every row
  /// the view has counts as displayed (not only the visible ones of
  /// `ListCore+Geometry.swift`: scrolling tells the delegate nothing).
  ///
  /// - Complexity: O(*n* + *m*) for the *n* rows shown before and *m*
  ///   after; nothing without a delegate.
  func displayDidChange(from old: [ShownSection]?) {
    if heldDisplay.holding {
      if heldDisplay.before == nil { heldDisplay.before = .some(old) }
      return
    }
    defer { recycledSinceDisplay = [] }
    guard delegate != nil, let host = host as? any ListDisplayHost else { return }
    let recycled = recycledSinceDisplay
    var before: [ObjectIdentifier: IndexPath] = [:]
    for (section, shown) in (old ?? []).enumerated() {
      for (row, cell) in shown.rows.enumerated() {
        before[ObjectIdentifier(cell)] = IndexPath(row: row, section: section)
      }
    }
    var staying = Set<ObjectIdentifier>()
    var appearing: [(UIView, IndexPath)] = []
    for (section, shown) in (sections ?? []).enumerated() {
      for (row, cell) in shown.rows.enumerated() {
        let id = ObjectIdentifier(cell)
        if before[id] != nil, !recycled.contains(id) {
          staying.insert(id)
        } else {
          appearing.append((cell, IndexPath(row: row, section: section)))
        }
      }
    }
    for (section, shown) in (old ?? []).enumerated() {
      for (row, cell) in shown.rows.enumerated() where !staying.contains(ObjectIdentifier(cell)) {
        host.hostDidEndDisplaying(cell, at: IndexPath(row: row, section: section))
      }
    }
    for (cell, path) in appearing { host.hostWillDisplay(cell, at: path) }
  }

  /// Holds the delegate's calls until ``releaseDisplay()``.
  func holdDisplay() {
    heldDisplay = (true, nil)
  }

  /// Tells the delegate of the change since ``holdDisplay()``, if the rows
  /// shown changed.
  func releaseDisplay() {
    let before = heldDisplay.before
    heldDisplay = (false, nil)
    if let before { displayDidChange(from: before) }
  }
}
