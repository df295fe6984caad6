/// The five stages a staged UIKit plan is cut from, with the snapshot
/// after each one. In DifferenceKit's order (R22 in <doc:UIKitBatchUpdateRules>):
///
/// 1. item updates, in place (the old layout, new values);
/// 2. removals: section deletes and item deletes;
/// 3. section structure: section inserts (with their items) and moves;
/// 4. arrivals: item inserts and item moves;
/// 5. section updates (headers and footers).
///
/// The plan also tries the *items-first* order, with arrivals (in the old
/// section order) before the section structure: item changes inside a
/// section that moves can then share a step with the removals.
///
/// Each stage alone is safe in one `performBatchUpdates`: the update stage
/// has only reloads and nothing moves; removals and the section structure
/// touch no item of a surviving section except by deleting it; arrivals
/// move no section; the last stage has only section reloads. Items never
/// appear twice in between: an item that leaves a surviving section for an
/// inserted one is deleted with the removals, before its new section
/// arrives, and one that leaves a deleted section arrives after the
/// removals took it away.
struct PlanStages<SectionID: Hashable, Item: Identifiable & Equatable> {
  typealias Batch = ChangeBatch<SectionID, Item>
  typealias Shot = Snapshot<SectionID, Item>

  /// A stage of a plan.
  enum Stage: Int {
    case updates = 1
    case removals, sections, arrivals, headers
  }

  /// The two stage orders a plan is cut in.
  static var orders: [[Stage]] {
    [
      [.updates, .removals, .sections, .arrivals, .headers],
      [.updates, .removals, .arrivals, .sections, .headers],
    ]
  }

  /// The order of the stages.
  let order: [Stage]
  /// `snapshots[0]` is the old snapshot; `snapshots[k]` the one after the
  /// first `k` stages of ``order``, so `snapshots[5]` is the new one. An
  /// empty stage leaves the snapshot as it was.
  let snapshots: [Shot]
  /// The positions (1...5) in ``order`` of the stages that have operations,
  /// ascending.
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
  init?(batch: Batch, old: Shot, new: Shot, order: [Stage]) {
    self.order = order
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
    var survivors: [SectionID: SnapshotSection<SectionID, Item>] = [:]
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
    // Or arrivals before the section structure: the old order of the
    // surviving sections, each with its new items under its old header.
    let arrivalsOnly = afterRemovals.map { section in
      var section = section
      if let t = new.sectionIndex(for: section.id) { section.items = new.sections[t].items }
      return section
    }

    let stages =
      order[2] == .sections
      ? [afterUpdates, afterRemovals, afterSections, afterArrivals]
      : [afterUpdates, afterRemovals, arrivalsOnly, afterArrivals]
    var snapshots = [old]
    for stage in stages {
      let snapshot = Shot(sections: stage)
      guard snapshot.duplicates.isEmpty else { return nil }
      snapshots.append(snapshot)
    }
    snapshots.append(new)
    self.snapshots = snapshots

    var present: Set<Stage> = []
    if !batch.itemUpdates.isEmpty { present.insert(.updates) }
    if !batch.sectionDeletes.isEmpty || !batch.itemDeletes.isEmpty { present.insert(.removals) }
    if !batch.sectionInserts.isEmpty || !batch.sectionMoves.isEmpty { present.insert(.sections) }
    if !batch.itemInserts.isEmpty || !batch.itemMoves.isEmpty { present.insert(.arrivals) }
    if !batch.sectionUpdates.isEmpty { present.insert(.headers) }
    nonEmpty = order.indices.filter { present.contains(order[$0]) }.map { $0 + 1 }

    movedSections = Set(batch.sectionMoves.map { old.sections[$0.from].id })
    movedItems = Set(batch.itemMoves.map { old.item(at: $0.from).id })
    replacedSections = Set(batch.sectionDeletes.map { old.sections[$0].id })
      .intersection(batch.sectionInserts.map(\.section.id))
    replacedItems = Set(batch.itemDeletes.map { old.item(at: $0).id })
      .intersection(batch.itemInserts.map(\.item.id))
  }

  /// The batch of one step that runs the stages at positions `first...last`
  /// of ``order`` (both non-empty): from the snapshot before `first` to the
  /// one after `last`, moving only what the batch moves in those stages.
  func step(stages first: Int, through last: Int) -> (batch: Batch, snapshot: Shot) {
    let before = snapshots[first - 1]
    let after = snapshots[last]
    let covered = Set(order[(first - 1)..<last])
    let batch = StepBuilder.batch(
      from: before, to: after,
      movedSections: covered.contains(.sections) ? movedSections : [],
      movedItems: covered.contains(.arrivals) ? movedItems : [],
      replacedSections: replacedSections, replacedItems: replacedItems)
    return (batch, after)
  }
}
