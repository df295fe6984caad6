import DataSourceGraphNodes
import DataSourceGraphSections
import Dispatch
import Foundation
import SectionsTestSupport
import Testing

/// An item whose `==` (which the diff calls for every item present on both
/// sides) records whether it ran on the queue of ``GraphActor``, and, once
/// a gate is armed, blocks its first call made outside the test's own tasks
/// (in the library's detached diff) until the test opens the gate: so a
/// test can act on its actor while a diff is known to be running elsewhere.
struct ProbeRow: Identifiable, Sendable, Equatable, CustomStringConvertible {
  var id: Int
  var revision = 0

  var description: String { revision == 0 ? "\(id)" : "\(id)'\(revision)" }

  static func == (lhs: Self, rhs: Self) -> Bool {
    DiffProbe.shared.record()
    return lhs.id == rhs.id && lhs.revision == rhs.revision
  }
}

/// Where `ProbeRow.==` ran, and the gate that holds a diff.
final class DiffProbe: @unchecked Sendable {
  // @unchecked: every stored property is guarded by `lock`.
  static let shared = DiffProbe()
  /// Set on the queue that runs ``GraphActor``.
  static let graphQueue = DispatchSpecificKey<Bool>()
  /// Set in the test's own tasks (and the tasks they start, which inherit
  /// it); a detached task does not have it.
  @TaskLocal static var inTestTask = false

  private let lock = NSLock()
  private var onActor = 0
  private var offActor = 0
  private var armed = false
  private var held = false
  private let gate = DispatchSemaphore(value: 0)

  /// Comparisons made on the graph actor's queue and off it since the last
  /// reset.
  var counts: (onActor: Int, offActor: Int) { lock.withLock { (onActor, offActor) } }
  /// Whether a diff is held at the gate.
  var isHolding: Bool { lock.withLock { held } }

  func reset() { lock.withLock { (onActor, offActor, armed, held) = (0, 0, false, false) } }

  /// Makes the next comparison outside the test's tasks wait for ``open()``.
  func arm() { lock.withLock { armed = true } }

  /// Lets the held diff go on.
  func open() { gate.signal() }

  fileprivate func record() {
    let onQueue = DispatchQueue.getSpecific(key: Self.graphQueue) == true
    let detached = !Self.inTestTask
    let hold = lock.withLock {
      if onQueue { onActor += 1 } else { offActor += 1 }
      guard detached, armed else { return false }
      armed = false
      held = true
      return true
    }
    guard hold else { return }
    // Bounded, so a broken library fails the test instead of hanging it.
    _ = gate.wait(timeout: .now() + 120)
    lock.withLock { held = false }
  }
}

/// Runs an actor's jobs on a serial queue marked with
/// ``DiffProbe/graphQueue``.
final class QueueExecutor: SerialExecutor, @unchecked Sendable {
  // @unchecked: the queue is thread-safe and never changes.
  private let queue = DispatchQueue(label: "graph")

  init() { queue.setSpecific(key: DiffProbe.graphQueue, value: true) }

  func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    let executor = asUnownedSerialExecutor()
    queue.async { job.runSynchronously(on: executor) }
  }

  func asUnownedSerialExecutor() -> UnownedSerialExecutor {
    UnownedSerialExecutor(ordinary: self)
  }
}

/// An actor that runs on a queue of its own, so a comparison can tell
/// whether it runs on the actor: the graph lives here.
actor GraphActor {
  private let executor = QueueExecutor()
  nonisolated var unownedExecutor: UnownedSerialExecutor { executor.asUnownedSerialExecutor() }

  /// Replaces `old` by `new` in a source on this actor, in the background
  /// or not, and returns where the comparisons ran and the result.
  func replace(_ old: ProbeSnapshot, by new: ProbeSnapshot, inBackground: Bool) async -> (
    counts: (onActor: Int, offActor: Int), applied: Bool, diffs: Int, content: ProbeSnapshot
  ) {
    let source = ProbeSource(snapshot: old)
    DiffProbe.shared.reset()
    var applied = true
    if inBackground {
      applied = await source.replaceInBackground(with: new)
    } else {
      source.replace(with: new)
    }
    let counts = DiffProbe.shared.counts
    return (counts, applied, source.backgroundDiffCount, source.snapshot)
  }
}

