/// The events of one node as an asynchronous sequence: what
/// ``DataSource/events`` returns.
///
/// ```swift
/// let events = source.events     // subscribes now, in the node's domain
/// let start = source.snapshot    // the content the events start from
/// Task.detached {
///   var copy = start
///   for await event in events {
///     if case .changed(let change) = event { copy = copy.applying(change) ?? copy }
///   }
/// }
/// ```
///
/// ## Starting point
/// Reading ``DataSource/events`` subscribes at once, synchronously, in the
/// node's isolation domain: the events take the node from the content and
/// the state it had when `events` was read. Read ``DataSource/snapshot``
/// and ``DataSource/contentState`` next to it, in the same synchronous
/// stretch of code, and nothing is lost between them and the first event,
/// however late the iteration starts.
///
/// ## Buffering
/// The node lives in one isolation domain; the iteration may run anywhere.
/// What the node sends and the consumer has not taken yet waits in a buffer
/// shared under a lock, and never grows beyond one change and one state
/// change:
///
/// - A consumer that keeps up (it is waiting in `next()` when the node
///   sends) gets every event as it was sent, in order.
/// - A consumer that lags never loses a change and never gets a queue:
///   everything pending collapses into at most one
///   ``DataSourceEvent/changed(_:)`` followed by at most one
///   ``DataSourceEvent/stateChanged(old:new:)`` (the change first, even if
///   a state change was sent before it).
///   - The change applies to the content the consumer last saw and leads
///     to the node's content after the newest change sent. Pending batches
///     are composed into one with
///     ``ChangeBatch/followed(by:intermediateItemCounts:)``, so a renderer
///     can animate it. Where composition returns `nil` (an item that must be
///     inserted with a value only the content between the batches had),
///     once more than 32 batches wait (a consumer that far behind could not
///     follow an animation either), or once a
///     ``SnapshotChange/reloadAll(_:)`` is pending, it is a `reloadAll` of
///     the node's content. Batches that cancel out (an item
///     inserted, then deleted) leave no change.
///   - The state change goes from the last state the consumer saw to the
///     newest; it is dropped when both are the same state
///     (``ContentState/isSameState(as:)``), as after a refresh that ends
///     where it started.
///
/// Each ``DataSourceEvent/stateChanged(old:new:)`` the consumer gets starts
/// from the state it last saw, so a consumer keeps its copy of the content
/// and state equal to the node's by applying each event in turn (as a
/// ``MirrorRenderer`` does).
///
/// ## Cost
/// While the consumer keeps up, the node hands each event over under a
/// lock. While it lags, the first batch it has not taken costs the node a
/// read of its section counts; the next ones wait, uncomposed, at the cost
/// of a lock each, and the consumer composes them with the pending change
/// in one pass when it takes it, on its own side. The node composes them
/// itself only when the next batch moves items after a waiting batch
/// inserted sections, or deletes sections after one moved items (such a
/// chain can need the value of an item that only the node's content has,
/// for the reload that then replaces it). Once 32 batches wait, the
/// pending change becomes a reload of the node's content, and each later
/// batch is applied to it.
///
/// A consumer that iterates on the node's actor waits again only once the
/// code that changed the node gives the actor up (at an `await`, or when it
/// returns). Changes made in one synchronous stretch reach it as the first
/// event as sent, then the rest collapsed as above: a change followed by
/// its state change arrive as they were sent; three edits in a row arrive
/// as the first batch and one composed batch.
///
/// ## Ending
/// The sequence finishes:
/// - when the iterating task is cancelled: `next()` returns `nil` at once,
///   and what was pending is dropped;
/// - when every copy of the sequence and its iterator is released;
/// - when the node is released: what was pending is delivered first. Every
///   node of the library releases its observers with itself; a custom node
///   that keeps its observers in an ``ObserverList`` it owns does too.
///
/// The consumer may live in another isolation domain than the node, so
/// after a cancellation the observation is removed from the node in the
/// node's domain: when the node next sends an event (which is then
/// dropped), or when the node is released. Until then it costs the node a
/// lock per event and nothing else.
///
/// ## One consumer
/// Each read of ``DataSource/events`` is a new subscription with a buffer of
/// its own. A value has one consumer: the first iterator made from it gets
/// the events; any later iterator made from it (or from a copy of it)
/// finishes at once. Read `events` again for another consumer.
///
/// ## Requirements on the node
/// When a batch arrives while the consumer lags, it is composed with the
/// pending change using the item counts of the node's content, read right
/// then in the node's domain; so is the content of a `reloadAll`. That
/// relies on what ``DataSource`` promises: an observer is told of a change
/// when the node is consistent with it. Every node of the library, and a
/// custom node that tells its observers through an ``ObserverList``, keeps
/// that promise.
public struct DataSourceEventSequence<
  SectionID: Hashable & Sendable, Item: Identifiable & Equatable & Sendable
