import DataSourceGraphDiffing

/// How a batch that keeps every section where it is reaches UIKit when the
/// content is edited where it is, without a copy of the content before it:
/// the steps ``ChangeBatch/uikitPlan(from:to:)`` would choose, known from
/// the batch and the content before it alone.
package enum InPlaceSteps: Equatable, Sendable {
  /// One batch update: the batch itself.
  case one
  /// Two batch updates: the item updates first, each at its old path (in
  /// the old layout), then the rest of the batch. An updated item also
  /// moves, and would in any diff (R7).
  case updatesFirst
}

extension ChangeBatch where Item: Equatable {
  /// The steps of this batch's UIKit plan from `snapshot`, when the batch
  /// changes only items (no section is inserted, deleted, moved or
  /// updated) and the plan needs nothing but the batch and `snapshot`;
  /// `nil` otherwise (use ``uikitPlan(from:to:)``), and when the batch is
  /// empty or does not fit `snapshot`.
  ///
  /// The batch is checked as the validator checks it, with every rule read
  /// at the paths the batch names: it applies (R4), its paths are in range
  /// (R9) and used once (R6, R8), an update keeps its identity (R24), no
  /// move is implied by the other changes (R18), and the identities it
  /// brings in are new (R23) where `snapshot`'s identity table is built (or
  /// always, with the library's internal checks, which also compare the
  /// answer with the validator's). The one step rule such a batch can break
  /// is R7 (an item updated and moved); the plan then runs the updates
  /// first, as the staged plan does, when the item moves in any diff
  /// (``movesAnUpdatedItemInEveryDiff(from:to:)``); otherwise a diff could
  /// save a step, and the answer is `nil`.
  ///
  /// - Complexity: O(*k* log *k* + *k* · *r*) for *k* operations and *r*
  ///   removals in the section of an update: no walk over a section's
  ///   items, whatever its length.
  package func inPlaceSteps(on snapshot: Snapshot<SectionID, Item>) -> InPlaceSteps? {
    let steps = stepsInPlace(on: snapshot)
    #if DATASOURCEGRAPH_INTERNAL_CHECKS
      if let steps, let new = snapshot.applying(self) {
        let found = Set(violations(from: snapshot, to: new, mode: .uikitStep).map(\.rule))
        precondition(
          found == (steps == .one ? [] : [.r7]),
          "the in-place check disagrees with the validator: \(found)")
      }
    #endif
    return steps
  }

  /// ``inPlaceSteps(on:)`` before the internal checks compare it with the
  /// validator.
  private func stepsInPlace(on snapshot: Snapshot<SectionID, Item>) -> InPlaceSteps? {
    guard !isEmpty, sectionInserts.isEmpty, sectionDeletes.isEmpty, sectionMoves.isEmpty,
      sectionUpdates.isEmpty
    else { return nil }
    // Updates where the items are (a refresh's usual batch): the cheaper check.
    if snapshot.fitsInPlace(self) { return .one }
    guard let edits = ItemEdits(self, of: snapshot) else { return nil }
    #if DATASOURCEGRAPH_INTERNAL_CHECKS
      guard snapshot.introducesOnlyNewIdentities(self) else { return nil }
    #else
      if snapshot.index.isBuilt, !snapshot.introducesOnlyNewIdentities(self) { return nil }
    #endif
    guard let updatedMoves = updatesFitTheOtherOperations(), !impliesAMove(edits) else {
      return nil
    }
    if updatedMoves == 0 { return .one }
    let diffMightSaveAStep =
      updatesAnItemMovedInItsSection(from: snapshot, to: snapshot)
      && !movesAnUpdatedItemInEveryDiff(from: snapshot, to: snapshot)
    return diffMightSaveAStep ? nil : .updatesFirst
  }

  /// The item updates split off, each at its old path: the first step of
  /// ``InPlaceSteps/updatesFirst``.
  package var updatesAtTheirOldPaths: Self {
    var updates = Self()
    updates.itemUpdates = itemUpdates.map { .init(from: $0.from, to: $0.from, item: $0.item) }
    return updates
  }

