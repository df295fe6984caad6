import DataSourceGraphComposition
import DataSourceGraphNodes
import DataSourceGraphSections
import Testing

/// A long section that was edited is held in chunks; a bulk read of it
/// (`DataSource.items(inSection:)`) hands the chunks on instead of joining
/// them into one array, through the leaf and the nodes that pass a section
/// on as it is, and the sections a node's `section(at:)` builds keep them.
@Suite struct ChunkedBulkReadTests {
  static func editedLeaf() -> MutableDataSource<Int, Row> {
    let leaf = MutableDataSource<Int, Row>(
      snapshot: Snapshot(id: 0, items: (0..<5_000).map { Row(id: $0, value: $0) }))
    leaf.insert([Row(id: -1, value: 0)], at: ItemPath(section: 0, item: 2_500))
    return leaf
  }

  @Test func aLeafHandsOnItsChunks() {
    let leaf = Self.editedLeaf()
    let stored = leaf.snapshot.sections[0].items
    #expect(stored.chunkSizes.count > 1, "an edited section of 5,001 items is chunked")
    let read = leaf.items(inSection: 0)
    #expect(read.chunkSizes == stored.chunkSizes)
    #expect(read.elementsEqual(stored))
    #expect(leaf.section(at: 0).items.chunkSizes == stored.chunkSizes)
  }

  @Test func nodesThatPassASectionOnKeepItsChunks() {
    let leaf = Self.editedLeaf()
    let chunks = leaf.snapshot.sections[0].items.chunkSizes
    let composite = CompositeDataSource([leaf])
    let flat = leaf.joined()
    let erased = AnyDataSource(leaf)
    #expect(composite.items(inSection: 0).chunkSizes == chunks)
    #expect(flat.items(inSection: 0).chunkSizes == chunks)
    #expect(erased.items(inSection: 0).chunkSizes == chunks)
    #expect(composite.section(at: 0).items.chunkSizes == chunks)
  }

  @Test func nodesThatSelectOrOrderReadTheChunksRight() {
    let leaf = Self.editedLeaf()
    let expected = leaf.snapshot.sections[0].items.array
    let kept = leaf.filter { $0.value % 3 == 0 }
    let sorted = leaf.sorted { ($0.value, $0.id) > ($1.value, $1.id) }
    let mapped = leaf.map { Row(id: $0.id, value: $0.value * 2) }
    #expect(kept.items(inSection: 0).array == expected.filter { $0.value % 3 == 0 })
    #expect(
      sorted.items(inSection: 0).array == expected.sorted { ($0.value, $0.id) > ($1.value, $1.id) })
    #expect(mapped.items(inSection: 0).map(\.value) == expected.map { $0.value * 2 })
    // A bulk read equals the reads one by one.
    #expect(
      sorted.items(inSection: 0).array
        == (0..<sorted.numberOfItems(inSection: 0)).map {
          sorted.item(at: ItemPath(section: 0, item: $0))
        })
  }
}
