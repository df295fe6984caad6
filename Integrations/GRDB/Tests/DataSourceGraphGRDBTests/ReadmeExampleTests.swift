// The example of Integrations/GRDB/README.md: its imports (less Testing),
// then its code verbatim between the markers (`.ci/grdb` checks that the two
// agree). This test keeps the example compiling and checks what it returns.

import DataSourceGraph
import DataSourceGraphGRDB
import GRDB
import Testing

// README example begins

struct Player: Codable, Identifiable, Equatable, Sendable, FetchableRecord, PersistableRecord {
  var id: Int64
  var name: String
  var score: Int
}

@MainActor
func followPlayers(in dbQueue: DatabaseQueue) async throws -> [ChangeBatch<String, Player>] {
  try await dbQueue.write { db in
    try db.create(table: "player") { t in
      t.primaryKey("id", .integer)
      t.column("name", .text).notNull()
      t.column("score", .integer).notNull()
    }
    try Player(id: 1, name: "Arthur", score: 100).insert(db)
    try Player(id: 2, name: "Barbara", score: 1000).insert(db)
  }

  // The leaf shows a live query: one section, best score first.
  let players = MutableDataSource<String, Player>(name: "Players")
  let following = players.follow(in: dbQueue, section: "players", header: "Best") { db in
    try Player.order(Column("score").desc).fetchAll(db)
  }
  await players.loaded()  // the first fetch: Barbara, Arthur

  // A transaction, made anywhere, reaches the leaf as one minimal batch:
  // here Arthur's delete and Craig's insert, each one item.
  let events = players.events
  try await dbQueue.write { db in
    try Player(id: 3, name: "Craig", score: 500).insert(db)
    try Player(id: 1, name: "Arthur", score: 100).delete(db)
  }
  var batches: [ChangeBatch<String, Player>] = []
  for await event in events {
    guard case .changed(.batch(let batch)) = event else { continue }
    batches.append(batch)
    if players.snapshot.allItems.map(\.name) == ["Barbara", "Craig"] { break }
  }
  following.cancel()  // or let it go: the token ends the observation
  return batches
}
// README example ends

@MainActor
@Test func readmeExample() async throws {
  let file = try TemporaryDatabase()
  defer { file.remove() }
  let dbQueue = try file.queue()
  // The example waits for its batch in `for await`: a watchdog cancels it
  // after a minute, which ends the wait (then the check below fails).
  let example = Task { try await followPlayers(in: dbQueue) }
  let watchdog = Task {
    try await Task.sleep(for: .seconds(60))
    example.cancel()
  }
  let batches = try await example.value
  watchdog.cancel()
  var expected = ChangeBatch<String, Player>()
  expected.itemDeletes = [ItemPath(section: 0, item: 1)]
  expected.itemInserts = [
    .init(path: ItemPath(section: 0, item: 1), item: Player(id: 3, name: "Craig", score: 500))
  ]
  #expect(batches == [expected])
}
