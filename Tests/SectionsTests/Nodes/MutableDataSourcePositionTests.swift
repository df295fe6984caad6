import DataSourceGraphNodes
import DataSourceGraphSections
import SectionsTestSupport
import TestSupport
import Testing

/// A leaf's position look-ups by identity stay right across the inserts,
/// deletes and moves made since its position tables were built, and an
/// edit after a snapshot read changes the leaf's storage in place.
@Suite struct MutableDataSourcePositionTests {
  /// The path of every item, read by walking the sections: the model.
  static func modelPaths(_ source: MutableDataSource<Int, Row>) -> [Int: ItemPath] {
    var paths: [Int: ItemPath] = [:]
    for (s, section) in source.sections.enumerated() {
      for (i, item) in section.items.enumerated() { paths[item.id] = ItemPath(section: s, item: i) }
    }
    return paths
  }

  @Test(.namesTheSeed)
  func lookUpsAfterRandomEditsEqualTheModel() async {
    await forEachSeed(1...40, lookUpsAfterRandomEditsEqualTheModel(seed:))
  }

  func lookUpsAfterRandomEditsEqualTheModel(seed: UInt64) {
    var rng = SplitMix64(seed: seed)
    var rows = NumberedRows()
    let source = MutableDataSource<Int, Row>(
      sections: (0..<3).map { RowSection(id: $0, items: rows(rng.int(0...120))) })
    var ids = Array(0..<rows.next)
    // Enough edits that a section's log outgrows its bound and is rebuilt.
    for step in 0..<300 {
      let s = rng.int(0..<3)
      let count = source.numberOfItems(inSection: s)
      switch rng.int(0..<5) {
      case 0, 1:
        let new = rows(rng.int(1...3))
        source.insert(new, at: ItemPath(section: s, item: rng.int(0...count)))
        ids += new.map(\.id)
      case 2 where count > 0:
        source.deleteItems(
          at: (0..<rng.int(1...3)).map { _ in ItemPath(section: s, item: rng.int(0..<count)) })
      case 3 where count > 0:
        let t = rng.int(0..<3)
        let room = source.numberOfItems(inSection: t) - (t == s ? 1 : 0)
        source.moveItem(
          from: ItemPath(section: s, item: rng.int(0..<count)),
          to: ItemPath(section: t, item: rng.int(0...room)))
      default:
        if count > 0 {
          var item = source.item(at: ItemPath(section: s, item: rng.int(0..<count)))
          item.revision += 1
          source.update(item)
        }
      }
      let model = Self.modelPaths(source)
      // A few look-ups after every edit (present and gone identities),
      // every one now and then.
      let probes = step % 25 == 0 ? ids : (0..<4).map { _ in ids[rng.int(0..<ids.count)] }
      for id in probes {
        #expect(source.itemPath(for: id) == model[id], "seed \(seed) step \(step) id \(id)")
      }
    }
    #expect(source.snapshot == Snapshot(sections: source.sections), "seed \(seed)")
  }

  /// A delete of many rows at once, across sections, in any order and with
  /// repeats, removes each section's rows together (from its chunks, when
  /// the section is long enough to have them): the content equals the
  /// model's, every look-up by identity answers as the model does, and each
  /// batch applies to the content before it and breaks no rule of UIKit's.
  @Test(.namesTheSeed)
  func deletesOfManyRowsAcrossSectionsKeepTheModel() async {
    await forEachSeed(1...8, deletesOfManyRowsAcrossSectionsKeepTheModel(seed:))
  }

  func deletesOfManyRowsAcrossSectionsKeepTheModel(seed: UInt64) {
    var rng = SplitMix64(seed: seed)
    var rows = NumberedRows()
    // Sections from empty to past 1,024 items (where they are chunked).
    let source = MutableDataSource<Int, Row>(
      sections: (0..<4).map { RowSection(id: $0, items: rows([0, 40, 1_500, 3_000][$0])) })
    let mirror = CheckingMirror(source)
    var model = source.sections.map { Array($0.items) }
    var ids = Array(0..<rows.next)
    for step in 0..<40 {
      if rng.chance(0.3) {
        // Rows arrive somewhere, so that the deletes meet shifted sections.
        let s = rng.int(0..<4)
        let new = rows(rng.int(1...60))
        let at = rng.int(0...model[s].count)
        source.insert(new, at: ItemPath(section: s, item: at))
        model[s].insert(contentsOf: new, at: at)
        ids += new.map(\.id)
      }
      var paths: [ItemPath] = []
      for _ in 0..<rng.int(1...40) {
        let s = rng.int(0..<4)
        guard !model[s].isEmpty else { continue }
        // Runs of neighbours and lone rows; some paths twice.
        let start = rng.int(0..<model[s].count)
        for i in start..<min(model[s].count, start + rng.int(1...12)) {
          paths.append(ItemPath(section: s, item: i))
        }
      }
      if let repeated = paths.first { paths.append(repeated) }
      paths.shuffle(using: &rng)
      source.deleteItems(at: paths)
      for path in Set(paths).sorted().reversed() { model[path.section].remove(at: path.item) }

      #expect(source.sections.map { Array($0.items) } == model, "seed \(seed) step \(step)")
      let modelPaths = Self.modelPaths(source)
      for id in (0..<16).map({ _ in ids[rng.int(0..<ids.count)] }) {
        #expect(source.itemPath(for: id) == modelPaths[id], "seed \(seed) step \(step) id \(id)")
      }
    }
    #expect(mirror.problems.isEmpty, "seed \(seed): \(mirror.problems.prefix(2))")
    #expect(mirror.snapshot == source.snapshot, "seed \(seed)")
  }

