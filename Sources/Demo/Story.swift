import DataSourceGraph

/// The scripted story of `demo`: about 43 seconds, in five parts.
///
/// Every step is an event on the timeline at a fixed time, and every fake
/// answer arrives after a fixed delay, so `--no-animation` prints the same
/// frames on every run.
@MainActor enum Story {
  /// When part 2 starts, in milliseconds.
  static let secondPart = 10_000

  /// Plays the story to its end.
  static func play(display: Display, style: TextListStyle, animated: Bool) async {
    let timeline = Timeline()
    let palette = PaletteScreen(timeline: timeline, style: style)
    let player = Player(timeline: timeline, screen: palette, display: display, animated: animated)
    schedulePalette(palette, on: player)
    scheduleHome(on: player, style: style)
    scheduleStream(on: player, style: style)
    scheduleFeed(on: player, style: style)
    scheduleOutline(on: player, style: style)
    display.begin()
    await player.play()
    display.end("The end. Try `demo --interactive`, or `demo --help`.")
  }

  /// Part 1: Success, Empty, Error, then rapid taps ending on Success.
  static func schedulePalette(_ screen: PaletteScreen, on player: Player) {
    let timeline = player.timeline
    player.caption = "A list backed by one source with a loader. Nothing is loaded yet."
    timeline.at(800) {
      player.caption = "Tap Success: a load starts, and its answer comes 1 s later."
      screen.tap(.success)
    }
    timeline.at(3_000) {
      player.caption = "Tap Empty: the colours stay while refreshing; then the empty placeholder."
      screen.tap(.empty)
    }
    timeline.at(5_200) {
      player.caption = "Tap Error: the placeholder shows the error's description."
      screen.tap(.error)
    }
    timeline.at(7_400) {
      player.caption = "Rapid taps: Error (slow answer), Empty, Success. Only the last tap counts."
      screen.tap(.error, delay: 1_800)
    }
    timeline.at(7_600) { screen.tap(.empty) }
    timeline.at(7_800) { screen.tap(.success) }
  }
}

extension Story {
  /// Part 2: three parts loading with different delays, one failing; then
  /// a pull-to-refresh where another fails and keeps its content; a filter
  /// typed letter by letter; and a last pull-to-refresh under the filter.
  static func scheduleHome(on player: Player, style: TextListStyle) {
    let timeline = player.timeline
    let t = secondPart
    var home: HomeScreen?
    timeline.at(t) {
      home = HomeScreen(timeline: timeline, style: style)
      player.screen = home!
      player.caption = "Three sources (answers in 0.6 s, 2 s, 1.2 s) composed, under a filter."
    }
    timeline.at(t + 400) {
      player.caption = "All three parts load; Suggestions will fail."
      home?.load([.success, .success, .error])
    }
    timeline.at(t + 2_800) {
      player.caption = "Pull to refresh: every part reloads; this time Recent fails."
      home?.refresh([.success, .error, .success])
    }
    timeline.at(t + 5_000) {
      player.caption = "Recent failed but keeps its tracks: content, with the failure in a banner."
    }
    for (i, letter) in "blue".enumerated() {
      timeline.at(t + 6_000 + i * 400) {
        player.caption = "Type \"blue\" in the filter, letter by letter: one batch per letter."
        home?.setQuery((home?.query ?? "") + String(letter))
      }
    }
    timeline.at(t + 8_200) {
      player.caption = "Pull to refresh under the filter: only matching changes reach the screen."
      home?.refresh([.success, .success, .success])
    }
    timeline.at(t + 10_600) {
      player.caption = "Everything loaded."
    }
  }
}
