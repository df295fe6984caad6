import DataSourceGraphNodes
import DataSourceGraphSections
import SectionsTestSupport
import Testing

/// `node.events`: a consumer that keeps up sees every event; one that lags
/// gets what it missed as one change and one state change.
@MainActor
@Suite struct EventsDeliveryTests {
  func source() -> RowSource {
    RowSource(
      snapshot: RowSnapshot(sections: [
        RowSection(id: 0, items: [Row(id: 1), Row(id: 2), Row(id: 3)]),
        RowSection(id: 1, items: [Row(id: 4)]),
      ]))
  }

  /// The consumer, in a task of its own, waits for each event before the
  /// next change: it gets exactly what a synchronous observer gets.
  @Test func aConsumerThatKeepsUpSeesEveryEventInOrder() async {
    let source = source()
    var log: [Recorded] = []
    let observation = source.observe { log.append(Recorded($0)) }
    let mirror = EventMirror(snapshot: source.snapshot, state: source.contentState)
    let consumer = startConsumer(source.events, mirror: mirror)
    let edits: [(RowSource) -> Void] = [
      { _ = $0.append([Row(id: 5)], toSection: 1) },
      { $0.moveItem(from: pathAt(0, 0), to: pathAt(1, 0)) },
      { _ = $0.update(Row(id: 2, revision: 1)) },
      { $0.deleteItems(at: [pathAt(0, 1)]) },
      { $0.reset(to: RowSnapshot()) },  // content → empty state, and a batch
      { _ = $0.insertSection(RowSection(id: 7, items: [Row(id: 8)]), at: 0) },
      { $0.updateSection(at: 0, header: "Seven", footer: nil) },
    ]
    for (index, edit) in edits.enumerated() {
      edit(source)
      #expect(await waitUntil { mirror.received.count == log.count }, "edit \(index)")
    }
    #expect(log.count >= edits.count)
    #expect(mirror.received == log)
    #expect(mirror.failures.isEmpty, "\(mirror.failures)")
    #expect(mirror.snapshot == source.snapshot)
    consumer.cancel()
    await consumer.value
    withExtendedLifetime(observation) {}
  }

  /// A consumer on the node's actor, waiting: of three edits made in one
  /// synchronous stretch it gets the first as sent, then the other two as
  /// one composed batch.
  @Test func aConsumerOnTheNodesActorGetsOneSynchronousStretchInTwo() async throws {
    let source = source()
    let start = source.snapshot
    let events = source.events
    let log = MainActorLog()
    let consumer = Task { @MainActor in
      for await event in events { log.events.append(event) }
    }
    for _ in 0..<10 { await Task.yield() }  // the consumer waits by now
    _ = source.append([Row(id: 5)], toSection: 1)
    let afterFirst = source.snapshot
    source.moveItem(from: pathAt(0, 0), to: pathAt(1, 0))
    _ = source.update(Row(id: 2, revision: 1))
    #expect(await waitUntil { log.events.count == 2 })
    for _ in 0..<10 { await Task.yield() }
    #expect(log.events.count == 2)
    guard case .changed(.batch(let first)) = log.events.first,
      case .changed(.batch(let rest)) = log.events.last
    else {
      Issue.record("expected two batches, got \(log.events.map(Recorded.init))")
      return
    }
    #expect(start.applying(first) == afterFirst)
    #expect(afterFirst.applying(rest) == source.snapshot)
    consumer.cancel()
  }

