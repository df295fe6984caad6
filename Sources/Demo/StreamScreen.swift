import DataSourceGraph
import DataSourceGraphTesting

/// Part 3: a source's changes as an asynchronous sequence. Two tasks
/// iterate `queue.events`: one keeps up and prints every event it gets;
/// the other is held back while the queue changes, then gets what it
/// missed as one composed batch and one state change.
///
/// ```
///  Queue (MutableDataSource) ──▶ TextListRenderer
///          │
///          └─ queue.events ──▶ for await event in … (on time, and lagging)
/// ```
@MainActor final class StreamScreen: Screen {
  let heading = "DataSourceGraph demo · 3/6 · a stream of changes"
  let queue = MutableDataSource<String, Track>(name: "Queue")
  let renderer: TextListRenderer<String, Track>
  /// What each consumer received, one line per event.
  private(set) var onTimeLog: [String] = []
  private(set) var laggingLog: [String] = []
  private let timeline: Timeline
  private var observation: ObservationToken?
  private var consumers: [Task<Void, Never>] = []
  /// Holds the lagging consumer back until ``wakeLaggingConsumer()``.
  private var laggingGate: CheckedContinuation<Void, Never>?
  private var laggingIsAwake = false

  init(timeline: Timeline, style: TextListStyle) {
    self.timeline = timeline
    queue.replace(with: Snapshot(id: "queue", items: Catalog.tracks(part: 0, version: 0)))
    renderer = TextListRenderer(style: style) { $0.text }
    renderer.title = "Queue"
    observation = queue.render(into: renderer)
    startConsumers()
  }

  /// Reads `queue.events` twice, now: each read subscribes at once, from
  /// the queue's content and state now, so nothing is missed whenever the
  /// tasks start iterating.
  private func startConsumers() {
    let onTime = queue.events
    let lagging = queue.events
    consumers.append(
      Task { [weak self] in
        for await event in onTime {
          guard let self else { return }
          self.onTimeLog.append(Self.describe(event))
          self.timeline.arrive(self.onTimeMarker)
        }
      })
    consumers.append(
      Task { [weak self] in
        await self?.waitUntilAwake()
        for await event in lagging {
          guard let self else { return }
          self.laggingLog.append(Self.describe(event))
          self.timeline.arrive(self.laggingMarker)
        }
      })
  }

  /// Identities for the timeline's expected work, one per consumer.
  private let onTimeMarker = Marker()
  private let laggingMarker = Marker()
  private final class Marker {}

  private func waitUntilAwake() async {
    guard !laggingIsAwake else { return }
    await withCheckedContinuation { laggingGate = $0 }
  }

  /// Makes `change` to the queue; the player draws once the consumer that
  /// keeps up has printed what it received.
  func edit(_ change: (MutableDataSource<String, Track>) -> Void) {
    timeline.expect(onTimeMarker)
    if laggingIsAwake { timeline.expect(laggingMarker) }
    change(queue)
  }

  /// A pull to refresh whose answer, `delay` milliseconds later, keeps
  /// the content: the state goes to refreshing and back.
  func refresh(answerAfter delay: Int) {
    edit { queue in
      queue.load { [timeline, weak self] token in
        timeline.after(delay) { self?.edit { _ in _ = token.succeed() } }
      }
    }
  }

  /// Lets the lagging consumer take what it missed, then keep up.
  func wakeLaggingConsumer() {
    laggingIsAwake = true
    timeline.expect(laggingMarker)
    laggingGate?.resume()
    laggingGate = nil
  }

  /// Ends both iterations.
  func stop() {
    for consumer in consumers { consumer.cancel() }
  }

  /// One line for `event`: `state loading → content`, or the operations of
  /// a batch by kind (`insert 0.3 · move 0.0→0.2 · update 0.1`).
  static func describe(_ event: DataSourceEvent<String, Track>) -> String {
    switch event {
    case .stateChanged(let old, let new):
      return "state \(old.kind) → \(new.kind)"
    case .changed(.reloadAll(let snapshot)):
      return "reload (\(snapshot.numberOfItems) tracks)"
    case .changed(.batch(let batch)):
      func at(_ path: ItemPath) -> String { "\(path.section).\(path.item)" }
      var parts: [String] = []
      if !batch.sectionInserts.isEmpty {
        parts.append(
          "insert section " + batch.sectionInserts.map { "\($0.index)" }.joined(separator: ","))
      }
      if !batch.itemInserts.isEmpty {
        parts.append("insert " + batch.itemInserts.map { at($0.path) }.joined(separator: ","))
      }
      if !batch.itemDeletes.isEmpty {
        parts.append("delete " + batch.itemDeletes.map(at).joined(separator: ","))
      }
      if !batch.itemMoves.isEmpty {
        parts.append(
          "move " + batch.itemMoves.map { "\(at($0.from))→\(at($0.to))" }.joined(separator: ","))
      }
      if !batch.itemUpdates.isEmpty {
        parts.append("update " + batch.itemUpdates.map { at($0.to) }.joined(separator: ","))
      }
      return "batch: " + parts.joined(separator: " · ")
    }
  }

  func frame() -> String {
    var lines = [renderer.frame(), ""]
    lines.append("for await event in queue.events  (a task that keeps up)")
    lines += onTimeLog.map { "  ← " + $0 }
    lines.append("")
    lines.append(
      laggingIsAwake
        ? "for await event in queue.events  (a task held back, then awake)"
        : "for await event in queue.events  (a task held back: nothing taken yet)")
    lines += laggingLog.map { "  ← " + $0 }
    return lines.joined(separator: "\n")
  }

  var isAnimating: Bool { renderer.isAnimating }
  func advanceSpinner() { renderer.advanceSpinner() }
}
