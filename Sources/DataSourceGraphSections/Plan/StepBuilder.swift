/// Builds the batch between two snapshots when the caller says which
/// sections and items move: the sectioned diff with the moves given instead
/// of computed.
///
/// Every section or item that is on both sides, in a section on both sides,
/// and not named as moved or replaced keeps its place; so the batch
/// reproduces `new` exactly when those kept ones are in the same relative
/// order on both sides, which holds for the stages of a valid batch.
enum StepBuilder {
  /// The batch from `old` to `new` with the given moves (see the type).
  ///
  /// - Parameters:
  ///   - movedSections: Sections on both sides that move.
  ///   - movedItems: Items in the same section on both sides that move
  ///     (items that change section always move).
  ///   - replacedSections: Sections deleted and inserted again.
  ///   - replacedItems: Items deleted and inserted again.
  /// - Complexity: Expected O(*n* + *s* + *k* log *k*).
  static func batch<SectionID: Hashable, Item: Identifiable & Equatable>(
    from old: Snapshot<SectionID, Item>, to new: Snapshot<SectionID, Item>,
    movedSections: Set<SectionID>, movedItems: Set<Item.ID>,
    replacedSections: Set<SectionID>, replacedItems: Set<Item.ID>
  ) -> ChangeBatch<SectionID, Item> {
    var batch = ChangeBatch<SectionID, Item>()
    var newIndexOfOld = [Int](repeating: -1, count: old.numberOfSections)
    var oldIndexOfNew = [Int](repeating: -1, count: new.numberOfSections)
    for (t, section) in new.sections.enumerated() where !replacedSections.contains(section.id) {
      if let s = old.sectionIndex(for: section.id) {
        newIndexOfOld[s] = t
        oldIndexOfNew[t] = s
      }
    }
    for s in newIndexOfOld.indices where newIndexOfOld[s] < 0 { batch.sectionDeletes.append(s) }
    for (t, section) in new.sections.enumerated() {
      let s = oldIndexOfNew[t]
      guard s >= 0 else {
        batch.sectionInserts.append(.init(index: t, section: section))
        continue
      }
      if movedSections.contains(section.id) { batch.sectionMoves.append(.init(from: s, to: t)) }
      if !old.sections[s].hasSameSupplements(as: section) {
        batch.sectionUpdates.append(
          .init(from: s, to: t, header: section.header, footer: section.footer))
      }
    }

    for (s, section) in old.sections.enumerated() where newIndexOfOld[s] >= 0 {
      for (i, item) in section.items.enumerated() {
        if let path = new.itemPath(for: item.id), oldIndexOfNew[path.section] >= 0,
          !replacedItems.contains(item.id)
        {
          continue
        }
        batch.itemDeletes.append(ItemPath(section: s, item: i))
      }
    }
    for (t, section) in new.sections.enumerated() where oldIndexOfNew[t] >= 0 {
      for (j, item) in section.items.enumerated() {
        let to = ItemPath(section: t, item: j)
        guard let from = old.itemPath(for: item.id), newIndexOfOld[from.section] >= 0,
          !replacedItems.contains(item.id)
        else {
          batch.itemInserts.append(.init(path: to, item: item))
          continue
        }
        if from.section != oldIndexOfNew[t] || movedItems.contains(item.id) {
          batch.itemMoves.append(.init(from: from, to: to))
        }
        if old.item(at: from) != item {
          batch.itemUpdates.append(.init(from: from, to: to, item: item))
        }
      }
    }
    batch.sort()
    return batch
  }
}
