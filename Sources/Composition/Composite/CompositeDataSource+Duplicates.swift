import DataSourceGraphNodes
import DataSourceGraphSections

/// A decision about one occurrence of an identity in a child: shown or
/// hidden, at the child's (new) path.
struct VisibilityMark {
  /// The child's path of the occurrence, after the change.
  var path: ItemPath
  /// Whether the composite shows the occurrence.
  var shown: Bool
}

extension CompositeDataSource {
  /// The identities the composite hides because an earlier child (or an
  /// earlier section or item) already shows them, one entry per hidden
  /// occurrence, in display order (child, then section, then item): what
  /// `Snapshot(sections:)` of the children's sections would list in
  /// `duplicates.itemIDs`.
  ///
  /// - Complexity: O(*h* log *h*) for *h* hidden occurrences, plus a child
  ///   look-up for each.
  public var hiddenDuplicates: [Item.ID] {
    var found: [(c: Int, path: ItemPath, id: Item.ID)] = []
    for (id, keys) in hidden {
      for key in keys {
        guard let c = keyIndex[key], let path = child(c).itemPath(for: id) else { continue }
        found.append((c, path, id))
      }
    }
    found.sort { ($0.c, $0.path) < ($1.c, $1.path) }
    return found.map { $0.id }
  }

  /// The child's path of the item at local path `path` that the child at
  /// `c` shows in the composite (the child's section, the shown row).
  ///
  /// - Complexity: O(log *n*) in a child that hides items, else O(1).
  func childPath(ofShown path: ItemPath, inChildAt c: Int) -> ItemPath {
    guard let bits = layout.visibleRows[c] else { return path }
    return ItemPath(section: path.section, item: bits[path.section].select(path.item))
  }

  /// The local path (the child's section, the shown row) of the item at the
  /// child's `path` in the child at `c`; `nil` if the composite hides it.
  ///
  /// - Complexity: O(log *n*) in a child that hides items, else O(1).
  func shownPath(ofChildPath path: ItemPath, inChildAt c: Int) -> ItemPath? {
    guard let bits = layout.visibleRows[c] else { return path }
    guard bits[path.section][path.item] else { return nil }
    return ItemPath(section: path.section, item: bits[path.section].rank(path.item))
  }

  // MARK: Identity table

  /// Rebuilds the identity table, the hidden occurrences and every child's
  /// visibility bits from the children's content.
  ///
  /// The children's sections are read in bulk
  /// (`DataSource.items(inSection:)`); a child's bits are made only once
  /// it hides an item.
  ///
  /// - Complexity: Expected O(*n*), plus the children's bulk reads.
  func rebuildIdentities() {
    owner.removeAllKeepingCapacity()
    hidden.removeAll()
    let total = childNodes.reduce(0) { sum, child in
      (0..<child.numberOfSections).reduce(sum) { $0 + child.numberOfItems(inSection: $1) }
    }
    owner.reserveCapacity(total)
    for c in entries.indices {
      let child = self.child(c)
      let key = entries[c].key
      // Per section, the visibility bits; `nil` while every item is shown.
      var rows: [RankedBits]?
      for s in 0..<child.numberOfSections {
        let items = child.items(inSection: s).array
        let hiddenHere = claim(&owner, items, ownerKey(key))
        for i in hiddenHere { hidden[items[i].id, default: []].insert(key) }
        if !hiddenHere.isEmpty, rows == nil {
          rows = (0..<s).map { RankedBits(count: child.numberOfItems(inSection: $0)) { _ in true } }
        }
        guard rows != nil else { continue }
        let hiddenSet = Set(hiddenHere)
        rows?.append(RankedBits(count: items.count) { !hiddenSet.contains($0) })
      }
      layout.visibleRows[c] = rows
    }
    ownerBaseline = owner.count
  }

  /// A child's key as the identity table stores it.
  func ownerKey(_ key: Int) -> Int32 {
    guard let stored = Int32(exactly: key) else {
      preconditionFailure("a composite takes at most \(Int32.max) children over its life")
    }
    return stored
  }

  /// Rebuilds the identity table once stale entries (identities deleted
  /// without the composite learning which, and the entries of identities
  /// it removed) have made it twice as large as at the last rebuild:
  /// amortized O(1) per inserted item.
  func compactIdentitiesIfNeeded() {
    if owner.count > 2 * max(ownerBaseline, 64) { rebuildIdentities() }
  }

  /// The identities whose hidden occurrences involve the child with key
  /// `key` (it shows one, or hides one).
  ///
  /// - Complexity: O(*h*) in the number of hidden identities.
  func duplicateIdentities(involving key: Int) -> [Item.ID: Set<Int>] {
    var out: [Item.ID: Set<Int>] = [:]
    for (id, keys) in hidden where owner[id] == ownerKey(key) || keys.contains(key) {
      out[id] = []
    }
    return out
  }