  /// The leaf keeps the identity table of the snapshot it adopts and
  /// records only the changes since: look-ups and the item count stay
  /// right across item and section edits, replaces (whose snapshots bring
  /// their own tables, or none when applied from a batch) and `perform`.
  @Test(.namesTheSeed)
  func lookUpsAcrossReplacesAndSectionEditsEqualTheModel() async {
    await forEachSeed(1...40, lookUpsAcrossReplacesAndSectionEditsEqualTheModel(seed:))
  }

  func lookUpsAcrossReplacesAndSectionEditsEqualTheModel(seed: UInt64) {
    var g = SnapshotGenerator(seed: seed, sectionPool: 6, itemPool: 80)
    let source = MutableDataSource(snapshot: g.snapshot())
    for step in 0..<200 {
      if g.chance(0.15) {
        // A snapshot made by applying a batch: its identity table is not built.
        var edited = source.snapshot
        if let applied = edited.applying(g.variation(of: edited).difference(from: edited)) {
          edited = applied
        }
        source.replace(with: edited)
      } else {
        MutableDataSourceTests.applyRandomEdit(to: source, using: &g)
      }
      let model = Self.modelPaths(source)
      #expect(source.numberOfItems == model.count, "seed \(seed) step \(step)")
      for id in 0..<g.itemPool {
        #expect(source.itemPath(for: id) == model[id], "seed \(seed) step \(step) id \(id)")
      }
    }
  }

  /// A long section of an adopted snapshot, edited thousands of times
  /// (inserts, deletes and moves, each followed by look-ups, as a chat's
  /// "insert a message, then mark it sent"): its position table starts over
  /// the snapshot's offsets, refreshes itself as the log grows (many
  /// refreshes of a 1,200-item section), and lives through a rebuild of the
  /// leaf's identity table; every look-up equals the model's.
  @Test(.namesTheSeed)
  func lookUpsInALongSectionStayRightThroughItsRefreshes() async {
    await forEachSeed(1...6, lookUpsInALongSectionStayRightThroughItsRefreshes(seed:))
  }

  func lookUpsInALongSectionStayRightThroughItsRefreshes(seed: UInt64) {
    var rng = SplitMix64(seed: seed)
    var nextID = 1_200
    let source = MutableDataSource<Int, Row>()
    source.replace(
      with: Snapshot(sections: [
        RowSection(id: 0, items: (0..<1_200).map { Row(id: $0) }),
        RowSection(id: 1, items: []),
      ]))
    var model = source.sections.map { $0.items.map(\.id) }
    func check(_ id: Int, _ step: Int) {
      let expected = model.indices.lazy.compactMap { s in
        model[s].firstIndex(of: id).map { ItemPath(section: s, item: $0) }
      }.first
      #expect(source.itemPath(for: id) == expected, "seed \(seed) step \(step) id \(id)")
    }
    for step in 0..<3_000 {
      let s = rng.int(0..<10) < 9 ? 0 : 1
      let count = model[s].count
      switch rng.int(0..<4) {
      case 0:
        let at = rng.int(0...count)
        source.insert([Row(id: nextID)], at: ItemPath(section: s, item: at))
        model[s].insert(nextID, at: at)
        var sent = Row(id: nextID)
        sent.revision = 1
        source.update(sent)  // found right after its insert
        nextID += 1
      case 1 where count > 0:
        let at = rng.int(0..<count)
        source.deleteItems(at: [ItemPath(section: s, item: at)])
        model[s].remove(at: at)
      case 2 where count > 0:
        let t = rng.int(0..<3) == 0 ? 1 - s : s
        let from = rng.int(0..<count)
        let id = model[s].remove(at: from)
        let to = rng.int(0...model[t].count)
        model[t].insert(id, at: to)
        source.moveItem(from: ItemPath(section: s, item: from), to: ItemPath(section: t, item: to))
      default:
        break
      }
      for _ in 0..<3 { check(rng.int(0..<nextID), step) }
      if step % 40 == 0 {
        let paths = Self.modelPaths(source)
        for id in 0..<nextID {
          #expect(source.itemPath(for: id) == paths[id], "seed \(seed) step \(step) id \(id)")
        }
      }
    }
    #expect(source.sections.map { $0.items.map(\.id) } == model, "seed \(seed)")
    for id in 0..<nextID { check(id, 3_000) }
  }