typealias ProbeSnapshot = Snapshot<Int, ProbeRow>
typealias ProbeSource = MutableDataSource<Int, ProbeRow>

/// Content of `sections` × `perSection` items, with the first `changed`
/// of them at revision `revision`.
func probeContent(sections: Int, perSection: Int, changed: Int = 0, revision: Int = 0)
  -> ProbeSnapshot
{
  var id = 0
  var all: [SnapshotSection<Int, ProbeRow>] = []
  for s in 0..<sections {
    var items: [ProbeRow] = []
    for _ in 0..<perSection {
      items.append(ProbeRow(id: id, revision: id < changed ? revision : 0))
      id += 1
    }
    all.append(SnapshotSection(id: s, items: items))
  }
  return ProbeSnapshot(sections: all)
}

/// Records a source's events, applies each batch to a copy and validates
/// it, and records the states told.
@MainActor
final class BatchChecker<Item: Identifiable & Equatable> {
  private(set) var copy: Snapshot<Int, Item>
  private(set) var problems: [String] = []
  private(set) var entries: [String] = []
  private var observation: ObservationToken?

  init(_ source: MutableDataSource<Int, Item>) {
    copy = source.snapshot
    observation = source.observe { [unowned self, unowned source] event in
      switch event {
      case .changed(.batch(let batch)):
        entries.append("batch")
        guard let next = copy.applying(batch) else {
          problems.append("batch did not apply: \(batch)")
          return
        }
        let violations = batch.violations(from: copy, to: next)
        if !violations.isEmpty { problems.append("violations: \(violations)") }
        if next != source.snapshot { problems.append("copy differs from the source") }
        copy = next
      case .changed(.reloadAll(let all)):
        entries.append("reload")
        copy = all
      case .stateChanged(let old, let new):
        entries.append("\(old.kind)->\(new.kind)")
      }
    }
  }
}

/// Waits on the main actor until `condition` holds (see
/// ``LoadingFixture/settle(until:)``).
@MainActor
func eventually(_ condition: () -> Bool) async -> Bool {
  await LoadingFixture.settle(until: condition)
}

/// The tests that hold a diff at the gate run in a task marked
/// ``DiffProbe/inTestTask``, so the gate holds only the library's detached
/// diffs.
@Suite(.serialized) @MainActor struct BackgroundDiffTests {
  init() { DiffProbe.shared.reset() }

  @Test func theDiffRunsOffTheActor() async {
    let graph = GraphActor()
    let old = probeContent(sections: 10, perSection: 500)
    let new = probeContent(sections: 10, perSection: 500, changed: 10, revision: 1)

    let background = await graph.replace(old, by: new, inBackground: true)
    #expect(background.counts.onActor == 0, "no comparison of the diff on the actor")
    #expect(background.counts.offActor >= 5_000, "every common item compared, off the actor")
    #expect(background.applied && background.diffs == 1)
    #expect(background.content == new)

    // The control: the synchronous replace diffs on the actor.
    let foreground = await graph.replace(old, by: new, inBackground: false)
    #expect(foreground.counts.onActor >= 5_000)
    #expect(foreground.counts.offActor == 0)
    #expect(foreground.content == new)
  }

  @Test func smallContentStaysOnTheActor() async {
    let graph = GraphActor()
    let old = probeContent(sections: 2, perSection: 10)
    let new = probeContent(sections: 2, perSection: 10, changed: 3, revision: 1)
    let result = await graph.replace(old, by: new, inBackground: true)
    #expect(result.counts.offActor == 0)
    #expect(result.counts.onActor >= 20)
    #expect(result.applied && result.diffs == 0)
    #expect(result.content == new)
  }

