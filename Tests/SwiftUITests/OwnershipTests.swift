import DataSourceGraphComposition
import DataSourceGraphSections
import DataSourceGraphSwiftUI
import Testing

/// The model owns its node, and nothing owns the model: released, it ends
/// its observation and releases the graph it held alone.
@MainActor
@Suite struct OwnershipTests {
  @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
  @Test func theModelKeepsItsNodeAlive() {
    weak var weakNode: FilteredDataSource<String, Row>?
    let leaf = MutableDataSource<String, Row>()
    let model: DataSourceModel<String, Row>
    do {
      let node = leaf.filter { $0.value > 0 }
      weakNode = node
      model = DataSourceModel(node)
    }
    #expect(weakNode != nil)
    _ = leaf.appendSection(SnapshotSection(id: "a", items: [Row(id: 1, value: 1)]))
    #expect(model.items == [Row(id: 1, value: 1)])
  }

  @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
  @Test func aReleasedModelEndsItsObservation() {
    let probe = ProbeSource()
    weak var weakModel: DataSourceModel<String, Row>?
    do {
      let model = DataSourceModel(probe)
      weakModel = model
      #expect(probe.observerCount == 1)
    }
    #expect(weakModel == nil)
    #expect(probe.observerCount == 0)
  }

  @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
  @Test func aReleasedModelReleasesTheGraphItHeldAlone() {
    weak var weakModel: DataSourceModel<CompositeSectionID, Row>?
    weak var weakComposite: CompositeDataSource<Row>?
    weak var weakFilter: FilteredDataSource<CompositeSectionID, Row>?
    weak var weakLeaf: MutableDataSource<String, Row>?
    do {
      let leaf = MutableDataSource<String, Row>(
        snapshot: Snapshot(id: "a", items: [Row(id: 1, value: 1)]))
      let other = MutableDataSource<String, Row>()
      let all = CompositeDataSource(leaf, other)
      let screen = all.filter { $0.value > 0 }
      weakLeaf = leaf
      weakComposite = all
      weakFilter = screen
      let model = DataSourceModel(screen)
      weakModel = model
      leaf.load { $0.succeed(with: Snapshot(id: "a", items: [Row(id: 2, value: 2)])) }
      #expect(model.items == [Row(id: 2, value: 2)])
    }
    #expect(weakModel == nil)
    #expect(weakFilter == nil)
    #expect(weakComposite == nil)
    #expect(weakLeaf == nil)
  }

  @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
  @Test func aNodeHeldElsewhereOutlivesTheModelAndIsNoLongerObserved() {
    let leaf = MutableDataSource<String, Row>()
    let probe = ProbeSource()
    weak var weakModel: DataSourceModel<String, Row>?
    do {
      let model = DataSourceModel(leaf)
      let probed = DataSourceModel(probe)
      weakModel = model
      _ = leaf.appendSection(SnapshotSection(id: "a", items: [Row(id: 1, value: 1)]))
      #expect(model.changeCount == 1 && probed.changeCount == 0)
    }
    #expect(weakModel == nil)
    #expect(probe.observerCount == 0)
    // Edits after the model is gone reach no one.
    _ = leaf.append([Row(id: 2, value: 2)], toSection: 0)
    #expect(leaf.numberOfItems == 2)
  }
}