  /// Once the edits since the last snapshot adopted outnumber the items,
  /// the leaf builds its identity table again from its sections: removing
  /// most of a large leaf item by item, then adding new items, keeps every
  /// look-up and the count right across that rebuild.
  @Test func manyEditsSinceTheSnapshotAdoptedKeepLookUpsRight() {
    let source = MutableDataSource<Int, Row>(
      sections: [
        RowSection(id: 0, items: (0..<1_500).map { Row(id: $0) }),
        RowSection(id: 1, items: (1_500..<2_000).map { Row(id: $0) }),
      ])
    for id in stride(from: 0, to: 1_400, by: 1) { source.deleteItems(withIDs: [id]) }
    source.append((2_000..<2_300).map { Row(id: $0) }, toSection: 1)
    source.moveItem(from: ItemPath(section: 1, item: 0), to: ItemPath(section: 0, item: 0))
    let model = Self.modelPaths(source)
    #expect(source.numberOfItems == model.count)
    #expect(model.count == 100 + 500 + 300)
    for id in 0..<2_300 { #expect(source.itemPath(for: id) == model[id], "id \(id)") }
    #expect(source.snapshot == Snapshot(sections: source.sections))
  }

  /// A replace that changes a few rows of a leaf with several sections
  /// (deletes, inserts, moves within and across sections), then an update
  /// by identity: the leaf takes the replace's batch in and its position
  /// tables follow the rows, so the look-up builds no table from the
  /// section's items (it did, 40 to 97 ms for a section of 50,000 items),
  /// and every look-up equals the model. Moving a section keeps its
  /// offsets too.
  @Test(.namesTheSeed)
  func aReplaceOfAFewRowsKeepsTheSectionsPositions() async {
    await forEachSeed(1...20, aReplaceOfAFewRowsKeepsTheSectionsPositions(seed:))
  }

  func aReplaceOfAFewRowsKeepsTheSectionsPositions(seed: UInt64) {
    var rng = SplitMix64(seed: seed)
    var rows = NumberedRows()
    let source = MutableDataSource<Int, Row>(
      snapshot: Snapshot(sections: (0..<5).map { RowSection(id: $0, items: rows(300)) }))
    for step in 0..<60 {
      var sections = source.sections
      for _ in 0..<rng.int(1...3) {
        let s = rng.int(0..<sections.count)
        guard !sections[s].items.isEmpty else { continue }
        let item = sections[s].items.remove(at: rng.int(0..<sections[s].items.count))
        switch rng.int(0..<3) {
        case 0: break  // a delete
        case 1:  // a move, maybe to another section
          let t = rng.int(0..<sections.count)
          sections[t].items.insert(item, at: rng.int(0...sections[t].items.count))
        default:  // a delete and an insert elsewhere
          let t = rng.int(0..<sections.count)
          sections[t].items.insert(
            contentsOf: rows(rng.int(1...3)), at: rng.int(0...sections[t].items.count))
        }
      }
      if rng.chance(0.1) {
        source.moveSection(from: rng.int(0..<5), to: rng.int(0..<5))
        sections = source.sections
      } else {
        // Applied to the old snapshot, so the new one has no identity
        // table: the leaf takes the batch in, not the table.
        let old = source.snapshot
        let new = Snapshot(sections: sections)
        source.replace(with: old.applying(new.difference(from: old)) ?? new)
      }
      let model = Self.modelPaths(source)
      for _ in 0..<10 {
        let id = rng.int(0..<rows.next)
        #expect(source.itemPath(for: id) == model[id], "seed \(seed) step \(step) id \(id)")
        if let path = model[id] {
          var item = source.item(at: path)
          item.revision += 1
          source.update(item)
        }
      }
    }
    #expect(source.positionTablesBuilt == 0, "seed \(seed)")
    #expect(source.snapshot == Snapshot(sections: source.sections), "seed \(seed)")
  }

  /// A leaf worn by edits (more since the snapshot it adopted than it has
  /// items) builds its identity table again a few items at each edit, not
  /// all in one (61 ms at 100,000 items). Over the many edits that takes,
  /// with inserts, deletes and moves within and across sections, sections
  /// inserted, deleted and moved, replaces that change a few rows and
  /// replaces that change every section, every look-up equals the model;
  /// the rebuild ends, and the count and the content stay right after it.
  @Test(.namesTheSeed)
  func aWornLeafRebuildsItsIdentitiesInPiecesAndKeepsItsLookUps() async {
    await forEachSeed(1...6, aWornLeafRebuildsItsIdentitiesInPiecesAndKeepsItsLookUps(seed:))
  }

  func aWornLeafRebuildsItsIdentitiesInPiecesAndKeepsItsLookUps(seed: UInt64) {
    var rng = SplitMix64(seed: seed)
    var rows = NumberedRows()
    var nextSection = 4
    let source = MutableDataSource<Int, Row>(
      snapshot: Snapshot(sections: (0..<4).map { RowSection(id: $0, items: rows(600)) }))
    var commitsRebuilding = 0
    var rebuildsEnded = 0
    var cancels = 0
    for step in 0..<6_000 {
      let wasRebuilding = source.isRebuildingIdentities
      var cancelling = false
      let s = rng.int(0..<source.numberOfSections)
      let count = source.numberOfItems(inSection: s)
      switch rng.int(0..<100) {
      case 0..<35:
        source.insert(rows(rng.int(1...2)), at: ItemPath(section: s, item: rng.int(0...count)))
      case 35..<70 where count > 0:
        source.deleteItems(
          at: (0..<rng.int(1...2)).map { _ in ItemPath(section: s, item: rng.int(0..<count)) })
      case 70..<90 where count > 0:
        let t = rng.int(0..<source.numberOfSections)
        let room = source.numberOfItems(inSection: t) - (t == s ? 1 : 0)
        source.moveItem(
          from: ItemPath(section: s, item: rng.int(0..<count)),
          to: ItemPath(section: t, item: rng.int(0...room)))
      case 90..<92:
        source.insertSection(
          RowSection(id: nextSection, items: rows(rng.int(0...40))),
          at: rng.int(0...source.numberOfSections))
        nextSection += 1
      case 92..<93 where source.numberOfSections > 2:
        source.deleteSection(at: s)
      case 93..<95:
        source.moveSection(from: s, to: rng.int(0..<source.numberOfSections))
      case 95..<97 where count > 1:
        // A replace that changes a few rows: the leaf takes its batch in.
        var sections = source.sections
        sections[s].items.remove(at: rng.int(0..<count))
        sections[s].items.insert(contentsOf: rows(1), at: rng.int(0..<count))
        source.replace(with: Snapshot(sections: sections))
      case 97..<98 where rebuildsEnded > 0 || (source.isRebuildingIdentities && cancels == 0):
        // A replace that changes every section: the leaf takes the new
        // snapshot's table whole, and a rebuild under way is dropped (the
        // first one, once; then the leaf wears again).
        cancelling = source.isRebuildingIdentities
        if cancelling { cancels += 1 }
        var sections = source.sections
        for k in sections.indices where !sections[k].items.isEmpty {
          sections[k].items.removeFirst()
        }
        source.replace(with: Snapshot(sections: sections))
      default:
        if count > 0 {
          var item = source.item(at: ItemPath(section: s, item: rng.int(0..<count)))
          item.revision += 1
          source.update(item)
        }
      }
      if source.isRebuildingIdentities { commitsRebuilding += 1 }
      if wasRebuilding, !source.isRebuildingIdentities, !cancelling { rebuildsEnded += 1 }
      guard step % 5 == 0 else { continue }
      let model = Self.modelPaths(source)
      let probes =
        step % 500 == 0
        ? Array(0..<rows.next) : (0..<8).map { _ in rng.int(0..<rows.next) }
      for id in probes {
        #expect(source.itemPath(for: id) == model[id], "seed \(seed) step \(step) id \(id)")
      }
      #expect(source.numberOfItems == model.count, "seed \(seed) step \(step)")
    }
    // The rebuild is spread over edits, and ends.
    #expect(rebuildsEnded >= 1, "seed \(seed)")
    #expect(commitsRebuilding >= 10, "seed \(seed): \(commitsRebuilding) commits")
    #expect(source.snapshot == Snapshot(sections: source.sections), "seed \(seed)")
  }

  /// The rebuild of a worn leaf's identity table costs each edit a few
  /// items: a leaf of 10,000 rows, churned one row at a time (a delete,
  /// then an insert), spends more than a thousand edits rebuilding (it
  /// walks its 10,000 rows twice, once for the position table and once
  /// for the identities, 8 rows per identity an edit files), and answers
  /// every look-up right after.
  @Test func aWornLeafSpreadsItsRebuildOverItsEdits() {
    var rows = NumberedRows()
    let source = MutableDataSource<Int, Row>(snapshot: Snapshot(id: 0, items: rows(10_000)))
    var rng = SplitMix64(seed: 7)
    var commitsRebuilding = 0
    var started = false
    for _ in 0..<20_000 {
      let count = source.numberOfItems(inSection: 0)
      source.deleteItems(at: [ItemPath(section: 0, item: rng.int(0..<count))])
      if source.isRebuildingIdentities { commitsRebuilding += 1 }
      source.insert(rows(1), at: ItemPath(section: 0, item: rng.int(0..<count)))
      if source.isRebuildingIdentities { commitsRebuilding += 1 }
      started = started || source.isRebuildingIdentities
      if started, !source.isRebuildingIdentities { break }
    }
    #expect(started)
    #expect(!source.isRebuildingIdentities)
    #expect(commitsRebuilding >= 1_000, "\(commitsRebuilding) commits")
    let model = Self.modelPaths(source)
    #expect(source.numberOfItems == model.count)
    for id in 0..<rows.next { #expect(source.itemPath(for: id) == model[id], "id \(id)") }
  }

  /// A leaf that starts empty and is fed page by page holds every identity
  /// in tables that grow shard by shard (a `Dictionary` filed all of them
  /// again in the page that filled it: 37 ms at 100,000 items, 168 ms at
  /// 400,000). Past many splits, with deletes and moves among the pages,
  /// every look-up still equals the model.
  @Test(.namesTheSeed)
  func aLeafFedPageByPageKeepsItsLookUpsThroughItsTablesGrowth() async {
    await forEachSeed(1...4, aLeafFedPageByPageKeepsItsLookUpsThroughItsTablesGrowth(seed:))
  }

  func aLeafFedPageByPageKeepsItsLookUpsThroughItsTablesGrowth(seed: UInt64) {
    var rng = SplitMix64(seed: seed)
    var rows = NumberedRows()
    let source = MutableDataSource<Int, Row>(sections: [RowSection(id: 0, items: [])])
    for page in 0..<400 {
      source.append(rows(50), toSection: 0)
      let count = source.numberOfItems(inSection: 0)
      if rng.chance(0.3) {
        source.deleteItems(at: [ItemPath(section: 0, item: rng.int(0..<count))])
      }
      if rng.chance(0.2) {
        source.moveItem(
          from: ItemPath(section: 0, item: rng.int(0..<count - 1)),
          to: ItemPath(section: 0, item: rng.int(0..<count - 1)))
      }
      if page % 50 == 49 {
        let model = Self.modelPaths(source)
        for _ in 0..<200 {
          let id = rng.int(0..<rows.next)
          #expect(source.itemPath(for: id) == model[id], "seed \(seed), page \(page), id \(id)")
        }
      }
    }
    let model = Self.modelPaths(source)
    #expect(source.numberOfItems == model.count)
    for id in 0..<rows.next {
      #expect(source.itemPath(for: id) == model[id], "seed \(seed), id \(id)")
    }
  }

  /// A snapshot read and dropped does not make the next edit copy the
  /// section: the leaf lets go of it before the edit.
  @Test func anEditAfterASnapshotReadChangesTheStorageInPlace() {
    let source = MutableDataSource<Int, Row>(
      snapshot: Snapshot(id: 0, items: (0..<1_000).map { Row(id: $0) }))
    _ = source.snapshot.numberOfItems
    source.update(Row(id: 1, revision: 1))
    _ = source.snapshot.numberOfItems
    let before = source.sections[0].items.withContiguousStorageIfAvailable { $0.baseAddress }
    source.update(Row(id: 2, revision: 1))
    let after = source.sections[0].items.withContiguousStorageIfAvailable { $0.baseAddress }
    #expect(before == after)
    #expect(source.snapshot.itemPath(for: 2) == ItemPath(section: 0, item: 2))
  }
}

/// Rows whose identities count up from 0, as the tests make them.
private struct NumberedRows {
  /// The identity of the next row made.
  private(set) var next = 0

  /// The next `count` rows.
  mutating func callAsFunction(_ count: Int) -> [Row] {
    defer { next += count }
    return (next..<(next + count)).map { Row(id: $0) }
  }
}
