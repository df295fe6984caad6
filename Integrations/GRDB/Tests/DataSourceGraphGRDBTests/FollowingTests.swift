import DataSourceGraphGRDB
import DataSourceGraphNodes
import DataSourceGraphSections
import GRDB
import Testing

/// Rows written to a real database file reach a followed source as minimal
/// batches, in each of the ways to follow a query.
@MainActor
@Suite struct FollowingTests {
  let ada = Member(id: 1, name: "Ada", team: "red", score: 30)
  let bob = Member(id: 2, name: "Bob", team: "blue", score: 20)
  let cy = Member(id: 3, name: "Cy", team: "red", score: 10)

  @Test func insertUpdateAndDeleteArriveAsOneItemChangeEach() async throws {
    let file = try TemporaryDatabase()
    defer { file.remove() }
    let dbQueue = try file.queue()
    try await dbQueue.createMembers([ada, bob, cy])

    let source = MutableDataSource<String, Member>(name: "Members")
    let following = source.follow(in: dbQueue, section: "members", header: "Members") { db in
      try membersByScore(db)
    }
    #expect(source.contentState.kind == .loading)
    await source.loaded()
    #expect(source.contentState.kind == .content)
    #expect(source.snapshot == Snapshot(id: "members", header: "Members", items: [ada, bob, cy]))
    let recorder = BatchRecorder(source)

    // One inserted row: one item insert, at its place in the order.
    let dee = Member(id: 4, name: "Dee", team: "blue", score: 25)
    try await dbQueue.write { db in try dee.insert(db) }
    try await waitUntil("the insert") { recorder.batches.count == 1 }
    var insert = ChangeBatch<String, Member>()
    insert.itemInserts = [.init(path: ItemPath(section: 0, item: 1), item: dee)]
    #expect(recorder.batches == [insert])

    // One updated row that keeps its place: one item update.
    let renamed = bob.with { $0.name = "Robert" }
    try await dbQueue.write { db in try renamed.update(db) }
    try await waitUntil("the update") { recorder.batches.count == 2 }
    var update = ChangeBatch<String, Member>()
    update.itemUpdates = [
      .init(from: ItemPath(section: 0, item: 2), to: ItemPath(section: 0, item: 2), item: renamed)
    ]
    #expect(recorder.batches.last == update)

    // One deleted row: one item delete.
    try await dbQueue.write { db in _ = try Member.deleteOne(db, id: ada.id) }
    try await waitUntil("the delete") { recorder.batches.count == 3 }
    var delete = ChangeBatch<String, Member>()
    delete.itemDeletes = [ItemPath(section: 0, item: 0)]
    #expect(recorder.batches.last == delete)

    #expect(source.snapshot.allItems == [dee, renamed, cy])
    #expect(recorder.problems == [])
    #expect(source.contentState.kind == .content)
    following.cancel()
  }

  @Test func aRowThatChangesPlaceIsOneMoveWithItsUpdate() async throws {
    let file = try TemporaryDatabase()
    defer { file.remove() }
    let dbQueue = try file.queue()
    try await dbQueue.createMembers([ada, bob, cy])
    let source = MutableDataSource<String, Member>()
    let following = source.follow(in: dbQueue, section: "members", fetch: membersByScore)
    await source.loaded()
    let recorder = BatchRecorder(source)

    let promoted = cy.with { $0.score = 40 }
    try await dbQueue.write { db in try promoted.update(db) }
    try await waitUntil("the move") { recorder.batches.count == 1 }
    let batch = try #require(recorder.batches.first)
    // Ada and Bob keep their places (a longest common subsequence); Cy moves.
    #expect(batch.itemInserts.isEmpty && batch.itemDeletes.isEmpty)
    let move = ChangeBatch<String, Member>.Move(
      from: ItemPath(section: 0, item: 2), to: ItemPath(section: 0, item: 0))
    #expect(batch.itemMoves == [move])
    #expect(batch.itemUpdates.map(\.item) == [promoted])
    #expect(source.snapshot.allItems == [promoted, ada, bob])
    #expect(recorder.problems == [])
    following.cancel()
  }

  @Test func emptyTableIsEmptyThenFirstRowIsOneSectionInsert() async throws {
    let file = try TemporaryDatabase()
    defer { file.remove() }
    let dbPool = try file.pool()
    try await dbPool.createMembers()
    let source = MutableDataSource<String, Member>()
    let following = source.follow(in: dbPool, groupedBy: \.team, fetch: membersByScore)
    await source.loaded()
    #expect(source.contentState.kind == .empty)
    let recorder = BatchRecorder(source)

    try await dbPool.write { db in try ada.insert(db) }
    try await waitUntil("the first row") { recorder.batches.count == 1 }
    var batch = ChangeBatch<String, Member>()
    batch.sectionInserts = [.init(index: 0, section: SnapshotSection(id: "red", items: [ada]))]
    #expect(recorder.batches == [batch])
    #expect(recorder.states == [.content])
    #expect(recorder.problems == [])
    following.cancel()
  }

