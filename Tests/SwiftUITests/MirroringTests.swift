import DataSourceGraphComposition
import DataSourceGraphNodes
import DataSourceGraphSections
import DataSourceGraphSwiftUI
import Testing

/// The model equals its node (content and state) after every change: edits
/// of a leaf, loads, and changes that reach it through combinators.
@MainActor
@Suite struct MirroringTests {
  @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
  @Test func startsFromTheNodesContentAndState() {
    let leaf = MutableDataSource<String, Row>(
      snapshot: Snapshot(id: "a", header: "A", items: [Row(id: 1, value: 1)]))
    let model = DataSourceModel(leaf)
    #expect(model.differences(from: leaf).isEmpty)
    #expect(model.state.kind == .content)
    #expect(model.lastChange == nil)
    #expect(model.changeCount == 0)
    #expect(model.sections.map(\.id) == ["a"])
    #expect(model.items == [Row(id: 1, value: 1)])
  }

  @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
  @Test func followsEveryEditOfALeaf() {
    let leaf = MutableDataSource<String, Row>(
      snapshot: Snapshot(id: "a", items: [Row(id: 1, value: 1), Row(id: 2, value: 2)]))
    let model = DataSourceModel(leaf)
    var previous = model.snapshot
    let edits: [() -> Void] = [
      { _ = leaf.append([Row(id: 3, value: 3)], toSection: 0) },
      { _ = leaf.update(Row(id: 1, value: 10)) },
      { leaf.moveItem(from: ItemPath(section: 0, item: 0), to: ItemPath(section: 0, item: 2)) },
      {
        _ = leaf.appendSection(SnapshotSection(id: "b", header: "B", items: [Row(id: 4, value: 4)]))
      },
      { leaf.updateSection(at: 1, header: "Bee", footer: "end") },
      { leaf.moveSection(from: 1, to: 0) },
      { leaf.deleteItems(withIDs: [2, 4]) },
      { leaf.deleteSection(at: 0) },
      { leaf.replace(with: Snapshot(id: "c", items: [Row(id: 5, value: 5)])) },
    ]
    for (step, edit) in edits.enumerated() {
      edit()
      #expect(model.differences(from: leaf, previous: previous).isEmpty, "step \(step)")
      #expect(model.changeCount == step + 1, "step \(step)")
      previous = model.snapshot
    }
  }

  @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
  @Test func followsLoadsAndTheirStates() {
    let leaf = MutableDataSource<String, Row>()
    let model = DataSourceModel(leaf)
    var token: LoadToken<String, Row>?
    leaf.load { token = $0 }
    #expect(model.state.kind == .loading)
    _ = token?.succeed(with: Snapshot(id: "a", items: [Row(id: 1, value: 1)]))
    #expect(model.differences(from: leaf).isEmpty)
    #expect(model.state.kind == .content)
    leaf.load { token = $0 }
    #expect(model.state.kind == .refreshing)
    _ = token?.fail(Offline())
    #expect(model.differences(from: leaf).isEmpty)
    #expect(model.state.kind == .contentWithFailure)
    #expect(model.state.error is Offline)
    leaf.reset()
    #expect(model.differences(from: leaf).isEmpty)
    #expect(model.state.kind == .initial)
  }

  @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
  @Test func followsAComposedGraph() {
    let inbox = MutableDataSource<String, Row>(name: "Inbox")
    let archive = MutableDataSource<String, Row>(name: "Archive")
    let screen = CompositeDataSource(inbox, archive).filter { $0.value >= 0 }
    let model = DataSourceModel(screen)
    #expect(model.differences(from: screen).isEmpty)

    inbox.load { $0.succeed(with: Snapshot(id: "in", items: [Row(id: 1, value: 1)])) }
    #expect(model.differences(from: screen).isEmpty)
    #expect(model.state.kind == .content)  // the archive has not started a load
    var token: LoadToken<String, Row>?
    archive.load { token = $0 }
    #expect(model.state.kind == .partial)  // the archive loads
    _ = token?.fail(Offline())
    #expect(model.differences(from: screen).isEmpty)
    guard case .partial(let partial) = model.state else {
      Issue.record("expected partial, got \(model.state)")
      return
    }
    #expect(partial.missing.map(\.name) == ["Archive"])

    archive.load { $0.succeed(with: Snapshot(id: "ar", items: [Row(id: 2, value: -2)])) }
    #expect(model.differences(from: screen).isEmpty)
    _ = inbox.append([Row(id: 3, value: -3), Row(id: 4, value: 4)], toSection: 0)
    _ = archive.update(Row(id: 2, value: 2))  // now passes the filter
    #expect(model.differences(from: screen).isEmpty)
    #expect(model.items.map(\.id) == [1, 4, 2])
    #expect(model.sections.count == 2)
  }

  @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
  @Test func aBatchThatDoesNotFitIsReplacedByTheNodesContent() {
    let probe = ProbeSource(Snapshot(id: "a", items: [Row(id: 1, value: 1)]))
    let model = DataSourceModel(probe)
    // A batch that deletes an item the content does not have.
    var batch = ChangeBatch<String, Row>()
    batch.itemDeletes = [ItemPath(section: 0, item: 5)]
    let content = Snapshot(id: "a", items: [Row(id: 2, value: 2)])
    probe.change(to: content, sending: .batch(batch))
    #expect(model.snapshot == content)
    guard case .reloadAll(let reloaded) = model.lastChange else {
      Issue.record("expected a reload, got \(String(describing: model.lastChange))")
      return
    }
    #expect(reloaded == content)
    #expect(model.changeCount == 1)
  }

  @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
  @Test func reloadForwardsToTheNode() {
    let probe = ProbeSource()
    let model = DataSourceModel(probe)
    model.reload()
    model.reload()
    #expect(probe.reloads == 2)
  }
}
