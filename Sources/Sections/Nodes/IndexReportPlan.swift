import DataSourceGraphDiffing
import DataSourceGraphSections

/// Turns a store's index report into the batch that takes a leaf's content
/// `old` to the store's content `new`, checking the report where it names
/// positions and repairing the mistakes that have one reading (see
/// `MutableDataSource.IndexReport.Repair`); a report that does not fit is
/// refused with the first mistake found.
///
/// The walk reads only what the report names: the section structure
/// (O(*s*)), the item counts of the surviving sections, and the items at
/// the positions deleted, inserted, moved and modified, whose identities
/// are checked against the leaf's identity table (`shows`, O(1) each).
///
/// - Complexity: O(*s* + *k* log *k* + *d*) for *s* sections, *k* changes
///   and *d* items in the sections deleted or inserted.
struct IndexReportPlan<SectionID: Hashable, Item: Identifiable & Equatable> {
  typealias Batch = ChangeBatch<SectionID, Item>
  typealias Shot = Snapshot<SectionID, Item>
  typealias Report = MutableDataSource<SectionID, Item>.IndexReport
  typealias Repair = Report.Repair

  /// A report that does not fit: the fallback to report.
  struct Refusal: Error {
    var fallback: Report.Fallback
    init(_ reason: Report.Fallback.Reason, _ message: String) {
      fallback = Report.Fallback(reason, message)
    }
  }

  let old: Shot
  let new: Shot
  /// Whether the leaf shows an item of this identity.
  let shows: (Item.ID) -> Bool

  private var repeats = 0
  private var folded = 0
  private var droppedModifications: [ItemPath] = []
  private var replaced: [ItemPath] = []
  private var implied = 0

  init(old: Shot, new: Shot, shows: @escaping (Item.ID) -> Bool) {
    self.old = old
    self.new = new
    self.shows = shows
  }

  /// The repairs made, in the order of `Repair`'s cases.
  var repairs: [Repair] {
    var repairs: [Repair] = []
    if repeats > 0 { repairs.append(.droppedRepeatedIndices(repeats)) }
    if !droppedModifications.isEmpty {
      repairs.append(.droppedModificationsOfDeleted(droppedModifications.sorted()))
    }
    if folded > 0 { repairs.append(.foldedIntoSectionChanges(folded)) }
    if !replaced.isEmpty { repairs.append(.replacedItems(replaced.sorted())) }
    if implied > 0 { repairs.append(.droppedImpliedMoves(implied)) }
    return repairs
  }

  /// The elements of `list` without repeats, first occurrences kept in
  /// order; the repeats are counted.
  private mutating func unique<Element: Hashable>(_ list: [Element]) -> [Element] {
    guard list.count > 1 else { return list }
    var seen = Set<Element>(minimumCapacity: list.count)
    let kept = list.filter { seen.insert($0).inserted }
    repeats += list.count - kept.count
    return kept
  }

  /// The batch of `report`, or a refusal.
  mutating func batch(for report: Report) throws(Refusal) -> Batch {
    var batch = Batch()
    let sections = try placeSections(report, into: &batch)
    try placeItems(report, sections: sections, into: &batch)
    batch.sort()
    let moves = batch.itemMoves.count + batch.sectionMoves.count
    batch.dropImpliedMoves(oldSectionCount: old.numberOfSections)
    implied = moves - batch.itemMoves.count - batch.sectionMoves.count
    return batch
  }

  // MARK: Sections

  /// What the section changes leave, for the item changes.
  struct Sections {
    /// Per old section: whether the report deletes it.
    var deleted: [Bool]
    /// Per new section: whether the report inserts it.
    var inserted: [Bool]
    /// Per old section: its index after the change, or -1.
    var newIndexOfOld: [Int]
  }

