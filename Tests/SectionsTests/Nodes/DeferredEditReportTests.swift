import DataSourceGraphNodes
import DataSourceGraphSections
import SectionsTestSupport
import Testing

/// An edit asked for while observers are being told of a change is made
/// after the delivery: it returns `nil`, instead of claiming that nothing
/// was left out.
@Suite struct DeferredEditReportTests {
  @Test func anEditAskedForDuringADeliveryReportsThatItIsDeferred() {
    let leaf = MutableDataSource<Int, Row>(snapshot: Snapshot(id: 0, items: [Row(id: 1)]))
    var reports: [Snapshot<Int, Row>.Skipped?] = []
    duringADelivery {
      // Row 1 is already shown, row 3 is missing: made now, both would be
      // left out.
      reports.append(leaf.append([Row(id: 1), Row(id: 2)], toSection: 0))
      reports.append(leaf.update([Row(id: 3, revision: 1)]))
    }
    #expect(reports.count == 2)
    #expect(reports.allSatisfy { $0 == nil })
    #expect(leaf.snapshot.sections[0].items.map(\.id) == [1, 2], "made after the delivery")

    let now = leaf.append([Row(id: 1)], toSection: 0)
    #expect(now?.itemIDs == [1], "made at once: what it left out")
  }
}
