import DataSourceGraph
import DataSourceGraphTesting

/// Part 1: one source with a loader, as in PJFDataSource's demo. Each tap
/// starts a load whose fake answer (success, empty or error) arrives after
/// a delay; only the last tap's answer is applied.
@MainActor final class PaletteScreen: Screen {
  let heading = "DataSourceGraph demo · 1/6 · one source with a loader"
  let source = MutableDataSource<String, Swatch>()
  let renderer: TextListRenderer<String, Swatch>
  private let timeline: Timeline
  private var observation: ObservationToken?
  private var taps = 0
  private var successes = 0
  /// The last answer that arrived for an obsolete load.
  private(set) var note: String?

  init(timeline: Timeline, style: TextListStyle) {
    self.timeline = timeline
    renderer = TextListRenderer(style: style) { $0.text }
    renderer.title = "Colours"
    renderer.placeholder = { state in
      switch state {
      case .empty:
        TextListStyle.Placeholder(
          title: "No colours", message: "The palette is empty. Tap Success to load it.")
      case .error(let error):
        TextListStyle.Placeholder(title: "Couldn't load the palette", message: "\(error)")
      default: nil
      }
    }
    observation = source.render(into: renderer)
  }

  /// A tap on the button for `answer`: starts a load that the fake server
  /// answers after `delay` milliseconds.
  func tap(_ answer: Answer, delay: Int = 1000) {
    taps += 1
    let tap = taps
    note = nil
    source.load { [timeline, weak self] token in
      timeline.after(delay) {
        guard let self else { return }
        let applied: Bool
        switch answer {
        case .success:
          applied = token.succeed(with: Catalog.palette(version: self.successes))
          if applied { self.successes += 1 }
        case .empty: applied = token.succeed(with: Catalog.emptyPalette)
        case .error: applied = token.fail(DemoError.offline)
        }
        self.note =
          applied
          ? nil : "The answer to tap \(tap) (\(answer.rawValue)) arrived late and was ignored."
      }
    }
  }

  func frame() -> String {
    [renderer.frame(), note.map { "\n" + $0 }].compactMap(\.self).joined(separator: "\n")
  }

  var isAnimating: Bool { renderer.isAnimating }
  func advanceSpinner() { renderer.advanceSpinner() }
}
