/// The observers of one node and the delivery of its events to them.
///
/// ``send(_:)`` hands the event at once to the nodes of the graph that read
/// this one, and tells every other observer once the whole graph has taken
/// the change in: observers see each event after every node is consistent
/// with it, in the order the events were sent, each event once. A change
/// that an observer asks of a node of the library while observers are being
/// told (an edit, a load's answer, a new predicate) is made after the whole
/// delivery, in the order asked, so each observer sees every event in
/// order and every node's inputs stay as its last event left them.
/// Observers added during a delivery receive the events sent after they
/// were added; observers cancelled during a delivery receive nothing more.
///
/// Every node in the library uses one; a custom ``DataSource`` can too.
public final class ObserverList<Event> {
  private var handlers: [Int: (Event) -> Void] = [:]
  private var order: [Int] = []
  private var dependents: [Int: Dependent] = [:]
  private var dependentOrder: [Int] = []
  private var nextID = 0

  private struct Dependent {
    weak var node: (any PropagationNode)?
    let handler: (Event) -> Void
  }

  /// Creates an empty list.
  public init() {}

  /// Whether anyone observes.
  public var isEmpty: Bool { handlers.isEmpty && dependents.isEmpty }

  /// The number of observers.
  public var count: Int { handlers.count + dependents.count }

  /// Registers `handler` and returns the token that keeps it registered.
  public func add(_ handler: @escaping (Event) -> Void) -> ObservationToken {
    let id = nextID
    nextID += 1
    handlers[id] = handler
    order.append(id)
    return ObservationToken { [weak self] in self?.remove(id) }
  }

  /// Registers `node` as a node that reads this list's node: `handler`
  /// gets each event as it is sent, then `node` is scheduled to stabilize.
  package func addDependent(_ node: any PropagationNode, _ handler: @escaping (Event) -> Void)
    -> ObservationToken
  {
    let id = nextID
    nextID += 1
    dependents[id] = Dependent(node: node, handler: handler)
    dependentOrder.append(id)
    return ObservationToken { [weak self] in self?.remove(id) }
  }

  /// Raises the height of every dependent node above `height`.
  package func raiseDependents(above height: Int) {
    for id in dependentOrder { dependents[id]?.node?.raiseHeight(above: height) }
  }

  private func remove(_ id: Int) {
    if handlers.removeValue(forKey: id) != nil {
      order.removeAll { $0 == id }
    } else if dependents.removeValue(forKey: id) != nil {
      dependentOrder.removeAll { $0 == id }
    }
  }

  /// Hands `event` to the nodes that read this one, and queues it for the
  /// other observers, who are told in registration order once the graph
  /// is at rest (see the type's description).
  ///
  /// - Complexity: O(*o*) per event, where *o* is the number of observers,
  ///   plus whatever the handlers do.
  public func send(_ event: Event) {
    guard !isEmpty else { return }
    DeliveryWave.deliver {
      for id in dependentOrder {
        guard let dependent = dependents[id] else { continue }
        dependent.handler(event)
        if let node = dependent.node { DeliveryWave.schedule(node) }
      }
      guard !handlers.isEmpty else { return }
      let registeredBefore = nextID
      DeliveryWave.notify { [self] in
        for id in order where id < registeredBefore {
          // Look the handler up each time: an earlier one may have cancelled it.
          handlers[id]?(event)
        }
      }
    }
  }
}
