import DataSourceGraphDiffing

/// How much of the content a validation reads.
@usableFromInline
enum ValidationDepth {
  /// Every check. The identities a batch brings in (R23) and a deleted
  /// item's absence from `new` (R2) read the snapshots' identity tables,
  /// which a snapshot made by applying a batch builds on first use, in
  /// O(*n*).
  case full
  /// Every check but those two where the table they need is not built yet:
  /// O(*s* + *k* log *k* + Σ *m*) for the batch's operations and the
  /// sections it touches. The reproduction (R4) still runs: it applies the
  /// batch (touching only those sections) and compares the result with
  /// `new`, section by section, where sections that share storage compare
  /// in O(1), as they do when `new` was made by applying the batch.
  case named
  /// As ``named``, for a `new` made by applying the batch to `old`: the
  /// reproduction (R4) holds by construction and is not checked.
  case applied
}

/// The checks behind ``ChangeBatch/violations(from:to:mode:)``: one pass
/// over the section operations, one over the item operations, then the
/// counts (R10), implied moves (R18) and the reproduction (R4).
///
/// Every check records a ``UIKitRule/Violation`` and goes on, so a batch reports every
/// rule it breaks. An operation whose index is out of range is reported
/// (R9) and left out of the checks that would need to read at that index.
@usableFromInline
struct BatchValidator<SectionID: Hashable, Item: Identifiable & Equatable> {
  @usableFromInline typealias Batch = ChangeBatch<SectionID, Item>
  @usableFromInline typealias Shot = Snapshot<SectionID, Item>

  @usableFromInline
  let batch: Batch
  @usableFromInline
  let old: Shot
  @usableFromInline
  let new: Shot
  @usableFromInline
  let mode: UIKitRule.ValidationMode
  /// Whether the checks that read the whole content run.
  @usableFromInline
  let depth: ValidationDepth
  @usableFromInline
  var violations: [UIKitRule.Violation] = []

  /// Old sections that the batch deletes, moves away or reloads (in range only).
  @usableFromInline
  var deletedOld: [Bool]
  @usableFromInline
  var movedOld: [Bool]
  @usableFromInline
  var updatedOld: [Bool]
  /// New sections that the batch inserts, moves in or reloads (in range only).
  @usableFromInline
  var insertedNew: [Bool]
  @usableFromInline
  var movedNew: [Bool]
  @usableFromInline
  var updatedNew: [Bool]
  /// The new index of every old section (-1 if it leaves), when the section
  /// operations fit together; `nil` otherwise.
  @usableFromInline
  var newIndexOfOld: [Int]?
  /// Whether a section operation broke a rule; the section mapping is then
  /// not computed.
  @usableFromInline
  var sectionStructureIsBroken = false

  @inlinable
  init(
    batch: Batch, old: Shot, new: Shot, mode: UIKitRule.ValidationMode,
    depth: ValidationDepth = .full
  ) {
    self.batch = batch
    self.old = old
    self.new = new
    self.mode = mode
    self.depth = depth
    deletedOld = Array(repeating: false, count: old.numberOfSections)
    movedOld = deletedOld
    updatedOld = deletedOld
    insertedNew = Array(repeating: false, count: new.numberOfSections)
    movedNew = insertedNew
    updatedNew = insertedNew
  }

  /// Runs every check and returns the violations ordered by rule (stable).
  @inlinable
  mutating func run() -> [UIKitRule.Violation] {
    checkSections()
    checkItems()
    checkRowCounts()
    checkImpliedItemMoves()
    if depth == .full || old.index.isBuilt { checkIntroducedIdentities() }
    if depth != .applied { checkReproduction() }
    // A stable sort: violations of one rule stay in the order found.
    return violations.enumerated()
      .sorted { ($0.element.rule, $0.offset) < ($1.element.rule, $1.offset) }
      .map(\.element)
  }

  @inlinable
  mutating func report(
    _ rule: UIKitRule, section: Int? = nil, paths: [ItemPath] = [],
    counts: UIKitRule.Violation.Counts? = nil, _ message: String
  ) {
    violations.append(
      UIKitRule.Violation(
        rule: rule, section: section, paths: paths, counts: counts, message: message))
  }

  /// A readable form of an identity in messages.
  @inlinable
  func name(_ value: some Any) -> String { "\(value)" }

  // MARK: Sections