  /// Decides again which child shows each identity of `candidates` (the
  /// first child, in order, that holds it), given the children that have
  /// just inserted it; updates the identity table and the hidden
  /// occurrences, and returns, by child index, the occurrences whose
  /// visibility the child's bits must record: every hidden one, and every
  /// shown one in a child that has bits.
  ///
  /// - Complexity: O(1) expected look-ups per occurrence of a candidate.
  func reassign(_ candidates: [Item.ID: Set<Int>]) -> [Int: [VisibilityMark]] {
    var marks: [Int: [VisibilityMark]] = [:]
    for (id, inserting) in candidates {
      let sole = inserting.count == 1 ? inserting.first : nil
      reassign(id, soleInserter: sole, inserting: inserting, marks: &marks)
    }
    return marks
  }

  /// ``reassign(_:)`` for identities that the child with key `key` alone
  /// has just inserted: no table of candidates is made (one set per
  /// identity was a third of a composite's part of a page of inserts).
  ///
  /// - Complexity: O(1) expected look-ups per identity.
  func reassign(_ ids: [Item.ID], insertedBy key: Int) -> [Int: [VisibilityMark]] {
    var marks: [Int: [VisibilityMark]] = [:]
    for id in ids { reassign(id, soleInserter: key, inserting: [], marks: &marks) }
    return marks
  }

  /// Decides again which child shows `id`, just inserted by the children
  /// with keys `inserting`, or by the one with key `soleInserter` alone
  /// (then `inserting` may be left empty); adds the occurrences to mark to
  /// `marks`.
  private func reassign(
    _ id: Item.ID, soleInserter: Int?, inserting: Set<Int>,
    marks: inout [Int: [VisibilityMark]]
  ) {
    // The common case costs no look-up: one child inserted an identity
    // that no other child shows or hides. (Asking the inserting child
    // where the item is would cost a leaf O(m) right after its edit.)
    if let key = soleInserter, hidden[id] == nil, let c = keyIndex[key],
      layout.visibleRows[c] == nil
    {
      let other = owner[id].flatMap { Int($0) == key ? nil : keyIndex[Int($0)] }
      if other.map({ child($0).itemPath(for: id) == nil }) ?? true {
        owner[id] = ownerKey(key)
        return
      }
    }
    var keys = inserting
    if let key = soleInserter { keys.insert(key) }
    if let key = owner[id] { keys.insert(Int(key)) }
    if let more = hidden[id] { keys.formUnion(more) }
    var found: [(c: Int, path: ItemPath)] = []
    for key in keys {
      guard let c = keyIndex[key], let path = child(c).itemPath(for: id) else { continue }
      found.append((c, path))
    }
    guard !found.isEmpty else {
      owner[id] = nil
      hidden[id] = nil
      return
    }
    if found.count > 1 { found.sort { $0.c < $1.c } }
    owner[id] = ownerKey(entries[found[0].c].key)
    hidden[id] = found.count > 1 ? Set(found.dropFirst().map { entries[$0.c].key }) : nil
    for (n, occurrence) in found.enumerated() {
      let shown = n == 0
      guard !shown || layout.visibleRows[occurrence.c] != nil else { continue }
      marks[occurrence.c, default: []].append(VisibilityMark(path: occurrence.path, shown: shown))
    }
  }

  /// The content state record of the child at `c`. A child is judged by
  /// its own content, hidden duplicates included: an item it hides is
  /// shown by an earlier child, so the composite has content exactly when
  /// an enabled child has.
  func childStatus(at c: Int) -> ContentState.ChildState {
    let child = self.child(c)
    return ContentState.ChildState(
      state: child.contentState, hasContent: child.hasContent,
      isEnabled: entries[c].enablement?.showsInput ?? true)
  }

  // MARK: Translating a child's batch

