/// A clock for the demo's script: events at times in milliseconds, run in
/// order of time, then of scheduling.
///
/// The timeline only orders events; ``Player`` decides whether to wait for
/// each one in real time (the animated story) or to run it at once
/// (`--no-animation`), which makes every frame deterministic: the fake
/// servers' answers arrive in the same order either way.
///
/// Not every step of the script runs inside an event: a `reload()` starts
/// its loader at the source's next scheduling point, a task on the main
/// actor, and the loader is what schedules the fake answer (at ``now`` plus
/// a delay). Such work is *expected* (``expect(_:)``) by the event that
/// causes it and marked as *arrived* (``arrive(_:)``) when it runs; the
/// player runs no further event while work is expected
/// (``isExpectingWork``), so the clock never moves past work that has not
/// run yet, however fast the tasks are scheduled (debug or release).
@MainActor final class Timeline {
  /// The time of the event being run, or of the last one run.
  private(set) var now = 0
  private var events: [Event] = []
  private var sequence = 0
  /// The owners of work expected to run before the next event.
  private var expected: Set<ObjectIdentifier> = []

  private struct Event {
    var time: Int
    var sequence: Int
    var action: () -> Void
  }

  /// Schedules `action` `delay` milliseconds after ``now``.
  func after(_ delay: Int, _ action: @escaping () -> Void) {
    at(now + max(delay, 0), action)
  }

  /// Schedules `action` at `time` (milliseconds), or at ``now`` if that is
  /// in the past.
  func at(_ time: Int, _ action: @escaping () -> Void) {
    let event = Event(time: max(time, now), sequence: sequence, action: action)
    sequence += 1
    // Keep the queue sorted; the demo never holds more than a few dozen.
    let index =
      events.firstIndex { ($0.time, $0.sequence) > (event.time, event.sequence) } ?? events.endIndex
    events.insert(event, at: index)
  }

  /// The time of the next event, or `nil` when nothing is scheduled.
  var nextTime: Int? { events.first?.time }

  /// Runs the next event, moving ``now`` to its time. Returns `false` when
  /// nothing was scheduled.
  @discardableResult
  func runNext() -> Bool {
    guard !events.isEmpty else { return false }
    let event = events.removeFirst()
    now = event.time
    event.action()
    return true
  }

  /// Moves ``now`` forward to `time` without running anything (a key was
  /// pressed at that moment).
  func advance(to time: Int) {
    now = max(now, min(time, nextTime ?? time))
  }

  /// Notes that `owner` will run work outside the timeline (in a task) that
  /// must run before the next event. Expecting an owner twice before it
  /// arrives counts once, as a coalesced reload runs its loader once.
  func expect(_ owner: AnyObject) {
    expected.insert(ObjectIdentifier(owner))
  }

  /// Notes that the work expected of `owner` ran (or was superseded by a
  /// direct call). Does nothing if none was expected.
  func arrive(_ owner: AnyObject) {
    expected.remove(ObjectIdentifier(owner))
  }

  /// Whether some expected work has not run yet.
  var isExpectingWork: Bool { !expected.isEmpty }

  /// Gives up on the expected work (it never came), so the script goes on.
  func forgetExpectedWork() {
    expected.removeAll()
  }

  /// `"t=1.2s"` for 1,234 ms.
  static func format(_ time: Int) -> String {
    "t=\(time / 1000).\(time % 1000 / 100)s"
  }
}
