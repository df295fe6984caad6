import DataSourceGraph
import DataSourceGraphTesting

/// `demo --interactive`: the home screen, driven by keys.
///
/// On a terminal, keys act as soon as they are pressed (raw mode), so
/// rapid presses show that only the last load's answers count. Piped keys
/// are taken one at a time, each once the screen has settled, which makes
/// a piped session deterministic.
@MainActor enum Interactive {
  /// The key line under the screen: at most 80 columns, so it never wraps.
  static let keys = "s success · e empty · x error · m mixed · r refresh · f filter · q quit"

  static func run(display: Display, style: TextListStyle, animated: Bool) async {
    let timeline = Timeline()
    let home = HomeScreen(timeline: timeline, style: style, delays: [500, 1_400, 900])
    home.heading = "DataSourceGraph demo · interactive · a screen composed of three sources"
    let player = Player(timeline: timeline, screen: home, display: display, animated: animated)
    player.footer = keys
    player.caption = "Press a key: s, e, x or m loads every part."
    let raw = Terminal.inputIsTTY
    if raw { Terminal.enterRawMode() }
    display.begin()
    player.draw()
    loop: while true {
      if let next = timeline.nextTime, !animated || player.elapsed >= next {
        await player.runNext()
        continue
      }
      let input: Terminal.Input
      if raw {
        input = Terminal.read()
      } else if let next = timeline.nextTime {
        await player.wait(until: next)
        continue
      } else {
        input = Terminal.read()
      }
      switch input {
      case .nothing:
        try? await Task.sleep(for: .milliseconds(30))
        player.spin()
      case .end:
        break loop
      case .byte(let byte):
        if animated { timeline.advance(to: player.elapsed) }
        guard handle(byte, home: home, player: player) else { break loop }
        await player.settle()
        player.draw()
      }
    }
    if raw { Terminal.leaveRawMode() }
    display.end("Bye.")
  }

  /// The keys that load every part: what the caption says, and each
  /// part's answer.
  static let loads: [Character: (caption: String, answers: [Answer])] = [
    "s": ("s: every part loads, and succeeds.", [.success, .success, .success]),
    "e": ("e: every part loads, and answers empty.", [.empty, .empty, .empty]),
    "x": ("x: every part loads, and fails.", [.error, .error, .error]),
    "m": ("m: every part loads; Suggestions fails.", [.success, .success, .error]),
  ]

  /// Acts on one key; `false` to quit.
  static func handle(_ byte: UInt8, home: HomeScreen, player: Player) -> Bool {
    let key = Character(Unicode.Scalar(byte))
    if let load = loads[key] {
      player.caption = load.caption
      home.load(load.answers)
      return true
    }
    switch key {
    case "q", "Q", "\u{03}", "\u{04}":
      return false
    case "r":
      player.caption =
        home.refresh()
        ? "r: pull to refresh; each part answers as it did last time."
        : "r: nothing to refresh yet; press s, e, x or m first."
    case "f":
      let word = "blue"
      let next = home.query.count < word.count ? String(word.prefix(home.query.count + 1)) : ""
      home.setQuery(next)
      player.caption = next.isEmpty ? "f: filter cleared." : "f: filter \"\(next)\"."
    case " ", "\n", "\r", "\t":
      return true
    default:
      player.caption = "Unknown key \"\(key)\". " + keys
    }
    return true
  }
}
