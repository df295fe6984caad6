import DataSourceGraphNodes
import DataSourceGraphSections
import Foundation
import GRDB
import Testing

/// A row of the `member` table, the record most tests follow.
struct Member: Codable, Identifiable, Equatable, Sendable, FetchableRecord, PersistableRecord {
  var id: Int64
  var name: String
  var team: String
  var score: Int

  /// The header of the member's team.
  var teamTitle: String { "Team \(team)" }

  /// A copy with `change` made.
  func with(_ change: (inout Member) -> Void) -> Member {
    var copy = self
    change(&copy)
    return copy
  }
}

/// A database file in a directory of its own under the temporary directory,
/// removed by ``remove()``.
struct TemporaryDatabase {
  let directory: URL

  init() throws {
    directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("DataSourceGraphGRDBTests-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
  }

  /// The path of the database file.
  var path: String { directory.appendingPathComponent("db.sqlite").path }

  /// A queue on the file (no table).
  func queue() throws -> DatabaseQueue { try DatabaseQueue(path: path) }

  /// A pool on the file (WAL mode: reads run beside the writer).
  func pool() throws -> DatabasePool { try DatabasePool(path: path) }

  func remove() {
    try? FileManager.default.removeItem(at: directory)
  }
}

extension DatabaseWriter {
  /// Creates the `member` table and inserts `members`.
  func createMembers(_ members: [Member] = []) async throws {
    try await write { db in
      try db.create(table: "member") { table in
        table.primaryKey("id", .integer)
        table.column("name", .text).notNull()
        table.column("team", .text).notNull()
        table.column("score", .integer).notNull()
      }
      for member in members { try member.insert(db) }
    }
  }
}

/// The members, best score first (ties by identity), as the tests follow them.
@Sendable func membersByScore(_ db: Database) throws -> [Member] {
  try Member.order(Column("score").desc, Column("id")).fetchAll(db)
}

/// Why a wait ended the test.
struct Timeout: Error, CustomStringConvertible {
  var what: String
  var description: String { "timed out waiting for \(what)" }
}

/// Returns once `condition` holds, checking it every few milliseconds;
/// throws after `timeout`. The bound is generous: a loaded 2-core machine
/// delivers in milliseconds, and a test that waits this long has failed.
@MainActor
func waitUntil(
  _ what: String, timeout: Duration = .seconds(60), _ condition: () throws -> Bool
) async throws {
  let deadline = ContinuousClock.now + timeout
  while try !condition() {
    guard ContinuousClock.now < deadline else { throw Timeout(what: what) }
    try await Task.sleep(for: .milliseconds(2))
  }
}

/// Observes a source, checks every batch as it comes (the library's
/// validator, and that it takes the previous snapshot to the new one), and
/// keeps the batches and the states.
@MainActor
final class BatchRecorder<SectionID: Hashable, Item: Identifiable & Equatable> {
  private(set) var batches: [ChangeBatch<SectionID, Item>] = []
  private(set) var states: [ContentState.Kind] = []
  /// What was wrong with the batches, one line each; empty when all held.
  private(set) var problems: [String] = []
  private var shown: Snapshot<SectionID, Item>
  private var observation: ObservationToken?

  init(_ source: MutableDataSource<SectionID, Item>) {
    shown = source.snapshot
    observation = source.observe { [weak self, weak source] event in
      guard let self, let source else { return }
      self.take(event, current: source.snapshot)
    }
  }

  private func take(_ event: DataSourceEvent<SectionID, Item>, current: Snapshot<SectionID, Item>) {
    switch event {
    case .changed(.batch(let batch)):
      let violations = batch.violations(from: shown, to: current)
      if !violations.isEmpty {
        problems.append("batch \(batches.count) breaks \(violations.map(\.description))")
      }
      if shown.applying(batch) != current {
        problems.append("batch \(batches.count) does not take the old snapshot to the new one")
      }
      batches.append(batch)
    case .changed(.reloadAll):
      problems.append("a leaf reloaded everything instead of sending a batch")
    case .stateChanged(_, let new):
      states.append(new.kind)
    }
    shown = current
  }

  /// Forgets the batches and states seen so far.
  func clear() {
    batches.removeAll()
    states.removeAll()
  }

  func cancel() { observation?.cancel() }
}

/// Counts what a GRDB observation went through (`handleEvents`), from any
/// thread.
final class ObservationEvents: @unchecked Sendable {
  private let lock = NSLock()
  private var startCount = 0
  private var cancelCount = 0

  var starts: Int { lock.withLock { startCount } }
  var cancels: Int { lock.withLock { cancelCount } }

  func started() { lock.withLock { startCount += 1 } }
  func cancelled() { lock.withLock { cancelCount += 1 } }
}

/// SplitMix64: a small, fast, seedable generator, so a failing random run
/// can be replayed from its seed.
struct SplitMix64: RandomNumberGenerator {
  private var state: UInt64

  init(seed: UInt64) { state = seed }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}
