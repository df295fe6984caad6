import DataSourceGraphDiffing

extension BatchValidator {
  /// The row-count rule (R10) for every section that survives the update,
  /// counting operations as UIKit does: moves inside one section count
  /// neither in nor out.
  @inlinable
  mutating func checkRowCounts() {
    guard let mapping = newIndexOfOld else { return }
    var oldIndexOfNew = [Int](repeating: -1, count: new.numberOfSections)
    for (s, t) in mapping.enumerated() where t >= 0 { oldIndexOfNew[t] = s }
    var deleted = [Int](repeating: 0, count: old.numberOfSections)
    var movedOut = deleted
    var inserted = [Int](repeating: 0, count: new.numberOfSections)
    var movedIn = inserted
    let oldSections = 0..<old.numberOfSections
    let newSections = 0..<new.numberOfSections
    for p in batch.itemDeletes where oldSections.contains(p.section) { deleted[p.section] += 1 }
    for insert in batch.itemInserts where newSections.contains(insert.path.section) {
      inserted[insert.path.section] += 1
    }
    for move in batch.itemMoves {
      let (s, t) = (move.from.section, move.to.section)
      let sameSection = oldSections.contains(s) && mapping[s] == t
      if oldSections.contains(s), !sameSection { movedOut[s] += 1 }
      if newSections.contains(t), !sameSection { movedIn[t] += 1 }
    }
    for (t, s) in oldIndexOfNew.enumerated() where s >= 0 {
      let counts = UIKitRule.Violation.Counts(
        before: old.numberOfItems(inSection: s), after: new.numberOfItems(inSection: t),
        inserted: inserted[t], deleted: deleted[s], movedIn: movedIn[t], movedOut: movedOut[s])
      guard !counts.isConsistent else { continue }
      report(
        .r10, section: t, counts: counts,
        "Invalid update: invalid number of rows in section \(t). The number of rows contained in an existing section after the update (\(counts.after)) must be equal to the number of rows contained in that section before the update (\(counts.before)), plus or minus the number of rows inserted or deleted from that section (\(counts.inserted) inserted, \(counts.deleted) deleted) and plus or minus the number of rows moved into or out of that section (\(counts.movedIn) moved in, \(counts.movedOut) moved out)."
      )
    }
  }

  /// Moves inside one surviving section that the other changes already
  /// imply (R18): left out, the item would land at its destination anyway.
  ///
  /// UIKit keeps the items that are neither deleted nor moved in their old
  /// order and puts them into the positions no insert or move fills. So a
  /// move from `i` to `j` is implied exactly when as many kept items come
  /// before `i` in the old section as come before `j` in the new one. (This
  /// is exact, unlike IGListKit's `old − deletesBefore + insertsBefore ≠ new`,
  /// which ignores the other moves: in [A, B, C] → [C, B, A] with C kept it
  /// would call B's necessary move 1 → 1 implied.)
  ///
  /// - Complexity: O(*n* + *k* log *k*) over the sections that have such moves.
  @inlinable
  mutating func checkImpliedItemMoves() {
    guard let mapping = newIndexOfOld else { return }
    var within: [Int: [ChangeBatch<SectionID, Item>.Move<ItemPath>]] = [:]
    for move in batch.itemMoves
    where old.sections.indices.contains(move.from.section)
      && mapping[move.from.section] == move.to.section
      && old.contains(move.from) && new.contains(move.to)
    {
      within[move.from.section, default: []].append(move)
    }
    guard !within.isEmpty else { return }
    var leaving: [Int: Set<Int>] = [:]
    for p in batch.itemDeletes { leaving[p.section, default: []].insert(p.item) }
    for move in batch.itemMoves { leaving[move.from.section, default: []].insert(move.from.item) }
    var arriving: [Int: Set<Int>] = [:]
    for insert in batch.itemInserts {
      arriving[insert.path.section, default: []].insert(insert.path.item)
    }
    for move in batch.itemMoves { arriving[move.to.section, default: []].insert(move.to.item) }

    for (s, moves) in within.sorted(by: { $0.key < $1.key }) {
      let t = mapping[s]
      let gone = leaving[s] ?? []
      let filled = arriving[t] ?? []
      let keptOld = (0..<old.numberOfItems(inSection: s)).filter { !gone.contains($0) }
      let keptNew = (0..<new.numberOfItems(inSection: t)).filter { !filled.contains($0) }
      guard keptOld.count == keptNew.count else { continue }  // R10 already reported
      for move in moves
      where keptOld.countBelow(move.from.item)
        == keptNew.countBelow(move.to.item)
        && old.item(at: move.from).id == new.item(at: move.to).id
      {
        report(
          .r18, section: s, paths: [move.from, move.to],
          "move \(uikit: move.from) → \(uikit: move.to) is implied by the other changes: without it the item lands at \(uikit: move.to) anyway"
        )
      }
    }
  }

