extension ChangeBatch where Item: Equatable {
  /// Whether an item this batch updates and moves within its section moves
  /// in every minimal diff from `old` to `new` too, so that no diff can
  /// show the whole batch in one step (an item cannot be reloaded and moved
  /// in one batch update: R7). A plan of two steps (the updates, then the
  /// rest) then needs no diff to know that its steps cannot merge.
  ///
  /// The bound, per section: the items that stay in the section without
  /// moving keep their order, so a longest run of items in order (what the
  /// diff keeps in place) has at least *s* − *t* items, where *s* counts the
  /// items on both sides and *t* the batch's moves within the section. A
  /// run that keeps an updated item *u* in place leaves out every item that
  /// does not move and changes sides of *u*: at least *d* − (*t* − 1), where
  /// *d* is how far *u* moves among the items on both sides. When *d* ≥ 2*t*,
  /// such a run is shorter than one the diff can take, and *u* moves.
  /// `false` (so the caller diffs) when the batch changes the sections.
  ///
  /// - Complexity: O(*k* log *k*) for *k* operations.
  @inlinable
  package func movesAnUpdatedItemInEveryDiff(
    from old: Snapshot<SectionID, Item>, to new: Snapshot<SectionID, Item>
  ) -> Bool {
    guard sectionInserts.isEmpty, sectionDeletes.isEmpty, sectionMoves.isEmpty else {
      return false
    }
    // Per section: old positions of items that leave it, new positions of
    // items that arrive from elsewhere, and the moves within it.
    var leaving: [Int: [Int]] = [:]
    var arriving: [Int: [Int]] = [:]
    var movesWithin: [Int: Int] = [:]
    var movedTo: [ItemPath: ItemPath] = [:]
    for path in itemDeletes { leaving[path.section, default: []].append(path.item) }
    for insert in itemInserts {
      arriving[insert.path.section, default: []].append(insert.path.item)
    }
    for move in itemMoves {
      if move.from.section == move.to.section {
        movesWithin[move.from.section, default: 0] += 1
        movedTo[move.from] = move.to
      } else {
        leaving[move.from.section, default: []].append(move.from.item)
        arriving[move.to.section, default: []].append(move.to.item)
      }
    }
    for key in leaving.keys { leaving[key]!.sort() }
    for key in arriving.keys { arriving[key]!.sort() }
    for update in itemUpdates {
      guard let to = movedTo[update.from], let moves = movesWithin[to.section] else { continue }
      let before = update.from.item - (leaving[to.section]?.countBelow(update.from.item) ?? 0)
      let after = to.item - (arriving[to.section]?.countBelow(to.item) ?? 0)
      if abs(before - after) >= 2 * moves { return true }
    }
    return false
  }
}
