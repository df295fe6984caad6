extension Snapshot {
  /// The snapshot that results from applying `batch` to this one, or `nil`
  /// if the batch does not fit it (an index out of range, an index used
  /// twice, an item operation inside an inserted or deleted section, an
  /// update whose identity does not match, a result that repeats an
  /// identity).
  ///
  /// This is UIKit's reading of a batch (R4 in <doc:UIKitBatchUpdateRules>): moves are a
  /// delete at their source plus an insert at their destination carrying the
  /// same element; every deleted position is removed, in old coordinates;
  /// every inserted position is then filled in ascending new order. Updates
  /// replace the value at their new position.
  ///
  /// ```swift
  /// let new = old.applying(batch)  // == the snapshot the batch leads to
  /// ```
  ///
  /// Only what the batch names is touched: the sections it changes are
  /// copied and edited (one pass each), the others are shared with this
  /// snapshot, and the result's identity table is built on its first
  /// identity read (``itemPath(for:)``), not here. The identities the batch
  /// introduces are checked against this snapshot's table, which is built
  /// here if it was not yet.
  ///
  /// - Complexity: O(*s* + *k* log *k* + Σ *m*), where *s* is the number of
  ///   sections, *k* the number of operations in the batch and Σ *m* the
  ///   items of the sections it changes; plus expected O(*n*) once, to build
  ///   this snapshot's identity table if the batch inserts items and the
  ///   table was not built yet.
  @inlinable
  public func applying(_ batch: ChangeBatch<SectionID, Item>) -> Self? {
    var applier = BatchApplier(old: self, batch: batch)
    guard let sections = applier.run(), introducesOnlyNewIdentities(batch) else { return nil }
    return result(of: batch, sections: sections)
  }

  /// As ``applying(_:)``, for a renderer that applies batches a graph has
  /// already checked: the identities the batch introduces are checked
  /// only if this snapshot's identity table is built (so a renderer that
  /// never reads by identity never builds one); a build with the library's
  /// internal checks (`DATASOURCEGRAPH_INTERNAL_CHECKS`) checks them always.
  ///
  /// - Complexity: O(*s* + *k* log *k* + Σ *m*), as ``applying(_:)``
  ///   without the table.
  @inlinable
  package func applyingNamed(_ batch: ChangeBatch<SectionID, Item>) -> Self? {
    var applier = BatchApplier(old: self, batch: batch)
    guard let sections = applier.run() else { return nil }
    #if DATASOURCEGRAPH_INTERNAL_CHECKS
      guard introducesOnlyNewIdentities(batch) else { return nil }
    #else
      if index.isBuilt, !introducesOnlyNewIdentities(batch) { return nil }
    #endif
    return result(of: batch, sections: sections)
  }

  /// Applies `batch` to this snapshot, as ``applyingNamed(_:)-(ChangeBatch<SectionID,Item>)``
  /// computes it, for a renderer that holds the only copy of its content:
  /// a batch of updates in place (``fitsInPlace(_:)``) replaces the items
  /// in the sections' own storage, so when the storage is not shared an
  /// update costs O(1) whatever the section's length; a batch that keeps
  /// the sections where they are edits the items' arrays where they are
  /// (``applyItemsInPlace(_:)``: an insert or a delete moves the items after
  /// it in memory, and copies nothing); any other batch makes the result as
  /// ``applyingNamed(_:)-(ChangeBatch<SectionID,Item>)`` does and takes it.
  /// `false`, leaving the snapshot as it was, if the batch does not fit.
  ///
  /// - Complexity: O(*k*) for a batch of *k* updates in place, when the
  ///   sections they touch are not shared with another snapshot (a section
  ///   that is shared is copied once, in O(*m*)); for other batches that
  ///   keep the sections in place, as ``applyItemsInPlace(_:)``; otherwise
  ///   as ``applyingNamed(_:)-(ChangeBatch<SectionID,Item>)``.
  @inlinable
  package mutating func applyNamed(_ batch: ChangeBatch<SectionID, Item>) -> Bool {
    if fitsInPlace(batch) {
      updateInPlace(batch)
      return true
    }
    if batch.sectionInserts.isEmpty, batch.sectionDeletes.isEmpty, batch.sectionMoves.isEmpty {
      return applyItemsInPlace(batch)
    }
    guard let next = applyingNamed(batch) else { return false }
    self = next
    return true
  }

  /// As ``applyNamed(_:)-(ChangeBatch<SectionID,Item>)`` for a change.
  @inlinable
  package mutating func applyNamed(_ change: SnapshotChange<SectionID, Item>) -> Bool {
    switch change {
    case .batch(let batch): return applyNamed(batch)
    case .reloadAll(let snapshot):
      self = snapshot
      return true
    }
  }

  /// Whether `batch` only updates items where they are (each update's old
  /// and new paths are one, names an item of this snapshot with the
  /// update's identity, and no path is named twice), and fits this
  /// snapshot: ``updateInPlace(_:)`` can apply it, and UIKit shows it in
  /// one batch update.
  ///
  /// - Complexity: Expected O(*k*) for *k* updates.
  @inlinable
  package func fitsInPlace(_ batch: ChangeBatch<SectionID, Item>) -> Bool {
    guard !batch.itemUpdates.isEmpty, batch.itemInserts.isEmpty, batch.itemDeletes.isEmpty,
      batch.itemMoves.isEmpty, batch.sectionInserts.isEmpty, batch.sectionDeletes.isEmpty,
      batch.sectionMoves.isEmpty, batch.sectionUpdates.isEmpty
    else { return false }
    var paths = Set<ItemPath>(minimumCapacity: batch.itemUpdates.count)
    for update in batch.itemUpdates {
      guard update.from == update.to, contains(update.from),
        item(at: update.from).id == update.item.id, paths.insert(update.from).inserted
      else { return false }
    }
    return true
  }

  /// Replaces the items `batch` updates, in the sections' storage; the
  /// batch must fit (``fitsInPlace(_:)``). The identity table stays as it
  /// is: every identity keeps its path.
  ///
  /// - Complexity: O(*k*) for *k* updates, plus O(*m*) for each section of
  ///   *m* items whose storage another snapshot shares (copied once).
  @usableFromInline
  package mutating func updateInPlace(_ batch: ChangeBatch<SectionID, Item>) {
    for update in batch.itemUpdates {
      sections[update.to.section].items[update.to.item] = update.item
    }
  }

  /// The snapshot of `sections`, the result of applying `batch` to this
  /// one: when the batch keeps the sections where they are, their table is
  /// this snapshot's, and the item count follows from the batch.
  ///
  /// - Complexity: O(1) when the sections stay, else O(*s*).
  @inlinable
  func result(of batch: ChangeBatch<SectionID, Item>, sections: [SnapshotSection<SectionID, Item>])
    -> Self
  {
    guard batch.sectionInserts.isEmpty, batch.sectionDeletes.isEmpty, batch.sectionMoves.isEmpty
    else { return Snapshot(_trusted: sections) }
    return Snapshot(
      _trusted: sections, sectionIndices: sectionIndices,
      itemCount: itemCount + batch.itemInserts.count - batch.itemDeletes.count)
  }

  /// As `applyingNamed(_:)` for a batch, for a change.
  @inlinable
  package func applyingNamed(_ change: SnapshotChange<SectionID, Item>) -> Self? {
    switch change {
    case .batch(let batch): applyingNamed(batch)
    case .reloadAll(let snapshot): snapshot
    }
  }

  /// Whether every section and item identity `batch` inserts is new: not
  /// repeated in the batch, and absent from this snapshot or removed by the
  /// batch. A batch that passes, applied by `BatchApplier`, gives sections
  /// without a repeated identity.
  ///
  /// - Complexity: Expected O(*k* + items of the deleted sections), plus
  ///   O(*n*) once if the identity table is not built and items arrive.
  @inlinable
  func introducesOnlyNewIdentities(_ batch: ChangeBatch<SectionID, Item>) -> Bool {
    guard !batch.sectionInserts.isEmpty || !batch.itemInserts.isEmpty else { return true }
    let deletedSections = Set(batch.sectionDeletes)
    var sectionIDs: Set<SectionID> = []
    for insert in batch.sectionInserts {
      guard sectionIDs.insert(insert.section.id).inserted else { return false }
      if let s = sectionIndex(for: insert.section.id), !deletedSections.contains(s) {
        return false
      }
    }
    let paths = itemPaths
    let removed = Set(batch.itemDeletes)
    var itemIDs: Set<Item.ID> = []
    func isNew(_ item: Item) -> Bool {
      guard itemIDs.insert(item.id).inserted else { return false }
      guard let p = paths[item.id] else { return true }
      return deletedSections.contains(p.section) || removed.contains(p)
    }
    for insert in batch.sectionInserts {
      for item in insert.section.items where !isNew(item) { return false }
    }
    for insert in batch.itemInserts where !isNew(insert.item) { return false }
    return true
  }

  /// The snapshot that results from `change`: the batch applied to this
  /// snapshot, or the snapshot a reload carries. `nil` if a batch does not
  /// fit.
  ///
  /// - Complexity: O(*n* + *k* log *k*), as ``applying(_:)-(ChangeBatch<SectionID,Item>)``.
  public func applying(_ change: SnapshotChange<SectionID, Item>) -> Self? {
    switch change {
    case .batch(let batch): applying(batch)
    case .reloadAll(let snapshot): snapshot
    }
  }
}

