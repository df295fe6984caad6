import DataSourceGraphNodes
import DataSourceGraphSections
import SectionsTestSupport
import Testing

/// The printed forms of a node's events: one line for a log, and the debug
/// form with the content by identity.
@Suite struct DataSourceEventDescriptionTests {
  struct Failure: Error, CustomStringConvertible {
    var description: String
  }

  @Test func eventsPrintTheirChangeOrTheirStates() {
    var batch = RowBatch()
    batch.itemInserts = [.init(path: ItemPath(section: 0, item: 3), item: Row(id: 12))]
    let changed = DataSourceEvent<Int, Row>.changed(.batch(batch))
    #expect(changed.description == "changed: 1 item inserted at 0.3")
    #expect(changed.debugDescription == "changed(ChangeBatch(1 item inserted at 0.3: 12))")
    let reload = DataSourceEvent<Int, Row>.changed(
      .reloadAll(RowSnapshot(sections: [RowSection(id: 1, items: [Row(id: 4)])])))
    #expect(reload.description == "changed: reload all: 1 section, 1 item")
    #expect(reload.debugDescription == "changed(reloadAll(Snapshot(1 section: 1 [4])))")
    let state = DataSourceEvent<Int, Row>.stateChanged(old: .loading, new: .content)
    #expect(state.description == "stateChanged: loading → content")
    #expect(state.debugDescription == "stateChanged(loading → content)")
    let partial = DataSourceEvent<Int, Row>.stateChanged(
      old: .refreshing,
      new: .partial(.init(missing: [.init(child: 1, name: "Recent", reason: .pending)])))
    #expect(partial.description == "stateChanged: refreshing → partial(Recent pending)")
    #expect(
      partial.debugDescription
        == #"stateChanged(refreshing → partial([child 1 "Recent" pending]))"#)
  }

  /// What a node tells its observers prints as the format says.
  @Test func aLeafsEventsPrintInOrder() {
    let leaf = MutableDataSource<Int, Row>(sections: [RowSection(id: 0, items: [Row(id: 1)])])
    var printed: [String] = []
    let observation = leaf.observe { printed.append("\($0)") }
    leaf.append([Row(id: 2), Row(id: 3)], toSection: 0)
    var token: LoadToken<Int, Row>?
    leaf.load { token = $0 }
    _ = token?.fail(Failure(description: "offline"))
    #expect(
      printed == [
        "changed: 2 items inserted at 0.1, 0.2", "stateChanged: content → refreshing",
        "stateChanged: refreshing → contentWithFailure(offline)",
      ])
    withExtendedLifetime(observation) {}
  }
}