  /// Identities the batch brings in (inserted sections and their items,
  /// inserted items) are unique, and not already in the old snapshot unless
  /// the batch removes them there (R23).
  @inlinable
  mutating func checkIntroducedIdentities() {
    var sectionIDs: Set<SectionID> = []
    var itemIDs: Set<Item.ID> = []
    var removed = Set<ItemPath>(minimumCapacity: batch.itemDeletes.count)
    for path in batch.itemDeletes { removed.insert(path) }
    let deletedSections = Set(batch.sectionDeletes)
    let oldPaths = old.itemPaths
    for insert in batch.sectionInserts {
      let id = insert.section.id
      if !sectionIDs.insert(id).inserted {
        report(
          .r23, section: insert.index,
          "supplied section identifiers are not unique. Duplicate identifiers: {\(name(id))}")
      } else if let s = old.sectionIndex(for: id), !deletedSections.contains(s) {
        report(
          .r23, section: insert.index,
          "attempt to insert section \(name(id)), which the snapshot already has at section \(s)")
      }
    }
    func introduce(_ item: Item, at section: Int, path: ItemPath?) {
      let id = item.id
      if !itemIDs.insert(id).inserted {
        report(
          .r23, section: section, paths: path.map { [$0] } ?? [],
          "supplied item identifiers are not unique. Duplicate identifiers: {\(name(id))}")
      } else if let p = oldPaths[id], !deletedSections.contains(p.section),
        !removed.contains(p)
      {
        report(
          .r23, section: section, paths: [p],
          "attempt to insert item \(name(id)), which the snapshot already has at \(uikit: p) and the batch does not remove"
        )
      }
    }
    for insert in batch.sectionInserts {
      for item in insert.section.items { introduce(item, at: insert.index, path: nil) }
    }
    for insert in batch.itemInserts {
      introduce(insert.item, at: insert.path.section, path: insert.path)
    }
  }

  /// Reproduction (R4): UIKit's reading of the batch, applied to the old
  /// snapshot, gives exactly the new one, content included.
  @inlinable
  mutating func checkReproduction() {
    // Past the full depth, the walk that builds nothing decides the common
    // case, a batch that reproduces `new`; the rest applies the batch, to
    // say what goes wrong.
    if depth != .full, reproducesNewWithoutApplying() { return }
    #if DATASOURCEGRAPH_INTERNAL_CHECKS
      // The library's checks validate at the full depth: the walk is
      // checked here against applying, on every batch they validate.
      if reproducesNewWithoutApplying() {
        var applier = BatchApplier(old: old, batch: batch)
        precondition(
          applier.run() == new.sections, "the reproduction walk disagrees with applying the batch")
      }
    #endif
    // Past the full depth, the identities the batch brings in are R23's
    // business (checked apart, where the table is built), not applying's.
    let reproduced: Shot?
    if depth == .full {
      reproduced = old.applying(batch)
    } else {
      var applier = BatchApplier(old: old, batch: batch)
      reproduced = applier.run().map { old.result(of: batch, sections: $0) }
    }
    guard let applied = reproduced else {
      report(
        .r4,
        "the batch does not apply to the old snapshot by UIKit's model (removals in old positions, then insertions in new positions): an index out of range or used twice, an operation inside an inserted or deleted section, or a result that repeats an identity"
      )
      return
    }
    guard applied != new else { return }
    report(
      .r4, section: Self.firstDifference(applied, new).section,
      Self.firstDifference(applied, new).message)
  }

  /// A section's header and footer, titles and values, for a message.
  @inlinable
  static func supplementsDescription(_ section: SnapshotSection<SectionID, Item>) -> String {
    func text(_ value: Any?) -> String { value.map { String(describing: $0) } ?? "nil" }
    var result = "\(text(section.header))/\(text(section.footer))"
    if section.headerValue != nil || section.footerValue != nil {
      result += " (values \(text(section.headerValue))/\(text(section.footerValue)))"
    }
    return result
  }

  /// Where the snapshot a batch gives first differs from the expected one.
  @inlinable
  static func firstDifference(_ got: Shot, _ expected: Shot) -> (section: Int?, message: String) {
    let prefix = "applying the batch to the old snapshot does not give the new one: "
    for t in 0..<min(got.numberOfSections, expected.numberOfSections) {
      let (a, b) = (got.sections[t], expected.sections[t])
      if a.id != b.id { return (t, prefix + "section \(t) is \(a.id), expected \(b.id)") }
      if !a.hasSameSupplements(as: b) {
        return (
          t,
          prefix
            + "section \(t) has header/footer \(supplementsDescription(a)), expected \(supplementsDescription(b))"
        )
      }
      for j in 0..<max(a.items.count, b.items.count) {
        guard j < a.items.count, j < b.items.count else {
          return (t, prefix + "section \(t) has \(a.items.count) rows, expected \(b.items.count)")
        }
        if a.items[j] != b.items[j] {
          return (
            t,
            prefix
              + "row \(uikit: ItemPath(section: t, item: j)) is \(a.items[j]), expected \(b.items[j])"
          )
        }
      }
    }
    return (nil, prefix + "\(got.numberOfSections) sections, expected \(expected.numberOfSections)")
  }
}
