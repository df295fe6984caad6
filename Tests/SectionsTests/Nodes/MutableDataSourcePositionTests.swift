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
    var nextID = 0
    func rows(_ count: Int) -> [Row] {
      defer { nextID += count }
      return (nextID..<(nextID + count)).map { Row(id: $0) }
    }
    let source = MutableDataSource<Int, Row>(
      sections: (0..<3).map { RowSection(id: $0, items: rows(rng.int(0...120))) })
    var ids = Array(0..<nextID)
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

  /// A snapshot read and dropped does not make the next edit copy the
  /// section: the leaf lets go of it before the edit.
  @Test func anEditAfterASnapshotReadChangesTheStorageInPlace() {
    let source = MutableDataSource<Int, Row>(
      snapshot: Snapshot(id: 0, items: (0..<1_000).map { Row(id: $0) }))
    _ = source.snapshot.numberOfItems
    source.update(Row(id: 1, revision: 1))
    _ = source.snapshot.numberOfItems
    let before = source.sections[0].items.withUnsafeBufferPointer { $0.baseAddress }
    source.update(Row(id: 2, revision: 1))
    let after = source.sections[0].items.withUnsafeBufferPointer { $0.baseAddress }
    #expect(before == after)
    #expect(source.snapshot.itemPath(for: 2) == ItemPath(section: 0, item: 2))
  }
}