extension Snapshot {
  /// A snapshot of `sections`, whose section identities and item
  /// identities the caller keeps unique (a leaf's content, which its edits
  /// keep so): as with applying a batch, the section table is built and the
  /// identity table is left for the first read that needs it. The library's
  /// internal checks verify that the identities are unique.
  ///
  /// - Complexity: O(*s*) for *s* sections.
  @inlinable
  package init(uniqueSections sections: [SnapshotSection<SectionID, Item>]) {
    self.init(_trusted: sections)
  }
}

/// The steps of `Snapshot.applying(_:)` for a batch, each failing with `nil`
/// (or `false`) where the batch does not fit: items leave their old
/// sections, the sections take their new places, items arrive, then the
/// updates.
@usableFromInline
struct BatchApplier<SectionID: Hashable, Item: Identifiable> {
  @usableFromInline typealias Batch = ChangeBatch<SectionID, Item>
  @usableFromInline typealias Section = SnapshotSection<SectionID, Item>
  @usableFromInline let old: Snapshot<SectionID, Item>
  @usableFromInline let batch: Batch
  /// Per old section: whether the batch deletes it.
  @usableFromInline var deleted: [Bool] = []
  /// Per new section: whether the batch inserts it.
  @usableFromInline var inserted: [Bool] = []
  /// The moved items, in the order of the moves.
  @usableFromInline var moved: [Item] = []

