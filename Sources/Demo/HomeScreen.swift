import DataSourceGraph
import DataSourceGraphTesting

/// Part 2, and the interactive mode: a home screen composed of three parts
/// that load with different delays, under a filter; a part the filter
/// empties is left out rather than shown as "(no items)".
///
/// ```
///  Favourites ─┐
///  Recent     ─┼─▶ CompositeDataSource ─▶ FilteredDataSource ─▶ NonEmptySections ─▶ TextListRenderer
///  Suggestions┘     (aggregate state)      (query "blue")        DataSource
/// ```
@MainActor final class HomeScreen: Screen {
  var heading = "DataSourceGraph demo · 2/6 · a screen composed of three sources"
  let parts: [Part]
  let composite: CompositeDataSource<Track>
  let filter: FilteredDataSource<CompositeSectionID, Track>
  /// The filter's output without the sections it emptied: what is shown.
  let shown: NonEmptySectionsDataSource<CompositeSectionID, Track>
  let renderer: TextListRenderer<CompositeSectionID, Track>
  /// The filter's text; items whose title contains it (ignoring case) pass.
  private(set) var query = ""
  private var observation: ObservationToken?

  /// Creates the screen; `delays` are the parts' answer times in
  /// milliseconds (Favourites, Recent, Suggestions).
  init(timeline: Timeline, style: TextListStyle, delays: [Int] = [600, 2_000, 1_200]) {
    parts = delays.indices.map { Part(index: $0, delay: delays[$0], timeline: timeline) }
    composite = CompositeDataSource(parts.map(\.source))
    filter = FilteredDataSource(composite) { _ in true }
    shown = filter.removingEmptySections()
    // The partial banner names each missing part by its source's name.
    renderer = TextListRenderer(for: shown, style: style) { $0.text }
    renderer.placeholder = { state in
      switch state {
      case .initial: TextListStyle.Placeholder(title: "Home", message: "Nothing loaded yet.")
      case .empty: TextListStyle.Placeholder(title: "Nothing to play", message: "No track matches.")
      default: nil
      }
    }
    updateTitle()
    observation = shown.render(into: renderer)
  }

  /// Starts a load of every part, each answering with `answers[i]` (the
  /// first load installs the loaders that ``refresh()`` runs again).
  func load(_ answers: [Answer]) {
    for (part, answer) in zip(parts, answers) {
      part.plan = [answer]
      part.load()
    }
  }

  /// Pull to refresh: `reload()` on the node shown travels down the graph
  /// to every part, which runs its loader again. Returns `false` when no
  /// loader was installed yet.
  @discardableResult
  func refresh(_ answers: [Answer]? = nil) -> Bool {
    if let answers {
      for (part, answer) in zip(parts, answers) { part.plan = [answer] }
    }
    guard parts.contains(where: \.hasStarted) else { return false }
    for part in parts { part.expectReload() }
    shown.reload()
    return true
  }

  /// Sets the filter's text; the filter emits the minimal batch.
  func setQuery(_ text: String) {
    query = text
    let needle = text.lowercased()
    filter.isIncluded = needle.isEmpty ? { _ in true } : { $0.title.lowercased().contains(needle) }
    updateTitle()
  }

  private func updateTitle() {
    renderer.title = query.isEmpty ? "Home" : "Home   filter: \"\(query)\""
  }

  /// The renderer's frame, with a line under its banner for each part
  /// that failed but kept what it had loaded. A partly-loaded banner lists
  /// the parts that are missing, and a part that kept its content is not
  /// missing, so without these lines its failure (`x` after `m`) would not
  /// show; a banner for a single kept failure gives the error without the
  /// part's name.
  func frame() -> String {
    let frame = renderer.frame()
    let kept = keptFailures()
    guard !kept.isEmpty else { return frame }
    var lines = frame.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    let end: Int?
    switch renderer.state {
    case .partial(let partial):
      // The title and its rule, the banner's first line, a line per missing part.
      end = 3 + partial.missing.count
    case .contentWithFailure(let error as ContentState.AggregateError)
    where error.failures.count == 1:
      end = lines.firstIndex { $0.contains("Showing what was loaded before.") }.map { $0 + 1 }
    default:
      end = nil
    }
    guard let end, end <= lines.count else { return frame }
    lines.insert(contentsOf: kept, at: end)
    return lines.joined(separator: "\n")
  }

  /// `"    × Recent: The server timed out. Its tracks stay."` for each part
  /// whose last load failed while it kept content.
  private func keptFailures() -> [String] {
    parts.compactMap { part in
      guard case .contentWithFailure(let error) = part.source.contentState else { return nil }
      let line = "    × \(part.name): \(error) Its tracks stay."
      return renderer.style.usesColor ? "\u{1B}[33m\(line)\u{1B}[0m" : line
    }
  }

  var isAnimating: Bool { renderer.isAnimating }
  func advanceSpinner() { renderer.advanceSpinner() }
}
