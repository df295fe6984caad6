import DataSourceGraphDiffing

extension Snapshot where Item: Equatable {
  /// The batch that takes `old` to this snapshot, minimal at each level.
  ///
  /// Sections are matched by identity: the sections that keep their place
  /// form a longest common subsequence of the section identities, the other
  /// common sections are moves, and a section whose header or footer changed
  /// is a section update. Items are matched by identity across sections:
  /// inside each section that exists on both sides, the items that keep
  /// their place form a longest common subsequence, and every other item that
  /// stays in the section or arrives from another existing section is a
  /// move. An item whose content changed (`!=`) is an update, whether it
  /// moved or not; so is an item this snapshot marks (``markedItemIDs``),
  /// and a section it marks (``markedSectionIDs``) is a section update,
  /// even where nothing changed.
  ///
  /// Two conversions keep the batch valid for UIKit, as DifferenceKit and
  /// IGListKit do: an item that leaves a deleted section for an existing one
  /// is an insert (UIKit cannot move out of a deleted section, R13), and an
  /// item that leaves an existing section for an inserted one is a delete
  /// (nor into an inserted section, R14); the inserted section carries it.
  ///
  /// Among the minimal batches, the one chosen is the friendliest to UIKit:
  /// sections with item changes or a new header keep their place and quiet
  /// sections move instead (UIKit cannot change items inside a moved
  /// section, R16), and updated items keep their place while unchanged ones
  /// move (nor reload and move one item, R7). So more batches fit in one
  /// step of a ``UIKitPlan``.
  ///
  /// ```swift
  /// let batch = new.difference(from: old)
  /// assert(old.applying(batch) == new)
  /// ```
  ///
  /// Sections whose items share storage on both sides (a snapshot built
  /// from the previous one's sections, as a leaf's edits and
  /// `MutableDataSource.perform(_:)` build it, or user code that copies
  /// the sections and edits some) are skipped: identities are unique in a
  /// snapshot, so no item can have entered or left such a section, and
  /// only their identity, header and footer are compared. The result is the
  /// batch the full comparison gives. Inside the other sections, an item
  /// that is the next one of its old section is matched without hashing;
  /// only the items around a change are looked up by identity, and the
  /// new side is never hashed.
  ///
  /// - Parameter old: The snapshot the batch starts from.
  /// - Returns: A batch in UIKit's index semantics, sorted (see
  ///   ``ChangeBatch/sort()``).
  /// - Complexity: O(1) when both snapshots share their sections' storage
  ///   (a copy of the same value) and nothing is marked. Otherwise expected O(*s* log *s* + Σ
  ///   (*n* + *m*) + Σ *k* log *k*), where *s* is the number of sections,
  ///   the sums run over the sections whose items do not share storage with
  ///   the old section of the same identity, *n* and *m* are their item
  ///   counts on the two sides, and *k* the number of items that stay in
  ///   each; identities must implement high-quality hashing. Sections that
  ///   share storage cost O(1) each, unless they hold a mark; marks cost
  ///   expected O(*k*) for *k* of them.
  @inlinable
  public func difference(from old: Self) -> ChangeBatch<SectionID, Item> {
    let hasMarks = !marks.isEmpty
    guard !sections._sharesStorage(with: old.sections) || hasMarks else { return ChangeBatch() }
    var batch = ChangeBatch<SectionID, Item>()
    // Sections that share storage with their old selves are diffed too
    // when they hold a mark.
    let marked = sectionsHoldingMarkedItems()
    let pairing = _DiffPairing(self, old, marked: marked, inserts: &batch.sectionInserts)
    for s in old.sections.indices where pairing.newIndexOfOld[s] < 0 {
      batch.sectionDeletes.append(s)
    }
    // Identity look-ups in the old snapshot: its own table when it is
    // built, else one of the changed sections only. No item of a changed
    // section is in a skipped one, so both give the same answers here.
    let oldPaths =
      old.index.builtTable
      ?? Self.paths(of: old.sections, at: pairing.changed.map { pairing.oldIndexOfNew[$0] })
    let claimed = _ClaimedItems(of: old, in: pairing)
    var staying = _StayingItems()
    for t in pairing.changed {
      appendItemChanges(
        ofSection: t, from: old, pairing: pairing, oldPaths: oldPaths, marked: marked,
        claimed: claimed, staying: &staying, into: &batch)
    }
    for t in pairing.changed {
      let s = pairing.oldIndexOfNew[t]
      claimed.forEachUnclaimed(inSection: s, count: old.sections[s].items.count) {
        batch.itemDeletes.append(ItemPath(section: s, item: $0))
      }
    }
    appendSectionChanges(from: old, pairing: pairing, into: &batch)
    batch.sort()
    return batch
  }

