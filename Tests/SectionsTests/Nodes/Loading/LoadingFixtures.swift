import DataSourceGraphNodes
import DataSourceGraphSections
import Foundation
import SectionsTestSupport

/// An error with a name, so states and outcomes read well in failures.
struct LoadFailure: Error, Equatable, CustomStringConvertible {
  var name: String
  var description: String { name }
}

/// Records everything a source tells its observers, applies every batch to
/// its own copy (a renderer stand-in), and checks that every state change
/// starts from the state it last saw.
@MainActor
final class LoadLog {
  enum Entry: CustomStringConvertible {
    case batch(RowBatch)
    case state(ContentState.Kind, ContentState.Kind)

    var description: String {
      switch self {
      case .batch(let batch): "batch(\(batch.count))"
      case .state(let old, let new): "\(old)->\(new)"
      }
    }
  }

  private(set) var entries: [Entry] = []
  private(set) var copy: RowSnapshot
  /// The last state told, or the state when the log started.
  private(set) var state: ContentState
  /// Problems seen: a batch that did not apply, a state change from a state
  /// other than the last one told.
  private(set) var problems: [String] = []
  private var observation: ObservationToken?

  init(_ source: MutableDataSource<Int, Row>) {
    copy = source.snapshot
    state = source.contentState
    observation = source.observe { [unowned self] event in
      switch event {
      case .changed(.batch(let batch)):
        entries.append(.batch(batch))
        if let next = copy.applying(batch) {
          copy = next
        } else {
          problems.append("batch did not apply: \(batch)")
        }
      case .changed(.reloadAll(let all)):
        copy = all
      case .stateChanged(let old, let new):
        entries.append(.state(old.kind, new.kind))
        if !old.isSameState(as: state) {
          problems.append("state change from \(old), last told \(state)")
        }
        if old.isSameState(as: new) { problems.append("state change to the same state \(new)") }
        state = new
      }
    }
  }

  /// The number of entries: compare before and after a step.
  var count: Int { entries.count }

  /// The state changes, as kinds.
  var transitions: [(ContentState.Kind, ContentState.Kind)] {
    entries.compactMap { if case .state(let old, let new) = $0 { (old, new) } else { nil } }
  }

  /// The entries after the first `start`.
  func entries(since start: Int) -> [Entry] { Array(entries[start...]) }
}

/// A fetch the test answers by hand. It ignores cancellation (as a careless
/// network call would) and records whether its task was cancelled when it
/// was answered, so tests can see obsolete loads being cancelled and their
/// answers ignored anyway.
final class Gate: @unchecked Sendable {
  // @unchecked: every stored property is guarded by `lock`.
  private let lock = NSLock()
  private var continuation: CheckedContinuation<Result<RowSnapshot, any Error>, Never>?
  private var answer: Result<RowSnapshot, any Error>?
  private var started = false
  private var sawCancellation = false

  /// Whether the fetch has started waiting.
  var isWaiting: Bool { lock.withLock { started } }
  /// Whether the fetch's task was cancelled when the answer arrived.
  var wasCancelled: Bool { lock.withLock { sawCancellation } }

  /// The fetch: waits for ``open(_:)``.
  func fetch() async throws -> RowSnapshot {
    let result = await withCheckedContinuation { continuation in
      let ready: Result<RowSnapshot, any Error>? = lock.withLock {
        started = true
        if let answer { return answer }
        self.continuation = continuation
        return nil
      }
      if let ready { continuation.resume(returning: ready) }
    }
    let cancelled = Task.isCancelled
    lock.withLock { sawCancellation = cancelled }
    return try result.get()
  }

  /// Answers the fetch (now, or when it starts).
  func open(_ result: Result<RowSnapshot, any Error>) {
    let waiting = lock.withLock {
      answer = result
      let waiting = continuation
      continuation = nil
      return waiting
    }
    waiting?.resume(returning: result)
  }
}

/// Fixtures shared by the loading tests.
enum LoadingFixture {
  /// A one-section snapshot with items `ids` (revision `revision`).
  static func rows(_ ids: some Sequence<Int>, revision: Int = 0) -> RowSnapshot {
    RowSnapshot(id: 0, items: ids.map { Row(id: $0, revision: revision) })
  }

  /// An empty section: loaded, nothing to show.
  static let empty = RowSnapshot(id: 0, items: [])

  /// How long a test waits for asynchronous work before it fails. Long on
  /// purpose: on two cores the main actor and the cooperative pool can be
  /// busy for minutes with other suites' property tests (in one thread
  /// sanitizer run a stream's task waited more than ten minutes for them,
  /// and every test of that run took 11 to 13 minutes from start to end),
  /// and the wait only matters when something is really stuck.
  static let patience: Duration = .seconds(1_200)

  /// Yields the main actor until `condition` holds, for at most
  /// ``patience``; returns whether it holds.
  @MainActor
  static func settle(until condition: () -> Bool) async -> Bool {
    let deadline = ContinuousClock.now + patience
    var turns = 0
    while !condition() && ContinuousClock.now < deadline {
      turns += 1
      // Yields at first, then sleeps: a long wait does not keep the main
      // thread busy, which would leave the other tests one core less.
      if turns > 100 {
        try? await Task.sleep(for: .milliseconds(1))
      } else {
        await Task.yield()
      }
    }
    return condition()
  }
}
