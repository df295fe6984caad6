import DataSourceGraphComposition
import DataSourceGraphSections
import Testing

/// A graph has no retain cycles: dropping the pipeline frees every
/// combinator, while the leaves live on.
@Suite struct RetainTests {
  @Test func aDroppedPipelineIsFreed() {
    let a = MutableDataSource<Int, Row>(snapshot: Snapshot(id: 0, items: [Row(id: 1, value: 1)]))
    let b = MutableDataSource<Int, Row>(snapshot: Snapshot(id: 1, items: [Row(id: 2, value: 2)]))
    weak var weakComposite: CompositeDataSource<Row>?
    weak var weakFilter: FilteredDataSource<CompositeSectionID, Row>?
    weak var weakRoot: AnyObject?
    var received = 0
    do {
      let composite = CompositeDataSource(a, b)
      let filter = composite.filter { $0.value > 0 }
      let root = SegmentedDataSource(
        filter.sorted { $0.value < $1.value }.map { $0 }.removingEmptySections().switched()
          .fallingBack(to: filter), filter)
      weakComposite = composite
      weakFilter = filter
      weakRoot = root
      let observation = root.observe { _ in received += 1 }
      a.append([Row(id: 3, value: 3)], toSection: 0)
      #expect(received == 1)
      observation.cancel()
    }
    #expect(weakRoot == nil)
    #expect(weakFilter == nil)
    #expect(weakComposite == nil)
    a.append([Row(id: 4, value: 4)], toSection: 0)
    #expect(received == 1)
  }

  @Test func anObservationDoesNotKeepTheNodeAlive() {
    let a = MutableDataSource<Int, Row>()
    weak var weakFilter: FilteredDataSource<Int, Row>?
    var observation: ObservationToken?
    do {
      let filter = a.filter { _ in true }
      weakFilter = filter
      observation = filter.observe { _ in }
    }
    #expect(weakFilter == nil)
    #expect(observation != nil)
  }
}
