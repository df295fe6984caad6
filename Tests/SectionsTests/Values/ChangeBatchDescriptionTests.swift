import DataSourceGraphSections
import SectionsTestSupport
import TestSupport
import Testing

/// The printed forms of batches, changes and paths: the formats are the
/// contract (`ChangeBatch`'s discussion), so these examples hold them
/// exactly.
@Suite struct ChangeBatchDescriptionTests {
  static func p(_ section: Int, _ item: Int) -> ItemPath { ItemPath(section: section, item: item) }

  /// A batch with every kind of change.
  static var everyKind: RowBatch {
    var batch = RowBatch()
    batch.sectionDeletes = [3]
    batch.sectionInserts = [
      .init(index: 0, section: RowSection(id: 9, items: [Row(id: 7), Row(id: 8)]))
    ]
    batch.sectionMoves = [.init(from: 2, to: 1)]
    batch.sectionUpdates = [.init(from: 4, to: 4, header: "New", footer: nil)]
    batch.itemDeletes = [p(1, 0), p(1, 1)]
    batch.itemInserts = [
      .init(path: p(0, 3), item: Row(id: 12)), .init(path: p(0, 4), item: Row(id: 13)),
    ]
    batch.itemMoves = [.init(from: p(1, 2), to: p(0, 0))]
    batch.itemUpdates = [
      .init(from: p(2, 0), to: p(2, 0), item: Row(id: 5, revision: 1)),
      .init(from: p(1, 5), to: p(0, 6), item: Row(id: 6, revision: 1)),
    ]
    return batch
  }

  @Test func aPathAndAMovePrintAsTheirPositions() {
    #expect("\(Self.p(0, 3))" == "0.3")
    #expect(String(reflecting: Self.p(12, 0)) == "ItemPath(section: 12, item: 0)")
    #expect("\(Self.everyKind.itemMoves)" == "[1.2 → 0.0]")
    #expect("\(Self.everyKind.sectionMoves)" == "[2 → 1]")
  }