  /// The section operations, in the order the messages report them:
  /// deletes, inserts, moves and updates, each against the indices the
  /// others used (R2, R3, R6, R9, R15, R19, R24), then the section count
  /// and the implied section moves (R10, R18).
  @inlinable
  mutating func checkSections() {
    // The old and new sections a delete, an insert or a move used.
    var oldUsed = [Bool](repeating: false, count: old.numberOfSections)
    var newUsed = [Bool](repeating: false, count: new.numberOfSections)
    checkSectionDeletes(oldUsed: &oldUsed)
    checkSectionInserts(newUsed: &newUsed)
    checkSectionMoves(oldUsed: &oldUsed, newUsed: &newUsed)
    checkSectionUpdates()
    checkSectionCount()
  }

  /// Section deletes: range (R9), twice (R6), and a section the new
  /// snapshot still shows without an insert (R2). Marks the old sections
  /// in `oldUsed` and `deletedOld`.
  @inlinable
  mutating func checkSectionDeletes(oldUsed: inout [Bool]) {
    let oldCount = old.numberOfSections
    var insertedIDs: [Int: SectionID] = [:]
    for insert in batch.sectionInserts where insertedIDs[insert.index] == nil {
      insertedIDs[insert.index] = insert.section.id
    }
    for s in batch.sectionDeletes {
      guard (0..<oldCount).contains(s) else {
        report(
          .r9, section: s,
          "attempt to delete section \(s), but there are only \(oldCount) sections before the update"
        )
        sectionStructureIsBroken = true
        continue
      }
      if oldUsed[s] {
        report(.r6, section: s, "attempt to delete section \(s) twice")
        sectionStructureIsBroken = true
      }
      oldUsed[s] = true
      deletedOld[s] = true
      let id = old.sections[s].id
      if let t = new.sectionIndex(for: id), insertedIDs[t] != id {
        report(
          .r2, section: s,
          "section \(s) (\(name(id))) is deleted, but the new snapshot still shows it at section \(t) without an insert: section deletes use old indices"
        )
      }
    }
  }

  /// Section inserts: range (R9), twice (R6), and the identity the new
  /// snapshot shows there (R2). Marks the new sections in `newUsed` and
  /// `insertedNew`.
  @inlinable
  mutating func checkSectionInserts(newUsed: inout [Bool]) {
    let newCount = new.numberOfSections
    for insert in batch.sectionInserts {
      let t = insert.index
      guard (0..<newCount).contains(t) else {
        report(
          .r9, section: t,
          "attempt to insert section \(t) but there are only \(newCount) sections after the update")
        sectionStructureIsBroken = true
        continue
      }
      if newUsed[t] {
        report(.r6, section: t, "attempt to insert section \(t) twice")
        sectionStructureIsBroken = true
      }
      newUsed[t] = true
      insertedNew[t] = true
      if new.sections[t].id != insert.section.id {
        report(
          .r2, section: t,
          "section insert at \(t) carries \(name(insert.section.id)), but the new snapshot shows \(name(new.sections[t].id)) there: section inserts use new indices"
        )
      }
    }
  }

  /// Section moves: ranges (R9), beside a delete or an insert of the same
  /// section (R15), a section used twice (R6), and the identities joined
  /// (R3). Marks both ends in `oldUsed`, `newUsed`, `movedOld` and
  /// `movedNew`.
  @inlinable
  mutating func checkSectionMoves(oldUsed: inout [Bool], newUsed: inout [Bool]) {
    let oldCount = old.numberOfSections
    let newCount = new.numberOfSections
    for move in batch.sectionMoves {
      let (s, t) = (move.from, move.to)
      var inRange = true
      if !(0..<oldCount).contains(s) {
        report(
          .r9, section: s,
          "attempt to move section \(s), but there are only \(oldCount) sections before the update")
        inRange = false
      } else if deletedOld[s] {
        report(
          .r15, section: s, "attempt to perform a delete and a move from the same section (\(s))")
      } else if oldUsed[s] {
        report(.r6, section: s, "attempt to move section \(s) more than once")
      }
      if !(0..<newCount).contains(t) {
        report(
          .r9, section: t,
          "attempt to move section \(s) to section \(t), but there are only \(newCount) sections after the update"
        )
        inRange = false
      } else if insertedNew[t] {
        report(
          .r15, section: t, "attempt to perform an insert and a move to the same section (\(t))")
      } else if newUsed[t] {
        report(.r6, section: t, "attempt to move more than one section to section \(t)")
      }
      guard inRange else {
        sectionStructureIsBroken = true
        continue
      }
      if oldUsed[s] || newUsed[t] { sectionStructureIsBroken = true }
      oldUsed[s] = true
      newUsed[t] = true
      movedOld[s] = true
      movedNew[t] = true
      if old.sections[s].id != new.sections[t].id {
        report(
          .r3, section: s,
          "section move \(s) → \(t) joins two different sections (\(name(old.sections[s].id)) before, \(name(new.sections[t].id)) after): a move goes from an old index to a new one"
        )
      }
    }
  }