  @inlinable
  init(old: Snapshot<SectionID, Item>, batch: Batch) {
    self.old = old
    self.batch = batch
  }

  /// The sections after the batch, or `nil` if it does not fit.
  ///
  /// - Complexity: O(*s* + *k* log *k* + Σ *m*) for *s* sections, *k*
  ///   operations and Σ *m* the items of the sections the batch touches.
  @inlinable
  mutating func run() -> [Section]? {
    guard var sections = removingItems() else { return nil }
    guard var result = placingSections(&sections) else { return nil }
    guard insertArrivals(into: &result), applyUpdates(to: &result) else { return nil }
    return result
  }

  /// The old sections with the deleted and moved items taken out; records
  /// the deleted sections and the moved items.
  @inlinable
  mutating func removingItems() -> [Section]? {
    let oldCount = old.numberOfSections
    deleted = [Bool](repeating: false, count: oldCount)
    for s in batch.sectionDeletes {
      guard (0..<oldCount).contains(s), !deleted[s] else { return nil }
      deleted[s] = true
    }
    // Item removals, in old coordinates, per section; moved items are kept
    // aside, in the order of the moves.
    var removals = [[Int]](repeating: [], count: oldCount)
    for path in batch.itemDeletes {
      guard (0..<oldCount).contains(path.section) else { return nil }
      removals[path.section].append(path.item)
    }
    moved.reserveCapacity(batch.itemMoves.count)
    for move in batch.itemMoves {
      guard old.contains(move.from), !deleted[move.from.section] else { return nil }
      removals[move.from.section].append(move.from.item)
      moved.append(old.item(at: move.from))
    }
    var sections = old.sections
    for s in removals.indices where !removals[s].isEmpty {
      guard !deleted[s] else { return nil }
      removals[s].sort()
      let sorted = removals[s]
      for i in 1..<sorted.count where sorted[i - 1] == sorted[i] { return nil }
      guard sorted[0] >= 0, sorted[sorted.count - 1] < sections[s].items.count else {
        return nil
      }
      sections[s].items.remove(sortedOffsets: sorted)
    }
    return sections
  }

