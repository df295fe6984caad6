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

/// The visible window and the delegate's display calls.
///
/// What the stand-in models, as UIKit behaves:
/// - A row is displayed while its frame (ListCore+Geometry.swift) meets the
///   visible rectangle: the bounds' size at the content offset. A row of
///   zero height, or any row of a view with zero-height bounds, is never
///   displayed.
/// - `willDisplay` comes when a row's cell enters that window: after the
///   data source made the cell (`cellForRowAt`), at the row's index path.
///   `didEndDisplaying` comes when it leaves: scrolled away (setting
///   `contentOffset`, `setContentOffset(_:animated:)`), its row deleted or
///   reloaded, a `reloadData()`, a batch update or a move that pushes the
///   row out of the window, the bounds changed (at the next layout).
/// - A cell that stays in the window, in place, moved or reconfigured, is
///   told nothing. Calls alternate per cell: never two `willDisplay`
///   without a `didEndDisplaying` between.
/// - The order, as UIKit's: `reloadData()` ends every displayed cell at
///   once (the view forgets them), and the new ones will display when the
///   view loads again. Inside one layout change (a batch update, a
///   scroll, a move), the cells entering the window will display first, in
///   index path order, then the cells that left end displaying, in the
///   order of the index paths they had: UIKit shows a reloaded row's new
///   cell (`cellForRowAt`, `willDisplay`), then ends the old one's display
///   when it has animated away.
/// - `didEndDisplaying` names the index path the row had when it left: the
///   old one for a deleted or reloaded row (it may no longer exist), the
///   current one for a row still in the view.
/// - A batch update tells the delegate when it is over (UIKit: at the next
///   layout), never in the middle.
///
/// What it simplifies:
/// - Every row has a cell, not only the displayed ones: the data source is
///   asked for every row's cell on a load and for every inserted or
///   reloaded row, and `cellForRow(at:)` answers for rows out of the
///   window. UIKit asks only for the rows it is about to display (and
///   prefetches), and may show a cell again without asking (a cell
///   scrolled out and straight back).
/// - The stand-in's reuse pool can hand out at once a cell that just left
///   (a reloaded row's old cell serves its new one); UIKit never hands out
///   a cell still animating away. When that happens, the old display of
///   that cell ends before its new one begins, so calls still alternate.
/// - No animation: a deleted row's cell ends displaying when the batch is
///   committed, not when its animation ends.
/// - Only cells: the section headers' and footers' `willDisplay` and
///   `didEndDisplaying` (a table's `willDisplayHeaderView`, a collection
///   view's supplementary views) are not called (the stand-in's delegate
///   protocols do not declare them).
/// - The cells displayed are tracked with a delegate or without, as in
///   UIKit: a delegate set later hears only of the changes after it.
extension ListCore {
  /// Tells the delegate which cells entered the visible window and which
  /// left it since it was last told (see the extension's discussion for
  /// the order); waits for the end of a batch update being committed.
  ///
  /// - Complexity: O(*n*) for the *n* rows shown (the layout, when the
  ///   rows changed, and the search of the window), plus O(*d* log *d*)
  ///   for the *d* cells displayed.
  func displayDidChange() {
    if heldDisplay.holding {
      heldDisplay.changed = true
      return
    }
    // Laying out may pull the offset back (a shorter content), which asks
    // for this again: the window below is read after it.
    guard !findingWindow else { return }
    findingWindow = true
    _ = currentLayout
    findingWindow = false
    let recycled = recycledSinceDisplay
    recycledSinceDisplay = []
    guard let view = host as? StandInListView else {
      displayed = [:]
      return
    }
    let visible = visibleCells(in: view)
    let visibleIDs = Set(visible.map { ObjectIdentifier($0.cell) })
    let entering = visible.filter {
      let id = ObjectIdentifier($0.cell)
      return displayed[id] == nil || recycled.contains(id)
    }
    var leaving = displayed.filter { id, _ in !visibleIDs.contains(id) || recycled.contains(id) }
    if leaving.contains(where: { id, _ in !recycled.contains(id) }) {
      // A cell that left the window but is still shown ends at its
      // index path now.
      for (section, shown) in (sections ?? []).enumerated() {
        for (row, cell) in shown.rows.enumerated() {
          let id = ObjectIdentifier(cell)
          if !recycled.contains(id), leaving[id] != nil {
            leaving[id]?.path = IndexPath(row: row, section: section)
          }
        }
      }
    }
    var next: [ObjectIdentifier: (cell: UIView, path: IndexPath)] = [:]
    for (cell, path) in visible { next[ObjectIdentifier(cell)] = (cell, path) }
    displayed = next
    guard delegate != nil, let host = host as? any ListDisplayHost else { return }
    let ended = leaving.values.sorted { $0.path < $1.path }
    // A cell dequeued again at once ends its former display first.
    for (cell, path) in ended where visibleIDs.contains(ObjectIdentifier(cell)) {
      host.hostDidEndDisplaying(cell, at: path)
    }
    for (cell, path) in entering { host.hostWillDisplay(cell, at: path) }
    for (cell, path) in ended where !visibleIDs.contains(ObjectIdentifier(cell)) {
      host.hostDidEndDisplaying(cell, at: path)
    }
  }

  /// The cells of the rows whose frame meets the visible rectangle of
  /// `view`, in index path order.
  private func visibleCells(in view: StandInListView) -> [(cell: UIView, path: IndexPath)] {
    guard let sections, let layout = currentLayout else { return [] }
    let top = view.contentOffset.y
    return layout.rows(meeting: top, top + view.bounds.height).map {
      (sections[$0.section].rows[$0.row], $0)
    }
  }

  /// Holds the delegate's calls until ``releaseDisplay()``.
  func holdDisplay() {
    heldDisplay = (true, false)
  }

  /// Tells the delegate of the change since ``holdDisplay()``, if the rows
  /// shown changed.
  func releaseDisplay() {
    let changed = heldDisplay.changed
    heldDisplay = (false, false)
    if changed { displayDidChange() }
  }
}
