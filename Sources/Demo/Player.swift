/// Runs a timeline and shows a screen after every event: in real time with
/// a spinning spinner when animated, at once otherwise; and, for the
/// interactive mode, feeds keys in between.
@MainActor final class Player {
  let timeline: Timeline
  let display: Display
  /// Whether to wait for events in real time.
  let animated: Bool
  /// The screen shown.
  var screen: any Screen
  /// The line under the heading that says what is happening.
  var caption = ""
  /// Lines under the list (the keys, in the interactive mode).
  var footer: String?
  private let start = ContinuousClock.now
  private var lastSpin = 0

  init(timeline: Timeline, screen: any Screen, display: Display, animated: Bool) {
    self.timeline = timeline
    self.screen = screen
    self.display = display
    self.animated = animated
  }

  /// Milliseconds since the player was created.
  var elapsed: Int {
    let duration = ContinuousClock.now - start
    return Int(
      duration.components.seconds * 1000 + duration.components.attoseconds / 1_000_000_000_000_000)
  }

  /// Shows the screen as it is now.
  func draw() {
    display.show(screen, caption: caption, footer: footer, time: timeline.now)
  }

  /// Plays every scheduled event, then returns.
  func play() async {
    draw()
    while let next = timeline.nextTime {
      if animated { await wait(until: next) }
      await runNext()
    }
  }

  /// Runs the next event and lets the tasks it started (a reload schedules
  /// its loader on the main actor) run before drawing.
  func runNext() async {
    timeline.runNext()
    await settle()
    draw()
  }

  /// Lets tasks enqueued on the main actor run.
  func settle() async {
    for _ in 0..<4 { await Task.yield() }
  }

  /// Sleeps until `time` on the timeline, turning the spinner meanwhile
  /// when the screen is redrawn in place. `interrupt` is asked every
  /// 50 ms and stops the wait when it returns `true`.
  func wait(until time: Int, interrupt: () -> Bool = { false }) async {
    while elapsed < time {
      let step = min(50, time - elapsed)
      try? await Task.sleep(for: .milliseconds(step))
      spin()
      if interrupt() { return }
    }
  }

  /// Advances the spinner every 100 ms, when there is one and the screen is
  /// redrawn in place (in a log, a spinning frame would only add noise).
  func spin() {
    guard display.mode == .inPlace, screen.isAnimating, elapsed - lastSpin >= 100 else { return }
    lastSpin = elapsed
    screen.advanceSpinner()
    draw()
  }
}
