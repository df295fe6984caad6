import DataSourceGraphSections

/// The observers and the content state of a combinator, and the order in
/// which it tells them of a change: state first, then the batch, then the
/// state change (as ``MutableDataSource`` does).
final class NodeOutput<SectionID: Hashable, Item: Identifiable> {
  let observers = ObserverList<DataSourceEvent<SectionID, Item>>()
  private(set) var state: ContentState

  init(state: ContentState) { self.state = state }

  /// Records `newState`, then tells the observers about `change` (if any)
  /// and about the state change (if the state changed).
  func publish(_ change: SnapshotChange<SectionID, Item>?, state newState: ContentState) {
    let old = state
    state = newState
    if let change { observers.send(.changed(change)) }
    if !old.isSameState(as: newState) { observers.send(.stateChanged(old: old, new: newState)) }
  }

  /// Sends `batch` unless it is empty, with the new state.
  func publish(_ batch: ChangeBatch<SectionID, Item>, state newState: ContentState) {
    var batch = batch
    // Sorting is only needed where a list has more than one entry.
    if batch.sectionDeletes.count > 1 || batch.sectionInserts.count > 1
      || batch.sectionMoves.count > 1
      || batch.sectionUpdates.count > 1 || batch.itemDeletes.count > 1
      || batch.itemInserts.count > 1
      || batch.itemMoves.count > 1 || batch.itemUpdates.count > 1
    {
      batch.sort()
    }
    publish(batch.isEmpty ? nil : .batch(batch), state: newState)
  }
}
