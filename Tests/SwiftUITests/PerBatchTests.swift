import DataSourceGraphComposition
import DataSourceGraphNodes
import DataSourceGraphSections
import DataSourceGraphSwiftUI
import Testing

/// The model applies each batch to the content it holds rather than reading
/// the node's content again: its last change is the batch the node sent,
/// and the sections the batch does not touch keep their storage.
@MainActor
@Suite struct PerBatchTests {
  /// The address of the items' storage of each section (`nil` if empty).
  static func storage(of snapshot: Snapshot<String, Row>) -> [UnsafeRawPointer?] {
    snapshot.sections.map { section in
      section.items.withContiguousStorageIfAvailable { $0.baseAddress.map(UnsafeRawPointer.init) }
        ?? nil
    }
  }

  static func threeSections() -> Snapshot<String, Row> {
    Snapshot(
      sections: (0..<3).map { s in
        SnapshotSection(id: "s\(s)", items: (0..<4).map { Row(id: s * 10 + $0, value: $0) })
      })
  }

  @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
  @Test func theLastChangeIsTheBatchTheNodeSent() {
    let leaf = MutableDataSource<String, Row>(snapshot: Self.threeSections())
    let model = DataSourceModel(leaf)
    var sent: [SnapshotChange<String, Row>] = []
    let observation = leaf.observe { if case .changed(let change) = $0 { sent.append(change) } }
    defer { observation.cancel() }

    _ = leaf.update(Row(id: 11, value: 100))
    guard case .batch(let batch) = model.lastChange, case .batch(let expected) = sent.last else {
      Issue.record("expected a batch, got \(String(describing: model.lastChange))")
      return
    }
    #expect(batch == expected)
    #expect(batch.itemUpdates.count == 1 && batch.count == 1)
  }

  @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
  @Test func aReloadReplacesTheContent() {
    let probe = ProbeSource(Self.threeSections())
    let model = DataSourceModel(probe)
    let next = Snapshot(id: "x", items: [Row(id: 1, value: 1)])
    probe.change(to: next, sending: .reloadAll(next))
    #expect(model.snapshot == next)
    guard case .reloadAll(let snapshot) = model.lastChange else {
      Issue.record("expected a reload, got \(String(describing: model.lastChange))")
      return
    }
    #expect(snapshot == next)
  }

  @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
  @Test func sectionsTheBatchDoesNotTouchKeepTheirStorage() {
    let leaf = MutableDataSource<String, Row>(snapshot: Self.threeSections())
    let model = DataSourceModel(leaf)
    let before = Self.storage(of: model.snapshot)

    _ = leaf.update(Row(id: 11, value: 100))  // touches section 1 only
    let after = Self.storage(of: model.snapshot)
    #expect(after[0] == before[0])
    // Section 1 is updated where it is: the model holds it alone, since the
    // leaf made its own copy to edit (see InPlaceTests).
    #expect(after[2] == before[2])
    #expect(model.differences(from: leaf).isEmpty)

    leaf.moveSection(from: 2, to: 0)  // moves keep the storage of every section
    let moved = Self.storage(of: model.snapshot)
    #expect(moved == [after[2], after[0], after[1]])
  }

  @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
  @Test func throughAGraphTooOnlyTheChangedSectionIsCopied() {
    let a = MutableDataSource<String, Row>(snapshot: Self.threeSections())
    let b = MutableDataSource<String, Row>(
      snapshot: Snapshot(id: "b", items: [Row(id: 100, value: 1)]))
    let screen = CompositeDataSource(a, b).filter { $0.value >= 0 }
    let model = DataSourceModel(screen)
    let before = model.snapshot.sections.map { section in
      section.items.withContiguousStorageIfAvailable { $0.baseAddress.map(UnsafeRawPointer.init) }
        ?? nil
    }
    _ = b.append([Row(id: 101, value: 2)], toSection: 0)
    let after = model.snapshot.sections.map { section in
      section.items.withContiguousStorageIfAvailable { $0.baseAddress.map(UnsafeRawPointer.init) }
        ?? nil
    }
    #expect(Array(after.prefix(3)) == Array(before.prefix(3)))
    #expect(after[3] != before[3])
    #expect(model.differences(from: screen).isEmpty)
  }
}
