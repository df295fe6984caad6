import Foundation

/// The words of UIKit's messages for one kind of view.
struct ListNouns {
  /// "row" or "item".
  var row: String
  /// "rows" or "items".
  var rows: String
  /// "table view" or "collection view".
  var view: String

  static let table = ListNouns(row: "row", rows: "rows", view: "table view")
  static let collection = ListNouns(row: "item", rows: "items", view: "collection view")
}

/// The calls recorded during one batch update, in UIKit's index spaces:
/// deletes, reloads and move sources in the old state; inserts and move
/// destinations in the new one. Reconfigures inside a batch use the old
/// state too.
struct BatchOperations {
  var sectionDeletes: [Int] = []
  var sectionInserts: [Int] = []
  var sectionReloads: [Int] = []
  var sectionMoves: [(from: Int, to: Int)] = []
  var rowDeletes: [IndexPath] = []
  var rowInserts: [IndexPath] = []
  var rowReloads: [IndexPath] = []
  var rowMoves: [(from: IndexPath, to: IndexPath)] = []
  var reconfigures: [IndexPath] = []
}

/// Where a section after a batch comes from.
enum SectionSource: Equatable {
  /// Inserted, or the new place of a reloaded section: every row is new.
  case fresh
  /// The section at this old index, kept (maybe moved).
  case kept(Int)
}

/// UIKit's checks of one batch update, written from its documented rules
/// and its exception messages: every index in range of the state it
/// refers to, no index used twice on a side, no conflicting pair of
/// operations on one index, no row moved out of a deleted section or into
/// an inserted one, then the counts.
///
/// UIKit stops at the first problem; this check lists every problem with
/// the indices and checks the counts only when the indices make sense.
struct BatchUpdateCheck {
  let operations: BatchOperations
  let before: [Int]
  let after: [Int]
  let nouns: ListNouns

  /// The outcome: problems, or where each new section comes from.
  enum Outcome {
    case invalid([InvalidUpdate])
    case valid([SectionSource])
  }

  private var problems: [InvalidUpdate] = []

  init(operations: BatchOperations, before: [Int], after: [Int], nouns: ListNouns) {
    self.operations = operations
    self.before = before
    self.after = after
    self.nouns = nouns
  }

  /// Runs every check.
  mutating func run() -> Outcome {
    checkSectionRanges()
    checkRowRanges()
    checkSectionConflicts()
    checkRowConflicts()
    guard problems.isEmpty else { return .invalid(problems) }
    guard checkSectionCount() else { return .invalid(problems) }
    let sources = sectionSources()
    checkMovesAcrossReplacedSections(sources)
    guard problems.isEmpty else { return .invalid(problems) }
    checkRowCounts(sources)
    return problems.isEmpty ? .valid(sources) : .invalid(problems)
  }

  // MARK: - Messages

  private mutating func report(
    _ kind: InvalidUpdate.Kind, _ message: String, section: Int? = nil, paths: [IndexPath] = []
  ) {
    problems.append(
      InvalidUpdate(kind: kind, message: message, section: section, indexPaths: paths))
  }

  /// `"(0 - 1)"`: an index path as UIKit's messages print it.
  static func text(_ path: IndexPath) -> String { "(\(path.section) - \(path.row))" }

  // MARK: - Ranges (R9)

  private mutating func checkSectionRanges() {
    let oldCount = before.count
    let newCount = after.count
    for section in operations.sectionDeletes + operations.sectionReloads
    where !(0..<oldCount).contains(section) {
      report(
        .sectionOutOfRange,
        "attempt to delete section \(section), but there are only \(oldCount) sections before the update",
        section: section)
    }
    for section in operations.sectionInserts where !(0..<newCount).contains(section) {
      report(
        .sectionOutOfRange,
        "attempt to insert section \(section) but there are only \(newCount) sections after the update",
        section: section)
    }
    for move in operations.sectionMoves {
      if !(0..<oldCount).contains(move.from) {
        report(
          .sectionOutOfRange,
          "attempt to move section \(move.from), but there are only \(oldCount) sections before the update",
          section: move.from)
      } else if !(0..<newCount).contains(move.to) {
        report(
          .sectionOutOfRange,
          "attempt to move section \(move.from) to section \(move.to), but there are only \(newCount) sections after the update",
          section: move.to)
      }
    }
  }

