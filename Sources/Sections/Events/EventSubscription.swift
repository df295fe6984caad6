/// The node's side of a ``DataSourceEventSequence``: the observer that hands each
/// event to the buffer, composing a batch with the pending change when the
/// consumer lags.
///
/// It lives in the node's isolation domain, held only by the node's
/// observer list (through the observation's handler): when the node goes,
/// the list releases the handler and this object, whose `deinit` ends the
/// sequence. It holds the node weakly, to read its counts and content when
/// it composes.
final class EventSubscription<Node: DataSource>
where Node.SectionID: Sendable, Node.Item: Sendable, Node.Item.ID: Sendable {
  typealias Buffer = EventBuffer<Node.SectionID, Node.Item>
  typealias Change = SnapshotChange<Node.SectionID, Node.Item>
  typealias Batch = ChangeBatch<Node.SectionID, Node.Item>

  let buffer: Buffer
  private weak var node: Node?
  /// The observation; cancelled once the consumer has gone.
  var token: ObservationToken?

  init(buffer: Buffer, node: Node) {
    self.buffer = buffer
    self.node = node
  }

  deinit { buffer.end() }

  /// Takes in an event of the node, in the node's domain, while its
  /// observers are told (the node is consistent with the event).
  ///
  /// - Complexity: O(1) when the consumer waits, for a state change or a
  ///   reload, and for a batch queued after a pending batch. A batch that
  ///   starts the pending change costs O(*s*) reads of the node's section
  ///   counts. One that could make the queue's composition need a value
  ///   only the node has also costs that composition, in one pass (see
  ///   ``ChangeBatch/followed(by:intermediateItemCounts:)``); one that
  ///   finds the queue full, reading the node's content; one after a
  ///   pending reload, applying it to the reload's snapshot.
  func receive(_ event: DataSourceEvent<Node.SectionID, Node.Item>) {
    switch buffer.offer(event) {
    case .done: return
    case .unsubscribe: unsubscribe()
    case .compose(let pending, let countsAfterPending, let queued, let taken):
      guard case .changed(.batch(let batch)) = event, let node else {
        // The node is being released: nothing to read the content from.
        buffer.end()
        return
      }
      let countsAfter = (0..<node.numberOfSections).map(node.numberOfItems(inSection:))
      let merged: Change?
      if let pending {
        merged = Self.merge(pending, countsAfterPending, queued + [batch], node: node)
      } else {
        merged = .batch(batch)
      }
      let outcome = buffer.settle(
        merged, counts: countsAfter, alone: batch, countsAfter: countsAfter, taken: taken)
      if case .unsubscribe = outcome { unsubscribe() }
    case .reload(let taken):
      guard case .changed(.batch(let batch)) = event, let node else {
        buffer.end()
        return
      }
      let countsAfter = (0..<node.numberOfSections).map(node.numberOfItems(inSection:))
      let outcome = buffer.settle(
        .reloadAll(node.snapshot), counts: nil, alone: batch, countsAfter: countsAfter,
        taken: taken)
      if case .unsubscribe = outcome { unsubscribe() }
    }
  }

  private func unsubscribe() {
    // Cancelling releases the handler, and this object with it once the
    // call returns.
    withExtendedLifetime(self) {
      let token = self.token
      self.token = nil
      token?.cancel()
    }
  }

  /// The change from the content before `pending` to the content after
  /// `batches`, which follow it; `nil` if they cancel out.
  /// `countsAfterPending` are the item counts after `pending` (for a
  /// pending batch).
  ///
  /// The batches compose into one, in one pass
  /// (``ChangeBatch/followed(by:intermediateItemCounts:)``); when that
  /// needs a value only the content between them had, or after a reload,
  /// the result is a reload of the node's content (a reload's snapshot with
  /// the batches applied, which is that content).
  static func merge(
    _ pending: Change, _ countsAfterPending: [Int]?, _ batches: [Batch], node: Node
  ) -> Change? {
    switch pending {
    case .reloadAll(let snapshot):
      // The batches come from the node, which checked them: applied as a
      // renderer applies them, without building the identity table.
      var content: Snapshot<Node.SectionID, Node.Item>? = snapshot
      for batch in batches { content = content?.applyingNamed(batch) }
      return .reloadAll(content ?? node.snapshot)
    case .batch(let first):
      guard let counts = countsAfterPending,
        let composed = first.followed(by: batches, intermediateItemCounts: counts)
      else { return .reloadAll(node.snapshot) }
      return composed.isEmpty ? nil : .batch(composed)
    }
  }
}
