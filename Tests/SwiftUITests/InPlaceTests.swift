import DataSourceGraphNodes
import DataSourceGraphSections
import DataSourceGraphSwiftUI
import Testing

/// The model applies each batch to the snapshot it holds, in place: an
/// update of a section it already holds alone copies nothing.
@MainActor
@Suite struct InPlaceTests {
  @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
  @Test func anUpdateDoesNotCopyTheSection() {
    let leaf = MutableDataSource<String, Row>(
      snapshot: Snapshot(id: "a", items: (0..<1_000).map { Row(id: $0, value: $0) }))
    let model = DataSourceModel(leaf)
    _ = leaf.update(Row(id: 1, value: -1))  // the section becomes the model's own
    let before = model.snapshot.sections[0].items.withContiguousStorageIfAvailable {
      $0.baseAddress
    }
    _ = leaf.update(Row(id: 2, value: -2))
    let after = model.snapshot.sections[0].items.withContiguousStorageIfAvailable { $0.baseAddress }
    #expect(before == after)
    #expect(model.differences(from: leaf).isEmpty)
    #expect(model.changeCount == 2)
  }

  /// A section longer than a chunk: the model edits it where it is, one
  /// chunk at a time, and `items` hands out its storage without a copy.
  @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
  @Test func aLongSectionIsEditedInChunksAndReadWithoutACopy() {
    let count = 5 * SnapshotSection<String, Row>.Items.chunkLimit
    let leaf = MutableDataSource<String, Row>(
      snapshot: Snapshot(id: "a", items: (0..<count).map { Row(id: $0, value: $0) }))
    let model = DataSourceModel(leaf)
    leaf.insert([Row(id: -1, value: 0)], at: ItemPath(section: 0, item: count / 2))
    _ = leaf.update(Row(id: 7, value: -7))
    leaf.deleteItems(at: [ItemPath(section: 0, item: 3)])
    let section = model.snapshot.sections[0].items
    #expect(!section.chunkSizes.isEmpty)
    #expect(model.items.sharesStorage(with: section))
    #expect(model.items.count == count)
    #expect(model.items[count / 2 - 1] == Row(id: -1, value: 0))
    #expect(model.differences(from: leaf).isEmpty)
  }
}