  @Test func anEditDuringTheBackgroundDiffMakesTheLateResultDiffAgain() async {
    await DiffProbe.$inTestTask.withValue(true) {
      let old = probeContent(sections: 4, perSection: 50)
      let new = probeContent(sections: 4, perSection: 50, changed: 20, revision: 2)
      let source = ProbeSource(snapshot: old)
      source.backgroundDiffThreshold = 0
      let checker = BatchChecker(source)
      DiffProbe.shared.arm()
      let replacing = Task { await source.replaceInBackground(with: new) }
      #expect(await eventually { DiffProbe.shared.isHolding }, "the diff started")
      // The actor is free while the diff runs: edit, and see the edits.
      source.append([ProbeRow(id: 1_000)], toSection: 0)
      source.deleteItems(at: [ItemPath(section: 1, item: 3)])
      source.moveItem(from: ItemPath(section: 2, item: 0), to: ItemPath(section: 3, item: 7))
      #expect(source.itemPath(for: 1_000) == ItemPath(section: 0, item: 50))
      DiffProbe.shared.open()
      #expect(await replacing.value, "the replace was applied after diffing again")
      #expect(source.snapshot == new)
      #expect(source.backgroundDiffCount == 2)
      #expect(source.staleBackgroundDiffCount == 1)
      #expect(checker.problems.isEmpty, "\(checker.problems)")
      #expect(checker.copy == new)
      #expect(checker.entries == ["batch", "batch", "batch", "batch"], "three edits, one replace")
      #expect(source.itemPath(for: 1_000) == nil)
      #expect(source.numberOfItems == new.numberOfItems)
    }
  }

  @Test func aNewerReplaceWinsOverAnOlderBackgroundOne() async {
    await DiffProbe.$inTestTask.withValue(true) {
      let source = ProbeSource(snapshot: probeContent(sections: 2, perSection: 20))
      source.backgroundDiffThreshold = 0
      let older = probeContent(sections: 2, perSection: 20, changed: 5, revision: 1)
      let newer = probeContent(sections: 3, perSection: 10)
      DiffProbe.shared.arm()
      let replacing = Task { await source.replaceInBackground(with: older) }
      #expect(await eventually { DiffProbe.shared.isHolding })
      source.replace(with: newer)
      DiffProbe.shared.open()
      #expect(await replacing.value == false, "the older replace is dropped")
      #expect(source.snapshot == newer)
    }
  }

  @Test func aNewerLoadMakesTheBackgroundAnswerObsolete() async {
    await DiffProbe.$inTestTask.withValue(true) {
      let source = ProbeSource(snapshot: probeContent(sections: 2, perSection: 20))
      source.backgroundDiffThreshold = 0
      let checker = BatchChecker(source)
      let big = probeContent(sections: 2, perSection: 20, changed: 4, revision: 1)
      let small = probeContent(sections: 1, perSection: 3)
      DiffProbe.shared.arm()
      let first = Task { await source.load { big } }
      #expect(await eventually { DiffProbe.shared.isHolding }, "the answer is being diffed")
      #expect(source.contentState.kind == .refreshing, "the load is not over yet")
      source.backgroundDiffThreshold = .max
      let second = await source.load { small }
      #expect(second.isLoaded)
      DiffProbe.shared.open()
      #expect(await first.value.isObsolete)
      #expect(source.snapshot == small)
      #expect(source.contentState.kind == .content)
      #expect(checker.problems.isEmpty, "\(checker.problems)")
    }
  }

  @Test func aResetMakesTheBackgroundAnswerObsolete() async {
    await DiffProbe.$inTestTask.withValue(true) {
      let source = ProbeSource(snapshot: probeContent(sections: 2, perSection: 20))
      source.backgroundDiffThreshold = 0
      let big = probeContent(sections: 2, perSection: 20, changed: 4, revision: 1)
      DiffProbe.shared.arm()
      let loading = Task { await source.load { big } }
      #expect(await eventually { DiffProbe.shared.isHolding })
      source.reset()
      DiffProbe.shared.open()
      #expect(await loading.value.isObsolete)
      #expect(source.snapshot == ProbeSnapshot())
      #expect(source.contentState.kind == .initial)
    }
  }