  /// Several changes before the consumer takes any: one batch, composed,
  /// that applies to what it last saw; then the next change as it was sent.
  @Test func aLaggingConsumerGetsOneComposedBatch() async throws {
    let source = source()
    let start = source.snapshot
    let events = source.events
    _ = source.append([Row(id: 5)], toSection: 1)
    source.moveItem(from: pathAt(0, 0), to: pathAt(1, 0))
    _ = source.update(Row(id: 2, revision: 1))
    source.deleteItems(at: [pathAt(0, 1)])  // Row 3
    _ = source.insert([Row(id: 6)], at: pathAt(0, 0))

    var iterator = events.makeAsyncIterator()
    let first = try #require(await iterator.next())
    guard case .changed(.batch(let batch)) = first else {
      Issue.record("expected one batch, got \(Recorded(first))")
      return
    }
    let end = try #require(start.applying(batch))
    #expect(end == source.snapshot)
    #expect(batch.violations(from: start, to: end).isEmpty)
    #expect(batch == source.snapshot.difference(from: start), "here as minimal as a diff")

    // Nothing else was pending: the next event is the next change.
    _ = source.append([Row(id: 9)], toSection: 0)
    let next = try #require(await iterator.next())
    var expected = RowBatch()
    expected.itemInserts = [.init(path: pathAt(0, 2), item: Row(id: 9))]
    #expect(Recorded(next) == .batch(expected))
  }

  /// A long lag: more changes than wait uncomposed (the node's side folds
  /// them in one pass every few dozen), sections inserted and items moved
  /// among them (the node's side composes as soon as a value could be
  /// needed): still one change, which applies to what the consumer saw.
  @Test func aLongLagIsStillOneChangeThatApplies() async throws {
    let source = source()
    let start = source.snapshot
    let events = source.events
    var next = 100
    for step in 0..<90 {
      next += 1
      let firstIsEmpty = source.numberOfItems(inSection: 0) == 0
      switch step % 6 {
      case 0: _ = source.append([Row(id: next), Row(id: next + 1000)], toSection: 0)
      case 1: _ = source.insertSection(RowSection(id: next, items: [Row(id: -next)]), at: 1)
      case 2 where !firstIsEmpty: source.moveItem(from: pathAt(0, 0), to: pathAt(1, 0))
      case 3: _ = source.update(Row(id: -next + 2, revision: step))
      case 4 where source.numberOfSections > 3: source.deleteSection(at: 2)
      case 5 where !firstIsEmpty: source.deleteItems(at: [pathAt(0, 0)])
      default: break
      }
    }
    var iterator = events.makeAsyncIterator()
    let first = try #require(await iterator.next())
    guard case .changed(let change) = first else {
      Issue.record("expected one change, got \(Recorded(first))")
      return
    }
    #expect(start.applying(change) == source.snapshot)
    if case .batch(let batch) = change {
      #expect(batch.violations(from: start, to: source.snapshot).isEmpty)
    }
    _ = source.append([Row(id: 999)], toSection: 0)
    let following = try #require(await iterator.next())
    guard case .changed(.batch(let batch)) = following else {
      Issue.record("expected the next batch, got \(Recorded(following))")
      return
    }
    #expect(batch.itemInserts.map(\.item) == [Row(id: 999)])
  }

  /// A lag longer than the batches that wait uncomposed (32; edits that
  /// never need the node's content: inserts, updates, deletes in place):
  /// the consumer gets a reload of the node's content, which its last seen
  /// content leads to.
  @Test func aLagLongerThanTheQueueIsOneReload() async throws {
    let source = source()
    let events = source.events
    for step in 0..<100 {
      switch step % 4 {
      case 0: _ = source.append([Row(id: 100 + step)], toSection: step % 8 < 4 ? 0 : 1)
      case 1: _ = source.update(Row(id: 100 + step - 1, revision: step))
      case 2: _ = source.insert([Row(id: 100 + step)], at: pathAt(0, 0))
      default: source.deleteItems(withIDs: [100 + step - 1])
      }
    }
    var iterator = events.makeAsyncIterator()
    let first = try #require(await iterator.next())
    #expect(Recorded(first) == .reload(source.snapshot))
    // Then the next change as it was sent.
    _ = source.append([Row(id: 999)], toSection: 0)
    let next = try #require(await iterator.next())
    guard case .changed(.batch(let batch)) = next else {
      Issue.record("expected the next batch, got \(Recorded(next))")
      return
    }
    #expect(batch.itemInserts.map(\.item) == [Row(id: 999)])
  }

