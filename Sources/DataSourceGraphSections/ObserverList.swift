/// The observers of one node and the queue of events still to tell them.
///
/// Delivery is synchronous and ordered: ``send(_:)`` calls every observer
/// with the event before it returns. A change that an observer asks of a
/// node of the library while observers are being told (an edit, a load's
/// answer, a new predicate) is made after the whole delivery, so each
/// observer sees every event in order and every node's inputs stay as its
/// last event left them; an event sent during delivery is queued and
/// delivered after the current one. Observers added during a delivery
/// receive the events that follow; observers cancelled during a delivery
/// receive nothing more.
///
/// Every node in the library uses one; a custom ``DataSource`` can too.
public final class ObserverList<Event> {
  private var handlers: [Int: (Event) -> Void] = [:]
  private var order: [Int] = []
  private var nextID = 0
  private var pending: [Event] = []
  private var pendingStart = 0
  private var isDelivering = false

  /// Creates an empty list.
  public init() {}

  /// Whether anyone observes.
  public var isEmpty: Bool { handlers.isEmpty }

  /// The number of observers.
  public var count: Int { handlers.count }

  /// Registers `handler` and returns the token that keeps it registered.
  public func add(_ handler: @escaping (Event) -> Void) -> ObservationToken {
    let id = nextID
    nextID += 1
    handlers[id] = handler
    order.append(id)
    return ObservationToken { [weak self] in self?.remove(id) }
  }

  private func remove(_ id: Int) {
    guard handlers.removeValue(forKey: id) != nil else { return }
    order.removeAll { $0 == id }
  }

  /// Tells every observer about `event`, in registration order, after the
  /// events already being delivered.
  ///
  /// - Complexity: O(*o*) per event, where *o* is the number of observers,
  ///   plus whatever the handlers do.
  public func send(_ event: Event) {
    guard !handlers.isEmpty || isDelivering else { return }
    pending.append(event)
    guard !isDelivering else { return }
    isDelivering = true
    DeliveryWave.deliver {
      while pendingStart < pending.count {
        let event = pending[pendingStart]
        pendingStart += 1
        for id in order {
          // Look the handler up each time: an earlier one may have cancelled it.
          handlers[id]?(event)
        }
      }
      // Done before the wave makes the changes requested meanwhile, whose
      // events this list must deliver anew.
      isDelivering = false
      pending.removeAll(keepingCapacity: true)
      pendingStart = 0
    }
  }
}