  private mutating func placeSections(_ report: Report, into batch: inout Batch) throws(Refusal)
    -> Sections
  {
    let (oldCount, newCount) = (old.numberOfSections, new.numberOfSections)
    let deletes = unique(report.sectionDeletions)
    let inserts = unique(report.sectionInsertions)
    let moves = unique(report.sectionMoves)
    for s in deletes where !(0..<oldCount).contains(s) {
      throw Refusal(
        .indexOutOfRange, "section deletion at \(s), but there were \(oldCount) sections")
    }
    for t in inserts where !(0..<newCount).contains(t) {
      throw Refusal(
        .indexOutOfRange, "section insertion at \(t), but there are \(newCount) sections")
    }
    for move in moves
    where !(0..<oldCount).contains(move.from) || !(0..<newCount).contains(move.to) {
      throw Refusal(
        .indexOutOfRange,
        "section move \(move.from) → \(move.to), but there were \(oldCount) sections and are \(newCount)"
      )
    }
    var leaving = [Bool](repeating: false, count: oldCount)
    var arriving = [Bool](repeating: false, count: newCount)
    var deleted = leaving
    var inserted = arriving
    for s in deletes { (leaving[s], deleted[s]) = (true, true) }
    for t in inserts { (arriving[t], inserted[t]) = (true, true) }
    for move in moves {
      guard !leaving[move.from], !arriving[move.to] else {
        throw Refusal(
          .conflictingIndices,
          "section move \(move.from) → \(move.to) leaves or fills a section another change names")
      }
      (leaving[move.from], arriving[move.to]) = (true, true)
    }
    guard oldCount - deletes.count + inserts.count == newCount else {
      throw Refusal(
        .countMismatch,
        "\(newCount) sections after the change, but \(oldCount) before, \(inserts.count) inserted and \(deletes.count) deleted"
      )
    }
    batch.sectionDeletes = deletes
    batch.sectionInserts = inserts.map { .init(index: $0, section: new.sections[$0]) }
    batch.sectionMoves = moves
    var newIndexOfOld = [Int](repeating: -1, count: oldCount)
    for move in moves { newIndexOfOld[move.from] = move.to }
    _ = forEachStaying(leaving: leaving, arriving: arriving) { newIndexOfOld[$0] = $1 }
    for (s, t) in newIndexOfOld.enumerated() where t >= 0 {
      let (before, after) = (old.sections[s], new.sections[t])
      guard before.id == after.id else {
        throw Refusal(
          .identityMismatch,
          "section \(t) after the change is \(after.id), but the report puts section \(s) (\(before.id)) there"
        )
      }
      if !before.hasSameSupplements(as: after) {
        batch.sectionUpdates.append(.init(from: s, to: t, supplementsOf: after))
      }
    }
    for t in inserts {
      if let s = old.sectionIndex(for: new.sections[t].id), !deleted[s] {
        throw Refusal(
          .identityMismatch,
          "section insertion at \(t) brings \(new.sections[t].id), which stays at section \(s)")
      }
    }
    for s in unique(report.sectionModifications) {
      guard (0..<oldCount).contains(s) else {
        throw Refusal(
          .indexOutOfRange, "section modification at \(s), but there were \(oldCount) sections")
      }
      if deleted[s] { droppedModifications.append(ItemPath(section: s, item: -1)) }
    }
    return Sections(deleted: deleted, inserted: inserted, newIndexOfOld: newIndexOfOld)
  }

  // MARK: Items