  /// Appends the inserts, updates and moves of the items of the new section
  /// `t`, paired with an old section, and claims the old items it keeps.
  ///
  /// - Complexity: Expected O(*m* + *k* log *k*) for *m* items in the
  ///   section, *k* of which stay in it.
  @inlinable
  func appendItemChanges(
    ofSection t: Int, from old: Self, pairing: _DiffPairing, oldPaths: _ItemTable<Item.ID>,
    marked: [Bool], claimed: _ClaimedItems, staying: inout _StayingItems,
    into batch: inout ChangeBatch<SectionID, Item>
  ) {
    let s = pairing.oldIndexOfNew[t]
    staying.removeAll()
    let oldItems = old.sections[s].items
    // The old item expected next where the section is unchanged: when
    // its identity is the new item's, that is the new item's old path
    // (identities are unique), found without hashing. Only the items
    // around a change are looked up in the table.
    //
    // Run by run on both sides, each old item read once, in place, where
    // the section is unchanged: in code not specialized for the item type
    // (a leaf's replace), an `enumerated()` walk asked the runtime for its
    // tuple's type metadata at every item, and a read through the snapshot
    // for the section's, most of a replace of 100,000 items; a read by
    // position searched the chunks, and a copy of the old item retained
    // its contents.
    var expected = _ForwardReader(runs: oldItems.runs)
    var next = 0
    sections[t].items.forEachRun { run, start in
      for r in 0..<run.count {
        let j = start + r
        let from: ItemPath
        let isUpdated: Bool
        if next < oldItems.count, case let k = expected.seek(next),
          expected.run[k].id == run[r].id
        {
          from = ItemPath(section: s, item: next)
          next += 1
          isUpdated =
            expected.run[k] != run[r] || (!marked.isEmpty && marks.itemIDs.contains(run[r].id))
        } else {
          guard let found = oldPaths[run[r].id], pairing.newIndexOfOld[found.section] >= 0 else {
            batch.itemInserts.append(.init(path: ItemPath(section: t, item: j), item: run[r]))
            continue
          }
          from = found
          let oldItem = found.section == s ? oldItems[found.item] : old.item(at: found)
          if found.section == s && found.item >= next { next = found.item + 1 }
          isUpdated =
            oldItem != run[r] || (!marked.isEmpty && marks.itemIDs.contains(run[r].id))
        }
        claimed.claim(from)
        if isUpdated {
          batch.itemUpdates.append(
            .init(from: from, to: ItemPath(section: t, item: j), item: run[r]))
        }
        if from.section == s {
          staying.append(old: from.item, new: j, isUpdated: isUpdated)
        } else {
          batch.itemMoves.append(.init(from: from, to: ItemPath(section: t, item: j)))
        }
      }
    }
    // Items that stay in the section keep their place along a longest
    // increasing run of old positions, updated ones first; the rest move
    // within the section.
    for (from, to) in staying.moved() {
      batch.itemMoves.append(
        .init(from: ItemPath(section: s, item: from), to: ItemPath(section: t, item: to)))
    }
  }

  /// Appends the updates of the sections present on both sides, and their
  /// moves: they keep their place along a longest increasing run of old
  /// positions, preferring the busy ones.
  ///
  /// - Complexity: O(*s* log *s*) for *s* sections.
  @inlinable
  func appendSectionChanges(
    from old: Self, pairing: _DiffPairing, into batch: inout ChangeBatch<SectionID, Item>
  ) {
    var commonOld: [Int] = []
    var commonNew: [Int] = []
    for t in sections.indices where pairing.oldIndexOfNew[t] >= 0 {
      let s = pairing.oldIndexOfNew[t]
      commonOld.append(s)
      commonNew.append(t)
      if !sections[t].hasSameSupplements(as: old.sections[s])
        || (!marks.isEmpty && marks.sectionIDs.contains(sections[t].id))
      {
        batch.sectionUpdates.append(
          .init(from: s, to: t, supplementsOf: sections[t]))
      }
    }
    batch.sectionMoves = batch.sectionMovesKeepingBusySectionsInPlace(
      commonOld: commonOld, commonNew: commonNew, oldCount: old.numberOfSections,
      newCount: numberOfSections)
  }

