import DataSourceGraphNodes
import DataSourceGraphSections
import DataSourceGraphTesting
import Foundation
import SectionsTestSupport
import Testing

typealias RowSource = MutableDataSource<Int, Row>
typealias RowEvent = DataSourceEvent<Int, Row>

/// An event in a form tests compare: a batch, a reload, or a state change
/// by kind.
enum Recorded: Equatable, CustomStringConvertible {
  case batch(RowBatch)
  case reload(RowSnapshot)
  case state(ContentState.Kind, ContentState.Kind)

  init(_ event: RowEvent) {
    switch event {
    case .changed(.batch(let batch)): self = .batch(batch)
    case .changed(.reloadAll(let snapshot)): self = .reload(snapshot)
    case .stateChanged(let old, let new): self = .state(old.kind, new.kind)
    }
  }

  var description: String {
    switch self {
    case .batch(let batch): "batch(\(batch))"
    case .reload(let snapshot): "reload(\(snapshot.sections))"
    case .state(let old, let new): "state(\(old) → \(new))"
    }
  }
}

/// What a consumer in another task keeps, shared with the test under a
/// lock: a copy of the content and state made by applying every event, as
/// a `MirrorRenderer` does, and what did not fit.
final class EventMirror: @unchecked Sendable {
  // @unchecked: every stored property is guarded by `lock`.
  private let lock = NSLock()
  private var _snapshot: RowSnapshot
  private var _state: ContentState
  private var _received: [Recorded] = []
  private var _failures: [String] = []
  private var _ended = false

  init(snapshot: RowSnapshot, state: ContentState) {
    _snapshot = snapshot
    _state = state
  }

  var snapshot: RowSnapshot { lock.withLock { _snapshot } }
  var state: ContentState { lock.withLock { _state } }
  var received: [Recorded] { lock.withLock { _received } }
  var failures: [String] { lock.withLock { _failures } }
  var ended: Bool { lock.withLock { _ended } }

  /// Applies `event` to the copy: a batch must apply and pass the
  /// validator, a state change must start from the state shown.
  func apply(_ event: RowEvent) {
    lock.withLock {
      _received.append(Recorded(event))
      switch event {
      case .changed(.batch(let batch)):
        guard let next = _snapshot.applying(batch) else {
          _failures.append("batch #\(_received.count) does not apply: \(batch)")
          return
        }
        let violations = batch.violations(from: _snapshot, to: next)
        if !violations.isEmpty {
          _failures.append("batch #\(_received.count) breaks \(violations): \(batch)")
        }
        _snapshot = next
      case .changed(.reloadAll(let snapshot)):
        _snapshot = snapshot
      case .stateChanged(let old, let new):
        if !old.isSameState(as: _state) {
          _failures.append("state change #\(_received.count) from \(old), shown \(_state)")
        }
        if old.isSameState(as: new) {
          _failures.append("state change #\(_received.count) goes nowhere: \(old)")
        }
        _state = new
      }
    }
  }

  func end() { lock.withLock { _ended = true } }
}

/// A gate a consumer passes before taking each event: closed, the consumer
/// stops taking events (it lags) until the gate opens.
final class ConsumerGate: @unchecked Sendable {
  // @unchecked: every stored property is guarded by `lock`.
  private let lock = NSLock()
  private var isOpen = true
  private var waiters: [CheckedContinuation<Void, Never>] = []

  func close() { lock.withLock { isOpen = false } }

  func open() {
    let waiting = lock.withLock {
      isOpen = true
      defer { waiters = [] }
      return waiters
    }
    for waiter in waiting { waiter.resume() }
  }

  func pass() async {
    await withCheckedContinuation { continuation in
      let passes = lock.withLock {
        if isOpen { return true }
        waiters.append(continuation)
        return false
      }
      if passes { continuation.resume() }
    }
  }
}

/// Starts a consumer in a task of its own (off the main actor) that
/// passes `gate` before each event and applies every event to `mirror`.
func startConsumer(
  _ events: DataSourceEventSequence<Int, Row>, mirror: EventMirror,
  gate: ConsumerGate = ConsumerGate()
)
  -> Task<Void, Never>
{
  Task.detached {
    var iterator = events.makeAsyncIterator()
    while true {
      await gate.pass()
      guard let event = await iterator.next() else { break }
      mirror.apply(event)
    }
    mirror.end()
  }
}

/// Waits, yielding and then sleeping a little, until `condition` holds;
/// `false` after about `seconds`.
@MainActor
func waitUntil(seconds: Double = 10, _ condition: () -> Bool) async -> Bool {
  let deadline = ContinuousClock.now + .milliseconds(Int(seconds * 1000))
  var rounds = 0
  while !condition() {
    guard ContinuousClock.now < deadline else { return false }
    rounds += 1
    if rounds < 20 {
      await Task.yield()
    } else {
      try? await Task.sleep(for: .microseconds(200))
    }
  }
  return true
}

/// A node written outside the library, over a leaf, that tells its
/// observers through an `ObserverList` of its own: the test can count its
/// observers, and make it send a reload.
final class ForwardingNode: DataSource {
  let leaf: RowSource
  private let observers = ObserverList<RowEvent>()
  private var forwarding: ObservationToken?

  init(_ leaf: RowSource) {
    self.leaf = leaf
    forwarding = leaf.observe { [observers] event in observers.send(event) }
  }

  /// The number of observers.
  var observerCount: Int { observers.count }

  /// Sends a reload of the content.
  func sendReload() { observers.send(.changed(.reloadAll(leaf.snapshot))) }

  var numberOfSections: Int { leaf.numberOfSections }
  func sectionID(at index: Int) -> Int { leaf.sectionID(at: index) }
  func supplements(ofSection index: Int) -> SectionSupplements {
    leaf.supplements(ofSection: index)
  }
  func sectionIndex(for id: Int) -> Int? { leaf.sectionIndex(for: id) }
  func numberOfItems(inSection section: Int) -> Int { leaf.numberOfItems(inSection: section) }
  func item(at path: ItemPath) -> Row { leaf.item(at: path) }
  func itemPath(for id: Int) -> ItemPath? { leaf.itemPath(for: id) }
  var snapshot: RowSnapshot { leaf.snapshot }
  var contentState: ContentState { leaf.contentState }
  func observe(_ handler: @escaping (RowEvent) -> Void) -> ObservationToken {
    observers.add(handler)
  }
}

/// A failure for loads.
struct EventsTestError: Error, Equatable {}

func pathAt(_ section: Int, _ item: Int) -> ItemPath { ItemPath(section: section, item: item) }
