import DataSourceGraphSections

/// The propagation of one change through a graph, from the change of a node
/// to the last observer told, on one thread of execution.
///
/// A wave runs in three phases, and runs them again for every change
/// requested while it delivers:
///
/// 1. **Change.** One change is made: a leaf's edit, a load's answer, a new
///    predicate, a child added. The node that changed hands its event to
///    the nodes that depend on it (they keep it) and queues it for its
///    other observers.
/// 2. **Stabilization.** The nodes that were handed events take them in,
///    in order of height (a node is higher than every node it reads), each
///    once: it translates what all of its inputs sent into one batch and
///    one state, and hands those on in turn. So a node computes its batch
///    only after every input has taken the change, and a change that
///    reaches a node along two paths (a source feeding two filters of one
///    composite, a fallback over its own primary's input) arrives as one
///    batch. Nothing outside the graph runs in this phase.
/// 3. **Notification.** The observers outside the graph (renderers, your
///    closures, nodes written outside the library) are told of the events,
///    in the order the nodes sent them. Every node is at rest by then:
///    whatever an observer reads equals what a recomputation from scratch
///    would give.
///
/// A change requested during phases 2 or 3 (an observer edits a leaf,
/// answers a load, starts one) is not made at once: it waits in the wave
/// and is made after the notification, in the order requested, each in a
/// change phase of its own. Every observer thus sees every batch in order,
/// and every node's inputs stay as its last batch left them.
///
/// The wave is found through a task-local value, so it needs no global
/// state and works on any actor; synchronous code outside a task keeps it
/// per thread.
package final class DeliveryWave: @unchecked Sendable {
  // @unchecked: a wave is only touched by the synchronous delivery that
  // opened it and by changes made inside it, on one thread, in the single
  // isolation domain of the graph; a task started during delivery inherits
  // the reference but can only reach the graph after the delivery returned
  // (the graph's actor is busy until then), when the wave is closed.

  /// The wave under way, if any.
  @TaskLocal package static var current: DeliveryWave?

  private enum Phase {
    case changing, stabilizing, notifying, closed
  }

  private var phase = Phase.changing
  /// Changes requested during delivery, to make after it.
  private var pending: [() -> Void] = []
  /// Nodes handed events and not yet stabilized, by height.
  private var queue = NodeQueue()
  /// Deliveries to observers outside the graph, in the order sent.
  private var notifications: [() -> Void] = []
  private var nextNotification = 0

  private init() {}

  /// Runs `change` in the current wave, or opens a wave for it: the change,
  /// then the stabilization and notification it causes, then the changes
  /// requested meanwhile (each of which may cause, and request, more).
  package static func deliver(_ change: () -> Void) {
    if let wave = current, wave.phase != .closed {
      change()
      return
    }
    let wave = DeliveryWave()
    $current.withValue(wave) {
      change()
      wave.settle()
      var next = 0
      while next < wave.pending.count {
        let change = wave.pending[next]
        next += 1
        wave.phase = .changing
        change()
        wave.settle()
      }
      wave.pending.removeAll()
      wave.phase = .closed
    }
  }

  /// During delivery, keeps `change` to make after every observer has been
  /// told and returns `true`; otherwise returns `false` without running it,
  /// and the caller makes its change now. A mutating method starts with
  /// `if DeliveryWave.postpone({ self.method(args) }) { return }`.
  package static func postpone(_ change: @escaping () -> Void) -> Bool {
    guard let wave = current, wave.phase == .stabilizing || wave.phase == .notifying else {
      return false
    }
    wave.pending.append(change)
    return true
  }

  /// Runs `body` once the change under way has been delivered to every
  /// observer (after the changes already waiting), or at once outside a
  /// wave: how a node runs the callers waiting for its load to settle
  /// after its observers saw the final state.
  package static func afterDelivery(_ body: @escaping () -> Void) {
    guard let wave = current, wave.phase != .closed else { return body() }
    wave.pending.append(body)
  }

  /// Whether a change requested now would wait for the delivery under way.
  package static var isDelivering: Bool {
    guard let wave = current else { return false }
    return wave.phase == .stabilizing || wave.phase == .notifying
  }

  /// Marks `node` as handed an event: it stabilizes in this wave, after
  /// every lower node. Outside a wave, opens one.
  package static func schedule(_ node: any PropagationNode) {
    guard let wave = current, wave.phase != .closed else {
      deliver { current?.queue.insert(node) }
      return
    }
    wave.queue.insert(node)
  }

  /// Queues `delivery` to an observer outside the graph, to run once the
  /// graph is at rest. Outside a wave, opens one.
  package static func notify(_ delivery: @escaping () -> Void) {
    guard let wave = current, wave.phase != .closed else {
      deliver { current?.notifications.append(delivery) }
      return
    }
    wave.notifications.append(delivery)
  }

  /// Stabilizes every node handed events, then tells the outside
  /// observers, stabilizing again whenever one of them (a node written
  /// outside the library) hands the graph more events.
  private func settle() {
    repeat {
      phase = .stabilizing
      while let node = queue.popLowest() { node.stabilize() }
      phase = .notifying
      while queue.isEmpty, nextNotification < notifications.count {
        let delivery = notifications[nextNotification]
        nextNotification += 1
        delivery()
      }
    } while !queue.isEmpty
    notifications.removeAll(keepingCapacity: true)
    nextNotification = 0
  }
}

