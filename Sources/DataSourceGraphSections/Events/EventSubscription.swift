/// The node's side of a ``DataSourceEvents``: the observer that hands each
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
  /// - Complexity: O(1) when the consumer waits, or for a state change or
  ///   a reload. A batch the consumer is not waiting for costs O(*s*) reads
  ///   of the node's section counts, plus, when a batch is pending, the
  ///   composition of the two (see
  ///   ``ChangeBatch/followed(by:intermediateItemCounts:)``), or applying
  ///   the batch to a pending reload's snapshot.
  func receive(_ event: DataSourceEvent<Node.SectionID, Node.Item>) {
    switch buffer.offer(event) {
    case .done: return
    case .unsubscribe: unsubscribe()
    case .compose(let pending, let countsAfterPending, let taken):
      guard case .changed(.batch(let batch)) = event, let node else {
        // The node is being released: nothing to read the content from.
        buffer.end()
        return
      }
      let countsAfter = (0..<node.numberOfSections).map(node.numberOfItems(inSection:))
      let merged: Change?
      if let pending {
        merged = Self.merge(pending, countsAfterPending, batch, node: node)
      } else {
        merged = .batch(batch)
      }
      let outcome = buffer.settle(
        merged, counts: countsAfter, alone: batch, countsAfter: countsAfter, taken: taken)
      if case .unsubscribe = outcome { unsubscribe() }
    }
  }

  /// Stops observing the node: the consumer has gone.
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
  /// `batch`, which follows it; `nil` if they cancel out.
  /// `countsAfterPending` are the item counts between them (for a pending
  /// batch).
  ///
  /// Two batches compose into one
  /// (``ChangeBatch/followed(by:intermediateItemCounts:)``); when that
  /// needs a value only the content between them had, or after a reload,
  /// the result is a reload of the node's content (a reload's snapshot
  /// with the batch applied, which is that content).
  static func merge(_ pending: Change, _ countsAfterPending: [Int]?, _ batch: Batch, node: Node)
    -> Change?
  {
    switch pending {
    case .reloadAll(let snapshot):
      return .reloadAll(snapshot.applying(batch) ?? node.snapshot)
    case .batch(let first):
      guard let counts = countsAfterPending,
        let composed = first.followed(by: batch, intermediateItemCounts: counts)
      else { return .reloadAll(node.snapshot) }
      return composed.isEmpty ? nil : .batch(composed)
    }
  }
}
