import DataSourceGraph
import DataSourceGraphTesting

/// The scripted story of `demo`: about 52 seconds, in six parts.
///
/// Every step is an event on the timeline at a fixed time, and every fake
/// answer arrives after a fixed delay, so `--no-animation` prints the same
/// frames on every run.
@MainActor enum Story {
  /// Plays the story to its end: its six parts, each from its start time
  /// on the timeline (milliseconds) and on a screen of its own.
  static func play(display: Display, style: TextListStyle, animated: Bool) async {
    let timeline = Timeline()
    let palette = PaletteScreen(timeline: timeline, style: style)
    let player = Player(timeline: timeline, screen: palette, display: display, animated: animated)
    player.caption = "A list backed by one source with a loader. Nothing is loaded yet."
    schedule(paletteSteps, from: 0, on: player) { palette }
    schedule(homeSteps, from: 10_000, on: player) {
      HomeScreen(timeline: timeline, style: style)
    }
    schedule(streamSteps, from: 21_500, on: player) {
      StreamScreen(timeline: timeline, style: style)
    }
    schedule(feedSteps, from: 27_500, on: player) {
      FeedScreen(timeline: timeline, style: style)
    }
    schedule(outlineSteps, from: 35_500, on: player) { OutlineScreen(style: style) }
    schedule(chatSteps, from: 43_500, on: player) {
      ChatScreen(timeline: timeline, style: style)
    }
    display.begin()
    await player.play()
    display.end("The end. Try `demo --interactive`, or `demo --help`.")
  }

  /// Part 1: Success, Empty, Error, then rapid taps ending on Success.
  static let paletteSteps: [Step<PaletteScreen>] = [
    Step(800, "Tap Success: a load starts, and its answer comes 1 s later.") { $0.tap(.success) },
    Step(3_000, "Tap Empty: the colours stay while refreshing; then the empty placeholder.") {
      $0.tap(.empty)
    },
    Step(5_200, "Tap Error: the placeholder shows the error's description.") { $0.tap(.error) },
    Step(7_400, "Rapid taps: Error (slow answer), Empty, Success. Only the last tap counts.") {
      $0.tap(.error, delay: 1_800)
    },
    Step(7_600) { $0.tap(.empty) },
    Step(7_800) { $0.tap(.success) },
  ]
}

extension Story {
  /// Part 2: three parts loading with different delays, one failing; then
  /// a pull-to-refresh where another fails and keeps its content; a filter
  /// typed letter by letter; and a last pull-to-refresh under the filter.
  static var homeSteps: [Step<HomeScreen>] {
    let typing = "blue".enumerated().map { i, letter in
      Step<HomeScreen>(
        6_000 + i * 400, "Type \"blue\" in the filter, letter by letter: one batch per letter."
      ) { $0.setQuery($0.query + String(letter)) }
    }
    return [
      Step(0, "Three sources (answers in 0.6 s, 2 s, 1.2 s) composed, under a filter."),
      Step(400, "All three parts load; Suggestions will fail.") {
        $0.load([.success, .success, .error])
      },
      Step(2_800, "Pull to refresh: every part reloads; this time Recent fails.") {
        $0.refresh([.success, .error, .success])
      },
      Step(5_000, "Recent failed but keeps its tracks: content, with the failure in a banner."),
    ] + typing + [
      Step(8_200, "Pull to refresh under the filter: only matching changes reach the screen.") {
        $0.refresh([.success, .success, .success])
      },
      Step(10_600, "Everything loaded."),
    ]
  }
}