  private mutating func checkRowRanges() {
    let (row, rows) = (nouns.row, nouns.rows)
    for path in operations.rowDeletes + operations.rowReloads {
      if !before.indices.contains(path.section) {
        report(
          .sectionOutOfRange,
          "attempt to delete \(row) \(path.row) from section \(path.section), but there are only \(before.count) sections before the update",
          section: path.section, paths: [path])
      } else if !(0..<before[path.section]).contains(path.row) {
        report(
          .rowOutOfRange,
          "attempt to delete \(row) \(path.row) from section \(path.section) which only contains \(before[path.section]) \(rows) before the update",
          section: path.section, paths: [path])
      }
    }
    for path in operations.rowInserts {
      if !after.indices.contains(path.section) {
        report(
          .sectionOutOfRange,
          "attempt to insert \(row) \(path.row) into section \(path.section), but there are only \(after.count) sections after the update",
          section: path.section, paths: [path])
      } else if !(0..<after[path.section]).contains(path.row) {
        report(
          .rowOutOfRange,
          "attempt to insert \(row) \(path.row) into section \(path.section), but there are only \(after[path.section]) \(rows) in section \(path.section) after the update",
          section: path.section, paths: [path])
      }
    }
    for move in operations.rowMoves {
      let (from, to) = (Self.text(move.from), Self.text(move.to))
      if !before.indices.contains(move.from.section) {
        report(
          .sectionOutOfRange,
          "attempt to move index path \(from) that does not exist - there are only \(before.count) sections before the update",
          section: move.from.section, paths: [move.from, move.to])
      } else if !(0..<before[move.from.section]).contains(move.from.row) {
        report(
          .rowOutOfRange,
          "attempt to move index path \(from) that does not exist - there are only \(before[move.from.section]) \(rows) in section \(move.from.section) before the update",
          section: move.from.section, paths: [move.from, move.to])
      } else if !after.indices.contains(move.to.section) {
        report(
          .sectionOutOfRange,
          "attempt to move index path \(from) to index path \(to) that does not exist - there are only \(after.count) sections after the update",
          section: move.to.section, paths: [move.from, move.to])
      } else if !(0..<after[move.to.section]).contains(move.to.row) {
        report(
          .rowOutOfRange,
          "attempt to move index path \(from) to index path \(to) that does not exist - there are only \(after[move.to.section]) \(rows) in section \(move.to.section) after the update",
          section: move.to.section, paths: [move.from, move.to])
      }
    }
    for path in operations.reconfigures {
      if !before.indices.contains(path.section) || !(0..<before[path.section]).contains(path.row) {
        let count = before.indices.contains(path.section) ? before[path.section] : 0
        report(
          .reconfigureNonexistent,
          "attempt to reconfigure index path \(Self.text(path)) that does not exist - there are only \(count) \(rows) in section \(path.section) before the update",
          section: path.section, paths: [path])
      }
    }
  }

  // MARK: - Conflicts (R6, R7, R8, R15)

  /// The first use of each position on one side, to name the conflict.
  private enum Use { case delete, reload, moveFrom, insert, moveTo }

  private mutating func checkSectionConflicts() {
    var oldSide: [Int: Use] = [:]
    var newSide: [Int: Use] = [:]
    let oldUses =
      operations.sectionDeletes.map { ($0, Use.delete) }
      + operations.sectionReloads.map { ($0, Use.reload) }
      + operations.sectionMoves.map { ($0.from, Use.moveFrom) }
    for (section, use) in oldUses {
      if let first = oldSide[section] {
        reportSectionConflict(first, use, section: section)
      } else {
        oldSide[section] = use
      }
    }
    let newUses =
      operations.sectionInserts.map { ($0, Use.insert) }
      + operations.sectionMoves.map { ($0.to, Use.moveTo) }
    for (section, use) in newUses {
      if let first = newSide[section] {
        reportSectionConflict(first, use, section: section)
      } else {
        newSide[section] = use
      }
    }
  }

  private mutating func reportSectionConflict(_ first: Use, _ second: Use, section: Int) {
    switch Set([first, second]) {
    case [.delete, .reload]:
      report(
        .deleteAndReload, "attempt to delete and reload the same section (\(section))",
        section: section)
    case [.delete, .moveFrom], [.reload, .moveFrom]:
      report(
        .deleteAndMove, "attempt to perform a delete and a move from the same section (\(section))",
        section: section)
    case [.insert, .moveTo]:
      report(
        .insertAndMove, "attempt to perform an insert and a move to the same section (\(section))",
        section: section)
    default:
      report(
        .duplicate, "attempt to use section \(section) twice in one update (\(first))",
        section: section)
    }
  }

  private mutating func checkRowConflicts() {
    var oldSide: [IndexPath: Use] = [:]
    var newSide: [IndexPath: Use] = [:]
    let oldUses =
      operations.rowDeletes.map { ($0, Use.delete) }
      + operations.rowReloads.map { ($0, Use.reload) }
      + operations.rowMoves.map { ($0.from, Use.moveFrom) }
    for (path, use) in oldUses {
      if let first = oldSide[path] {
        reportRowConflict(first, use, path: path)
      } else {
        oldSide[path] = use
      }
    }
    let newUses =
      operations.rowInserts.map { ($0, Use.insert) }
      + operations.rowMoves.map { ($0.to, Use.moveTo) }
    for (path, use) in newUses {
      if let first = newSide[path] {
        reportRowConflict(first, use, path: path)
      } else {
        newSide[path] = use
      }
    }
  }

