import DataSourceGraphSections

/// What a node sent and the consumer of a ``DataSourceEventSequence`` has not
/// taken yet, and the consumer's waiting continuation, shared between the
/// node's isolation domain (which adds) and the consumer's (which takes).
///
/// The node's side runs in one isolation domain, one event at a time (see
/// `EventSubscription`); the consumer's side is one iterator. Everything
/// pending collapses into at most one change and one state change, as
/// ``DataSourceEventSequence`` documents: the node's side composes a new batch with
/// the pending change (outside the lock, reading the node), and puts the
/// result back only if the consumer has not taken that change meanwhile.
///
/// `@unchecked Sendable`: every stored property but `mutex` is read and
/// written only with `mutex` held; continuations are resumed after it is
/// released.
final class EventBuffer<SectionID: Hashable & Sendable, Item: Identifiable & Equatable & Sendable>:
  @unchecked Sendable
where Item.ID: Sendable {
  typealias Event = DataSourceEvent<SectionID, Item>
  typealias Change = SnapshotChange<SectionID, Item>

  /// Whether events still come.
  private enum Status {
    /// The node is there and the consumer listens.
    case open
    /// The node is gone: what is pending is taken, then the sequence ends.
    case ended
    /// The consumer stopped: nothing more is kept or delivered.
    case cancelled
  }

  private let mutex = _Mutex()
  private var status = Status.open
  /// The consumer, waiting for the next event; only while nothing is
  /// pending.
  private var waiter: CheckedContinuation<Event?, Never>?
  /// The pending change: from the content the consumer last saw to the
  /// node's content after the newest change sent.
  private var change: Change?
  /// The item count of every section after ``change``, when it is a batch
  /// (what the next batch is composed with).
  private var countsAfterChange: [Int]?
  /// The batches sent after ``change`` (a batch whenever this is not
  /// empty), not composed with it yet: the consumer composes them when it
  /// takes the change, in one pass, on its side. The node's side composes
  /// them only when the next batch could make the composition need an item
  /// value only the node can give; when ``queueLimit`` are waiting, the
  /// pending change becomes a reload of the node's content.
  private var queue: [ChangeBatch<SectionID, Item>] = []
  /// Whether ``change`` or a batch of ``queue`` inserts sections, or moves
  /// items: a later batch that moves items, or deletes sections, may then
  /// make the composition need the value of an item no batch carries
  /// (see `ChangeBatch.followed(by:intermediateItemCounts:)`).
  private var chainInsertsSections = false
  private var chainMovesItems = false
  /// Batches the consumer is to take one by one before anything else, in
  /// the rare case where the batches it took could not be composed.
  private var ready: [ChangeBatch<SectionID, Item>] = []
  /// How many batches wait in ``queue`` at most.
  private let queueLimit = 32
  /// The state the consumer last saw: the node's state when the buffer was
  /// made, then the newest state of each state change taken.
  private var lastState: ContentState
  /// The newest state, when a state change is pending (from ``lastState``).
  private var state: ContentState?
  /// How many changes the consumer has taken: a composition made from a
  /// pending change is kept only if that change is still pending.
  private var takenChanges: UInt64 = 0
  /// Whether an iterator was made (one consumer per buffer).
  private var isClaimed = false

  /// A buffer for a consumer that starts from `state`.
  init(state: ContentState) {
    lastState = state
  }

  private func withLock<Result>(_ body: () -> Result) -> Result { mutex.withLock(body) }

  // MARK: The node's side

  /// What the node's side does with an event it offered.
  enum Offer {
    /// Delivered or buffered: nothing more to do.
    case done
    /// The consumer is gone: stop observing.
    case unsubscribe
    /// A batch to buffer: read the node's counts, compose `pending` (if
    /// any), then the `queued` batches, then the batch, then
    /// ``settle(_:counts:alone:countsAfter:taken:)``.
    case compose(
      pending: Change?, countsAfterPending: [Int]?, queued: [ChangeBatch<SectionID, Item>],
      taken: UInt64)
    /// A batch to queue when the queue is full: read the node's content and
    /// counts, then ``settle(_:counts:alone:countsAfter:taken:)`` with a
    /// reload of that content.
    case reload(taken: UInt64)
  }

  /// What the node's side does once the subscription is closed:
  /// ``Offer/unsubscribe`` once the consumer has gone, else ``Offer/done``;
  /// `nil` while it is open. Read with the lock held.
  private var closedOffer: Offer? {
    switch status {
    case .open: nil
    case .ended: .done
    case .cancelled: .unsubscribe
    }
  }

  /// A decision made with the lock held: what the node's side does, and
  /// the consumer to resume (with the event, or `nil` for the end) once
  /// the lock is released.
  private struct Decision {
    var offer: Offer
    var wake: (waiter: CheckedContinuation<Event?, Never>, event: Event?)?
  }

  /// Runs `decide` with the lock held, then resumes the consumer it names,
  /// without the lock (a continuation is never resumed under it).
  private func deciding(_ decide: () -> Decision) -> Offer {
    let decision = withLock(decide)
    if let wake = decision.wake { wake.waiter.resume(returning: wake.event) }
    return decision.offer
  }

  /// Hands `event` to the waiting consumer, or buffers it when that needs
  /// no reading of the node (a state change, a reload); a batch to buffer
  /// is left to the caller (``Offer/compose(pending:countsAfterPending:taken:)``).
  ///
  /// - Complexity: O(1).
  func offer(_ event: Event) -> Offer {
    deciding {
      if let closed = closedOffer { return Decision(offer: closed) }
      if let waiter {
        // Waiting means nothing is pending: the event is the next one.
        self.waiter = nil
        var event = event
        if case .stateChanged(_, let new) = event {
          // From the state the consumer saw (the same state as the node's
          // old one, if a round trip was dropped).
          event = .stateChanged(old: lastState, new: new)
          lastState = new
        }
        return Decision(offer: .done, wake: (waiter, event))
      }
      return Decision(offer: buffer(event))
    }
  }

  /// Buffers `event`, which no consumer waits for, when that needs no
  /// reading of the node; otherwise returns what the node's side does.
  /// Called with the lock held.
  private func buffer(_ event: Event) -> Offer {
    switch event {
    case .stateChanged(_, let new):
      state = new
      return .done
    case .changed(.reloadAll(let snapshot)):
      // Whatever was pending, the consumer is to show this content.
      keep(.reloadAll(snapshot), counts: nil)
      return .done
    case .changed(.batch(let batch)):
      guard case .batch = change, countsAfterChange != nil,
        !(chainInsertsSections && !batch.itemMoves.isEmpty),
        !(chainMovesItems && !batch.sectionDeletes.isEmpty)
      else {
        return .compose(
          pending: change, countsAfterPending: countsAfterChange, queued: queue, taken: takenChanges
        )
      }
      if queue.count < queueLimit {
        // Composed later, by the consumer, with what waits.
        queue.append(batch)
        chainInsertsSections = chainInsertsSections || !batch.sectionInserts.isEmpty
        chainMovesItems = chainMovesItems || !batch.itemMoves.isEmpty
        return .done
      }
      // The queue is full: a consumer this far behind could not follow an
      // animation either, and composing for it would cost the node more
      // with every batch. It gets the node's content instead.
      return .reload(taken: takenChanges)
    }
  }

  /// Makes `change` (with `counts` after it) the pending change, with
  /// nothing queued after it.
  private func keep(_ change: Change?, counts: [Int]?) {
    self.change = change
    countsAfterChange = change == nil ? nil : counts
    queue.removeAll()
    if case .batch(let batch) = change {
      chainInsertsSections = !batch.sectionInserts.isEmpty
      chainMovesItems = !batch.itemMoves.isEmpty
    } else {
      chainInsertsSections = false
      chainMovesItems = false
    }
  }

  /// Ends an ``Offer/compose(pending:countsAfterPending:taken:)``: keeps
  /// `merged` (the pending change followed by the batch `alone`; `nil` when
  /// they cancel out) if the consumer has not taken the pending change
  /// since `taken`; else hands `alone` to the waiting consumer, or keeps it.
  /// `counts` are the node's counts after `merged`, `countsAfter` after
  /// `alone` (both the node's counts now).
  ///
  /// Returns ``Offer/unsubscribe`` if the consumer has gone meanwhile.
  ///
  /// - Complexity: O(1).
  func settle(
    _ merged: Change?, counts: [Int]?, alone: ChangeBatch<SectionID, Item>, countsAfter: [Int],
    taken: UInt64
  ) -> Offer {
    deciding {
      if let closed = closedOffer { return Decision(offer: closed) }
      if let waiter {
        // The consumer took the pending change and the pending state, and
        // waits: the batch is the next event.
        self.waiter = nil
        return Decision(offer: .done, wake: (waiter, .changed(.batch(alone))))
      }
      if takenChanges == taken {
        keep(merged, counts: counts)
      } else {
        keep(.batch(alone), counts: countsAfter)
      }
      return Decision(offer: .done)
    }
  }

  /// Ends the sequence once what is pending has been taken: the node is
  /// gone.
  func end() {
    _ = deciding {
      guard status == .open else { return Decision(offer: .done) }
      status = .ended
      defer { waiter = nil }
      return Decision(offer: .done, wake: waiter.map { ($0, nil) })
    }
  }

  // MARK: The consumer's side

  /// Makes this buffer's one consumer; `false` if there is one already.
  func claim() -> Bool {
    withLock {
      defer { isClaimed = true }
      return !isClaimed
    }
  }

  /// Stops everything: drops what is pending, and ends the wait of the
  /// consumer. The node's side unsubscribes at its next event.
  func cancel() {
    _ = deciding {
      status = .cancelled
      keep(nil, counts: nil)
      ready.removeAll()
      state = nil
      defer { waiter = nil }
      return Decision(offer: .done, wake: waiter.map { ($0, nil) })
    }
  }

  /// What the consumer gets now.
  enum Poll {
    /// The next event.
    case event(Event)
    /// The end of the sequence.
    case end
    /// Nothing yet.
    case empty
  }

  /// What ``take(orWait:)`` found under the lock: an answer, or batches to
  /// compose before answering.
  private enum Taken {
    case poll(Poll)
    case chain(ChangeBatch<SectionID, Item>, counts: [Int], rest: [ChangeBatch<SectionID, Item>])
  }

  /// Takes the next event if there is one (the change first, then the
  /// state change unless it went back to where it started); otherwise, if
  /// `waiter` is given and the sequence goes on, keeps it to resume with
  /// the next event and returns ``Poll/empty``.
  ///
  /// A change with batches queued after it is composed with them here, on
  /// the consumer's side, outside the lock.
  ///
  /// - Complexity: O(1), plus comparing the two states of a pending state
  ///   change (`ContentState.isSameState(as:)`), plus composing the
  ///   queued batches (`ChangeBatch.followed(by:intermediateItemCounts:)`).
  func take(orWait waiter: CheckedContinuation<Event?, Never>? = nil) -> Poll {
    let taken: Taken = withLock {
      if status == .cancelled { return .poll(.end) }
      if !ready.isEmpty { return .poll(.event(.changed(.batch(ready.removeFirst())))) }
      if let change {
        let (counts, rest) = (countsAfterChange, queue)
        keep(nil, counts: nil)
        takenChanges &+= 1
        if case .batch(let first) = change, let counts, !rest.isEmpty || first.isEmpty {
          return .chain(first, counts: counts, rest: rest)
        }
        return .poll(.event(.changed(change)))
      }
      if let new = state {
        state = nil
        if !lastState.isSameState(as: new) {
          defer { lastState = new }
          return .poll(.event(.stateChanged(old: lastState, new: new)))
        }
      }
      if status == .ended { return .poll(.end) }
      if let waiter { self.waiter = waiter }
      return .poll(.empty)
    }
    switch taken {
    case .poll(let poll):
      return poll
    case .chain(let first, let counts, let rest):
      guard
        let composed = rest.isEmpty
          ? first : first.followed(by: rest, intermediateItemCounts: counts)
      else {
        // Not expected (the node's side composes a chain that could need
        // a value it alone has): the batches one by one, first this one.
        withLock { ready.insert(contentsOf: rest, at: 0) }
        return .event(.changed(.batch(first)))
      }
      // Batches that cancel out: nothing to show; the next event, if any.
      guard composed.isEmpty else { return .event(.changed(.batch(composed))) }
      return take(orWait: waiter)
    }
  }
}
