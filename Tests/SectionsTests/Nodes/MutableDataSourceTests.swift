import DataSourceGraphNodes
import DataSourceGraphSections
import SectionsTestSupport
import TestSupport
import Testing

/// A renderer stand-in: applies every batch it is told to its own copy.
final class Mirror {
  var snapshot: RowSnapshot
  var batches: [RowBatch] = []
  var states: [ContentState.Kind] = []
  var failures = 0
  private var observation: ObservationToken?

  init(_ source: MutableDataSource<Int, Row>) {
    snapshot = source.snapshot
    observation = source.observe { [unowned self] event in
      switch event {
      case .changed(.batch(let batch)):
        batches.append(batch)
        if let next = snapshot.applying(batch) { snapshot = next } else { failures += 1 }
      case .changed(.reloadAll(let all)):
        snapshot = all
      case .stateChanged(_, let new):
        states.append(new.kind)
      }
    }
  }
}

@Suite struct MutableDataSourceTests {
  static let seeds: [UInt64] = PropertyDepth.seeds(debug: 1...30, release: 1...300)
  static let steps = PropertyDepth.steps(debug: 150, release: 1_000)

  /// Random edit sequences on random snapshots: after every batch, a mirror
  /// that applies batches to its own copy holds exactly the source's content.
  @Test(.namesTheSeed)
  func mirrorFollowsEveryEdit() async {
    await forEachSeed(Self.seeds, mirrorFollowsEveryEdit(seed:))
  }

  func mirrorFollowsEveryEdit(seed: UInt64) {
    var generator = SnapshotGenerator(seed: seed, sectionPool: 8, itemPool: 60)
    let source = MutableDataSource(snapshot: generator.snapshot())
    let mirror = Mirror(source)
    for step in 0..<Self.steps {
      let before = mirror.batches.count
      Self.applyRandomEdit(to: source, using: &generator)
      let context = "seed \(seed) step \(step)"
      #expect(mirror.failures == 0, "\(context): a batch did not apply")
      #expect(mirror.snapshot == source.snapshot, "\(context)")
      #expect(mirror.batches.count - before <= 1, "\(context): one edit, one batch at most")
      if mirror.failures > 0 { return }
    }
    // The reads agree with the materialized snapshot.
    let snapshot = source.snapshot
    for item in snapshot.allItems {
      #expect(source.itemPath(for: item.id) == snapshot.itemPath(for: item.id), "seed \(seed)")
    }
    #expect(source.numberOfItems == snapshot.numberOfItems)
  }

  /// One random edit of `source`: of items, of sections, a replace or a
  /// `perform`.
  static func applyRandomEdit(
    to source: MutableDataSource<Int, Row>, using g: inout SnapshotGenerator
  ) {
    let sections = source.numberOfSections
    func randomPath(allowingEnd: Bool) -> ItemPath? {
      guard sections > 0 else { return nil }
      let s = g.int(0..<sections)
      let count = source.numberOfItems(inSection: s)
      guard count > 0 || allowingEnd else { return nil }
      return ItemPath(section: s, item: g.int(0..<(count + (allowingEnd ? 1 : 0))))
    }
    switch g.int(0..<11) {
    case 0:
      if let path = randomPath(allowingEnd: true) {
        source.insert((0..<g.int(1..<4)).map { _ in Row(id: g.int(0..<g.itemPool)) }, at: path)
      }
    case 1:
      let paths = (0..<g.int(1..<4)).compactMap { _ in randomPath(allowingEnd: false) }
      source.deleteItems(at: paths)
    case 2:
      if let from = randomPath(allowingEnd: false) {
        let t = g.int(0..<sections)
        let count = source.numberOfItems(inSection: t) - (t == from.section ? 1 : 0)
        source.moveItem(from: from, to: ItemPath(section: t, item: g.int(0..<(count + 1))))
      }
    case 3:
      if let path = randomPath(allowingEnd: false) {
        var item = source.item(at: path)
        item.revision += 1
        source.update(item)
      }
    case 4:
      source.insertSection(
        RowSection(id: g.int(0..<g.sectionPool), items: [Row(id: g.int(0..<g.itemPool))]),
        at: g.int(0..<(sections + 1)))
    case 5 where sections > 0:
      source.deleteSection(at: g.int(0..<sections))
    case 6 where sections > 0:
      source.moveSection(from: g.int(0..<sections), to: g.int(0..<sections))
    case 7 where sections > 0:
      source.updateSection(
        at: g.int(0..<sections), header: g.chance(0.5) ? "h\(g.int(0..<3))" : nil, footer: nil)
    case 8:
      source.replace(with: g.chance(0.7) ? g.variation(of: source.snapshot) : g.snapshot())
    default:
      source.perform { sections in
        guard !sections.isEmpty else { return }
        let s = g.int(0..<sections.count)
        if !sections[s].items.isEmpty { sections[s].items.removeLast() }
        sections[g.int(0..<sections.count)].items.insert(Row(id: g.int(0..<g.itemPool)), at: 0)
        if sections.count > 1 { sections.swapAt(0, sections.count - 1) }
      }
    }
  }