  /// The section structure: inserted and moved sections at their
  /// destinations, the rest in their old order in the free places (see
  /// ``ChangeBatch/sectionOrigins(fitting:)``). A batch that keeps the
  /// sections where they are keeps the array as it is.
  @inlinable
  mutating func placingSections(_ sections: inout [Section]) -> [Section]? {
    let oldCount = old.numberOfSections
    let newCount = oldCount - batch.sectionDeletes.count + batch.sectionInserts.count
    guard newCount >= 0 else { return nil }
    inserted = [Bool](repeating: false, count: newCount)
    if batch.sectionDeletes.isEmpty && batch.sectionInserts.isEmpty && batch.sectionMoves.isEmpty {
      defer { sections = [] }  // the one reference left, so later edits happen in place
      return sections
    }
    guard let origins = batch.sectionOrigins(fitting: oldCount) else { return nil }
    var insertedSections = [Section?](repeating: nil, count: newCount)
    for insert in batch.sectionInserts {
      insertedSections[insert.index] = insert.section
      inserted[insert.index] = true
    }
    return origins.indices.map { t in origins[t].map { sections[$0] } ?? insertedSections[t]! }
  }

  /// Inserts the item inserts and move destinations, in ascending new
  /// order, one merge per section.
  @inlinable
  func insertArrivals(into result: inout [Section]) -> Bool {
    let newCount = result.count
    var arrivals = [[(key: ItemPath, value: Item)]](repeating: [], count: newCount)
    for insert in batch.itemInserts {
      guard (0..<newCount).contains(insert.path.section) else { return false }
      arrivals[insert.path.section].append((insert.path, insert.item))
    }
    for (move, item) in zip(batch.itemMoves, moved) {
      guard (0..<newCount).contains(move.to.section) else { return false }
      arrivals[move.to.section].append((move.to, item))
    }
    for t in arrivals.indices where !arrivals[t].isEmpty {
      arrivals[t].sortByKey { $0.key.item }
      let sorted = arrivals[t]
      for i in 1..<sorted.count where sorted[i - 1].key == sorted[i].key { return false }
      guard !inserted[t], result[t].items.insert(sorted[...]) else { return false }
    }
    return true
  }

  /// Applies the item updates (same identity, new value) and the section
  /// updates (new header and footer).
  @inlinable
  func applyUpdates(to result: inout [Section]) -> Bool {
    let (oldCount, newCount) = (old.numberOfSections, result.count)
    for update in batch.itemUpdates {
      guard old.contains(update.from), (0..<newCount).contains(update.to.section),
        !inserted[update.to.section],
        result[update.to.section].items.indices.contains(update.to.item),
        old.item(at: update.from).id == update.item.id,
        result[update.to.section].items[update.to.item].id == update.item.id
      else { return false }
      result[update.to.section].items[update.to.item] = update.item
    }
    for update in batch.sectionUpdates {
      guard (0..<oldCount).contains(update.from), (0..<newCount).contains(update.to),
        !deleted[update.from], !inserted[update.to],
        old.sections[update.from].id == result[update.to].id
      else { return false }
      result[update.to].header = update.header
      result[update.to].footer = update.footer
      result[update.to].headerValue = update.headerValue
      result[update.to].footerValue = update.footerValue
    }
    return true
  }
}

