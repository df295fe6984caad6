import DataSourceGraphComposition
import DataSourceGraphSections
import Testing

/// Checks that a misuse stopped the process with `message` on standard
/// error, as `fatalError` prints it.
private func expectMisuseMessage(
  _ result: ExitTest.Result?, _ message: String,
  sourceLocation: SourceLocation = #_sourceLocation
) {
  guard let result else { return }  // the exit expectation already failed
  let standardError = String(decoding: result.standardErrorContent, as: UTF8.self)
  #expect(
    standardError.contains("Fatal error: \(message)"),
    "standard error: \(standardError)", sourceLocation: sourceLocation)
}

/// Each misuse of a `DataSourceGraphComposition` API stops the process with
/// a message naming the values involved. The tests run in `swift test -c
/// release` too, where they prove the message is kept under `-O`.
@Suite struct CompositionMisuseMessageTests {
  // MARK: Composite children

  @Test func insertingAChildPastTheEnd() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      let first = MutableDataSource<Int, Row>(sections: [SnapshotSection(id: 0, items: [])])
      let second = MutableDataSource<Int, Row>(sections: [SnapshotSection(id: 0, items: [])])
      let screen = CompositeDataSource(first, second)
      screen.insertChild(MutableDataSource<Int, Row>(), at: 3)
    }
    expectMisuseMessage(result, "child index 3 out of range: the composite has 2 children")
  }

  @Test func removingAChildOutOfRange() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      let first = MutableDataSource<Int, Row>(sections: [SnapshotSection(id: 0, items: [])])
      let second = MutableDataSource<Int, Row>(sections: [SnapshotSection(id: 0, items: [])])
      let screen = CompositeDataSource(first, second)
      screen.removeChild(at: 2)
    }
    expectMisuseMessage(result, "child index 2 out of range: the composite has 2 children")
  }

  @Test func movingAChildOutOfRange() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      let first = MutableDataSource<Int, Row>(sections: [SnapshotSection(id: 0, items: [])])
      let second = MutableDataSource<Int, Row>(sections: [SnapshotSection(id: 0, items: [])])
      let screen = CompositeDataSource(first, second)
      screen.moveChild(from: 0, to: 5)
    }
    expectMisuseMessage(result, "child indices 0, 5 out of range: the composite has 2 children")
  }

  // MARK: Splice

  @Test func aNegativeSpliceIndex() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      let base = MutableDataSource<Int, Row>(sections: [
        SnapshotSection(id: 0, items: [Row(id: 1, value: 0)])
      ])
      let ads = MutableDataSource<Int, Row>(sections: [
        SnapshotSection(id: 0, items: [Row(id: 2, value: 0)])
      ])
      _ = base.splicing(ads, intoSection: 0, at: -1)
    }
    expectMisuseMessage(result, "splice index -1 must not be negative")
  }

  // MARK: Flatten reads

  @Test func aFlattenSectionIdentityOutOfRange() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      let source = MutableDataSource<Int, Row>(sections: [
        SnapshotSection(id: 0, items: [Row(id: 1, value: 0)])
      ])
      _ = source.joined().sectionID(at: 1)
    }
    expectMisuseMessage(result, "section index 1 out of range: a flatten has 1 section")
  }

  @Test func aFlattenItemCountOutOfRange() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      let source = MutableDataSource<Int, Row>(sections: [
        SnapshotSection(id: 0, items: [Row(id: 1, value: 0)])
      ])
      _ = source.joined().numberOfItems(inSection: 2)
    }
    expectMisuseMessage(result, "section index 2 out of range: a flatten has 1 section")
  }

  @Test func aFlattenItemOutOfRange() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      let source = MutableDataSource<Int, Row>(sections: [
        SnapshotSection(id: 0, items: [Row(id: 1, value: 0)])
      ])
      _ = source.joined().item(at: ItemPath(section: 1, item: 0))
    }
    expectMisuseMessage(result, "section index 1 out of range: a flatten has 1 section")
  }

  // MARK: Segmented

  @Test func aSegmentedSourceWithoutChildren() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      _ = SegmentedDataSource<Int, Row>([])
    }
    expectMisuseMessage(result, "a segmented source needs at least one child")
  }

  @Test func aFirstSelectionOutOfRange() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      _ = SegmentedDataSource(MutableDataSource<Int, Row>(), selectedIndex: 2)
    }
    expectMisuseMessage(result, "selected index 2 out of range: 1 children")
  }

  @Test func aSelectionOutOfRange() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      let tabs = SegmentedDataSource(MutableDataSource<Int, Row>(), MutableDataSource<Int, Row>())
      tabs.selectedIndex = 3
    }
    expectMisuseMessage(
      result, "selected index 3 out of range: the segmented source has 2 children")
  }
}
