import Foundation

/// The heights a list view gives its parts (stand-in only: UIKit asks its
/// delegate, the cells' constraints or its layout).
struct ListMetrics {
  /// The height of a row whose height nothing else gives (UIKit's table
  /// default, 44 points).
  var rowHeight: CGFloat = 44
  /// The height of a table's section header, for a section that has a title.
  var headerHeight: CGFloat = 28
  /// The height of a table's section footer, for a section that has a title.
  var footerHeight: CGFloat = 28
  /// The height of a cell from its content, as self-sizing cells have;
  /// `nil` (or a `nil` answer): ``rowHeight``.
  var cellHeight: (@MainActor (UIView) -> CGFloat?)?
}

/// Where a list view places what it shows: one column, top to bottom, a
/// table's header view, then each section's header, its rows and its
/// footer, then a table's footer view. Content coordinates: the top of the
/// content is at 0.
struct ListLayout {
  /// The top and height of every row, by section.
  var rows: [[(top: CGFloat, height: CGFloat)]]
  /// The height of everything: the content size's height.
  var height: CGFloat
  /// The span of every section, from the top of its header to the bottom
  /// of its footer.
  var sections: [(top: CGFloat, bottom: CGFloat)] = []

  /// The rows, by index path, whose span meets `top..<bottom`, in index
  /// path order; none when the range is empty (a window of no height
  /// shows nothing).
  ///
  /// - Complexity: O(*n*) for the *n* rows shown.
  func rows(meeting top: CGFloat, _ bottom: CGFloat) -> [IndexPath] {
    guard top < bottom else { return [] }
    var paths: [IndexPath] = []
    for (section, rows) in rows.enumerated() {
      for (row, span) in rows.enumerated()
      where span.top < bottom && span.top + span.height > top {
        paths.append(IndexPath(row: row, section: section))
      }
    }
    return paths
  }
}

/// What a table or collection view tells the core about the heights of its
/// section headers and footers.
@MainActor
protocol ListGeometryHost: AnyObject {
  /// The height of a row whose cell gives none.
  var defaultRowHeight: CGFloat { get }
  /// The height of the header shown for `section` (0 for none).
  func headerHeight(of section: ShownSection) -> CGFloat
  /// The height of the footer shown for `section` (0 for none).
  func footerHeight(of section: ShownSection) -> CGFloat
  /// The height of what is above the first section (a table's header
  /// view).
  var contentHeaderHeight: CGFloat { get }
  /// The height of what is below the last section (a table's footer view).
  var contentFooterHeight: CGFloat { get }
}

extension ListGeometryHost {
  /// Nothing above the first section.
  var contentHeaderHeight: CGFloat { 0 }
  /// Nothing below the last section.
  var contentFooterHeight: CGFloat { 0 }
}

extension ListCore {
  /// The layout of the rows shown, computed once per change of them (or
  /// of ``metrics``); `nil` while the view has not loaded.
  ///
  /// - Complexity: O(*n*) for the *n* rows shown when they changed, O(1)
  ///   otherwise.
  var currentLayout: ListLayout? {
    if let layout { return layout }
    guard let sections else { return nil }
    let geometry = host as? any ListGeometryHost
    var y: CGFloat = geometry?.contentHeaderHeight ?? 0
    var rows: [[(top: CGFloat, height: CGFloat)]] = []
    rows.reserveCapacity(sections.count)
    var sectionSpans: [(top: CGFloat, bottom: CGFloat)] = []
    sectionSpans.reserveCapacity(sections.count)
    for section in sections {
      let top = y
      y += geometry?.headerHeight(of: section) ?? 0
      var spans: [(top: CGFloat, height: CGFloat)] = []
      spans.reserveCapacity(section.rows.count)
      for cell in section.rows {
        let height = metrics.cellHeight?(cell) ?? geometry?.defaultRowHeight ?? metrics.rowHeight
        spans.append((y, height))
        y += height
      }
      rows.append(spans)
      y += geometry?.footerHeight(of: section) ?? 0
      sectionSpans.append((top, y))
    }
    y += geometry?.contentFooterHeight ?? 0
    let computed = ListLayout(rows: rows, height: y, sections: sectionSpans)
    layout = computed
    (host as? StandInListView)?.contentDidChange(height: y)
    return computed
  }
}

extension StandInListView {
  /// The frame of the row at `section` and `row` in content coordinates,
  /// loading the view first; `nil` for a row the view does not have.
  func rowFrame(section: Int, row: Int) -> CGRect? {
    core.ensureLoaded()
    guard let layout = core.currentLayout, layout.rows.indices.contains(section),
      layout.rows[section].indices.contains(row)
    else { return nil }
    let span = layout.rows[section][row]
    return CGRect(x: 0, y: span.top, width: bounds.width, height: span.height)
  }

  /// The index paths (row, section) of the rows whose frame meets the
  /// visible rectangle (`contentOffset` and the bounds' size), loading the
  /// view first.
  var visiblePositions: [(section: Int, row: Int)] {
    core.ensureLoaded()
    let top = contentOffset.y
    guard let layout = core.currentLayout else { return [] }
    return layout.rows(meeting: top, top + bounds.height).map { ($0.section, $0.row) }
  }
}
