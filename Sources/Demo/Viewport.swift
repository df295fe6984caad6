/// The lines of a list that fit on the terminal: ``height`` lines from
/// ``top``, scrolled by the user, that keep the line of an *anchor* (the
/// message the user reads) on the same row when lines arrive above or
/// below it.
///
/// This is, in lines of text, what the UIKit data sources do for a table
/// or collection view by default (`ListUpdateOptions.keepsVisiblePosition`):
/// before a change they note an anchor row and how far below the top of the
/// screen it is, and after the change they set the content offset so that
/// it is that far below the top again, clamped to the offsets the content
/// allows. Here the offset is ``top`` (a line number), and the screen
/// finds the anchor's line again by the anchor's identity after each
/// change.
struct Viewport: Equatable {
  /// How many lines are shown.
  let height: Int
  /// The first line shown.
  private(set) var top = 0
  /// The row (from 0) where the anchor's line is kept, once there is one.
  private(set) var anchorRow: Int?

  init(height: Int) {
    self.height = height
  }

  /// Keeps the anchor's line at `row` from now on (the list opens with the
  /// anchor there).
  mutating func keep(anchorAt row: Int) {
    anchorRow = row
  }

  /// The user scrolls: `line` becomes the first line shown (clamped to the
  /// lines there are), and the anchor, at `anchorLine` now, is kept on the
  /// row it has after the scroll.
  mutating func scroll(to line: Int, lineCount: Int, anchorLine: Int?) {
    top = min(max(line, 0), max(lineCount - height, 0))
    anchorRow = anchorLine.map { $0 - top }
  }

  /// The lines moved: the anchor is now at `anchorLine` (`nil` when it is
  /// not drawn), so the first line shown moves with it. Idempotent: the
  /// same lines keep the same ``top``.
  mutating func follow(anchorLine: Int?) {
    guard let anchorRow, let anchorLine else { return }
    top = max(anchorLine - anchorRow, 0)
  }

  /// The rows shown of `lines`, padded with empty rows to ``height``.
  ///
  /// - Complexity: O(``height``).
  func rows(of lines: [String]) -> [String] {
    (top..<top + height).map { $0 < lines.count ? lines[$0] : "" }
  }

  /// What is scrolled out of sight above and below, for lines around the
  /// rows: `"  ↑ 6 lines above"`, or `""` when nothing is.
  func above() -> String { top > 0 ? "  ↑ \(Self.lines(top)) above" : "" }
  func below(lineCount: Int) -> String {
    let hidden = lineCount - top - height
    return hidden > 0 ? "  ↓ \(Self.lines(hidden)) below" : ""
  }

  private static func lines(_ count: Int) -> String { count == 1 ? "1 line" : "\(count) lines" }
}
