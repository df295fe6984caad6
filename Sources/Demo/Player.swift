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

  /// Runs the next event and lets the work it started outside the timeline
  /// (a reload starts its loader in a task on the main actor) run before
  /// drawing.
  func runNext() async {
    timeline.runNext()
    await settle()
    draw()
  }

  /// Returns once the work the timeline expects has run (see
  /// ``Timeline/expect(_:)``): the next event must not run, and the clock
  /// must not move, before a reload's loader has scheduled its answer.
  /// Waiting on the work itself, not for a number of yields, is what makes
  /// `--no-animation` deterministic however fast tasks run.
  ///
  /// Work that has not come after ``settleLimit`` of real time is given up
  /// with a message on standard error (a bug: the frames that follow may
  /// differ from run to run).
  func settle() async {
    let deadline = ContinuousClock.now + Self.settleLimit
    var rounds = 0
    while timeline.isExpectingWork {
      guard ContinuousClock.now < deadline else {
        Terminal.writeError("demo: expected work did not run; the frames may vary\n")
        timeline.forgetExpectedWork()
        return
      }
      rounds += 1
      // Yield first (the task is usually enqueued already); then sleep a
      // little, so a task still on its way to the main actor gets there.
      if rounds <= 8 {
        await Task.yield()
      } else {
        try? await Task.sleep(for: .milliseconds(1))
      }
    }
  }

  /// How long ``settle()`` waits for expected work, in real time.
  static let settleLimit = Duration.seconds(10)

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