  /// The identity → path table of the items of `sections` at the indices
  /// `chosen`.
  ///
  /// - Complexity: Expected O(*n*) for *n* items in the chosen sections.
  @inlinable
  static func paths(
    of sections: [SnapshotSection<SectionID, Item>], at chosen: [Int]
  ) -> _ItemTable<Item.ID> {
    var table = _PathTable<Item.ID>(
      minimumCapacity: chosen.reduce(0) { $0 + sections[$1].items.count })
    for s in chosen {
      let items = sections[s].items
      for i in items.indices {
        table.insertIfAbsent(ItemPath(section: s, item: i), for: items[i].id)
      }
    }
    return _ItemTable(flat: table, sectionItemCounts: SnapshotSection.itemCounts(of: sections))
  }
}

extension ChangeBatch {
  /// The section moves the sectioned diff makes among the sections on both
  /// sides (old index `commonOld[i]`, new index `commonNew[i]`, in new
  /// order): the busy sections (with item changes or a new header in this
  /// batch) keep their place along a longest increasing run of old indices
  /// and quiet ones move, since UIKit cannot change items inside a moved
  /// section (R16) nor reload a section beside a section move (R19).
  ///
  /// - Complexity: O(*s* log *s* + *k*) for *s* sections and *k* operations.
  @inlinable
  func sectionMovesKeepingBusySectionsInPlace(
    commonOld: [Int], commonNew: [Int], oldCount: Int, newCount: Int
  ) -> [Move<Int>] {
    var busyOld = [Bool](repeating: false, count: oldCount)
    var busyNew = [Bool](repeating: false, count: newCount)
    for path in itemDeletes { busyOld[path.section] = true }
    for insert in itemInserts { busyNew[insert.path.section] = true }
    for move in itemMoves {
      busyOld[move.from.section] = true
      busyNew[move.to.section] = true
    }
    for update in itemUpdates { busyNew[update.to.section] = true }
    for update in sectionUpdates { busyNew[update.to] = true }
    let busy = zip(commonOld, commonNew).map { busyOld[$0] || busyNew[$1] ? 1 : 0 }
    return indicesOffLongestRun(commonOld, weights: busy).map {
      Move(from: commonOld[$0], to: commonNew[$0])
    }
  }
}

/// The indices of `positions` that are off its heaviest longest increasing
/// run (by `weights`): the entries that keep their relative order stay,
/// these move. The sectioned diff and the composition of batches choose
/// their moves with it.
///
/// - Complexity: O(*n*) when the positions already increase, else
///   O(*n* log *n*) for *n* positions.
@usableFromInline
func indicesOffLongestRun(_ positions: [Int], weights: [Int]) -> [Int] {
  // Already increasing (the items that stay keep their order): none moves.
  if zip(positions, positions.dropFirst()).allSatisfy({ $0 < $1 }) { return [] }
  var kept = longestIncreasingSubsequence(positions, weights: weights)[...]
  var moved: [Int] = []
  for k in positions.indices {
    if kept.first == k {
      kept = kept.dropFirst()
    } else {
      moved.append(k)
    }
  }
  return moved
}

extension Array where Element == Int {
  /// The number of elements of this ascending array below `value`, for the
  /// inlinable code of this module.
  ///
  /// - Complexity: O(log *n*).
  @usableFromInline
  func countBelow(_ value: Int) -> Int { countOfElements(below: value) }
}

/// The sections of a diff paired by identity: each old section's new index
/// and each new section's old one (-1 where there is none), and the paired
/// sections whose items may differ.
@usableFromInline
struct _DiffPairing {
  @usableFromInline var newIndexOfOld: [Int]
  @usableFromInline var oldIndexOfNew: [Int]
  /// The new indices of the paired sections whose items may differ (they do
  /// not share storage with their old selves, or hold a mark), in order.
  @usableFromInline var changed: [Int] = []

  /// Pairs the sections of `new` with those of `old` and appends the inserts
  /// of the new sections without a partner to `inserts`. `marked` is empty,
  /// or tells per new section whether it holds a marked item.
  ///
  /// - Complexity: Expected O(*s*) for *s* sections.
  @inlinable
  init<SectionID, Item>(
    _ new: Snapshot<SectionID, Item>, _ old: Snapshot<SectionID, Item>, marked: [Bool],
    inserts: inout [ChangeBatch<SectionID, Item>.SectionInsert]
  ) {
    newIndexOfOld = [Int](repeating: -1, count: old.numberOfSections)
    oldIndexOfNew = [Int](repeating: -1, count: new.numberOfSections)
    for (t, section) in new.sections.enumerated() {
      if let s = old.sectionIndex(for: section.id) {
        newIndexOfOld[s] = t
        oldIndexOfNew[t] = s
        if !section.items.sharesStorage(with: old.sections[s].items)
          || (!marked.isEmpty && marked[t])
        {
          changed.append(t)
        }
      } else {
        inserts.append(.init(index: t, section: section))
      }
    }
  }
}