  private mutating func reportRowConflict(_ first: Use, _ second: Use, path: IndexPath) {
    let text = Self.text(path)
    switch Set([first, second]) {
    case [.delete, .reload]:
      report(
        .deleteAndReload, "attempt to delete and reload the same index path \(text)",
        section: path.section, paths: [path])
    case [.delete, .moveFrom]:
      report(
        .deleteAndMove, "attempt to perform a delete and a move from the same index path \(text)",
        section: path.section, paths: [path])
    case [.reload, .moveFrom]:
      // UIKit reloads by deleting and inserting, so it names the delete.
      report(
        .moveAndReload, "attempt to perform a delete and a move from the same index path \(text)",
        section: path.section, paths: [path])
    case [.insert, .moveTo]:
      report(
        .insertAndMove, "attempt to perform an insert and a move to the same index path \(text)",
        section: path.section, paths: [path])
    default:
      let verb =
        switch first {
        case .delete: "delete"
        case .reload: "reload"
        case .moveFrom: "move from"
        case .insert: "insert"
        case .moveTo: "move to"
        }
      report(
        .duplicate, "attempt to \(verb) index path \(text) more than once in one update",
        section: path.section, paths: [path])
    }
  }

  // MARK: - Counts (R10)

  private mutating func checkSectionCount() -> Bool {
    let inserted = operations.sectionInserts.count
    let deleted = operations.sectionDeletes.count
    guard after.count != before.count + inserted - deleted else { return true }
    report(
      .sectionCount,
      "Invalid update: invalid number of sections. The number of sections contained in the \(nouns.view) after the update (\(after.count)) must be equal to the number of sections contained in the \(nouns.view) before the update (\(before.count)), plus or minus the number of sections inserted or deleted (\(inserted) inserted, \(deleted) deleted)."
    )
    return false
  }

  /// Where each new section comes from (UIKit's model): deleted and moved
  /// sections leave, inserted and moved sections take their new places, the
  /// other old sections (reloaded ones included) fill the free places in
  /// order. Call only when the section count adds up and indices are valid.
  private func sectionSources() -> [SectionSource] {
    var sources = [SectionSource?](repeating: nil, count: after.count)
    for section in operations.sectionInserts { sources[section] = .fresh }
    for move in operations.sectionMoves { sources[move.to] = .kept(move.from) }
    let leaving = Set(operations.sectionDeletes).union(operations.sectionMoves.map(\.from))
    let reloaded = Set(operations.sectionReloads)
    var stayers = before.indices.filter { !leaving.contains($0) }.makeIterator()
    for index in sources.indices where sources[index] == nil {
      guard let old = stayers.next() else { break }
      sources[index] = reloaded.contains(old) ? .fresh : .kept(old)
    }
    return sources.map { $0 ?? .fresh }
  }

  /// R13, R14: no row moves out of a deleted or reloaded section, nor into
  /// an inserted or reloaded one (a reload is a delete and an insert).
  private mutating func checkMovesAcrossReplacedSections(_ sources: [SectionSource]) {
    let gone = Set(operations.sectionDeletes).union(operations.sectionReloads)
    for move in operations.rowMoves {
      if gone.contains(move.from.section) {
        report(
          .moveFromDeletedSection,
          "cannot move \(nouns.row == "row" ? "a row" : "an item") from a deleted section (\(move.from.section))",
          section: move.from.section, paths: [move.from, move.to])
      } else if sources[move.to.section] == .fresh {
        report(
          .moveIntoInsertedSection,
          "cannot move \(nouns.row == "row" ? "a row" : "an item") into a newly inserted section (\(move.to.section))",
          section: move.to.section, paths: [move.from, move.to])
      }
    }
  }

  private mutating func checkRowCounts(_ sources: [SectionSource]) {
    for (new, source) in sources.enumerated() {
      guard case .kept(let old) = source else { continue }
      let inserted = operations.rowInserts.count { $0.section == new }
      let deleted = operations.rowDeletes.count { $0.section == old }
      let movedIn = operations.rowMoves.count { $0.to.section == new && $0.from.section != old }
      let movedOut = operations.rowMoves.count { $0.from.section == old && $0.to.section != new }
      let expected = before[old] + inserted - deleted + movedIn - movedOut
      guard after[new] != expected else { continue }
      let rows = nouns.rows
      report(
        .rowCount,
        "Invalid update: invalid number of \(rows) in section \(new). The number of \(rows) contained in an existing section after the update (\(after[new])) must be equal to the number of \(rows) contained in that section before the update (\(before[old])), plus or minus the number of \(rows) inserted or deleted from that section (\(inserted) inserted, \(deleted) deleted) and plus or minus the number of \(rows) moved into or out of that section (\(movedIn) moved in, \(movedOut) moved out).",
        section: new)
    }
  }
}
