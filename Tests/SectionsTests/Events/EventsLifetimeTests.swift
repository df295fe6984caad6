import DataSourceGraphSections
import Testing

/// When `node.events` starts and ends: a subscription per read, one
/// consumer per value, the end on cancellation and on the node's release.
@MainActor
@Suite struct EventsLifetimeTests {
  func leaf() -> RowSource {
    RowSource(snapshot: RowSnapshot(sections: [RowSection(id: 0, items: [Row(id: 1)])]))
  }

  /// Cancelling the iterating task ends the sequence at once; the
  /// observation is removed at the node's next event, in its domain.
  @Test func cancellingTheTaskEndsTheSequenceAndUnsubscribes() async {
    let leaf = leaf()
    let node = ForwardingNode(leaf)
    let mirror = EventMirror(snapshot: node.snapshot, state: node.contentState)
    let consumer = startConsumer(node.events, mirror: mirror)
    #expect(node.observerCount == 1)
    _ = leaf.append([Row(id: 2)], toSection: 0)
    #expect(await waitUntil { mirror.received.count == 1 })

    consumer.cancel()
    await consumer.value
    #expect(mirror.ended)
    #expect(node.observerCount == 1, "removed at the next event, in the node's domain")
    _ = leaf.append([Row(id: 3)], toSection: 0)
    #expect(node.observerCount == 0)
    #expect(mirror.received.count == 1)
  }

  /// A task cancelled before it asks gets nothing, even what was pending.
  @Test func aCancelledTaskGetsNothing() async {
    let leaf = leaf()
    let events = leaf.events
    _ = leaf.append([Row(id: 2)], toSection: 0)
    let task = Task {
      withUnsafeCurrentTask { $0?.cancel() }
      var iterator = events.makeAsyncIterator()
      return await iterator.next() == nil
    }
    #expect(await task.value)
  }

  /// Releasing the node ends the sequence, after what was pending.
  @Test func releasingTheNodeEndsTheSequence() async throws {
    var leaf: RowSource? = leaf()
    weak let released = leaf
    let events = try #require(leaf).events
    _ = leaf?.append([Row(id: 2)], toSection: 0)
    leaf = nil
    #expect(released == nil)
    var iterator = events.makeAsyncIterator()
    var expected = RowBatch()
    expected.itemInserts = [.init(path: pathAt(0, 1), item: Row(id: 2))]
    #expect(Recorded(try #require(await iterator.next())) == .batch(expected))
    #expect(await iterator.next() == nil)
    #expect(await iterator.next() == nil)
  }

  /// A consumer waiting when the node goes away finishes.
  @Test func releasingTheNodeEndsAWaitingConsumer() async {
    var leaf: RowSource? = leaf()
    let mirror = EventMirror(snapshot: leaf!.snapshot, state: leaf!.contentState)
    let consumer = startConsumer(leaf!.events, mirror: mirror)
    _ = leaf?.append([Row(id: 2)], toSection: 0)
    #expect(await waitUntil { mirror.received.count == 1 })
    leaf = nil
    await consumer.value
    #expect(mirror.ended)
  }

  /// One consumer per value: a second iterator finishes at once; the first
  /// goes on.
  @Test func aSecondIteratorOfOneValueFinishesAtOnce() async {
    let leaf = leaf()
    let events = leaf.events
    var first = events.makeAsyncIterator()
    let copy = events
    var second = copy.makeAsyncIterator()
    #expect(await second.next() == nil)
    _ = leaf.append([Row(id: 2)], toSection: 0)
    #expect(await first.next() != nil)
  }

  /// Each read is a subscription of its own, with its own buffer;
  /// releasing a value unsubscribes at the node's next event.
  @Test func eachReadIsASubscription() async throws {
    let leaf = leaf()
    let node = ForwardingNode(leaf)
    let a = node.events
    do {
      let b = node.events
      #expect(node.observerCount == 2)
      _ = leaf.append([Row(id: 2)], toSection: 0)
      var iterator = b.makeAsyncIterator()
      #expect(await iterator.next() != nil)
    }
    _ = node.events  // released at once
    #expect(node.observerCount == 3)
    _ = leaf.append([Row(id: 3)], toSection: 0)
    #expect(node.observerCount == 1)
    var iterator = a.makeAsyncIterator()
    let composed = try #require(await iterator.next())
    guard case .changed(.batch(let batch)) = composed else {
      Issue.record("expected a batch, got \(Recorded(composed))")
      return
    }
    #expect(batch.itemInserts.map(\.item.id) == [2, 3])
  }

  /// Read during a delivery (in an observer), `events` starts from the
  /// content the observer sees; a change the observer asks for, made after
  /// the delivery, is the first event.
  @Test func readDuringDeliveryStartsFromTheContentThen() async throws {
    let leaf = leaf()
    var captured: (events: DataSourceEventSequence<Int, Row>, start: RowSnapshot)?
    let observation = leaf.observe { event in
      guard captured == nil, case .changed = event else { return }
      captured = (leaf.events, leaf.snapshot)
      _ = leaf.append([Row(id: 20)], toSection: 0)  // made after the delivery
    }
    _ = leaf.append([Row(id: 2)], toSection: 0)
    let (events, start) = try #require(captured)
    #expect(start.numberOfItems == 2)
    #expect(leaf.numberOfItems == 3)
    var iterator = events.makeAsyncIterator()
    let first = try #require(await iterator.next())
    guard case .changed(.batch(let batch)) = first else {
      Issue.record("expected a batch, got \(Recorded(first))")
      return
    }
    #expect(start.applying(batch) == leaf.snapshot)
    withExtendedLifetime(observation) {}
  }
}
