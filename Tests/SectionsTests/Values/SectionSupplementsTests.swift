import DataSourceGraphNodes
import DataSourceGraphSections
import SectionsTestSupport
import Testing

@Suite struct SectionSupplementsTests {
  struct Unread: Hashable, Sendable { var count: Int }
  struct Count: Hashable, Sendable { var count: Int }

  @Test func valuesCompareAsAnyHashable() {
    let unread = SectionSupplements(header: "Inbox", headerValue: Unread(count: 3))
    #expect(unread == SectionSupplements(header: "Inbox", headerValue: Unread(count: 3)))
    #expect(
      unread.hashValue
        == SectionSupplements(header: "Inbox", headerValue: Unread(count: 3)).hashValue)
    #expect(unread != SectionSupplements(header: "Inbox", headerValue: Unread(count: 4)))
    // The same payload in another type is another value.
    #expect(unread != SectionSupplements(header: "Inbox", headerValue: Count(count: 3)))
    #expect(unread != SectionSupplements(header: "Inbox"))
    #expect(SectionSupplements() == SectionSupplements(header: nil, footer: nil))
    #expect(SectionSupplements(footer: "end") != SectionSupplements(header: "end"))
  }

  @Test func aSectionReadsAndWritesItsSupplementsThroughOneValue() {
    var section = RowSection(id: 1, header: "A", footer: "z", items: [Row(id: 1)])
    #expect(section.supplements == SectionSupplements(header: "A", footer: "z"))
    section.headerValue = Unread(count: 1)
    section.footer = nil
    #expect(section.supplements == SectionSupplements(header: "A", headerValue: Unread(count: 1)))
    let rebuilt = RowSection(id: 1, supplements: section.supplements, items: [Row(id: 1)])
    #expect(rebuilt == section)
    #expect(rebuilt.hasSameSupplements(as: section))
    #expect(!rebuilt.hasSameSupplements(as: RowSection(id: 1, header: "A", items: [])))
  }

  @Test func anUpdateCarriesTheNewSupplementsWhateverItsBatch() {
    let supplements = SectionSupplements(header: "B", footerValue: Count(count: 2))
    var update = ChangeBatch<Int, Row>.SectionUpdate(from: 0, to: 1, supplements: supplements)
    #expect(update.header == "B" && update.footer == nil)
    #expect(update.footerValue as? Count == Count(count: 2))
    #expect(
      update
        == .init(from: 0, to: 1, header: "B", footer: nil, footerValue: Count(count: 2)))
    update.footer = "end"
    #expect(update.supplements.footer == "end")
    // A batch of other types takes the update as it is, at other indices.
    var other = ChangeBatch<String, ValueItem<Int>>()
    other.sectionUpdates = [update.moved(from: 3, to: 4)]
    #expect(other.sectionUpdates[0].supplements == update.supplements)
    #expect(other.sectionUpdates[0].from == 3 && other.sectionUpdates[0].to == 4)
  }

  @Test func aLeafGivesTheSupplementsItHolds() {
    let leaf = MutableDataSource<Int, Row>(sections: [RowSection(id: 1, header: "A", items: [])])
    var batches: [ChangeBatch<Int, Row>] = []
    let token = leaf.observe { event in
      if case .changed(.batch(let batch)) = event { batches.append(batch) }
    }
    leaf.updateSection(at: 0, header: "A", headerValue: Unread(count: 5))
    leaf.updateSection(at: 0, header: "A", headerValue: Unread(count: 5))
    #expect(
      leaf.supplements(ofSection: 0)
        == SectionSupplements(header: "A", headerValue: Unread(count: 5)))
    // The second call changed nothing, so it delivered nothing.
    #expect(batches.count == 1)
    #expect(batches.first?.sectionUpdates.first?.supplements == leaf.supplements(ofSection: 0))
    withExtendedLifetime(token) {}
  }
}
