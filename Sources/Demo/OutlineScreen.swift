import DataSourceGraph
import DataSourceGraphTesting

/// An entry of the library in part 5: an artist, an album or a track, with
/// the entries under it.
struct Entry: Identifiable, Equatable, Sendable {
  var id: String { title }
  var title: String
  var children: [Entry] = []
}

/// Part 5: an outline. A library of artists, albums and tracks in one
/// leaf, shown as an outline: expanding an artist inserts its albums after
/// it, collapsing deletes every row under it (and remembers what was
/// expanded inside), a section collapses to its header, and a change of the
/// library reaches the rows shown as one small batch.
///
/// ```
///  Library (MutableDataSource) ──▶ outlined(children:) ──▶ TextListRenderer
/// ```
@MainActor final class OutlineScreen: Screen {
  let heading = "DataSourceGraph demo · 5/6 · an outline"
  let library = MutableDataSource<String, Entry>(name: "Library")
  let outline: OutlineDataSource<String, Entry>
  let renderer: TextListRenderer<String, OutlineRow<Entry>>
  private var observation: ObservationToken?

  init(style: TextListStyle) {
    library.replace(with: Catalog.library(withNewAlbum: false))
    outline = library.outlined(children: \.children)
    renderer = TextListRenderer(style: style) { row in
      let marker = row.hasChildren ? (row.isExpanded ? "▾ " : "▸ ") : "  "
      return String(repeating: "   ", count: row.depth) + marker + row.item.title
    }
    renderer.title = "Library"
    observation = outline.render(into: renderer)
  }

  func expand(_ title: String) { outline.expand(title) }
  func collapse(_ title: String) { outline.collapse(title) }
  func collapse(section: String) { outline.collapse(section: section) }
  func expand(section: String) { outline.expand(section: section) }

  /// The library changes under the outline: an album is added to Miles
  /// Davis.
  func addAlbum() { library.replace(with: Catalog.library(withNewAlbum: true)) }

  /// The renderer's frame, where a collapsed section, which the renderer
  /// draws as an empty one ("(no items)"), reads "(collapsed)".
  ///
  /// - Complexity: O(*n*) in the length of the frame.
  func frame() -> String {
    var pieces = renderer.frame().split(separator: "(no items)", omittingEmptySubsequences: false)
    // The renderer writes "(no items)" once per empty section, in order.
    let empty = renderer.snapshot.sections.filter(\.items.isEmpty)
    guard pieces.count == empty.count + 1 else { return pieces.joined(separator: "(no items)") }
    var frame = String(pieces.removeFirst())
    for (section, piece) in zip(empty, pieces) {
      frame += (outline.isCollapsed(section: section.id) ? "(collapsed)" : "(no items)") + piece
    }
    return frame
  }
  var isAnimating: Bool { renderer.isAnimating }
  func advanceSpinner() { renderer.advanceSpinner() }
}