>: AsyncSequence, Sendable where Item.ID: Sendable {
  /// An event of the node.
  public typealias Element = DataSourceEvent<SectionID, Item>

  /// Keeps the subscription while a copy of the sequence or an iterator
  /// exists; the last one to go cancels it.
  final class Lifetime: Sendable {
    let buffer: EventBuffer<SectionID, Item>
    init(_ buffer: EventBuffer<SectionID, Item>) { self.buffer = buffer }
    deinit { buffer.cancel() }
  }

  let lifetime: Lifetime

  init(buffer: EventBuffer<SectionID, Item>) {
    lifetime = Lifetime(buffer)
  }

  /// Makes the one iterator of this sequence; any later one finishes at
  /// once (see "One consumer").
  ///
  /// - Complexity: O(1).
  public func makeAsyncIterator() -> Iterator {
    Iterator(lifetime: lifetime.buffer.claim() ? lifetime : nil)
  }

  /// Takes the events of a ``DataSourceEventSequence``, one at a time.
  ///
  /// Not `Sendable`: iterate it in one task.
  public struct Iterator: AsyncIteratorProtocol {
    private var lifetime: Lifetime?

    init(lifetime: Lifetime?) { self.lifetime = lifetime }

    /// The next event: at once if one is pending (what is pending collapses
    /// as ``DataSourceEventSequence`` describes), else when the node sends one;
    /// `nil` once the task is cancelled or the node is gone.
    ///
    /// - Complexity: O(1) (a pending state change is compared with
    ///   ``ContentState/isSameState(as:)``), plus composing the batches
    ///   that waited after the pending change, in one pass, on the
    ///   consumer's side.
    public mutating func next() async -> Element? {
      await next(in: nil)
    }

    /// The next event, awaited in the caller's isolation: as ``next()``.
    ///
    /// - Complexity: As ``next()``.
    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
    public mutating func next(isolation actor: isolated (any Actor)?) async -> Element? {
      await next(in: actor)
    }

    private mutating func next(in actor: isolated (any Actor)?) async -> Element? {
      guard let buffer = lifetime?.buffer else { return nil }
      if Task.isCancelled { buffer.cancel() }
      switch buffer.take() {
      case .event(let event): return event
      case .end:
        lifetime = nil
        return nil
      case .empty: break
      }
      let event = await withTaskCancellationHandler {
        await withCheckedContinuation(isolation: actor) { continuation in
          switch buffer.take(orWait: continuation) {
          case .event(let event): continuation.resume(returning: event)
          case .end: continuation.resume(returning: nil)
          case .empty: break  // kept: resumed with the next event
          }
        }
      } onCancel: {
        buffer.cancel()
      }
      if event == nil { lifetime = nil }
      return event
    }
  }
}

extension DataSource where SectionID: Sendable, Item: Sendable, Item.ID: Sendable {
  /// The node's events as an asynchronous sequence, from the node's content
  /// and state now; each read is a new subscription.
  ///
  /// ```swift
  /// let events = screen.events
  /// let start = (screen.snapshot, screen.contentState)
  /// Task.detached {
  ///   var (copy, state) = start
  ///   for await event in events {
  ///     switch event {
  ///     case .changed(let change): copy = copy.applying(change) ?? copy
  ///     case .stateChanged(_, let new): state = new
  ///     }
  ///     show(copy, state)
  ///   }
  /// }
  /// ```
  ///
  /// Read it in the node's isolation domain (it subscribes there, at once);
  /// iterate it anywhere. A consumer that keeps up gets every event; one
  /// that lags gets what it missed as at most one change (a composed batch,
  /// or a reload) and one state change. The sequence ends when the
  /// iterating task is cancelled or the node is released. See
  /// ``DataSourceEventSequence`` for the exact rules.
  ///
  /// - Complexity: O(1) to subscribe. Per event, on the node's side: O(1)
  ///   while the consumer keeps up. While it lags, the first batch it has
  ///   not taken costs O(*s*) reads of the node's section counts, and the
  ///   next ones O(1) each, with two exceptions (see ``DataSourceEventSequence``):
  ///   a batch that could need a value only the node has makes the node
  ///   compose what waits in one pass
  ///   (``ChangeBatch/followed(by:intermediateItemCounts:)``), and past 32
  ///   waiting batches the node's content is read once (O(1) for a leaf,
  ///   O(*n*) for a combinator), then each batch applied to it.
  public var events: DataSourceEventSequence<SectionID, Item> {
    let buffer = EventBuffer<SectionID, Item>(state: contentState)
    let subscription = EventSubscription(buffer: buffer, node: self)
    subscription.token = observe { [subscription] event in subscription.receive(event) }
    return DataSourceEventSequence(buffer: buffer)
  }
}
