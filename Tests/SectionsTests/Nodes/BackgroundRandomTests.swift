import DataSourceGraphNodes
import DataSourceGraphSections
import SectionsTestSupport
import TestSupport
import Testing

/// Background replaces mixed with edits, synchronous replaces and resets,
/// on the main actor, in a seeded random order: every batch a source emits
/// applies to the snapshot before it and breaks no rule, its look-up
/// tables agree with its snapshot, a background replace that reports
/// success left exactly its content, and the newest content wins.
@Suite @MainActor struct BackgroundRandomTests {
  @Test(.namesTheSeed)
  func backgroundReplacesMixedWithEdits() async {
    await forEachSeed(0..<24, backgroundReplacesMixedWithEdits(seed:))
  }

  func backgroundReplacesMixedWithEdits(seed: UInt64) async {
    var generator = SnapshotGenerator(seed: seed, sectionPool: 6, itemPool: 40)
    let source = MutableDataSource<Int, Row>(snapshot: generator.snapshot())
    source.backgroundDiffThreshold = generator.int(0..<2) == 0 ? 0 : 20
    let checker = BatchChecker(source)
    var replaces: [Task<Void, Never>] = []
    var nextID = 1_000
    let context = "seed \(seed)"

    for step in 0..<80 {
      let label = "\(context), step \(step)"
      switch generator.int(0..<12) {
      case 0, 1, 2:
        let target = generator.variation(of: source.snapshot)
        replaces.append(
          Task {
            if await source.replaceInBackground(with: target) {
              #expect(source.snapshot == target, "\(label): a successful replace left its content")
            }
          })
      case 3:
        await Task.yield()
      case 4:
        source.replace(with: generator.variation(of: source.snapshot))
      case 5:
        source.perform { sections in
          sections = generator.variation(of: Snapshot(sections: sections)).sections
        }
      case 6 where generator.chance(0.3):
        source.reset(to: generator.snapshot())
      default:
        edit(source, &generator, &nextID)
      }
      checkTables(source, label)
      if generator.chance(0.2) { await Task.yield() }
    }
    for replace in replaces { await replace.value }
    let last = generator.variation(of: source.snapshot)
    #expect(await source.replaceInBackground(with: last), "\(context)")
    #expect(source.snapshot == last, "\(context)")
    checkTables(source, context)
    #expect(checker.problems.isEmpty, "\(context): \(checker.problems)")
    #expect(checker.copy == source.snapshot, "\(context)")
  }

  /// One edit at a random place: insert, delete, move, update, a section
  /// insert or delete.
  private func edit(
    _ source: MutableDataSource<Int, Row>, _ g: inout SnapshotGenerator, _ nextID: inout Int
  ) {
    let sections = source.numberOfSections
    guard sections > 0 else {
      source.appendSection(RowSection(id: g.int(0..<6), items: [Row(id: nextID)]))
      nextID += 1
      return
    }
    let s = g.int(0..<sections)
    let count = source.numberOfItems(inSection: s)
    switch g.int(0..<6) {
    case 0:
      source.insert([Row(id: nextID)], at: ItemPath(section: s, item: g.int(0..<(count + 1))))
      nextID += 1
    case 1 where count > 0:
      source.deleteItems(at: [ItemPath(section: s, item: g.int(0..<count))])
    case 2 where count > 0:
      let t = g.int(0..<sections)
      let room = source.numberOfItems(inSection: t) - (t == s ? 1 : 0)
      source.moveItem(
        from: ItemPath(section: s, item: g.int(0..<count)),
        to: ItemPath(section: t, item: g.int(0..<(room + 1))))
    case 3 where count > 0:
      var item = source.item(at: ItemPath(section: s, item: g.int(0..<count)))
      item.revision += 1
      source.update(item)
    case 4:
      source.insertSection(RowSection(id: 100 + g.int(0..<4)), at: g.int(0..<(sections + 1)))
    case 5 where sections > 1:
      source.deleteSection(at: s)
    default:
      source.append([Row(id: nextID)], toSection: s)
      nextID += 1
    }
  }

  /// The source's look-up tables agree with its snapshot.
  private func checkTables(_ source: MutableDataSource<Int, Row>, _ label: String) {
    let snapshot = Snapshot(sections: source.sections)
    #expect(source.snapshot == snapshot, "\(label)")
    #expect(source.numberOfItems == snapshot.numberOfItems, "\(label)")
    for (s, section) in snapshot.sections.enumerated() {
      #expect(source.sectionIndex(for: section.id) == s, "\(label)")
      for (i, item) in section.items.enumerated() where i % 3 == 0 {
        #expect(source.itemPath(for: item.id) == ItemPath(section: s, item: i), "\(label)")
      }
    }
  }
}