  /// The item deletes, inserts and moves of `report` outside the sections
  /// it deletes or inserts (folding the others into them), each position
  /// named once on each side.
  private mutating func positions(
    of report: Report, sections: Sections
  ) throws(Refusal) -> (deletes: [ItemPath], inserts: [ItemPath], moves: [Batch.Move<ItemPath>]) {
    let (deleted, inserted) = (sections.deleted, sections.inserted)
    var deletes: [ItemPath] = []
    var inserts: [ItemPath] = []
    var moves: [Batch.Move<ItemPath>] = []
    for path in unique(report.deletions) {
      guard old.contains(path) else { throw outOfRange("deletion", path, before: true) }
      if deleted[path.section] { folded += 1 } else { deletes.append(path) }
    }
    for move in unique(report.moves) {
      guard old.contains(move.from) else {
        throw outOfRange("move source", move.from, before: true)
      }
      guard new.contains(move.to) else {
        throw outOfRange("move destination", move.to, before: false)
      }
      switch (deleted[move.from.section], inserted[move.to.section]) {
      case (false, false): moves.append(move)
      case (true, false):
        folded += 1
        inserts.append(move.to)
      case (false, true):
        folded += 1
        deletes.append(move.from)
      case (true, true): folded += 1
      }
    }
    for path in unique(report.insertions) {
      guard new.contains(path) else { throw outOfRange("insertion", path, before: false) }
      if inserted[path.section] { folded += 1 } else { inserts.append(path) }
    }
    // One change per position on each side.
    var oldSide = Set<ItemPath>(minimumCapacity: deletes.count + moves.count)
    for path in deletes + moves.map(\.from) where !oldSide.insert(path).inserted {
      throw Refusal(.conflictingIndices, "item \(path) is deleted or moved away twice")
    }
    var newSide = Set<ItemPath>(minimumCapacity: inserts.count + moves.count)
    for path in inserts + moves.map(\.to) where !newSide.insert(path).inserted {
      throw Refusal(.conflictingIndices, "item \(path) is inserted or moved into twice")
    }
    return (deletes, inserts, moves)
  }

  private mutating func placeItems(
    _ report: Report, sections: Sections, into batch: inout Batch
  ) throws(Refusal) {
    let (deleted, inserted) = (sections.deleted, sections.inserted)
    let placed = try positions(of: report, sections: sections)
    var (deletes, inserts, moves) = (placed.deletes, placed.inserts, placed.moves)
    let oldSide = Set(deletes + moves.map(\.from))
    let movedFrom = Set(moves.map(\.from))
    var modifications: [ItemPath] = []
    for path in unique(report.modifications) {
      guard old.contains(path) else { throw outOfRange("modification", path, before: true) }
      if deleted[path.section] || (oldSide.contains(path) && !movedFrom.contains(path)) {
        droppedModifications.append(path)
      } else {
        modifications.append(path)
      }
    }
    let walk = try SectionWalk(
      old: old, new: new, newIndexOfOld: sections.newIndexOfOld, inserted: inserted,
      deletes: deletes, inserts: inserts, moves: moves)

    // The identities that leave, for the identities that arrive.
    var leaving = Set<Item.ID>()
    for s in deleted.indices where deleted[s] {
      for item in old.sections[s].items { leaving.insert(item.id) }
    }
    for path in deletes { leaving.insert(old.item(at: path).id) }

    for move in moves {
      let (before, after) = (old.item(at: move.from), new.item(at: move.to))
      guard before.id == after.id else {
        throw Refusal(
          .identityMismatch,
          "move \(move.from) → \(move.to) moves \(before.id), but \(after.id) is there after the change"
        )
      }
      if before != after {
        batch.itemUpdates.append(.init(from: move.from, to: move.to, item: after))
      }
    }
    modifications.removeAll { movedFrom.contains($0) }  // the move shows the new value
    modifications.sort()
    // All new positions first: a replacement leaves the others' positions
    // as they are (its delete takes its slot, its insert fills it).
    let targets = walk.newPaths(of: modifications)
    var replacements: [(from: ItemPath, to: ItemPath)] = []
    for (from, to) in zip(modifications, targets) {
      let (before, after) = (old.item(at: from), new.item(at: to))
      if before.id == after.id {
        if before != after { batch.itemUpdates.append(.init(from: from, to: to, item: after)) }
        continue
      }
      guard !shows(after.id) || leaving.contains(after.id) else {
        throw Refusal(
          .identityMismatch,
          "modification at \(from) (\(before.id)) finds \(after.id) at \(to) after the change, which stays shown: a move reported as a modification?"
        )
      }
      replacements.append((from, to))
      leaving.insert(before.id)
    }
    for (from, to) in replacements {
      replaced.append(from)
      deletes.append(from)
      inserts.append(to)
    }
    try checkArrivals(inserts: inserts, insertedSections: inserted, leaving: leaving)
    batch.itemDeletes = deletes
    batch.itemInserts = inserts.map { .init(path: $0, item: new.item(at: $0)) }
    batch.itemMoves = moves
  }

