/// One step of a part of the story: `time` milliseconds after the part
/// starts, the caption says what happens (when the step has one), then
/// `action` acts on the part's screen.
@MainActor struct Step<Shown: Screen> {
  var time: Int
  var caption: String?
  var action: (Shown) -> Void

  init(_ time: Int, _ caption: String? = nil, _ action: @escaping (Shown) -> Void = { _ in }) {
    self.time = time
    self.caption = caption
    self.action = action
  }
}

extension Story {
  /// Schedules the steps of a part of the story that starts at `start`
  /// (milliseconds) on a screen of its own: the screen is made by
  /// `makeScreen` when the first step runs, and shown from then on.
  static func schedule<Shown: Screen>(
    _ steps: [Step<Shown>], from start: Int, on player: Player,
    screen makeScreen: @escaping () -> Shown
  ) {
    var screen: Shown?
    for step in steps {
      player.timeline.at(start + step.time) {
        if screen == nil {
          screen = makeScreen()
          player.screen = screen!
        }
        if let caption = step.caption { player.caption = caption }
        step.action(screen!)
      }
    }
  }
}
