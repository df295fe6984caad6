/// The five stages a staged UIKit plan is cut from, in DifferenceKit's
/// order (`UIKIT-RULES.md` R22), with the snapshot after each one:
///
/// 1. item updates, in place (the old layout, new values);
/// 2. removals: section deletes and item deletes;
/// 3. section structure: section inserts (with their items) and moves;
/// 4. arrivals: item inserts and item moves;
/// 5. section updates (headers and footers).
///
/// Each stage alone is safe in one `performBatchUpdates`: stage 1 has only
/// reloads and nothing moves; stages 2 and 3 touch no item of a surviving
/// section except by deleting it; stage 4 moves no section; stage 5 has only
/// section reloads. Items never appear twice in between: an item that
/// leaves a surviving section for an inserted one is deleted in stage 2
/// before its new section arrives in stage 3, and one that leaves a deleted
/// section arrives in stage 4 after stage 2 removed it.
struct PlanStages<SectionID: Hashable, Item: Identifiable & Equatable> {
  typealias Batch = ChangeBatch<SectionID, Item>
  typealias Shot = Snapshot<SectionID, Item>

  /// `snapshots[0]` is the old snapshot; `snapshots[k]` the one after stage
  /// `k` (1...5), so `snapshots[5]` is the new one. An empty stage leaves the
  /// snapshot as it was.
  let snapshots: [Shot]
  /// The stages (1...5) that have operations, ascending.
  let nonEmpty: [Int]
  /// Sections and items the batch moves, and those it deletes and inserts
  /// again under the same identity.
  let movedSections: Set<SectionID>
  let movedItems: Set<Item.ID>
  let replacedSections: Set<SectionID>
  let replacedItems: Set<Item.ID>

  /// Cuts `batch`, which must be valid in ``ValidationMode/batch`` from
  /// `old` to `new`, into stages; `nil` if an intermediate snapshot would
  /// repeat an identity (which a valid batch never makes).
  ///
  /// - Complexity: O(*n* + *s* + *k* log *k*).
  init?(batch: Batch, old: Shot, new: Shot) {
    // 1. Updates in place.
    var sections = old.sections
    for update in batch.itemUpdates {
      sections[update.from.section].items[update.from.item] = update.item
    }
    let afterUpdates = sections

    // 2. Removals, in old positions: items first, then whole sections.
    var removals: [Int: [Int]] = [:]
    for path in batch.itemDeletes { removals[path.section, default: []].append(path.item) }
    for (s, items) in removals {
      for i in items.sorted(by: >) { sections[s].items.remove(at: i) }
    }
    for s in batch.sectionDeletes.sorted(by: >) { sections.remove(at: s) }
    let afterRemovals = sections

    // 3. The new section order: inserted sections whole, surviving ones
    //    with their old header and the items they have after stage 2.
    var survivors: [SectionID: Section<SectionID, Item>] = [:]
    for section in afterRemovals { survivors[section.id] = section }
    let inserted = Set(batch.sectionInserts.map(\.index))
    let afterSections = new.sections.indices.map { t in
      inserted.contains(t) ? new.sections[t] : survivors[new.sections[t].id] ?? new.sections[t]
    }

    // 4. Arrivals: the new items, still under the old headers.
    var afterArrivals = new.sections
    for t in afterArrivals.indices where !inserted.contains(t) {
      afterArrivals[t].header = afterSections[t].header
      afterArrivals[t].footer = afterSections[t].footer
    }

    var snapshots = [old]
    for stage in [afterUpdates, afterRemovals, afterSections, afterArrivals] {
      let snapshot = Shot(sections: stage)
      guard snapshot.duplicates.isEmpty else { return nil }
      snapshots.append(snapshot)
    }
    snapshots.append(new)
    self.snapshots = snapshots

    var nonEmpty: [Int] = []
    if !batch.itemUpdates.isEmpty { nonEmpty.append(1) }
    if !batch.sectionDeletes.isEmpty || !batch.itemDeletes.isEmpty { nonEmpty.append(2) }
    if !batch.sectionInserts.isEmpty || !batch.sectionMoves.isEmpty { nonEmpty.append(3) }
    if !batch.itemInserts.isEmpty || !batch.itemMoves.isEmpty { nonEmpty.append(4) }
    if !batch.sectionUpdates.isEmpty { nonEmpty.append(5) }
    self.nonEmpty = nonEmpty

    movedSections = Set(batch.sectionMoves.map { old.sections[$0.from].id })
    movedItems = Set(batch.itemMoves.map { old.item(at: $0.from).id })
    replacedSections = Set(batch.sectionDeletes.map { old.sections[$0].id })
      .intersection(batch.sectionInserts.map(\.section.id))
    replacedItems = Set(batch.itemDeletes.map { old.item(at: $0).id })
      .intersection(batch.itemInserts.map(\.item.id))
  }

  /// The batch of one step that runs stages `first...last` (both non-empty):
  /// from the snapshot before `first` to the one after `last`, moving only
  /// what the batch moves in those stages.
  func step(stages first: Int, through last: Int) -> (batch: Batch, snapshot: Shot) {
    let before = snapshots[first - 1]
    let after = snapshots[last]
    let batch = StepBuilder.batch(
      from: before, to: after,
      movedSections: (first...last).contains(3) ? movedSections : [],
      movedItems: (first...last).contains(4) ? movedItems : [],
      replacedSections: replacedSections, replacedItems: replacedItems)
    return (batch, after)
  }
}