  @Test func aTokenAnswerIsDiffedOffTheActor() async {
    let source = ProbeSource(snapshot: probeContent(sections: 1, perSection: 30))
    source.backgroundDiffThreshold = 0
    let checker = BatchChecker(source)
    var tokens: [LoadToken<Int, ProbeRow>] = []
    source.load { tokens.append($0) }
    let new = probeContent(sections: 1, perSection: 30, changed: 7, revision: 3)
    #expect(tokens[0].succeedInBackground(with: new))
    #expect(tokens[0].succeedInBackground(with: new) == false, "one answer per load")
    #expect(source.contentState.kind == .refreshing, "applied once the diff comes back")
    await source.loaded()
    #expect(source.snapshot == new)
    #expect(source.contentState.kind == .content)
    #expect(source.backgroundDiffCount == 1)
    #expect(checker.problems.isEmpty, "\(checker.problems)")
    #expect(checker.entries == ["content->refreshing", "batch", "refreshing->content"])
  }

  /// `succeed(with:)` diffs on the actor whatever the types: a generic
  /// caller and a caller that knows the items are `Sendable` get the same
  /// behaviour; the background diff is asked for by name.
  @Test func succeedWithDiffsOnTheActorEvenForSendableItems() async {
    func answer<S: Hashable, I: Identifiable & Equatable>(
      _ token: LoadToken<S, I>, with snapshot: Snapshot<S, I>
    ) -> Bool {
      token.succeed(with: snapshot)
    }
    for generic in [false, true] {
      let source = ProbeSource(snapshot: probeContent(sections: 1, perSection: 30))
      source.backgroundDiffThreshold = 0
      var tokens: [LoadToken<Int, ProbeRow>] = []
      source.load { tokens.append($0) }
      let new = probeContent(sections: 1, perSection: 30, changed: 7, revision: 3)
      #expect(generic ? answer(tokens[0], with: new) : tokens[0].succeed(with: new))
      #expect(source.snapshot == new, "applied at once (generic caller: \(generic))")
      #expect(source.contentState.kind == .content)
      #expect(source.backgroundDiffCount == 0)
    }
  }

  @Test func aFollowedSequenceIsDiffedOffTheActor() async {
    let source = ProbeSource()
    source.backgroundDiffThreshold = 0
    let checker = BatchChecker(source)
    let (snapshots, feed) = AsyncStream.makeStream(of: ProbeSnapshot.self)
    let following = source.follow { snapshots }
    let first = probeContent(sections: 2, perSection: 10)
    let second = probeContent(sections: 2, perSection: 10, changed: 5, revision: 1)
    feed.yield(first)
    await source.loaded()
    #expect(source.snapshot == first)
    feed.yield(second)
    #expect(await eventually { source.snapshot == second })
    #expect(source.backgroundDiffCount == 2)
    #expect(checker.problems.isEmpty, "\(checker.problems)")
    #expect(
      checker.entries == ["initial->loading", "batch", "loading->content", "batch"],
      "\(checker.entries)")
    following.cancel()
    feed.finish()
  }

  /// The same loads, answered the same way, tell the observers the same
  /// events whether their diffs run on the actor or off it.
  @Test func stateTransitionsAreAsBefore() async {
    func script(threshold: Int) async -> [String] {
      let source = ProbeSource()
      source.backgroundDiffThreshold = threshold
      let checker = BatchChecker(source)
      _ = await source.load { probeContent(sections: 2, perSection: 5) }
      _ = await source.load { probeContent(sections: 2, perSection: 5, changed: 3, revision: 1) }
      _ = await source.load { throw LoadFailure(name: "offline") }
      _ = await source.load { ProbeSnapshot() }
      var tokens: [LoadToken<Int, ProbeRow>] = []
      source.load { tokens.append($0) }
      tokens[0].succeedInBackground(with: probeContent(sections: 1, perSection: 4))
      await source.loaded()
      source.reset()
      #expect(checker.problems.isEmpty, "\(checker.problems)")
      return checker.entries
    }
    let onActor = await script(threshold: .max)
    let offActor = await script(threshold: 0)
    #expect(offActor == onActor)
    #expect(
      onActor == [
        "initial->loading", "batch", "loading->content", "content->refreshing", "batch",
        "refreshing->content", "content->refreshing", "refreshing->contentWithFailure",
        "contentWithFailure->refreshing", "batch", "refreshing->empty", "empty->loading", "batch",
        "loading->content", "batch", "content->initial",
      ], "\(onActor)")
  }
}
