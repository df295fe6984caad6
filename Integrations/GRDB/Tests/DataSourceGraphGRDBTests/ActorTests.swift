import DataSourceGraphGRDB
import DataSourceGraphNodes
import DataSourceGraphSections
import GRDB
import Testing

/// A screen model on an actor of its own, not the main actor: the source
/// lives there, and the observation's values come back to it.
actor MemberList {
  let source = MutableDataSource<String, Member>()
  private var following: ObservationToken?
  private var recorder: [ChangeBatch<String, Member>] = []
  private var observation: ObservationToken?

  func start(in reader: some DatabaseReader) async {
    observation = source.observe { [weak self] event in
      guard let self, case .changed(.batch(let batch)) = event else { return }
      // The source tells its observers on its actor: this one (checked).
      self.assumeIsolated { $0.recorder.append(batch) }
    }
    following = source.follow(in: reader, section: "members", fetch: membersByScore)
    await source.loaded()
  }

  var members: [Member] { source.snapshot.allItems }
  var batches: [ChangeBatch<String, Member>] { recorder }
  var state: ContentState.Kind { source.contentState.kind }
}

@Test func aSourceOnAnotherActorFollowsTheDatabase() async throws {
  let file = try TemporaryDatabase()
  defer { file.remove() }
  let dbQueue = try file.queue()
  let ada = Member(id: 1, name: "Ada", team: "red", score: 30)
  let bob = Member(id: 2, name: "Bob", team: "blue", score: 20)
  try await dbQueue.createMembers([ada])
  let list = MemberList()
  await list.start(in: dbQueue)
  #expect(await list.members == [ada])
  #expect(await list.state == .content)

  try await dbQueue.write { db in try bob.insert(db) }
  let deadline = ContinuousClock.now + .seconds(60)
  while await list.members != [ada, bob] {
    guard ContinuousClock.now < deadline else { throw Timeout(what: "the insert") }
    try await Task.sleep(for: .milliseconds(2))
  }
  var insert = ChangeBatch<String, Member>()
  insert.itemInserts = [.init(path: ItemPath(section: 0, item: 1), item: bob)]
  // The first batch brought Ada; the second, Bob alone.
  #expect(await list.batches.dropFirst() == [insert])
}