  @Test func everyKindOfChangeOnOneLine() {
    #expect(
      Self.everyKind.description
        == "1 section deleted at 3; 1 section inserted at 0; 1 section moved 2 → 1; "
        + "1 section updated at 4; 2 items deleted at 1.0, 1.1; 2 items inserted at 0.3, 0.4; "
        + "1 item moved 1.2 → 0.0; 2 items updated at 2.0, 1.5 → 0.6")
    #expect(RowBatch().description == "no changes")
  }

  @Test func everyKindOfChangeByIdentity() {
    #expect(
      Self.everyKind.debugDescription
        == "ChangeBatch(1 section deleted at 3; 1 section inserted at 0: 9 [7, 8]; "
        + "1 section moved 2 → 1; 1 section updated at 4; 2 items deleted at 1.0, 1.1; "
        + "2 items inserted at 0.3: 12, 0.4: 13; 1 item moved 1.2 → 0.0; "
        + "2 items updated at 2.0: 5, 1.5 → 0.6: 6)")
    #expect(RowBatch().debugDescription == "ChangeBatch(no changes)")
  }

  @Test func stringIdentitiesAreQuoted() {
    var batch = ChangeBatch<String, Named>()
    batch.sectionInserts = [
      .init(index: 1, section: SnapshotSection(id: "archive", items: [Named(id: "a b")]))
    ]
    batch.itemUpdates = [.init(from: Self.p(0, 0), to: Self.p(0, 0), item: Named(id: "x"))]
    #expect(
      batch.debugDescription
        == #"ChangeBatch(1 section inserted at 1: "archive" ["a b"]; 1 item updated at 0.0: "x")"#)
  }

  @Test func longListsAreAbbreviatedInTheDescriptionOnly() {
    var batch = RowBatch()
    batch.itemInserts = (0..<120).map { .init(path: Self.p(0, $0), item: Row(id: $0)) }
    batch.sectionDeletes = [0, 1, 2, 3, 4]
    #expect(
      batch.description
        == "5 sections deleted at 0, 1, 2, 3, 4; 120 items inserted at 0.0, 0.1, 0.2, 0.3, …, 0.119"
    )
    let debug = batch.debugDescription
    #expect(debug.contains("0.4: 4, 0.5: 5, "))
    #expect(debug.hasSuffix("0.118: 118, 0.119: 119)"))
    #expect(!debug.contains("…"))
  }

  @Test func aChangePrintsItsBatchOrItsReload() {
    let batch = SnapshotChange<Int, Row>.batch(Self.everyKind)
    #expect(batch.description == Self.everyKind.description)
    #expect(batch.debugDescription == Self.everyKind.debugDescription)
    let reload = SnapshotChange<Int, Row>.reloadAll(
      RowSnapshot(sections: [
        RowSection(id: 1, items: [Row(id: 4), Row(id: 5)]), RowSection(id: 2),
      ]))
    #expect(reload.description == "reload all: 2 sections, 2 items")
    #expect(reload.debugDescription == "reloadAll(Snapshot(2 sections: 1 [4, 5], 2 []))")
  }

  /// The grammar over random batches: one line; a clause per kind of
  /// change present, in the documented order, each naming its count; at
  /// most five positions a clause, every one by identity in the debug
  /// form.
  @Test(.namesTheSeed)
  func randomBatchesPrintOneLineWithEveryCount() async {
    await forEachSeed(1...200, randomBatchesPrintOneLineWithEveryCount(seed:))
  }

  func randomBatchesPrintOneLineWithEveryCount(seed: UInt64) {
    var rng = SplitMix64(seed: seed)
    func length() -> Int { rng.chance(0.4) ? 0 : rng.int(1..<12) }
    func path() -> ItemPath { ItemPath(section: rng.int(0..<4), item: rng.int(0..<200)) }
    var batch = RowBatch()
    batch.sectionDeletes = (0..<length()).map { _ in rng.int(0..<9) }
    batch.sectionInserts = (0..<length()).map { _ in
      .init(index: rng.int(0..<9), section: RowSection(id: rng.int(0..<9), items: [Row(id: 1)]))
    }
    batch.sectionMoves = (0..<length()).map { _ in .init(from: rng.int(0..<9), to: rng.int(0..<9)) }
    batch.sectionUpdates = (0..<length()).map { _ in
      .init(from: rng.int(0..<9), to: rng.int(0..<9), header: nil, footer: nil)
    }
    batch.itemDeletes = (0..<length()).map { _ in path() }
    batch.itemInserts = (0..<length()).map { _ in
      .init(path: path(), item: Row(id: rng.int(0..<99)))
    }
    batch.itemMoves = (0..<length()).map { _ in .init(from: path(), to: path()) }
    batch.itemUpdates = (0..<length()).map { _ in
      .init(from: path(), to: path(), item: Row(id: rng.int(0..<99)))
    }
    let kinds: [(count: Int, noun: String, verb: String)] = [
      (batch.sectionDeletes.count, "section", "deleted"),
      (batch.sectionInserts.count, "section", "inserted"),
      (batch.sectionMoves.count, "section", "moved"),
      (batch.sectionUpdates.count, "section", "updated"),
      (batch.itemDeletes.count, "item", "deleted"), (batch.itemInserts.count, "item", "inserted"),
      (batch.itemMoves.count, "item", "moved"), (batch.itemUpdates.count, "item", "updated"),
    ].filter { $0.count > 0 }
    let description = batch.description
    #expect(!description.contains("\n"))
    guard !kinds.isEmpty else {
      #expect(description == "no changes")
      return
    }
    let clauses = description.split(separator: "; ", omittingEmptySubsequences: false)
    let debugClauses = String(batch.debugDescription.dropFirst("ChangeBatch(".count).dropLast())
      .split(separator: "; ", omittingEmptySubsequences: false)
    #expect(clauses.count == kinds.count && debugClauses.count == kinds.count, "\(description)")
    for (kind, (clause, debugClause)) in zip(kinds, zip(clauses, debugClauses)) {
      let head = "\(kind.count) \(kind.noun)\(kind.count == 1 ? "" : "s") \(kind.verb) "
      #expect(clause.hasPrefix(head), "\(clause)")
      #expect(debugClause.hasPrefix(head), "\(debugClause)")
      let shown = clause.split(separator: ", ", omittingEmptySubsequences: false)
      #expect(shown.count == min(kind.count, 5) + (kind.count > 5 ? 1 : 0), "\(clause)")
      #expect(shown.contains("…") == (kind.count > 5), "\(clause)")
      // The debug form lists every entry; an inserted section's items
      // are in brackets, one item each here.
      #expect(
        debugClause.split(separator: ", ", omittingEmptySubsequences: false).count == kind.count,
        "\(debugClause)")
    }
  }
}

/// An item whose identity is a string.
struct Named: Identifiable, Hashable {
  var id: String
}