  /// Refuses an item that arrives (inserted, or in an inserted section)
  /// while it is shown and does not leave: the store moved it.
  private func checkArrivals(
    inserts: [ItemPath], insertedSections inserted: [Bool], leaving: Set<Item.ID>
  ) throws(Refusal) {
    for path in inserts {
      let id = new.item(at: path).id
      guard !shows(id) || leaving.contains(id) else {
        throw Refusal(
          .identityMismatch,
          "insertion at \(path) brings \(id), which is shown and not deleted: a move reported as an insertion?"
        )
      }
    }
    for t in inserted.indices where inserted[t] {
      for item in new.sections[t].items where shows(item.id) && !leaving.contains(item.id) {
        throw Refusal(
          .identityMismatch,
          "section insertion at \(t) brings item \(item.id), which is shown and not deleted")
      }
    }
  }

  private func outOfRange(_ change: String, _ path: ItemPath, before: Bool) -> Refusal {
    let snapshot = before ? old : new
    let when = before ? "before" : "after"
    guard (0..<snapshot.numberOfSections).contains(path.section) else {
      return Refusal(
        .indexOutOfRange,
        "\(change) at \(path), but there \(before ? "were" : "are") \(snapshot.numberOfSections) sections \(when) the change"
      )
    }
    return Refusal(
      .indexOutOfRange,
      "\(change) at \(path), but section \(path.section) has \(snapshot.numberOfItems(inSection: path.section)) items \(when) the change"
    )
  }
}

/// The item positions of the sections that stay, after the report's
/// deletes, inserts and moves: counts checked, and the new path of an old
/// item that none of them names.
struct SectionWalk<SectionID: Hashable, Item: Identifiable & Equatable> {
  typealias Refusal = IndexReportPlan<SectionID, Item>.Refusal
  /// Which items leave each old section and arrive in each new one.
  let shape: BatchShape
  let newIndexOfOld: [Int]

  /// Checks the item count of every section that stays.
  ///
  /// - Complexity: O(*s* + *k* log *k*).
  init(
    old: Snapshot<SectionID, Item>, new: Snapshot<SectionID, Item>, newIndexOfOld: [Int],
    inserted: [Bool], deletes: [ItemPath], inserts: [ItemPath],
    moves: [ChangeBatch<SectionID, Item>.Move<ItemPath>]
  ) throws(Refusal) {
    self.newIndexOfOld = newIndexOfOld
    shape = BatchShape(deletes: deletes, inserts: inserts, moves: moves)
    for (s, t) in newIndexOfOld.enumerated() where t >= 0 {
      let before = old.numberOfItems(inSection: s)
      let (out, into) = (shape.removals[s]?.count ?? 0, shape.arrivals[t]?.count ?? 0)
      let after = new.numberOfItems(inSection: t)
      guard before - out + into == after else {
        throw Refusal(
          .countMismatch,
          "section \(t) has \(after) items after the change, but section \(s) had \(before) before, \(into) arrive and \(out) leave"
        )
      }
    }
  }

  /// The new paths of `paths` (ascending old paths of items that stay in a
  /// section that stays, none deleted or moved).
  ///
  /// - Complexity: O(*k* + *r* + *a*) for *k* paths and the *r* removals
  ///   and *a* arrivals of their sections.
  func newPaths(of paths: [ItemPath]) -> [ItemPath] {
    shape.newPaths(ofStaying: paths, newIndexOfOld: newIndexOfOld)
  }
}
