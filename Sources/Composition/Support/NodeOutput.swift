import DataSourceGraphNodes
import DataSourceGraphSections

/// The observers, the content state and the place in the graph of a
/// combinator: it takes its inputs' events in when the wave stabilizes it
/// (see `DeliveryWave`), and tells its observers of a change in the order
/// a leaf does: state first, then the batch, then the state change. Within
/// a stabilization the state change is sent once, after every batch, from
/// the state before the wave to the last one published: whatever order the
/// inputs' events came in, observers never hear a state before the batch
/// that made it, nor two state changes for one change.
final class NodeOutput<SectionID: Hashable, Item: Identifiable>: PropagationNode {
  let observers = ObserverList<DataSourceEvent<SectionID, Item>>()
  private(set) var state: ContentState
  private(set) var propagationHeight = 1
  /// The inputs' events handed over in this wave, to take in when the
  /// node stabilizes, in the order they were sent.
  private var received: [() -> Void] = []
  /// Runs after the events of a stabilization were taken in: a node with
  /// several inputs publishes there the one batch it made of them.
  var afterReceiving: (() -> Void)?
  /// The state when the stabilization under way began; `nil` outside one.
  private var stateBeforeStabilizing: ContentState?

  init(state: ContentState) { self.state = state }

  /// Starts taking `input`'s events in: `receive` runs with each of them
  /// when the node stabilizes, after every input has taken the change.
  func follow<InputSectionID, InputItem>(
    _ input: any DataSource<InputSectionID, InputItem>,
    _ receive: @escaping (DataSourceEvent<InputSectionID, InputItem>) -> Void
  ) -> ObservationToken {
    raiseHeight(above: input.heightInGraph)
    return input.addDependent(self) { [weak self] event in
      self?.received.append { receive(event) }
    }
  }

  func stabilize() {
    // One pass: the events taken in here cannot grow the list, since
    // inputs send only when they stabilize, before this node does.
    let events = received
    received.removeAll(keepingCapacity: true)
    let old = state
    stateBeforeStabilizing = old
    for event in events { event() }
    afterReceiving?()
    stateBeforeStabilizing = nil
    if !old.isSameState(as: state) { observers.send(.stateChanged(old: old, new: state)) }
  }

  func raiseHeight(above height: Int) {
    guard propagationHeight <= height else { return }
    propagationHeight = height + 1
    observers.raiseDependents(above: propagationHeight)
  }

  /// Records `newState`, then tells the observers about `change` (if any)
  /// and about the state change (if the state changed).
  func publish(_ change: SnapshotChange<SectionID, Item>?, state newState: ContentState) {
    let old = state
    state = newState
    if stateBeforeStabilizing != nil {
      // The state change waits for the end of the stabilization.
      if let change { observers.send(.changed(change)) }
      return
    }
    let stateChanged = !old.isSameState(as: newState)
    guard change != nil || stateChanged else { return }
    DeliveryWave.deliver {
      if let change { observers.send(.changed(change)) }
      if stateChanged { observers.send(.stateChanged(old: old, new: newState)) }
    }
  }

  /// Sends `batch` unless it is empty, with the new state.
  func publish(_ batch: ChangeBatch<SectionID, Item>, state newState: ContentState) {
    var batch = batch
    batch.sort()  // Leaves lists of 0 or 1 operations alone: nothing is copied then.
    publish(batch.isEmpty ? nil : .batch(batch), state: newState)
  }
}
