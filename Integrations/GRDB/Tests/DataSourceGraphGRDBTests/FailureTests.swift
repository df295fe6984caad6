import DataSourceGraphGRDB
import DataSourceGraphNodes
import DataSourceGraphSections
import GRDB
import Testing

/// Failing queries become the source's error state; cancelling the token
/// stops the updates.
@MainActor
@Suite struct FailureTests {
  let ada = Member(id: 1, name: "Ada", team: "red", score: 30)
  let bob = Member(id: 2, name: "Bob", team: "blue", score: 20)

  @Test func aMissingTableIsTheErrorStateUntilAReloadFindsIt() async throws {
    let file = try TemporaryDatabase()
    defer { file.remove() }
    let dbQueue = try file.queue()
    let source = MutableDataSource<String, Member>()
    let following = source.follow(in: dbQueue, section: "members", fetch: membersByScore)
    await source.loaded()

    guard case .error(let error) = source.contentState else {
      Issue.record("expected the error state, got \(source.contentState)")
      return
    }
    let databaseError = try #require(error as? DatabaseError)
    #expect(databaseError.resultCode == .SQLITE_ERROR)
    #expect(databaseError.message?.contains("no such table: member") == true)

    // The table appears; a reload starts the observation again.
    try await dbQueue.createMembers([ada, bob])
    source.reload()
    #expect(source.contentState.kind == .loading)
    await source.loaded()
    #expect(source.contentState.kind == .content)
    #expect(source.snapshot == Snapshot(id: "members", items: [ada, bob]))
    following.cancel()
  }

  @Test func anSQLSyntaxErrorIsTheErrorState() async throws {
    let file = try TemporaryDatabase()
    defer { file.remove() }
    let dbQueue = try file.queue()
    try await dbQueue.createMembers([ada])
    let source = MutableDataSource<String, Member>()
    let following = source.follow(in: dbQueue, section: "members") { db in
      try Member.fetchAll(db, sql: "SELECT * FROM member ORDER BY")
    }
    await source.loaded()
    #expect(source.contentState.kind == .error)
    #expect((source.contentState.error as? DatabaseError)?.resultCode == .SQLITE_ERROR)
    #expect(source.snapshot.isEmpty)
    following.cancel()
  }

  @Test func aQueryThatFailsLaterKeepsTheContentWithTheFailure() async throws {
    let file = try TemporaryDatabase()
    defer { file.remove() }
    let dbQueue = try file.queue()
    try await dbQueue.createMembers([ada, bob])
    let source = MutableDataSource<String, Member>()
    // `abs` of the smallest integer is an SQL error ("integer overflow"),
    // raised while the statement runs, for that row only.
    let following = source.follow(in: dbQueue, section: "members") { db in
      try Member.fetchAll(
        db, sql: "SELECT * FROM member WHERE abs(score) >= 0 ORDER BY score DESC, id")
    }
    await source.loaded()
    #expect(source.contentState.kind == .content)
    let recorder = BatchRecorder(source)

    let broken = bob.with { $0.score = Int(Int64.min) }
    try await dbQueue.write { db in try broken.update(db) }
    try await waitUntil("the failure") { source.contentState.kind == .contentWithFailure }
    #expect(source.contentState.error is DatabaseError)
    #expect(source.snapshot == Snapshot(id: "members", items: [ada, bob]))
    #expect(recorder.batches.isEmpty)

    // Repaired and reloaded: one item update, and content again.
    let repaired = bob.with { $0.score = 5 }
    try await dbQueue.write { db in try repaired.update(db) }
    source.reload()
    #expect(source.contentState.kind == .refreshing)
    await source.loaded()
    #expect(source.contentState.kind == .content)
    var update = ChangeBatch<String, Member>()
    update.itemUpdates = [
      .init(from: ItemPath(section: 0, item: 1), to: ItemPath(section: 0, item: 1), item: repaired)
    ]
    #expect(recorder.batches == [update])
    #expect(recorder.problems == [])
    following.cancel()
  }

  @Test func anErrorTheFetchThrowsIsTheSourcesError() async throws {
    struct Quota: Error {}
    let file = try TemporaryDatabase()
    defer { file.remove() }
    let dbQueue = try file.queue()
    try await dbQueue.createMembers([ada])
    let source = MutableDataSource<String, Member>()
    let following = source.follow(in: dbQueue, section: "members") { db in
      let members = try membersByScore(db)
      if members.count > 1 { throw Quota() }
      return members
    }
    await source.loaded()
    try await dbQueue.write { db in try bob.insert(db) }
    try await waitUntil("the failure") { source.contentState.kind == .contentWithFailure }
    #expect(source.contentState.error is Quota)
    #expect(source.snapshot.allItems == [ada])
    following.cancel()
  }

  @Test(arguments: [false, true])
  func endingTheTokenStopsTheUpdates(byRelease: Bool) async throws {
    let file = try TemporaryDatabase()
    defer { file.remove() }
    let dbQueue = try file.queue()
    try await dbQueue.createMembers([ada])
    let events = ObservationEvents()
    let observation =
      ValueObservation
      .tracking(membersByScore)
      .map { Snapshot(id: "members", items: $0) }
      .handleEvents(didCancel: { events.cancelled() })
    let source = MutableDataSource<String, Member>()
    var following: ObservationToken? = source.follow(observation, in: dbQueue)
    await source.loaded()
    let recorder = BatchRecorder(source)

    if byRelease {
      following = nil
    } else {
      following?.cancel()
    }
    // GRDB's observation is cancelled: no value of a later write can come.
    try await waitUntil("GRDB's cancellation") { events.cancels == 1 }
    try await dbQueue.write { db in try bob.insert(db) }

    // A second source started after the write sees it; the first does not.
    let witness = MutableDataSource<String, Member>()
    let watching = witness.follow(observation, in: dbQueue)
    await witness.loaded()
    #expect(witness.snapshot.allItems == [ada, bob])
    #expect(source.snapshot.allItems == [ada])
    #expect(source.contentState.kind == .content)
    #expect(recorder.batches.isEmpty)
    #expect(recorder.states.isEmpty)
    withExtendedLifetime(following) {}
    watching.cancel()
  }
}