  /// The child's `batch` seen through the composite's visibility of its
  /// items, in the child's section indices (to be shifted by the child's
  /// offset): positions of hidden items are left out, `marks` set the
  /// visibility of occurrences after the change, and an item whose
  /// visibility flips without the batch touching it becomes a delete (it is
  /// now hidden) or an insert (it is revealed). Updates the child's bits.
  ///
  /// A child without bits and without marks shows all its items: its batch
  /// passes through.
  ///
  /// - Complexity: O(*k* log *n* + *m* *k*) for *k* operations and *m*
  ///   marks, plus O(*s*) when the batch changes sections.
  func translate(
    child c: Int, _ batch: ChangeBatch<ChildSectionID, Item>, marks: [VisibilityMark],
    oldSectionCount: Int
  ) -> ChangeBatch<ChildSectionID, Item> {
    guard layout.visibleRows[c] != nil || !marks.isEmpty else { return batch }
    let child = self.child(c)
    var bits = layout.visibleRows[c]
    layout.visibleRows[c] = nil
    defer { layout.visibleRows[c] = bits }

    func oldPosition(_ p: ItemPath) -> ItemPath? {
      guard let bits else { return p }
      return bits[p.section][p.item]
        ? ItemPath(section: p.section, item: bits[p.section].rank(p.item)) : nil
    }

    let shape = BatchShape(batch)
    let origins = shape.changesSections ? batch.sectionOrigins(oldCount: oldSectionCount) : nil
    let insertDestinations = Set(batch.itemInserts.map { $0.path })
    let moveDestinations = Set(batch.itemMoves.map { $0.to })
    var updateDestinations: Set<ItemPath> = []
    for update in batch.itemUpdates { updateDestinations.insert(update.to) }

    var out = ChangeBatch<ChildSectionID, Item>()
    out.sectionDeletes = batch.sectionDeletes
    out.sectionMoves = batch.sectionMoves
    out.sectionUpdates = batch.sectionUpdates

    // Flips of items the batch does not touch, found before the bits change.
    var revealed: [ItemPath] = []
    for mark in marks {
      let p = mark.path
      if let origins, origins[p.section] == nil { continue }
      if insertDestinations.contains(p) || moveDestinations.contains(p)
        || updateDestinations.contains(p)
      {
        continue
      }
      let was = oldPosition(shape.oldPath(ofStaying: p, origins: origins) ?? p)
      if let was, !mark.shown { out.itemDeletes.append(was) }
      if was == nil, mark.shown { revealed.append(p) }
    }

    // Old side: positions before any change.
    for path in batch.itemDeletes {
      if let was = oldPosition(path) { out.itemDeletes.append(was) }
    }
    let movedFrom = batch.itemMoves.map { oldPosition($0.from) }
    let updatedFrom = batch.itemUpdates.map { oldPosition($0.from) }

    // Replay the child's change on the bits: a moved item keeps its
    // visibility, an inserted one is shown unless marked.
    if bits != nil {
      var movedHidden: Set<ItemPath> = []
      for (move, from) in zip(batch.itemMoves, movedFrom) where from == nil {
        movedHidden.insert(move.to)
      }
      shape.replay(
        batch, on: &bits!,
        remove: { bits, i in bits.remove(at: i) },
        make: { RankedBits(repeatElement(true, count: $0.section.items.count)) },
        insert: { bits, path in bits.insert(!movedHidden.contains(path), at: path.item) })
    } else if marks.contains(where: { !$0.shown }) {
      bits = (0..<child.numberOfSections).map {
        RankedBits(repeatElement(true, count: child.numberOfItems(inSection: $0)))
      }
    }
    if bits != nil {
      for mark in marks { bits![mark.path.section].set(mark.path.item, to: mark.shown) }
    }

    // New side: positions after every change.
    func isShown(_ p: ItemPath) -> Bool { bits?[p.section][p.item] ?? true }
    func newPosition(_ p: ItemPath) -> ItemPath {
      guard let bits else { return p }
      return ItemPath(section: p.section, item: bits[p.section].rank(p.item))
    }
    out.appendNewSide(
      of: batch, movedFrom: movedFrom, updatedFrom: updatedFrom, isShown: isShown,
      newPosition: newPosition, item: child.item(at:))
    for path in revealed {
      out.itemInserts.append(.init(path: newPosition(path), item: child.item(at: path)))
    }
    for insert in batch.sectionInserts {
      var section = insert.section
      if let row = bits?[insert.index], row.ones < row.count {
        section.items = .init(section.items.indices.filter { row[$0] }.map { section.items[$0] })
      }
      out.sectionInserts.append(.init(index: insert.index, section: section))
    }
    if let current = bits, !current.contains(where: { $0.ones < $0.count }) { bits = nil }
    out.dropImpliedMoves(oldSectionCount: oldSectionCount)
    return out
  }

  /// Gives the child at `c`, which shows all its items, the bits that
  /// `marks` set (nothing when they hide nothing).
  ///
  /// - Complexity: O(the child's content) when a mark hides an item.
  func setVisibility(ofChildAt c: Int, marks: [VisibilityMark]) {
    guard marks.contains(where: { !$0.shown }) else { return }
    let child = self.child(c)
    var bits = (0..<child.numberOfSections).map {
      RankedBits(repeatElement(true, count: child.numberOfItems(inSection: $0)))
    }
    for mark in marks { bits[mark.path.section].set(mark.path.item, to: mark.shown) }
    layout.visibleRows[c] = bits
  }

  /// The batch that shows, in the children at the indices of `marks`, the
  /// visibility changes `marks` set, for children whose sections move from
  /// the offsets `oldOffsets` (by index after the change) to their current
  /// ones.
  func flips(
    _ marks: [Int: [VisibilityMark]], oldOffsets: (Int) -> Int, skipping skipped: Int? = nil
  ) -> ChangeBatch<SectionID, Item> {
    var out = ChangeBatch<SectionID, Item>()
    for (c, marks) in marks where c != skipped {
      let count = layout.sectionCounts.values[c]
      let seen = translate(child: c, ChangeBatch(), marks: marks, oldSectionCount: count)
      out.append(
        seen.shiftingSections(
          old: oldOffsets(c), new: layout.sectionCounts.prefixSum(c), key: entries[c].key))
    }
    return out
  }

  /// The section of a child as the composite shows it: without its hidden
  /// items.
  func visibleSection(
    _ section: SnapshotSection<ChildSectionID, Item>, child c: Int, at index: Int
  ) -> SnapshotSection<ChildSectionID, Item> {
    guard let row = layout.visibleRows[c]?[index], row.ones < row.count else { return section }
    var section = section
    section.items = .init(section.items.indices.filter { row[$0] }.map { section.items[$0] })
    return section
  }
}