  @Test func singleEditsEmitExactBatches() {
    let source = MutableDataSource<Int, Row>(sections: [RowSection(id: 0), RowSection(id: 1)])
    let mirror = Mirror(source)
    source.append([Row(id: 1), Row(id: 2)], toSection: 0)
    #expect(
      mirror.batches.last?.itemInserts.map(\.path) == [
        ItemPath(section: 0, item: 0), ItemPath(section: 0, item: 1),
      ])
    source.moveItem(from: ItemPath(section: 0, item: 0), to: ItemPath(section: 1, item: 0))
    #expect(
      mirror.batches.last?.itemMoves == [
        .init(from: ItemPath(section: 0, item: 0), to: ItemPath(section: 1, item: 0))
      ])
    source.update(Row(id: 1, revision: 1))
    #expect(mirror.batches.last?.itemUpdates.map(\.to) == [ItemPath(section: 1, item: 0)])
    source.deleteItems(withIDs: [2])
    #expect(mirror.batches.last?.itemDeletes == [ItemPath(section: 0, item: 0)])
    source.moveSection(from: 1, to: 0)
    #expect(mirror.batches.last?.sectionMoves == [.init(from: 1, to: 0)])
    #expect(mirror.batches.count == 5)
    #expect(mirror.snapshot == source.snapshot)
    #expect(
      source.snapshot
        == RowSnapshot(sections: [
          RowSection(id: 1, items: [Row(id: 1, revision: 1)]), RowSection(id: 0),
        ]))
  }

  @Test func editsThatChangeNothingEmitNothing() {
    let source = MutableDataSource<Int, Row>(sections: [RowSection(id: 0, items: [Row(id: 1)])])
    let mirror = Mirror(source)
    source.update(Row(id: 1))
    source.moveItem(from: ItemPath(section: 0, item: 0), to: ItemPath(section: 0, item: 0))
    source.replace(with: source.snapshot)
    source.deleteItems(at: [])
    source.updateSection(at: 0, header: nil, footer: nil)
    #expect(mirror.batches.isEmpty)
  }

  @Test func duplicateIdentitiesAreDroppedAndReported() {
    let source = MutableDataSource<Int, Row>(sections: [RowSection(id: 0, items: [Row(id: 1)])])
    let mirror = Mirror(source)
    let dropped = source.append([Row(id: 1), Row(id: 2), Row(id: 2)], toSection: 0)
    #expect(dropped?.itemIDs == [1, 2])
    #expect(source.snapshot.allItems == [Row(id: 1), Row(id: 2)])
    let droppedSection = source.insertSection(RowSection(id: 0, items: [Row(id: 5)]), at: 0)
    #expect(droppedSection?.sectionIDs == [0])
    let droppedItems = source.insertSection(
      RowSection(id: 1, items: [Row(id: 2), Row(id: 3)]), at: 1)
    #expect(droppedItems?.itemIDs == [2])
    let performed = source.perform { sections in sections[1].items.append(Row(id: 1)) }
    #expect(performed.itemIDs == [1])
    #expect(source.update([Row(id: 42)])?.itemIDs == [42])
    #expect(mirror.snapshot == source.snapshot)
    #expect(mirror.failures == 0)
  }

  @Test func stateFollowsContentWithoutALoad() {
    let source = MutableDataSource<Int, Row>(sections: [RowSection(id: 0)])
    let mirror = Mirror(source)
    #expect(source.contentState.kind == .initial)
    source.append([Row(id: 1)], toSection: 0)
    #expect(source.contentState.kind == .content)
    source.deleteItems(withIDs: [1])
    #expect(source.contentState.kind == .initial)
    #expect(mirror.states == [.content, .initial])
  }
}

@Suite struct MutableDataSourceMisuseTests {
  @Test func movingAnItemToTheEndOfItsOwnSectionIsOutOfRange() async {
    await #expect(processExitsWith: .failure) {
      let source = MutableDataSource<Int, Row>(sections: [
        RowSection(id: 0, items: [Row(id: 1), Row(id: 2), Row(id: 3)])
      ])
      // After the item leaves, the section has 2 items: 3 is past the end.
      source.moveItem(from: ItemPath(section: 0, item: 0), to: ItemPath(section: 0, item: 3))
    }
  }

  @Test func movingToTheLastPlaceOfItsOwnSectionWorks() {
    let source = MutableDataSource<Int, Row>(sections: [
      RowSection(id: 0, items: [Row(id: 1), Row(id: 2), Row(id: 3)])
    ])
    let mirror = Mirror(source)
    source.moveItem(from: ItemPath(section: 0, item: 0), to: ItemPath(section: 0, item: 2))
    #expect(source.snapshot.allItems.map(\.id) == [2, 3, 1])
    #expect(mirror.snapshot == source.snapshot && mirror.failures == 0)
  }

  @Test func anEmptySourceReportsTheIndexAndTheCount() async {
    await #expect(processExitsWith: .failure) {
      let source = MutableDataSource<Int, Row>()
      source.append([Row(id: 1)], toSection: 0)
    }
  }

  @Test func updatesCompareTheLastValueWithTheValueBefore() {
    let source = MutableDataSource<Int, Row>(sections: [RowSection(id: 0, items: [Row(id: 1)])])
    let mirror = Mirror(source)
    source.update([Row(id: 1, revision: 5), Row(id: 1)])
    #expect(mirror.batches.isEmpty)
    source.update([Row(id: 1), Row(id: 1, revision: 2)])
    #expect(mirror.batches.count == 1 && mirror.batches[0].itemUpdates.count == 1)
    #expect(source.item(at: ItemPath(section: 0, item: 0)).revision == 2)
  }
}
