import DataSourceGraphNodes
import DataSourceGraphSections
import DataSourceGraphTesting
import SectionsTestSupport
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

/// Each misuse of a `DataSourceGraphSections` API stops the process with a
/// message naming the values involved. The tests run in `swift test -c
/// release` too, where they prove the message is kept under `-O`.
@Suite struct MisuseMessageTests {
  @Test func itemIndexOutOfRange() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      let source = MutableDataSource<Int, Row>(sections: [
        RowSection(id: 0, items: [Row(id: 1), Row(id: 2)])
      ])
      source.deleteItems(at: [ItemPath(section: 0, item: 5)])
    }
    expectMisuseMessage(result, "item index 5 out of range: section 0 has 2 items")
  }

  @Test func insertionIndexPastTheEnd() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      let source = MutableDataSource<Int, Row>(sections: [
        RowSection(id: 0, items: [Row(id: 1), Row(id: 2)])
      ])
      _ = source.insert([Row(id: 3)], at: ItemPath(section: 0, item: 3))
    }
    expectMisuseMessage(result, "item index 3 out of range: section 0 has 2 items")
  }

  @Test func sectionIndexOutOfRange() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      let source = MutableDataSource<Int, Row>(sections: [RowSection(id: 0, items: [Row(id: 1)])])
      source.deleteSection(at: 3)
    }
    expectMisuseMessage(result, "section index 3 out of range: the source has 1 sections")
  }

  @Test func moveDestinationOutOfRange() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      let source = MutableDataSource<Int, Row>(sections: [
        RowSection(id: 0, items: [Row(id: 1), Row(id: 2)])
      ])
      source.moveItem(from: ItemPath(section: 0, item: 0), to: ItemPath(section: 0, item: 2))
    }
    expectMisuseMessage(
      result, "destination item index 2 out of range: section 0 will have 1 items")
  }

  @Test func aSpinnerWithoutFrames() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      _ = TextListStyle(usesColor: false, spinnerFrames: [])
    }
    expectMisuseMessage(result, "a spinner needs at least one frame")
  }
}
