import DataSourceGraphGRDB
import DataSourceGraphNodes
import DataSourceGraphSections
import Foundation
import GRDB
import Testing

/// Random SQL inserts, updates and deletes against a database file, with
/// the source followed in sections by team: after every step settles, the
/// source equals a fresh fetch, and every batch it sent passed the
/// validator and took the previous snapshot to the next.
///
/// Replay a failure with its seed:
/// `GRDB_SEED=<seed> swift test --filter RandomEditsTests`.
@MainActor
@Suite struct RandomEditsTests {
  nonisolated static let teams = ["amber", "blue", "coral", "dune"]

  /// Fixed seeds, plus the one `GRDB_SEED` names, or a fresh one.
  nonisolated static let seeds: [UInt64] = {
    let chosen = ProcessInfo.processInfo.environment["GRDB_SEED"].flatMap { UInt64($0) }
    return [1, 0x5EED, 0xDA7A_BA5E] + [chosen ?? UInt64.random(in: 0...UInt64.max)]
  }()

  @Test(arguments: seeds)
  func randomSQLReachesTheSourceAsValidBatches(seed: UInt64) async throws {
    var random = SplitMix64(seed: seed)
    let file = try TemporaryDatabase()
    defer { file.remove() }
    let dbPool = try file.pool()
    try await dbPool.createMembers()

    let source = MutableDataSource<String, Member>()
    let following = source.follow(in: dbPool, groupedBy: \.team, header: \.teamTitle) { db in
      try Member.order(Column("team"), Column("score").desc, Column("id")).fetchAll(db)
    }
    await source.loaded()
    let recorder = BatchRecorder(source)
    var nextID: Int64 = 1
    var batchesSeen = 0

    for step in 0..<200 {
      // One to three transactions, each of one to four statements: the
      // source may see every transaction or only the last (coalesced).
      for _ in 0..<Int.random(in: 1...3, using: &random) {
        var statements: [(sql: String, arguments: StatementArguments)] = []
        for _ in 0..<Int.random(in: 1...4, using: &random) {
          statements.append(Self.statement(nextID: &nextID, using: &random))
        }
        let transaction = statements
        try await dbPool.write { db in
          for statement in transaction {
            try db.execute(sql: statement.sql, arguments: statement.arguments)
          }
        }
      }

      let expected = try await dbPool.read(Self.expectedSnapshot)
      do {
        try await waitUntil("step \(step) of seed \(seed)") { source.snapshot == expected }
      } catch {
        Issue.record("seed \(seed), step \(step): \(error)")
        break
      }
      #expect(recorder.problems == [], "seed \(seed), step \(step)")
      #expect(
        source.contentState.kind == (expected.isEmpty ? .empty : .content),
        "seed \(seed), step \(step)")
      guard recorder.problems.isEmpty else { break }
      batchesSeen = recorder.batches.count
    }
    #expect(batchesSeen > 0, "seed \(seed): the random steps changed nothing")
    following.cancel()
  }

  /// A random statement: mostly single-row inserts, updates and deletes,
  /// sometimes one that touches many rows.
  static func statement(
    nextID: inout Int64, using random: inout SplitMix64
  ) -> (sql: String, arguments: StatementArguments) {
    let team = teams.randomElement(using: &random)!
    let score = Int.random(in: 0..<20, using: &random)
    let id = Int64.random(in: 1...max(nextID, 1), using: &random)
    switch Int.random(in: 0..<10, using: &random) {
    case 0..<4:
      defer { nextID += 1 }
      return (
        "INSERT INTO member (id, name, team, score) VALUES (?, ?, ?, ?)",
        [nextID, "m\(nextID)", team, score]
      )
    case 4:
      return ("UPDATE member SET score = ? WHERE id = ?", [score, id])
    case 5:
      return ("UPDATE member SET team = ? WHERE id = ?", [team, id])
    case 6:
      return ("UPDATE member SET name = name || '+' WHERE id = ?", [id])
    case 7:
      return ("DELETE FROM member WHERE id = ?", [id])
    case 8:
      return ("UPDATE member SET score = (score + ?) % 20 WHERE team = ?", [score, team])
    default:
      return ("DELETE FROM member WHERE team = ? AND score < ?", [team, score / 4])
    }
  }

  /// What the source should show, fetched without the grouping under test:
  /// one query per team that has members.
  @Sendable nonisolated static func expectedSnapshot(_ db: Database) throws -> Snapshot<
    String, Member
  > {
    let teams = try String.fetchAll(db, sql: "SELECT DISTINCT team FROM member ORDER BY team")
    return Snapshot(
      sections: try teams.map { team in
        let members = try Member.fetchAll(
          db, sql: "SELECT * FROM member WHERE team = ? ORDER BY score DESC, id",
          arguments: [team])
        return SnapshotSection(id: team, header: "Team \(team)", items: members)
      })
  }
}
