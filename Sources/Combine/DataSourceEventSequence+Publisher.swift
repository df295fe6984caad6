#if canImport(Combine)
  public import Combine
  public import DataSourceGraphNodes
  import DataSourceGraphSections
  import Foundation

  extension DataSourceEventSequence {
    /// A node's events as a Combine publisher: `DataSource.eventPublisher`,
    /// or `publisher` of a node's `events`.
    ///
    /// ```swift
    /// let start = screen.snapshot                 // the content the events start from
    /// screen.eventPublisher
    ///   .receive(on: DispatchQueue.main)
    ///   .sink { event in print(event) }
    ///   .store(in: &cancellables)                // cancelling ends the subscription
    /// ```
    ///
    /// It is the sequence of events, with its guarantees (see
    /// `DataSourceEventSequence`): the events start from the content and
    /// state the node had when `events` (or `eventPublisher`) was read, and
    /// a subscriber that asks for fewer events than the node sends never
    /// loses a change and never gets a queue: what it has not asked for
    /// collapses into at most one change and one state change, as for a
    /// consumer that lags.
    ///
    /// The sequence has one consumer: the first subscriber gets the events;
    /// a later one finishes at once. Read `eventPublisher` again for
    /// another subscriber. The events are sent from a task of the
    /// subscription's own (use `receive(on:)` to get them on the main
    /// queue); cancelling the subscription cancels the task, which ends the
    /// sequence. The publisher finishes when the node is released.
    public struct Publisher: Combine.Publisher {
      /// An event of the node.
      public typealias Output = DataSourceEvent<SectionID, Item>
      /// It never fails.
      public typealias Failure = Never

      /// The events it publishes.
      public let events: DataSourceEventSequence<SectionID, Item>

      /// Creates the publisher of `events`.
      ///
      /// - Parameter events: The events of a node (`DataSource.events`).
      public init(_ events: DataSourceEventSequence<SectionID, Item>) {
        self.events = events
      }

      /// Subscribes `subscriber`: the events are sent as it asks for them.
      ///
      /// - Complexity: O(1); per event, as the sequence's `next()`.
      public func receive<Downstream: Subscriber>(subscriber: Downstream)
      where Downstream.Input == Output, Downstream.Failure == Never {
        let subscription = EventSubscription(subscriber)
        subscriber.receive(subscription: subscription)
        subscription.start(events)
      }
    }

    /// The sequence as a Combine publisher.
    public var publisher: Publisher { Publisher(self) }
  }

  extension DataSource where SectionID: Sendable, Item: Sendable, Item.ID: Sendable {
    /// The node's events as a Combine publisher: `events`, subscribed now,
    /// published (see `DataSourceEventSequence.Publisher`).
    ///
    /// Read it in the node's isolation domain, next to `snapshot` and
    /// `contentState`, as `events`.
    ///
    /// - Complexity: O(1).
    public var eventPublisher: DataSourceEventSequence<SectionID, Item>.Publisher {
      events.publisher
    }
  }

  /// One subscription to a node's events: a task takes each event from the
  /// sequence once the subscriber has asked for one, and sends it.
  ///
  /// `@unchecked Sendable`: its state is under `lock`; Combine calls
  /// `request(_:)` and `cancel()` from any thread.
  final class EventSubscription<Downstream: Subscriber>: Subscription, @unchecked Sendable
  where Downstream.Failure == Never {
    private let lock = NSLock()
    private var downstream: Downstream?
    private var demand = Subscribers.Demand.none
    private var waiter: CheckedContinuation<Bool, Never>?
    private var task: Task<Void, Never>?

    init(_ downstream: Downstream) { self.downstream = downstream }

    /// Starts taking the events of `events` for the subscriber.
    func start<SectionID, Item>(_ events: DataSourceEventSequence<SectionID, Item>)
    where Downstream.Input == DataSourceEvent<SectionID, Item> {
      let task = Task { [self] in
        var iterator = events.makeAsyncIterator()
        while await demanded(), let event = await iterator.next() {
          send(event)
        }
        finish()
      }
      let cancelled = lock.withLock {
        if downstream == nil { return true }
        self.task = task
        return false
      }
      if cancelled { task.cancel() }
    }

    func request(_ more: Subscribers.Demand) {
      let waiter: CheckedContinuation<Bool, Never>? = lock.withLock {
        demand += more
        defer { self.waiter = nil }
        return self.waiter
      }
      waiter?.resume(returning: true)
    }

    func cancel() {
      let (waiter, task) = lock.withLock {
        downstream = nil
        defer {
          self.waiter = nil
          self.task = nil
        }
        return (self.waiter, self.task)
      }
      waiter?.resume(returning: false)
      task?.cancel()
    }

    /// Waits until the subscriber has asked for an event; `false` once it
    /// has cancelled.
    private func demanded() async -> Bool {
      await withCheckedContinuation { continuation in
        lock.lock()
        if downstream == nil {
          lock.unlock()
          continuation.resume(returning: false)
        } else if demand > .none {
          lock.unlock()
          continuation.resume(returning: true)
        } else {
          waiter = continuation
          lock.unlock()
        }
      }
    }

    private func send(_ event: Downstream.Input) {
      let downstream: Downstream? = lock.withLock {
        guard let downstream = self.downstream else { return nil }
        demand -= 1
        return downstream
      }
      guard let downstream else { return }
      let more = downstream.receive(event)
      lock.withLock { demand += more }
    }

    private func finish() {
      let downstream: Downstream? = lock.withLock {
        defer { self.downstream = nil }
        return self.downstream
      }
      downstream?.receive(completion: .finished)
    }
  }
#endif
