import DataSourceGraphNodes
import DataSourceGraphSections
import SectionsTestSupport
import TestSupport
import Testing

/// Seeded random edits of a leaf, its loads and answers included, while a
/// consumer in another task applies every event it gets to a copy; the
/// test closes the consumer's gate now and then, so it lags behind several
/// changes. After each drain the copy equals the node, every batch applied
/// and passed the validator, and every state change started from the state
/// the copy showed.
@MainActor
@Suite struct EventsPropertyTests {
  nonisolated static let seeds: [UInt64] = PropertyDepth.seeds(debug: 1...16, release: 1...80)
  nonisolated static let steps = PropertyDepth.steps(debug: 150, release: 500)

  @Test(.namesTheSeed)
  func aConsumerThatAppliesEveryEventStaysEqualToTheNode() async {
    await forEachSeed(Self.seeds, aConsumerThatAppliesEveryEventStaysEqualToTheNode(seed:))
  }

  func aConsumerThatAppliesEveryEventStaysEqualToTheNode(seed: UInt64) async {
    let (received, sent) = await run(seed: seed, steps: Self.steps)
    #expect(received.count < sent, "seed \(seed): some events were collapsed")
  }

  /// The runs lag often enough to compose batches and to fall back to a
  /// reload where composition needs the content between the batches.
  @Test func theRunsComposeBatchesAndFallBackToReloads() async {
    var reloads = 0
    for seed in Self.seeds {
      let (received, _) = await run(seed: seed, steps: Self.steps)
      reloads += received.filter { if case .reload = $0 { true } else { false } }.count
    }
    #expect(reloads > 0)
  }

  /// One run: the edits of `seed`, the consumer's pauses, a drain after
  /// each; returns what the consumer received and how many events the node
  /// sent.
  func run(seed: UInt64, steps: Int) async -> (received: [Recorded], sent: Int) {
    var editor = RandomEditor(seed: seed)
    let source = RowSource(snapshot: editor.generator.snapshot())
    var sent = 0
    let counting = source.observe { _ in sent += 1 }
    let mirror = EventMirror(snapshot: source.snapshot, state: source.contentState)
    let gate = ConsumerGate()
    let consumer = startConsumer(source.events, mirror: mirror, gate: gate)

    // First a pause over several batches: the consumer lags at least once.
    gate.close()
    for _ in 0..<4 { _ = source.appendSection(editor.freshSection()) }
    gate.open()
    await drain(source, mirror, "seed \(seed), first pause")

    for step in 0..<steps {
      switch editor.rng.int(0..<10) {
      case 0, 1:
        gate.close()
        // Now and then a pause longer than the batches that wait
        // uncomposed (32), so the oldest join the pending change.
        let edits = editor.rng.int(0..<8) == 0 ? editor.rng.int(33...45) : editor.rng.int(2...6)
        for _ in 0..<edits { editor.edit(source) }
        gate.open()
        await drain(source, mirror, "seed \(seed), step \(step), after a pause")
      case 2:
        await drain(source, mirror, "seed \(seed), step \(step)")
      default:
        // The consumer runs meanwhile, on another thread.
        editor.edit(source)
        if editor.rng.chance(0.3) { await Task.yield() }
      }
    }
    await drain(source, mirror, "seed \(seed), end")
    consumer.cancel()
    await consumer.value
    withExtendedLifetime(counting) {}
    return (mirror.received, sent)
  }

  /// Waits until the consumer's copy equals the node, then checks that
  /// nothing it got was wrong.
  func drain(_ source: RowSource, _ mirror: EventMirror, _ context: String) async {
    let caughtUp = await waitUntil {
      mirror.snapshot == source.snapshot && mirror.state.isSameState(as: source.contentState)
    }
    let details =
      "\(context): the copy \(mirror.snapshot.sections) in \(mirror.state) is not the node's "
      + "\(source.snapshot.sections) in \(source.contentState); got \(mirror.received.suffix(4))"
    #expect(caughtUp, "\(details)")
    #expect(mirror.failures.isEmpty, "\(context): \(mirror.failures)")
  }
}

/// Random edits of a leaf: items and sections inserted, deleted, moved and
/// updated, replaces, loads and their answers, batched edits.
@MainActor
struct RandomEditor {
  var rng: SplitMix64
  var generator: SnapshotGenerator
  private var nextItem = 1_000
  private var nextSection = 100
  private var tokens: [LoadToken<Int, Row>] = []

  init(seed: UInt64) {
    rng = SplitMix64(seed: seed)
    generator = SnapshotGenerator(seed: seed &* 7_919, sectionPool: 5, itemPool: 12)
  }

  mutating func freshItems(_ count: Int) -> [Row] {
    (0..<count).map { _ in
      nextItem += 1
      return Row(id: nextItem)
    }
  }

  mutating func freshSection() -> RowSection {
    nextSection += 1
    return RowSection(id: nextSection, items: freshItems(rng.int(0...2)))
  }

  /// A random path of an item of `source`, if it has one.
  mutating func randomItem(_ source: RowSource) -> ItemPath? {
    let filled = (0..<source.numberOfSections).filter { source.numberOfItems(inSection: $0) > 0 }
    guard let s = filled.randomElement(using: &rng) else { return nil }
    return ItemPath(section: s, item: rng.int(0..<source.numberOfItems(inSection: s)))
  }

  mutating func edit(_ source: RowSource) {
    let sections = source.numberOfSections
    switch rng.int(0..<13) {
    case 0:
      _ = source.insertSection(freshSection(), at: rng.int(0...sections))
    case 1 where sections > 0:
      source.deleteSection(at: rng.int(0..<sections))
    case 2 where sections > 1:
      source.moveSection(from: rng.int(0..<sections), to: rng.int(0..<sections))
    case 3 where sections > 0:
      source.updateSection(
        at: rng.int(0..<sections), header: rng.chance(0.5) ? "h\(rng.int(0..<3))" : nil,
        footer: nil)
    case 4 where sections > 0:
      let s = rng.int(0..<sections)
      let at = ItemPath(section: s, item: rng.int(0...source.numberOfItems(inSection: s)))
      source.insert(freshItems(rng.int(1...3)), at: at)
    case 5:
      if let path = randomItem(source) { source.deleteItems(at: [path]) }
    case 6:
      guard let from = randomItem(source) else { return }
      let s = rng.int(0..<sections)
      let room = source.numberOfItems(inSection: s) - (s == from.section ? 1 : 0)
      source.moveItem(from: from, to: ItemPath(section: s, item: rng.int(0...room)))
    case 7:
      guard let path = randomItem(source) else { return }
      var row = source.item(at: path)
      row.revision += 1
      _ = source.update(row)
    case 8:
      source.replace(with: generator.variation(of: source.snapshot))
    case 9:
      var handed: [LoadToken<Int, Row>] = []
      source.load { handed.append($0) }
      tokens.append(contentsOf: handed)
    case 10 where !tokens.isEmpty:
      let token = tokens.remove(at: rng.int(0..<tokens.count))
      switch rng.int(0..<3) {
      case 0: _ = token.succeed(with: generator.variation(of: source.snapshot))
      case 1: _ = token.fail(EventsTestError())
      default: _ = token.succeed()
      }
    case 11:
      // Several edits in one batch.
      let extra = freshItems(2)
      source.perform { sections in
        if !sections.isEmpty { sections[0].items.append(contentsOf: extra) }
        if sections.count > 1 { sections.swapAt(0, sections.count - 1) }
      }
    default:
      if sections > 0 { _ = source.append(freshItems(1), toSection: rng.int(0..<sections)) }
    }
  }
}