  /// This batch without its item updates: the second step of
  /// ``InPlaceSteps/updatesFirst``, which runs where the updates left the
  /// items (in the old layout).
  package var withoutItemUpdates: Self {
    var rest = self
    rest.itemUpdates = []
    return rest
  }

  /// The number of updated items that also move, or `nil` if an update
  /// clashes with another operation (R6): two updates of one path, an
  /// updated item that is deleted or moves elsewhere than the update says,
  /// an update into the path of an insert or of another item's move.
  ///
  /// - Complexity: Expected O(*k*).
  private func updatesFitTheOtherOperations() -> Int? {
    guard !itemUpdates.isEmpty else { return 0 }
    let deleted = Set(itemDeletes)
    var inserted = Set<ItemPath>(minimumCapacity: itemInserts.count)
    for insert in itemInserts { inserted.insert(insert.path) }
    var destination = [ItemPath: ItemPath](minimumCapacity: itemMoves.count)
    var source = [ItemPath: ItemPath](minimumCapacity: itemMoves.count)
    for move in itemMoves {
      destination[move.from] = move.to
      source[move.to] = move.from
    }
    var froms = Set<ItemPath>(minimumCapacity: itemUpdates.count)
    var tos = Set<ItemPath>(minimumCapacity: itemUpdates.count)
    var moved = 0
    for update in itemUpdates {
      let (p, q) = (update.from, update.to)
      guard froms.insert(p).inserted, tos.insert(q).inserted, !deleted.contains(p),
        !inserted.contains(q), source[q].map({ $0 == p }) ?? true
      else { return nil }
      if let to = destination[p] {
        guard to == q else { return nil }
        moved += 1
      }
    }
    return moved
  }

  /// Whether a move within a section lands where the other operations would
  /// put its item anyway (R18): its rank among the items that stay is the
  /// same on both sides. Read from `edits`' sorted removals and arrivals.
  ///
  /// - Complexity: O(*k* log *k*).
  private func impliesAMove(_ edits: ItemEdits<SectionID, Item>) -> Bool {
    var arrivalOffsets: [Int: [Int]] = [:]
    for move in itemMoves where move.from.section == move.to.section {
      let s = move.from.section
      guard let edit = edits.bySection[s] else { continue }
      let arrivals = arrivalOffsets[s] ?? edit.arrivals.map { $0.key.item }
      arrivalOffsets[s] = arrivals
      let rankBefore = move.from.item - edit.removals.countOfElements(below: move.from.item)
      let rankAfter = move.to.item - arrivals.countOfElements(below: move.to.item)
      if rankBefore == rankAfter { return true }
    }
    return false
  }
}

extension ChangeBatch {
  /// The new paths of the updated items, in the order of ``itemUpdates``.
  ///
  /// A loop rather than `map`, which allocates per element where the call
  /// is not specialized (a renderer's generic code).
  ///
  /// - Complexity: O(*u*) for *u* updates.
  package var updatedItemPaths: [ItemPath] {
    var paths: [ItemPath] = []
    paths.reserveCapacity(itemUpdates.count)
    for update in itemUpdates { paths.append(update.to) }
    return paths
  }

  /// Where the item at `path` is once this batch, which changes no
  /// section, has been applied; `nil` if the batch deletes or moves it.
  ///
  /// - Complexity: O(*k* log *k*) for *k* operations.
  package func path(afterItemAt path: ItemPath) -> ItemPath? {
    guard !itemDeletes.contains(path), !itemMoves.contains(where: { $0.from == path }) else {
      return nil
    }
    let s = path.section
    let removedBelow =
      itemDeletes.count { $0.section == s && $0.item < path.item }
      + itemMoves.count { $0.from.section == s && $0.from.item < path.item }
    let arrivals =
      (itemInserts.lazy.filter { $0.path.section == s }.map { $0.path.item }
      + itemMoves.lazy.filter { $0.to.section == s }.map { $0.to.item }).sorted()
    // The item is the r-th that stays; arrivals at or above its place push it down.
    var index = path.item - removedBelow
    for arrival in arrivals where arrival <= index { index += 1 }
    return ItemPath(section: s, item: index)
  }
}
