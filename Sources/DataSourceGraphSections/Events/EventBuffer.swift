/// What a node sent and the consumer of a ``DataSourceEvents`` has not
/// taken yet, and the consumer's waiting continuation, shared between the
/// node's isolation domain (which adds) and the consumer's (which takes).
///
/// The node's side runs in one isolation domain, one event at a time (see
/// `EventSubscription`); the consumer's side is one iterator. Everything
/// pending collapses into at most one change and one state change, as
/// ``DataSourceEvents`` documents: the node's side composes a new batch with
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

  deinit { mutex.destroy() }

  private func withLock<Result>(_ body: () -> Result) -> Result { mutex.withLock(body) }

  // MARK: The node's side

  /// What the node's side does with an event it offered.
  enum Offer {
    /// Delivered or buffered: nothing more to do.
    case done
    /// The consumer is gone: stop observing.
    case unsubscribe
    /// A batch to buffer: read the node's counts, compose with `pending`
    /// (if any), then ``settle(_:counts:alone:countsAfter:taken:)``.
    case compose(pending: Change?, countsAfterPending: [Int]?, taken: UInt64)
  }

  /// Hands `event` to the waiting consumer, or buffers it when that needs
  /// no reading of the node (a state change, a reload); a batch to buffer
  /// is left to the caller (``Offer/compose(pending:countsAfterPending:taken:)``).
  ///
  /// - Complexity: O(1).
  func offer(_ event: Event) -> Offer {
    mutex.lock()
    guard status == .open else {
      let offer = status == .cancelled ? Offer.unsubscribe : .done
      mutex.unlock()
      return offer
    }
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
      mutex.unlock()
      waiter.resume(returning: event)
      return .done
    }
    defer { mutex.unlock() }
    switch event {
    case .stateChanged(_, let new):
      state = new
      return .done
    case .changed(.reloadAll(let snapshot)):
      // Whatever was pending, the consumer is to show this content.
      change = .reloadAll(snapshot)
      countsAfterChange = nil
      return .done
    case .changed(.batch):
      return .compose(pending: change, countsAfterPending: countsAfterChange, taken: takenChanges)
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
    mutex.lock()
    guard status == .open else {
      let offer = status == .cancelled ? Offer.unsubscribe : .done
      mutex.unlock()
      return offer
    }
    if let waiter {
      // The consumer took the pending change and the pending state, and
      // waits: the batch is the next event.
      self.waiter = nil
      mutex.unlock()
      waiter.resume(returning: .changed(.batch(alone)))
      return .done
    }
    defer { mutex.unlock() }
    if takenChanges == taken {
      change = merged
      countsAfterChange = merged == nil ? nil : counts
    } else {
      change = .batch(alone)
      countsAfterChange = countsAfter
    }
    return .done
  }

  /// Ends the sequence once what is pending has been taken: the node is
  /// gone.
  func end() {
    mutex.lock()
    guard status == .open else {
      mutex.unlock()
      return
    }
    status = .ended
    let waiter = self.waiter
    self.waiter = nil
    mutex.unlock()
    waiter?.resume(returning: nil)
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
    mutex.lock()
    status = .cancelled
    change = nil
    countsAfterChange = nil
    state = nil
    let waiter = self.waiter
    self.waiter = nil
    mutex.unlock()
    waiter?.resume(returning: nil)
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

  /// Takes the next event if there is one (the change first, then the
  /// state change unless it went back to where it started); otherwise, if
  /// `waiter` is given and the sequence goes on, keeps it to resume with
  /// the next event and returns ``Poll/empty``.
  ///
  /// - Complexity: O(1), plus comparing the two states of a pending state
  ///   change (``ContentState/isSameState(as:)``).
  func take(orWait waiter: CheckedContinuation<Event?, Never>? = nil) -> Poll {
    withLock {
      if status == .cancelled { return .end }
      if let change {
        self.change = nil
        countsAfterChange = nil
        takenChanges &+= 1
        return .event(.changed(change))
      }
      if let new = state {
        state = nil
        if !lastState.isSameState(as: new) {
          defer { lastState = new }
          return .event(.stateChanged(old: lastState, new: new))
        }
      }
      if status == .ended { return .end }
      if let waiter { self.waiter = waiter }
      return .empty
    }
  }
}