  /// Changes that cancel out leave no change; the state change that goes
  /// back where it started is dropped.
  @Test func changesThatCancelOutLeaveNothing() async throws {
    let source = source()
    let events = source.events
    _ = source.append([Row(id: 5)], toSection: 1)
    source.deleteItems(withIDs: [5])
    // A refresh that ends where it started: content → refreshing → content.
    var token: LoadToken<Int, Row>?
    source.load { token = $0 }
    #expect(source.contentState.kind == .refreshing)
    #expect(try #require(token).succeed())
    #expect(source.contentState.kind == .content)

    var iterator = events.makeAsyncIterator()
    _ = source.append([Row(id: 9)], toSection: 0)
    let next = try #require(await iterator.next())
    var expected = RowBatch()
    expected.itemInserts = [.init(path: pathAt(0, 3), item: Row(id: 9))]
    #expect(Recorded(next) == .batch(expected))
  }

  /// Two state changes while the consumer lags: one, from the state it saw
  /// to the newest, after the change.
  @Test func stateChangesCoalesceIntoOne() async throws {
    let source = source()
    let start = source.snapshot
    let events = source.events
    var token: LoadToken<Int, Row>?
    source.load { token = $0 }  // content → refreshing
    #expect(try #require(token).succeed(with: RowSnapshot()))  // a batch; → empty

    var iterator = events.makeAsyncIterator()
    let change = try #require(await iterator.next())
    #expect(Recorded(change) == .batch(RowSnapshot().difference(from: start)))
    let state = try #require(await iterator.next())
    #expect(Recorded(state) == .state(.content, .empty))
    source.load { token = $0 }  // empty → loading
    #expect(Recorded(try #require(await iterator.next())) == .state(.empty, .loading))
  }

  /// UIKit moves no item into an inserted section: after a section insert,
  /// a move into it composes only with the content between the batches,
  /// which is gone, so the consumer gets a reload of the node's content;
  /// a batch after a pending reload keeps it a reload of the new content.
  @Test func aCompositionThatNeedsTheContentBetweenIsAReload() async throws {
    let source = source()
    let start = source.snapshot
    let events = source.events
    _ = source.insertSection(RowSection(id: 9, items: [Row(id: 10)]), at: 2)
    source.moveItem(from: pathAt(0, 0), to: pathAt(2, 1))

    // The same two batches, composed from the counts: `nil`.
    var first = RowBatch()
    first.sectionInserts = [.init(index: 2, section: RowSection(id: 9, items: [Row(id: 10)]))]
    let middle = try #require(start.applying(first))
    var second = RowBatch()
    second.itemMoves = [.init(from: pathAt(0, 0), to: pathAt(2, 1))]
    let counts = middle.sections.map(\.items.count)
    #expect(first.followed(by: second, intermediateItemCounts: counts) == nil)

    var iterator = events.makeAsyncIterator()
    #expect(Recorded(try #require(await iterator.next())) == .reload(source.snapshot))

    // Lagging again: a reload of the new content, then a batch on it.
    let events2 = source.events
    _ = source.insertSection(RowSection(id: 11), at: 0)
    source.moveItem(from: pathAt(1, 0), to: pathAt(0, 0))
    _ = source.append([Row(id: 12)], toSection: 0)
    var iterator2 = events2.makeAsyncIterator()
    #expect(Recorded(try #require(await iterator2.next())) == .reload(source.snapshot))
  }

  /// A reload that arrives while the consumer lags replaces whatever was
  /// pending; a later batch is applied to it.
  @Test func aPendingReloadTakesLaterBatches() async throws {
    let leaf = source()
    let node = ForwardingNode(leaf)
    let events = node.events
    _ = leaf.append([Row(id: 5)], toSection: 1)
    node.sendReload()
    _ = leaf.append([Row(id: 6)], toSection: 0)
    var iterator = events.makeAsyncIterator()
    #expect(Recorded(try #require(await iterator.next())) == .reload(leaf.snapshot))
  }
}

/// Events gathered on the main actor.
@MainActor final class MainActorLog {
  var events: [RowEvent] = []
}