/// A node that reads other nodes and takes their changes in during a
/// wave's stabilization (see ``DeliveryWave``).
package protocol PropagationNode: AnyObject {
  /// Greater than the height of every node it reads; a node that reads no
  /// node of the library has height 1.
  var propagationHeight: Int { get }
  /// Takes in every event its inputs handed it in this wave and sends its
  /// own: at most one batch and one state change.
  func stabilize()
  /// Makes the height greater than `height`, and the heights of the nodes
  /// that read this one greater than the new height.
  func raiseHeight(above height: Int)
}

/// A node of the library: it hands its events to the nodes that read it
/// during stabilization, and has a height.
package protocol GraphNode<SectionID, Item>: DataSource {
  /// 0 for a leaf; greater than every input's for a combinator.
  var propagationHeight: Int { get }
  /// Whether no section identity and no item identity can appear twice in
  /// the node's content, whatever nodes written outside the library below
  /// it do: a snapshot of it then needs no check for repeats, and builds
  /// its identity table only when one is read (see `readSnapshot()`).
  var showsUniqueIdentities: Bool { get }
  /// Registers `node` as reading this one: `handler` gets every event when
  /// it is sent, and `node` is then scheduled.
  func addDependent(
    _ node: any PropagationNode,
    handler: @escaping (DataSourceEvent<SectionID, Item>) -> Void
  ) -> ObservationToken
}

extension DataSource {
  /// Starts telling `node` of this node's events: as a node of the wave if
  /// this is a node of the library, otherwise through ``observe(_:)``
  /// (such a node's events reach `node` when its observers are told).
  /// Either way, `handler` gets each event when it is sent and `node`
  /// stabilizes after.
  package func addDependent(
    _ node: any PropagationNode, _ handler: @escaping (DataSourceEvent<SectionID, Item>) -> Void
  ) -> ObservationToken {
    if let graphNode = self as? any GraphNode<SectionID, Item> {
      return graphNode.addDependent(node, handler: handler)
    }
    return observe { [weak node] event in
      handler(event)
      if let node { DeliveryWave.schedule(node) }
    }
  }

  /// Whether the node is of the library and can show no identity twice
  /// (see `GraphNode.showsUniqueIdentities`); `false` for a node written
  /// outside the library.
  package var hasUniqueIdentities: Bool {
    (self as? any GraphNode)?.showsUniqueIdentities ?? false
  }

  /// The node's height in the graph: 0 for a leaf or a node written
  /// outside the library.
  package var heightInGraph: Int { (self as? any GraphNode)?.propagationHeight ?? 0 }
}

/// The nodes to stabilize, lowest first, each once; in the order scheduled
/// among equal heights.
private struct NodeQueue {
  private var heap: [(height: Int, order: Int, node: any PropagationNode)] = []
  /// The nodes waiting, once there are many; a few are found by a scan,
  /// which allocates nothing.
  private var queued: Set<ObjectIdentifier>?
  private var counter = 0

  var isEmpty: Bool { heap.isEmpty }

  /// - Complexity: O(log *q*) for *q* nodes waiting (amortized, expected).
  mutating func insert(_ node: any PropagationNode) {
    if queued == nil, heap.count >= 16 {
      queued = Set(heap.map { ObjectIdentifier($0.node) })
    }
    if queued != nil {
      guard queued!.insert(ObjectIdentifier(node)).inserted else { return }
    } else {
      guard !heap.contains(where: { $0.node === node }) else { return }
    }
    counter += 1
    heap.append((node.propagationHeight, counter, node))
    var child = heap.count - 1
    while child > 0 {
      let parent = (child - 1) / 2
      guard precedes(child, parent) else { break }
      heap.swapAt(child, parent)
      child = parent
    }
  }

  mutating func popLowest() -> (any PropagationNode)? {
    guard !heap.isEmpty else { return nil }
    heap.swapAt(0, heap.count - 1)
    let node = heap.removeLast().node
    var parent = 0
    while true {
      let left = 2 * parent + 1
      let right = left + 1
      var first = parent
      if left < heap.count, precedes(left, first) { first = left }
      if right < heap.count, precedes(right, first) { first = right }
      guard first != parent else { break }
      heap.swapAt(parent, first)
      parent = first
    }
    queued?.remove(ObjectIdentifier(node))
    if heap.isEmpty { queued = nil }
    return node
  }

  private func precedes(_ a: Int, _ b: Int) -> Bool {
    (heap[a].height, heap[a].order) < (heap[b].height, heap[b].order)
  }
}
