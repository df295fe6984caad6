package import DataSourceGraphSections

/// The loading bookkeeping of one node: its `ContentState.LoadingPhase`, which load is
/// current, the work in flight, the callers waiting for the load to settle,
/// and a coalesced reload request.
///
/// Every load gets a ``Ticket``. Starting a load makes every earlier ticket
/// obsolete, and the coordinator refuses an obsolete ticket's answer, so a
/// slow answer can never overwrite a newer one (PJFDataSource's
/// `PJFLoadingState`, AdvancedCollectionView's `AAPLLoading`). Starting a
/// load also cancels the work tracked for the previous one (an `async`
/// load's task).
///
/// The coordinator changes only its own bookkeeping: the node that owns it
/// changes its content, recomputes its `ContentState` from ``phase`` and
/// its content, and tells its observers, then calls ``notifySettled()`` so
/// that the callers waiting in ``whenSettled(_:)`` run after the observers
/// have seen the final state. ``MutableDataSource`` owns one; a custom node
/// can too.
///
/// Like every node, a coordinator lives in one isolation domain and is not
/// `Sendable`; only the cancellation handles of the work it tracks cross
/// domains.
package final class LoadingCoordinator {
  /// Identifies one load of a node. Only the newest ticket is current.
  package struct Ticket: Hashable, Sendable, CustomStringConvertible {
    /// The load's number: 1 for the first load of the node.
    package let generation: UInt64

    /// `"load #n"`.
    package var description: String { "load #\(generation)" }
  }

  /// Where the node's loading stands.
  package private(set) var phase: ContentState.LoadingPhase = .idle
  /// The phase before the running load began: what a cancelled load goes
  /// back to.
  private var phaseBeforeLoad: ContentState.LoadingPhase = .idle
  /// The number of the newest ticket handed out, or of the last
  /// invalidation.
  private var generation: UInt64 = 0
  /// Cancels the work of the newest load (an `async` load's fetch task, an
  /// observed sequence's iteration).
  private var cancelWork: (@Sendable () -> Void)?
  /// The ticket of a load that was requested and waits for the node's next
  /// scheduling point to start.
  private var scheduled: Ticket?
  /// Callers waiting for the current load to settle.
  private var waiters: [() -> Void] = []
  /// The generation whose answer was accepted and waits to be applied
  /// after the delivery under way (see ``claimAnswer(_:)``).
  private var claimedGeneration: UInt64?
  /// Answers to loads up to this generation are refused: a request that
  /// makes them obsolete was made, and waits for the delivery under way
  /// (see ``refuseAnswers()``).
  private var refusedThrough: UInt64 = 0
  /// The requests kept by ``postponeRequest(_:)`` and not made yet: while
  /// one waits, every answer is refused.
  private var requestsWaiting = 0

  /// Re-runs the node's last loader as the load of the given ticket; `nil`
  /// when the node has no loader that can run again.
  var restart: ((Ticket) -> Void)?
  /// Identifies the loader in ``restart``, so a loader can tell whether it
  /// was replaced.
  private(set) var loaderID: UInt64 = 0
  /// The actor the node lives on, where a requested load starts at the
  /// next scheduling point; `nil` when the node has no actor.
  var home: NodeActor?

  /// Creates a coordinator in the idle phase.
  package init() {}

  deinit {
    cancelWork?()
    let waiting = waiters
    waiters = []
    for waiter in waiting { waiter() }
  }

  // MARK: Reading

  /// Whether a load is running (or requested and about to start).
  package var isLoading: Bool { phase.isLoading }

  /// Whether a reload was requested and waits for the next scheduling
  /// point to start (see ``MutableDataSource/reload()``).
  package var hasScheduledLoad: Bool { scheduled != nil }

  /// Whether `ticket` belongs to the newest load and that load has not
  /// answered yet: the only state in which an answer is applied.
  package func isCurrent(_ ticket: Ticket) -> Bool {
    ticket.generation == generation && ticket.generation > refusedThrough && phase.isLoading
      && claimedGeneration != generation
  }

  /// Whether an answer of the load of `ticket` would be taken now: the
  /// load is current, and no request that makes it obsolete waits for the
  /// delivery under way (see ``postponeRequest(_:)``).
  package func acceptsAnswer(_ ticket: Ticket) -> Bool {
    isCurrent(ticket) && requestsWaiting == 0
  }

  /// Accepts the one answer of the load of `ticket`, to be applied later
  /// (an answer given while observers are being told is applied after the
  /// delivery): from now on the ticket is no longer current, so a second
  /// answer is refused at once. Returns `false`, accepting nothing, when
  /// the answer is not accepted (``acceptsAnswer(_:)``).
  package func claimAnswer(_ ticket: Ticket) -> Bool {
    guard acceptsAnswer(ticket) else { return false }
    claimedGeneration = generation
    return true
  }

  /// Refuses from now on every answer to the loads begun so far, without
  /// changing the phase or cancelling their work: the node calls it when a
  /// request that will make them obsolete (a new load, a reload, a reset)
  /// is made while observers are being told of a change, and so waits for
  /// the delivery. An answer accepted before it (``claimAnswer(_:)``) is
  /// still applied, before that request: answers and requests take effect
  /// in the order they were made. A reload waiting for its scheduling point
  /// does not start: the request that comes next begins a load of its own.
  package func refuseAnswers() {
    refusedThrough = generation
    // A reload waiting for its scheduling point would answer under a
    // refused ticket: the request that comes next starts its own.
    scheduled = nil
  }

  /// During a delivery, keeps `request` (a load, a reload or a reset of the
  /// node) to make after it, in order, and refuses every answer until it
  /// is made: answers to the loads begun so far (``refuseAnswers()``), and
  /// to a load begun in the meantime by a request asked for before this
  /// one, which this one makes obsolete too. Returns `false` outside a
  /// delivery, where the caller makes the request now.
  func postponeRequest(_ request: @escaping () -> Void) -> Bool {
    let kept = DeliveryWave.postpone { [weak self] in
      self?.requestsWaiting -= 1
      request()
    }
    guard kept else { return false }
    requestsWaiting += 1
    refuseAnswers()
    return true
  }

  /// Whether `ticket` belongs to the newest load, answered or not (an
  /// observed sequence keeps answering under one ticket).
  package func isNewest(_ ticket: Ticket) -> Bool {
    ticket.generation == generation
  }

  // MARK: Loads

  /// Starts a load: every earlier ticket becomes obsolete, the work tracked
  /// for the previous load is cancelled, any scheduled request is dropped,
  /// and the phase becomes `ContentState.LoadingPhase.loading`.
  ///
  /// The owner recomputes its state and tells its observers afterwards.
  package func begin() -> Ticket {
    invalidate()
    if !phase.isLoading { phaseBeforeLoad = phase }
    phase = .loading
    return Ticket(generation: generation)
  }

  /// Ends the load of `ticket` in `phase` (`ContentState.LoadingPhase.loaded` or
  /// `ContentState.LoadingPhase.failed(_:)`). Does nothing and returns `false` when
  /// `ticket` is not the newest.
  ///
  /// - Parameters:
  ///   - ticket: The load that ends.
  ///   - phase: The phase it ends in.
  ///   - keepingWork: Keep the tracked work running (an observed
  ///     sequence goes on after its first element); by default it is
  ///     forgotten, since it has answered.
  /// - Returns: Whether `ticket` was the newest load, and so ended.
  @discardableResult
  package func finish(
    _ ticket: Ticket, in phase: ContentState.LoadingPhase, keepingWork: Bool = false
  ) -> Bool {
    guard isNewest(ticket) else { return false }
    if claimedGeneration == generation { claimedGeneration = nil }
    self.phase = phase
    if !keepingWork { cancelWork = nil }
    return true
  }

  /// Ends the load of `ticket` without an answer (it was cancelled): the
  /// phase goes back to what it was before the load began. Does nothing and
  /// returns `false` when `ticket` is not the current load.
  @discardableResult
  package func abandon(_ ticket: Ticket) -> Bool {
    guard isCurrent(ticket) else { return false }
    phase = phaseBeforeLoad
    cancelWork = nil
    return true
  }

  /// Ends the load of `ticket`, whose answer was claimed (see
  /// ``claimAnswer(_:)``) to be applied after a delivery, without an answer:
  /// the phase goes back to what it was before the load began. Does nothing
  /// and returns `false` when a newer load began since.
  func abandonClaimed(_ ticket: Ticket) -> Bool {
    guard isNewest(ticket), phase.isLoading, claimedGeneration == generation else { return false }
    claimedGeneration = nil
    phase = phaseBeforeLoad
    cancelWork = nil
    return true
  }

  /// Makes every ticket handed out so far obsolete and cancels the tracked
  /// work, without changing the phase.
  package func invalidate() {
    generation += 1
    scheduled = nil
    let cancel = cancelWork
    cancelWork = nil
    cancel?()
  }

  /// Ends the newest load without an answer, if it is running (its phase
  /// goes back to what it was before), and makes every ticket obsolete.
  package func stop() {
    if phase.isLoading { phase = phaseBeforeLoad }
    invalidate()
  }

  /// Back to the idle phase: every load in flight becomes obsolete and its
  /// work is cancelled. The loader is kept, so a reload can start again.
  package func reset() {
    invalidate()
    phase = .idle
    phaseBeforeLoad = .idle
  }

  /// Tracks the work of the load of `ticket`, to be cancelled when a newer
  /// load begins, the node is reset or the coordinator is released. Work of
  /// an obsolete ticket is cancelled at once.
  package func track(_ ticket: Ticket, cancel: @escaping @Sendable () -> Void) {
    guard isNewest(ticket) else { return cancel() }
    let previous = cancelWork
    cancelWork = cancel
    previous?()
  }

  // MARK: Loaders and scheduling

  /// Installs the loader that ``restart`` runs, and returns its identity.
  func install(restart: ((Ticket) -> Void)?, home: NodeActor?) -> UInt64 {
    loaderID += 1
    self.restart = restart
    self.home = home
    return loaderID
  }

  /// Starts a load whose loader runs at the next scheduling point; a load
  /// already scheduled absorbs the request (returns `nil`).
  func beginScheduled() -> Ticket? {
    guard scheduled == nil else { return nil }
    let ticket = begin()
    scheduled = ticket
    return ticket
  }

  /// Called at the scheduling point: whether the scheduled load of `ticket`
  /// should start now (no newer load, reset or cancellation came first).
  func takeScheduled(_ ticket: Ticket) -> Bool {
    guard scheduled == ticket, isCurrent(ticket) else { return false }
    scheduled = nil
    return true
  }

  // MARK: Waiting

  /// Runs `body` once no load is running: at once if the phase is not
  /// `ContentState.LoadingPhase.loading`, otherwise after the current load (or the
  /// newest one started before it settles) succeeds, fails, is cancelled or
  /// is reset, or when the coordinator is released.
  package func whenSettled(_ body: @escaping () -> Void) {
    if phase.isLoading { waiters.append(body) } else { body() }
  }

  /// Runs the waiters if no load is running. The owner calls it after its
  /// observers have been told of the change that settled the load; a waiter
  /// that starts a new load leaves the remaining waiters waiting for it.
  package func notifySettled() {
    // One at a time: a waiter may settle or start loads, or wait again.
    while !phase.isLoading, !waiters.isEmpty {
      let waiter = waiters.removeFirst()
      waiter()
    }
  }
}