extension RangeReplaceableCollection
where Self: MutableCollection & BidirectionalCollection, Index == Int {
  /// Removes the elements at `offsets` (ascending, distinct, in range;
  /// counted from `startIndex`): one `remove(at:)` each when there are
  /// few, else one pass.
  ///
  /// - Complexity: O(*m*) for *m* elements; O(*m* · *k*) memmove for *k* ≤ 8.
  @inlinable
  mutating func remove(sortedOffsets offsets: [Int]) {
    guard offsets.count > 8 else {
      for i in offsets.reversed() { remove(at: startIndex + i) }
      return
    }
    // One pass over the buffer, without a uniqueness check per element.
    let kept = withContiguousMutableStorageIfAvailable { buffer in
      var next = 0
      var write = offsets[0]
      for read in offsets[0]..<buffer.count {
        if next < offsets.count && offsets[next] == read {
          next += 1
        } else {
          buffer[write] = buffer[read]
          write += 1
        }
      }
      return write
    }
    guard let kept else {
      for i in offsets.reversed() { remove(at: startIndex + i) }
      return
    }
    removeLast(count - kept)
  }

  /// Removes the element at `offset` and inserts `element` at `newOffset`
  /// (an offset in the result; both counted from `startIndex`), moving only
  /// the elements between the two places by one, in memory: a move within
  /// a section, or the insert and delete of a neighbour, costs the distance
  /// it covers, not the tail of the array. `false`, leaving the array as it
  /// was, if an offset is out of range.
  ///
  /// - Complexity: O(|`newOffset` − `offset`|), plus a copy of the array
  ///   if its storage is shared.
  @inlinable
  package mutating func remove(at offset: Int, inserting element: Element, at newOffset: Int)
    -> Bool
  {
    guard (0..<count).contains(offset), (0..<count).contains(newOffset) else { return false }
    let moved: Void? = withContiguousMutableStorageIfAvailable { buffer in
      let base = buffer.baseAddress!
      let removed = (base + offset).move()
      if offset < newOffset {
        (base + offset).moveInitialize(from: base + offset + 1, count: newOffset - offset)
      } else if newOffset < offset {
        (base + newOffset + 1).moveInitialize(from: base + newOffset, count: offset - newOffset)
      }
      (base + newOffset).initialize(to: element)
      _ = consume removed
    }
    if moved == nil {
      remove(at: startIndex + offset)
      insert(element, at: startIndex + newOffset)
    }
    return true
  }
}

extension Array {
  /// Inserts `arrivals`, ascending by final offset (`key.item`), each at
  /// its offset in the result; `false`, leaving the array as it was, if an
  /// offset is out of range.
  ///
  /// - Complexity: O(*m* + *k*) for *m* elements and *k* arrivals.
  @inlinable
  mutating func insert(_ arrivals: ArraySlice<(key: ItemPath, value: Element)>) -> Bool {
    let finalCount = count + arrivals.count
    for arrival in arrivals where !(0..<finalCount).contains(arrival.key.item) { return false }
    guard arrivals.count > 8 else {
      for arrival in arrivals { insert(arrival.value, at: arrival.key.item) }
      return true
    }
    var merged: [Element] = []
    merged.reserveCapacity(finalCount)
    var read = 0
    for arrival in arrivals {
      while merged.count < arrival.key.item {
        merged.append(self[read])
        read += 1
      }
      merged.append(arrival.value)
    }
    merged.append(contentsOf: self[read...])
    self = merged
    return true
  }
}

extension Snapshot {
  /// Whether `path` names an item of this snapshot.
  @inlinable
  public func contains(_ path: ItemPath) -> Bool {
    // Counts, not `indices`: cheaper where the call is not specialized.
    path.section >= 0 && path.section < sections.count && path.item >= 0
      && path.item < sections[path.section].items.count
  }
}
