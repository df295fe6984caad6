extension BatchValidator {
  /// Which operation an old-side or new-side item path is used by: a
  /// delete, the insert at an index of `itemInserts`, or a move from or to
  /// the other path.
  @usableFromInline
  enum Use: Equatable {
    case delete
    case insert(Int)
    case move(ItemPath)
  }

  /// The ``Use`` of each item path of the sections that the operations of
  /// one side name: in a flat array over those sections, not a hash
  /// table, when the operations fill at least an eighth of it; otherwise
  /// (a few operations in long sections: a storm's composed batch) in a
  /// table of the paths used, so that making it does not cost the
  /// sections' lengths. Read and written only at paths whose range was
  /// checked.
  ///
  /// - Complexity: O(*s* + min(Σ *m*, 8 *k*)) to create, for *s* sections,
  ///   Σ *m* the items of the sections named and *k* the operations;
  ///   O(1) a read or a write (expected, in the table).
  @usableFromInline
  struct PathUses {
    /// Per section: where its items' uses start, or -1 when it is not named.
    @usableFromInline var start: [Int]
    @usableFromInline var uses: [Use?]
    /// The uses by path, when the flat array would be mostly empty.
    @usableFromInline var sparse: [ItemPath: Use]?

    @inlinable
    init(sectionCount: Int, named sections: [Int], size: (Int) -> Int) {
      start = Array(repeating: -1, count: sectionCount)
      var total = 0
      for s in sections where (0..<sectionCount).contains(s) && start[s] < 0 {
        start[s] = total
        total += size(s)
      }
      if total / 8 > sections.count {
        sparse = Dictionary(minimumCapacity: sections.count)
        uses = []
      } else {
        uses = Array(repeating: nil, count: total)
      }
    }

    @inlinable
    subscript(path: ItemPath) -> Use? {
      get {
        let first = start[path.section]
        guard first >= 0 else { return nil }
        return sparse != nil ? sparse![path] : uses[first + path.item]
      }
      set {
        if sparse != nil {
          sparse![path] = newValue
        } else {
          uses[start[path.section] + path.item] = newValue
        }
      }
    }
  }

  /// Checks an old-side path (delete, move source, reload): the section
  /// exists (R9) and is not deleted (R12, R13 for moves), the item exists (R9).
  @inlinable
  mutating func checkOld(_ path: ItemPath, _ verb: String, destination: ItemPath? = nil) -> Bool {
    let (s, i) = (path.section, path.item)
    guard (0..<old.numberOfSections).contains(s) else {
      report(
        .r9, section: s, paths: [path],
        "attempt to \(verb) row \(i) from section \(s), but there are only \(old.numberOfSections) sections before the update"
      )
      return false
    }
    if deletedOld[s] {
      if let destination {
        report(
          .r13, section: s, paths: [path, destination],
          "cannot move a row from a deleted section (\(s))")
      } else {
        report(
          .r12, section: s, paths: [path],
          "attempt to \(verb) row \(uikit: path) inside section \(s), which is deleted: items of a deleted section are implied by the section delete"
        )
      }
      return false
    }
    let n = old.numberOfItems(inSection: s)
    guard (0..<n).contains(i) else {
      if destination != nil {
        report(
          .r9, section: s, paths: [path],
          "attempt to move index path \(uikit: path) that does not exist - there are only \(n) rows in section \(s) before the update"
        )
      } else {
        report(
          .r9, section: s, paths: [path],
          "attempt to \(verb) row \(i) from section \(s) which only contains \(n) rows before the update"
        )
      }
      return false
    }
    return true
  }

  /// Checks a new-side path (insert, move destination, reload destination):
  /// the section exists (R9) and is not inserted (R12, R14 for moves), the
  /// position exists after the update (R9).
  @inlinable
  mutating func checkNew(_ path: ItemPath, _ verb: String, source: ItemPath? = nil) -> Bool {
    let (t, j) = (path.section, path.item)
    guard (0..<new.numberOfSections).contains(t) else {
      report(
        .r9, section: t, paths: [path],
        "attempt to \(verb) row \(j) into section \(t), but there are only \(new.numberOfSections) sections after the update"
      )
      return false
    }
    if insertedNew[t] {
      if let source {
        report(
          .r14, section: t, paths: [source, path],
          "cannot move a row into a newly inserted section (\(t))")
      } else {
        report(
          .r12, section: t, paths: [path],
          "attempt to \(verb) row \(uikit: path) inside section \(t), which is inserted: items of an inserted section come with it"
        )
      }
      return false
    }
    let n = new.numberOfItems(inSection: t)
    guard (0..<n).contains(j) else {
      if let source {
        report(
          .r9, section: t, paths: [source, path],
          "attempt to move index path \(uikit: source) to index path \(uikit: path) that does not exist - there are only \(n) rows in section \(t) after the update"
        )
      } else {
        report(
          .r9, section: t, paths: [path],
          "attempt to \(verb) row \(j) into section \(t), but there are only \(n) rows in section \(t) after the update"
        )
      }
      return false
    }
    return true
  }

  /// Index ranges (R9), operations inside inserted or deleted sections
  /// (R12–R14), paths used twice (R6, R8), index spaces (R2, R3, R17),
  /// identities of updates (R24), and in ``UIKitRule/ValidationMode/uikitStep`` R7,
  /// R16 and R19.
  ///
  /// Inserts, deletes, moves and updates in turn, each filling or reading
  /// the old-side and new-side uses of the paths the ones before it used.
  @inlinable
  mutating func checkItems() {
    var oldUse = PathUses(
      sectionCount: old.numberOfSections,
      named: batch.itemDeletes.map { $0.section } + batch.itemMoves.map { $0.from.section },
      size: old.numberOfItems(inSection:))
    var newUse = PathUses(
      sectionCount: new.numberOfSections,
      named: batch.itemInserts.map { $0.path.section } + batch.itemMoves.map { $0.to.section },
      size: new.numberOfItems(inSection:))
    let newPaths = depth == .full || new.index.isBuilt ? new.itemPaths : nil
    checkItemInserts(newUse: &newUse)
    checkItemDeletes(oldUse: &oldUse, newUse: newUse, newPaths: newPaths)
    checkItemMoves(oldUse: &oldUse, newUse: &newUse)
    checkItemUpdates(oldUse: oldUse, newUse: newUse)
  }

  /// Whether the batch changes the sections (deletes, inserts or moves
  /// some), so that item paths are read in old or new section numbers.
  @inlinable
  var sectionsChange: Bool {
    !batch.sectionDeletes.isEmpty || !batch.sectionInserts.isEmpty || !batch.sectionMoves.isEmpty
  }

  /// The rule an item operation in the wrong index space breaks: R17 when
  /// the sections change too, R2 otherwise.
  @inlinable
  var itemSpaceRule: UIKitRule { sectionsChange ? .r17 : .r2 }

  /// Item inserts: the new path (R9, R12), twice (R6), and the identity
  /// the new snapshot shows there (R2 or R17), then R16 and R19. Records
  /// each in `newUse`.
  @inlinable
  mutating func checkItemInserts(newUse: inout PathUses) {
    for (k, insert) in batch.itemInserts.enumerated() {
      let p = insert.path
      guard checkNew(p, "insert") else { continue }
      guard newUse[p] == nil else {
        report(
          .r6, section: p.section, paths: [p],
          "attempt to insert the same index path \(uikit: p) twice")
        continue
      }
      newUse[p] = .insert(k)
      if new.item(at: p).id != insert.item.id {
        report(
          itemSpaceRule, section: p.section, paths: [p],
          "insert at \(uikit: p) carries \(name(insert.item.id)), but the new snapshot shows \(name(new.item(at: p).id)) there: item inserts use new index paths\(sectionsChange ? " and new section numbers" : "")"
        )
      }
      checkStepRules(new: p, "insert")
    }
  }

  /// Item deletes: the old path (R9, R12), twice (R8), and an item that
  /// `newPaths` (the new snapshot's paths, when read) still shows without
  /// an insert (R2 or R17), then R16 and R19. Records each in `oldUse`.
  @inlinable
  mutating func checkItemDeletes(
    oldUse: inout PathUses, newUse: PathUses, newPaths: _ItemTable<Item.ID>?
  ) {
    for p in batch.itemDeletes {
      guard checkOld(p, "delete") else { continue }
      guard oldUse[p] == nil else {
        report(
          .r8, section: p.section, paths: [p],
          "attempt to delete the same index path \(uikit: p) twice: UICollectionView corrupts its state (openradar 31786176, IGListKit#689)"
        )
        continue
      }
      oldUse[p] = .delete
      let id = old.item(at: p).id
      if let q = newPaths?[id], !insertedNew[q.section], !inserts(id, at: q, newUse) {
        report(
          itemSpaceRule, section: p.section, paths: [p, q],
          "delete of \(uikit: p) removes \(name(id)), which the new snapshot still shows at \(uikit: q) without an insert: item deletes use old index paths\(sectionsChange ? " and old section numbers" : "")"
        )
      }
      checkStepRules(old: p, "delete")
    }
  }

  /// Item moves: both paths (R9, R13, R14), each end used twice (R6), the
  /// identities joined (R3), and in a UIKit step R16 and R19. Records both
  /// ends in `oldUse` and `newUse`.
  @inlinable
  mutating func checkItemMoves(oldUse: inout PathUses, newUse: inout PathUses) {
    for move in batch.itemMoves {
      let (p, q) = (move.from, move.to)
      let fromOK = checkOld(p, "move", destination: q)
      let toOK = checkNew(q, "move", source: p)
      let fromUnique = !fromOK || claimMoveSource(p, to: q, in: &oldUse)
      let toUnique = !toOK || claimMoveDestination(q, from: p, in: &newUse)
      guard fromOK, toOK, fromUnique, toUnique else { continue }
      if old.item(at: p).id != new.item(at: q).id {
        report(
          .r3, section: p.section, paths: [p, q],
          "move \(uikit: p) → \(uikit: q) joins two different items (\(name(old.item(at: p).id)) before, \(name(new.item(at: q).id)) after): a move goes from an old index path to a new one"
        )
      }
      if mode == .uikitStep { checkMoveStepRules(from: p, to: q) }
    }
  }

  /// Records in `oldUse` the move of `p` to `q`, or reports (R6) the delete
  /// or the other move from `p` and returns `false`.
  @inlinable
  mutating func claimMoveSource(_ p: ItemPath, to q: ItemPath, in oldUse: inout PathUses) -> Bool {
    switch oldUse[p] {
    case .delete?:
      report(
        .r6, section: p.section, paths: [p],
        "attempt to perform a delete and a move from the same index path \(uikit: p)")
      return false
    case .move?:
      report(
        .r6, section: p.section, paths: [p],
        "attempt to move index path \(uikit: p) more than once")
      return false
    default:
      oldUse[p] = .move(q)
      return true
    }
  }

  /// Records in `newUse` the move to `q` from `p`, or reports (R6) the
  /// insert or the other move to `q` and returns `false`.
  @inlinable
  mutating func claimMoveDestination(
    _ q: ItemPath, from p: ItemPath, in newUse: inout PathUses
  ) -> Bool {
    switch newUse[q] {
    case .insert?:
      report(
        .r6, section: q.section, paths: [q],
        "attempt to perform an insert and a move to the same index path \(uikit: q)")
      return false
    case .move?:
      report(
        .r6, section: q.section, paths: [q],
        "attempt to move more than one item to the same index path \(uikit: q)")
      return false
    default:
      newUse[q] = .move(p)
      return true
    }
  }

  /// R16 and R19 for a move `p` → `q`, in
  /// ``UIKitRule/ValidationMode/uikitStep``: a row move touching a section
  /// the batch also moves or reloads.
  @inlinable
  mutating func checkMoveStepRules(from p: ItemPath, to q: ItemPath) {
    if movedOld[p.section] || movedNew[q.section] {
      let s = movedOld[p.section] ? p.section : q.section
      report(
        .r16, section: s, paths: [p, q],
        "attempt to move row \(uikit: p) → \(uikit: q) touching section \(s), which is also moved in this batch: UITableView does not perform row moves in a moved section (Differ#29, openradar 48941906)"
      )
    } else if updatedOld[p.section] || updatedNew[q.section] {
      let s = updatedOld[p.section] ? p.section : q.section
      report(
        .r19, section: s, paths: [p, q],
        "attempt to move row \(uikit: p) → \(uikit: q) touching section \(s), which is reloaded in this batch: a section reload is a delete and an insert of the whole section"
      )
    }
  }

  /// Whether an insert of the batch at `q` carries the item `id`.
  @inlinable
  func inserts(_ id: Item.ID, at q: ItemPath, _ newUse: PathUses) -> Bool {
    guard case .insert(let k) = newUse[q] else { return false }
    return batch.itemInserts[k].item.id == id
  }

  /// R16 and R19 for a delete (`old`) or an insert (`new`), in
  /// ``UIKitRule/ValidationMode/uikitStep`` only.
  @inlinable
  mutating func checkStepRules(old p: ItemPath? = nil, new q: ItemPath? = nil, _ verb: String) {
    guard mode == .uikitStep else { return }
    if let p, movedOld[p.section] {
      report(
        .r16, section: p.section, paths: [p],
        "attempt to \(verb) row \(uikit: p) inside section \(p.section), which is also moved in this batch: a cell is animated twice and never removed (IGListKit turns such a section move into a delete and an insert)"
      )
    } else if let q, movedNew[q.section] {
      report(
        .r16, section: q.section, paths: [q],
        "attempt to \(verb) row \(uikit: q) inside section \(q.section), which is also moved in this batch: UICollectionView corrupts its heap (IGListKit turns such a section move into a delete and an insert)"
      )
    } else if let p, updatedOld[p.section] {
      report(
        .r19, section: p.section, paths: [p],
        "attempt to \(verb) row \(uikit: p) inside section \(p.section), which is reloaded in this batch: a section reload is a delete and an insert of the whole section"
      )
    } else if let q, updatedNew[q.section] {
      report(
        .r19, section: q.section, paths: [q],
        "attempt to \(verb) row \(uikit: q) inside section \(q.section), which is reloaded in this batch: a section reload is a delete and an insert of the whole section"
      )
    }
  }

  /// Updates (UIKit reloads): ranges, collisions with deletes, inserts and
  /// moves (R6; R7 in a UIKit step), and identity (R24).
  @inlinable
  mutating func checkItemUpdates(oldUse: PathUses, newUse: PathUses) {
    var fromSeen = Set<ItemPath>(minimumCapacity: batch.itemUpdates.count)
    var toSeen = Set<ItemPath>(minimumCapacity: batch.itemUpdates.count)
    for update in batch.itemUpdates {
      let (p, q) = (update.from, update.to)
      let fromOK = checkOld(p, "reload")
      let toOK = checkNew(q, "reload")
      guard fromOK, toOK else { continue }
      if !fromSeen.insert(p).inserted {
        report(
          .r6, section: p.section, paths: [p],
          "attempt to reload the same index path \(uikit: p) twice")
        continue
      }
      if !toSeen.insert(q).inserted {
        report(
          .r6, section: q.section, paths: [q],
          "attempt to reload more than one item into index path \(uikit: q)")
        continue
      }
      switch oldUse[p] {
      case .delete?:
        report(
          .r6, section: p.section, paths: [p],
          "attempt to delete and reload the same index path \(uikit: p)")
        continue
      case .move(let destination)?:
        if destination != q {
          report(
            .r6, section: p.section, paths: [p, q, destination],
            "reload \(uikit: p) → \(uikit: q) and move \(uikit: p) → \(uikit: destination) disagree on where the item goes"
          )
          continue
        }
        if mode == .uikitStep {
          report(
            .r7, section: p.section, paths: [p, q],
            "attempt to perform a delete and a move from the same index path \(uikit: p): the item is both reloaded and moved in one batch (a reload is a delete plus an insert; openradar 33662307)"
          )
        }
      default:
        break
      }
      switch newUse[q] {
      case .insert?:
        report(
          .r6, section: q.section, paths: [q],
          "attempt to insert and reload the same index path \(uikit: q)")
        continue
      case .move(let source)? where source != p:
        report(
          .r6, section: q.section, paths: [q],
          "attempt to reload and move into the same index path \(uikit: q)")
        continue
      default:
        break
      }
      let (a, b, c) = (old.item(at: p).id, new.item(at: q).id, update.item.id)
      if a != c || b != c {
        report(
          .r24, section: p.section, paths: [p, q],
          "update \(uikit: p) → \(uikit: q) does not keep one identity (\(name(a)) before, \(name(b)) after, value \(name(c))): an update changes an item's content, never its identity; it goes from an old index path to a new one"
        )
      }
      if mode == .uikitStep {
        if movedOld[p.section] || movedNew[q.section] {
          let s = movedOld[p.section] ? p.section : q.section
          report(
            .r16, section: s, paths: [p],
            "attempt to reload row \(uikit: p) inside section \(s), which is also moved in this batch: the row counts go wrong (openradar 27041784)"
          )
        } else if updatedOld[p.section] {
          report(
            .r19, section: p.section, paths: [p],
            "attempt to reload row \(uikit: p) inside section \(p.section), which is reloaded in this batch: a section reload is a delete and an insert of the whole section"
          )
        }
      }
    }
  }
}