  @inlinable
  mutating func checkSectionUpdates() {
    let oldCount = old.numberOfSections
    let newCount = new.numberOfSections
    for update in batch.sectionUpdates {
      let (s, t) = (update.from, update.to)
      guard (0..<oldCount).contains(s) else {
        report(
          .r9, section: s,
          "attempt to reload section \(s), but there are only \(oldCount) sections before the update"
        )
        continue
      }
      guard (0..<newCount).contains(t) else {
        report(
          .r9, section: t,
          "attempt to reload section \(s) into section \(t), but there are only \(newCount) sections after the update"
        )
        continue
      }
      if updatedOld[s] { report(.r6, section: s, "attempt to reload section \(s) twice") }
      if updatedNew[t] {
        report(.r6, section: t, "attempt to reload more than one section into section \(t)")
      }
      if deletedOld[s] {
        report(.r6, section: s, "attempt to delete and reload the same section (\(s))")
      }
      if insertedNew[t] {
        report(.r6, section: t, "attempt to insert and reload the same section (\(t))")
      }
      updatedOld[s] = true
      updatedNew[t] = true
      if old.sections[s].id != new.sections[t].id {
        report(
          .r24, section: s,
          "section update \(s) → \(t) joins two different sections (\(name(old.sections[s].id)) before, \(name(new.sections[t].id)) after): an update keeps its identity, from an old index to a new one"
        )
      }
      if mode == .uikitStep, !batch.sectionMoves.isEmpty {
        report(
          .r19, section: s,
          "attempt to reload section \(s) in a batch that also moves sections: reloadSections beside moveSection throws 'attempt to perform an insert and a move to the same section' (IGListKit#690)"
        )
      }
    }
  }

  /// The section-count rule (R10), then the old→new mapping of the
  /// surviving sections and the implied section moves (R18).
  @inlinable
  mutating func checkSectionCount() {
    let oldCount = old.numberOfSections
    let newCount = new.numberOfSections
    let counts = UIKitRule.Violation.Counts(
      before: oldCount, after: newCount, inserted: batch.sectionInserts.count,
      deleted: batch.sectionDeletes.count)
    guard counts.isConsistent else {
      report(
        .r10, counts: counts,
        "Invalid update: invalid number of sections. The number of sections contained in the table view after the update (\(newCount)) must be equal to the number of sections contained in the table view before the update (\(oldCount)), plus or minus the number of sections inserted or deleted (\(counts.inserted) inserted, \(counts.deleted) deleted)."
      )
      return
    }
    guard !sectionStructureIsBroken else { return }
    // UIKit's reading: moved sections at their destinations, inserted ones
    // at theirs, the others in their old order in the free slots.
    var mapping = [Int](repeating: -1, count: oldCount)
    for move in batch.sectionMoves { mapping[move.from] = move.to }
    let (inserted, moved) = (insertedNew, movedNew)
    var free = (0..<newCount).lazy.filter { !inserted[$0] && !moved[$0] }.makeIterator()
    var keptOld: [Int] = []
    var keptNew: [Int] = []
    for s in 0..<oldCount where !deletedOld[s] && !movedOld[s] {
      guard let t = free.next() else { return }
      mapping[s] = t
      keptOld.append(s)
      keptNew.append(t)
    }
    newIndexOfOld = mapping
    for move in batch.sectionMoves
    where old.sections[move.from].id == new.sections[move.to].id
      && keptOld.countBelow(move.from) == keptNew.countBelow(move.to)
    {
      report(
        .r18, section: move.from,
        "section move \(move.from) → \(move.to) is implied by the other changes: without it the section lands at \(move.to) anyway (TLIndexPathTools#24)"
      )
    }
  }
}
