import DataSourceGraph
import DataSourceGraphTesting

/// `demo --interactive`: the composed screen and the chat, driven by keys
/// (``InteractiveSession``).
///
/// On a terminal, keys act as soon as they are pressed (raw mode), so
/// rapid presses show that only the last load's answers count. Piped keys
/// are taken one at a time, each once the screen has settled, which makes
/// a piped session deterministic.
@MainActor enum Interactive {
  /// Runs the session until `q`, Ctrl-C, Ctrl-D or the end of input.
  static func run(display: Display, style: TextListStyle, animated: Bool) async {
    let timeline = Timeline()
    let home = HomeScreen(timeline: timeline, style: style, delays: [500, 1_400, 900])
    home.heading = "DataSourceGraph demo · interactive · a screen composed of three sources"
    let player = Player(timeline: timeline, screen: home, display: display, animated: animated)
    let session = InteractiveSession(home: home, player: player, timeline: timeline, style: style)
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
        guard session.handle(byte) else { break loop }
        await player.settle()
        player.draw()
      }
    }
    if raw { Terminal.leaveRawMode() }
    display.end("Bye.")
  }
}