  @Test func groupedRowsMakeSectionsInTheQueryOrder() async throws {
    let file = try TemporaryDatabase()
    defer { file.remove() }
    let dbPool = try file.pool()
    try await dbPool.createMembers([ada, bob, cy])
    let source = MutableDataSource<String, Member>()
    let following = source.follow(in: dbPool, groupedBy: \.team, header: \.teamTitle) { db in
      try Member.order(Column("team").desc, Column("score").desc).fetchAll(db)
    }
    await source.loaded()
    #expect(
      source.snapshot
        == Snapshot(sections: [
          SnapshotSection(id: "red", header: "Team red", items: [ada, cy]),
          SnapshotSection(id: "blue", header: "Team blue", items: [bob]),
        ]))
    let recorder = BatchRecorder(source)

    // Bob changes teams: blue empties, so its section goes in the same batch.
    let moved = bob.with { $0.team = "red" }
    try await dbPool.write { db in try moved.update(db) }
    try await waitUntil("the change of team") { recorder.batches.count == 1 }
    let batch = try #require(recorder.batches.first)
    #expect(batch.sectionDeletes == [1])
    #expect(batch.itemInserts == [.init(path: ItemPath(section: 0, item: 1), item: moved)])
    #expect(source.snapshot == Snapshot(id: "red", header: "Team red", items: [ada, moved, cy]))
    #expect(recorder.problems == [])
    following.cancel()
  }

  @Test func aFetchCanBuildItsOwnSections() async throws {
    let file = try TemporaryDatabase()
    defer { file.remove() }
    let dbQueue = try file.queue()
    try await dbQueue.createMembers([ada, bob, cy])
    let source = MutableDataSource<String, Member>()
    let following = source.follow(in: dbQueue) { db in
      let leaders = try Member.filter(Column("score") >= 20).order(Column("score").desc)
        .fetchAll(db)
      let others = try Member.filter(Column("score") < 20).order(Column("score").desc)
        .fetchAll(db)
      return Snapshot(sections: [
        SnapshotSection(id: "leaders", header: "Leaders", items: leaders),
        SnapshotSection(id: "others", header: "Others", items: others),
      ])
    }
    await source.loaded()
    #expect(source.snapshot.sections.map(\.items) == [[ada, bob], [cy]])
    let recorder = BatchRecorder(source)

    // Bob drops below 20: one move from the first section to the second.
    let dropped = bob.with { $0.score = 15 }
    try await dbQueue.write { db in try dropped.update(db) }
    try await waitUntil("the move across sections") { recorder.batches.count == 1 }
    let batch = try #require(recorder.batches.first)
    let move = ChangeBatch<String, Member>.Move(
      from: ItemPath(section: 0, item: 1), to: ItemPath(section: 1, item: 0))
    #expect(batch.itemMoves == [move])
    #expect(source.snapshot.sections.map(\.items) == [[ada], [dropped, cy]])
    #expect(recorder.problems == [])
    following.cancel()
  }

  @Test func aValueObservationRestartsOnReload() async throws {
    let file = try TemporaryDatabase()
    defer { file.remove() }
    let dbQueue = try file.queue()
    try await dbQueue.createMembers([ada, bob])
    let events = ObservationEvents()
    let observation =
      ValueObservation
      .tracking(membersByScore)
      .map { Snapshot(id: "members", items: $0) }
      .handleEvents(willStart: { events.started() }, didCancel: { events.cancelled() })
    let source = MutableDataSource<String, Member>()
    let following = source.follow(observation, in: dbQueue)
    await source.loaded()
    #expect(events.starts == 1)
    let recorder = BatchRecorder(source)

    // A reload cancels GRDB's observation and starts a fresh one: the same
    // content, so no batch, and the state goes refreshing, then content.
    source.reload()
    #expect(source.contentState.kind == .refreshing)
    await source.loaded()
    #expect(events.starts == 2)
    try await waitUntil("the first observation's cancellation") { events.cancels == 1 }
    #expect(recorder.batches.isEmpty)
    #expect(recorder.states == [.refreshing, .content])

    // The new observation follows the database.
    try await dbQueue.write { db in try cy.insert(db) }
    try await waitUntil("the insert") { recorder.batches.count == 1 }
    var insert = ChangeBatch<String, Member>()
    insert.itemInserts = [.init(path: ItemPath(section: 0, item: 2), item: cy)]
    #expect(recorder.batches == [insert])
    #expect(recorder.problems == [])
    following.cancel()
    try await waitUntil("the second observation's cancellation") { events.cancels == 2 }
  }
}
