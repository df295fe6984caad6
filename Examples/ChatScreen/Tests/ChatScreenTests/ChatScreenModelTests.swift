import ChatScreen
import DataSourceGraph
import DataSourceGraphTesting
import Testing

/// The chat's graph, driven as a user and a server drive it. Runs on Linux;
/// the UIKit screen over it only typechecks there.
@MainActor
@Suite struct ChatScreenModelTests {
  /// The ids of the screen's rows, by section.
  func ids(_ model: ChatScreenModel) -> [[Int]] {
    model.screen.snapshot.sections.map { $0.items.map(\.id) }
  }

  @Test func theChatOpensAtTheNewestPageAndPagesInAbove() async {
    let model = ChatScreenModel(server: ChatServer(count: 25, pageSize: 10))
    model.open()
    await model.screen.loaded()
    #expect(ids(model) == [Array(15..<25), []])
    #expect(model.history.previousPagingState.description == "hasMore")
    model.rowAppeared(model.history.item(at: ItemPath(section: 0, item: 0)))
    await model.screen.loaded()
    #expect(ids(model)[0] == Array(5..<25), "one batch of inserts at the top")
    model.history.loadPreviousPage()
    await model.screen.loaded()
    #expect(ids(model)[0] == Array(0..<25))
    #expect(model.history.previousPagingState.description == "complete")
  }

  @Test func aSentMessageShowsAtOnceThenIsMarkedSent() async {
    let model = ChatScreenModel(server: ChatServer(count: 3))
    let mirror = MirrorRenderer(for: model.screen)
    let token = model.screen.render(into: mirror)
    model.open()
    await model.screen.loaded()
    var seen: [String] = []
    let observation = model.screen.observe { event in
      guard case .changed(.batch(let batch)) = event else { return }
      let inserted = batch.itemInserts.map { "inserted \($0.item.status)" }
      let updated = batch.itemUpdates.map { "updated to \($0.item.status)" }
      seen.append((inserted + updated).joined(separator: ", "))
    }
    await model.send("Hello")
    observation.cancel()
    #expect(seen == ["inserted sending", "updated to sent"], "insert, then mark it sent")
    let sent = model.recent.snapshot.sections[0].items
    #expect(sent.map(\.text) == ["Hello"])
    #expect(sent.map(\.status) == [.sent])
    #expect(mirror.snapshot == model.screen.snapshot)
    #expect(mirror.failures.isEmpty, "every batch applied, each under UIKit's rules")
    token.cancel()
  }

  @Test func arrivalsAreCountedUntilRead() async {
    let model = ChatScreenModel(server: ChatServer(count: 3))
    model.open()
    await model.screen.loaded()
    model.receive("Are you there?")
    model.receive("Hello?")
    #expect(model.recent.snapshot.sections[0].header == "2 new messages")
    #expect(model.unreadCount == 2)
    model.markRead()
    #expect(model.recent.snapshot.sections[0].header == nil)
    #expect(model.recent.snapshot.sections[0].items.count == 2, "the rows stay")
  }
}
