extension Snapshot {
  /// Applies `batch`, which keeps every section where it is (no section
  /// insert, delete or move), to the sections' own storage: the items it
  /// deletes and moves leave their arrays, those it inserts and moves
  /// arrive, each array edited where it is. The batch is checked whole
  /// before anything changes, as ``applyingNamed(_:)-(ChangeBatch<SectionID,Item>)``
  /// checks it; `false`, leaving the snapshot as it was, if it does not
  /// fit. The identity table is then left for the first read that needs
  /// it.
  ///
  /// - Complexity: O(*s* + *k* log *k* + Σ *m*) in element moves (a memory
  ///   move) rather than copies, for *k* operations and Σ *m* the items of
  ///   the sections the batch changes, when no other snapshot shares those
  ///   sections (a section that is shared is copied once, in O(*m*)). In a
  ///   section where one item leaves and one arrives (a move within it),
  ///   only the items between the two places move, not its tail.
  @usableFromInline
  package mutating func applyItemsInPlace(_ batch: ChangeBatch<SectionID, Item>) -> Bool {
    guard batch.sectionInserts.isEmpty, batch.sectionDeletes.isEmpty, batch.sectionMoves.isEmpty
    else { return false }
    #if DATASOURCEGRAPH_INTERNAL_CHECKS
      guard introducesOnlyNewIdentities(batch) else { return false }
    #else
      if index.isBuilt, !introducesOnlyNewIdentities(batch) { return false }
    #endif
    guard let edits = ItemEdits(batch, of: self) else { return false }
    for (s, edit) in edits.bySection {
      // One item leaves and one arrives (a move within the section, or an
      // insert beside a delete): only the items between the two places move.
      if edit.removals.count == 1, edit.arrivals.count == 1 {
        let arrival = edit.arrivals[0]
        guard
          sections[s].items.remove(
            at: edit.removals[0], inserting: arrival.value, at: arrival.key.item)
        else { preconditionFailure("arrivals checked before the edit") }
        continue
      }
      sections[s].items.remove(sortedOffsets: edit.removals)
      guard sections[s].items.insert(edit.arrivals[...]) else {
        preconditionFailure("arrivals checked before the edit")
      }
    }
    for update in batch.itemUpdates {
      sections[update.to.section].items[update.to.item] = update.item
    }
    for update in batch.sectionUpdates {
      sections[update.to].header = update.header
      sections[update.to].footer = update.footer
      sections[update.to].headerValue = update.headerValue
      sections[update.to].footerValue = update.footerValue
    }
    self = Snapshot(
      _trusted: sections, sectionIndices: sectionIndices,
      itemCount: itemCount + batch.itemInserts.count - batch.itemDeletes.count)
    return true
  }
}

extension Snapshot where Item: Equatable {
  /// Applies `batch`, which changes only items and was checked to fit this
  /// snapshot (`ChangeBatch.inPlaceSteps(on:)` answered), to the sections'
  /// own storage: updates where the items are are replaced without being
  /// checked again. `false` if the batch does not fit after all.
  ///
  /// - Complexity: O(*k*) for *k* updates where the items are; otherwise as
  ///   ``applyItemsInPlace(_:)``.
  package mutating func applyCheckedItems(_ batch: ChangeBatch<SectionID, Item>) -> Bool {
    guard batch.itemInserts.isEmpty, batch.itemDeletes.isEmpty, batch.itemMoves.isEmpty else {
      return applyItemsInPlace(batch)
    }
    // A loop, not `allSatisfy`: unspecialized, that allocates per element.
    for update in batch.itemUpdates where update.from != update.to {
      return applyItemsInPlace(batch)
    }
    updateInPlace(batch)
    return true
  }
}

/// What a batch that keeps the sections in place does to each section it
/// touches, checked against the snapshot before anything changes: the
/// offsets that leave (ascending) and the items that arrive, by final
/// offset (ascending).
struct ItemEdits<SectionID: Hashable, Item: Identifiable> {
  typealias Arrival = (key: ItemPath, value: Item)

  struct Section {
    var removals: [Int] = []
    var arrivals: [Arrival] = []

    /// Adds `more` to the removals, taking the array itself when there
    /// were none (no copy).
    mutating func remove(_ more: [Int]) {
      if removals.isEmpty { removals = more } else { removals += more }
    }

    /// Adds `more` to the arrivals, taking the array itself when there
    /// were none (no copy).
    mutating func receive(_ more: [Arrival]) {
      if arrivals.isEmpty { arrivals = more } else { arrivals += more }
    }
  }

  /// The sections touched, by index.
  private(set) var bySection: [Int: Section] = [:]

  /// The edits of `batch` on `snapshot`, or `nil` if the batch does not
  /// fit: a path out of range, a position used twice, an update whose
  /// identity does not match.
  ///
  /// - Complexity: O(*k* log *k* + *k* · *r*) for *k* operations and *r*
  ///   removals in the section of an update.
  init?(_ batch: ChangeBatch<SectionID, Item>, of snapshot: Snapshot<SectionID, Item>) {
    let count = snapshot.numberOfSections
    // The deletes and the inserts of one section at a time (a batch lists
    // them by section), gathered in an array of their own and added to
    // the table once a section: one look-up of the section in the table
    // and one read of its count a section, where one an operation cost
    // about 5,000 instructions in code not specialized for the item type.
    var removals: [Int] = []
    var removalSection = -1
    var itemCount = 0
    for path in batch.itemDeletes {
      if path.section != removalSection {
        if removalSection >= 0 { bySection[removalSection, default: Section()].remove(removals) }
        guard (0..<count).contains(path.section) else { return nil }
        (removals, removalSection) = ([], path.section)
        itemCount = snapshot.numberOfItems(inSection: path.section)
      }
      guard (0..<itemCount).contains(path.item) else { return nil }
      removals.append(path.item)
    }
    if removalSection >= 0 { bySection[removalSection, default: Section()].remove(removals) }
    var arrivals: [Arrival] = []
    var arrivalSection = -1
    for insert in batch.itemInserts {
      if insert.path.section != arrivalSection {
        if arrivalSection >= 0 { bySection[arrivalSection, default: Section()].receive(arrivals) }
        guard (0..<count).contains(insert.path.section) else { return nil }
        (arrivals, arrivalSection) = ([], insert.path.section)
      }
      arrivals.append((insert.path, insert.item))
    }
    if arrivalSection >= 0 { bySection[arrivalSection, default: Section()].receive(arrivals) }
    for move in batch.itemMoves {
      guard snapshot.contains(move.from), (0..<count).contains(move.to.section) else {
        return nil
      }
      bySection[move.from.section, default: Section()].removals.append(move.from.item)
      bySection[move.to.section, default: Section()].arrivals.append(
        (move.to, snapshot.item(at: move.from)))
    }
    for s in bySection.keys {
      // Sorted only when there is something to sort: even a sort of one
      // entry costs thousands of instructions (measured).
      if bySection[s]!.removals.count > 1 { bySection[s]!.removals.sort() }
      bySection[s]!.arrivals.sortByKey { $0.key.item }
      guard let edit = bySection[s], Self.fits(edit, count: snapshot.numberOfItems(inSection: s))
      else { return nil }
    }
    for update in batch.itemUpdates {
      guard snapshot.contains(update.from), snapshot.item(at: update.from).id == update.item.id,
        (0..<count).contains(update.to.section),
        itemID(at: update.to, of: snapshot) == update.item.id
      else { return nil }
    }
    for update in batch.sectionUpdates {
      guard update.from == update.to, (0..<count).contains(update.from) else { return nil }
    }
  }

  /// Whether `edit` fits a section of `count` items: removals distinct and
  /// in range, arrivals at distinct offsets within the section's new
  /// length.
  ///
  /// Loops over offsets, not `dropFirst()` or `allSatisfy`: this runs
  /// unspecialized, where those make a generic slice or call a closure
  /// per arrival.
  static func fits(_ edit: Section, count: Int) -> Bool {
    let removals = edit.removals
    let arrivals = edit.arrivals
    for i in 1..<max(removals.count, 1) where removals[i - 1] == removals[i] { return false }
    let final = count - removals.count + arrivals.count
    for i in 0..<arrivals.count {
      let offset = arrivals[i].key.item
      guard offset >= 0, offset < final, i == 0 || arrivals[i - 1].key != arrivals[i].key else {
        return false
      }
    }
    if let first = removals.first, first < 0 || removals[removals.count - 1] >= count {
      return false
    }
    return true
  }

  /// The identity of the item at `path` once the edits are made, read from
  /// the snapshot before them; `nil` if there is none.
  func itemID(at path: ItemPath, of snapshot: Snapshot<SectionID, Item>) -> Item.ID? {
    let count = snapshot.numberOfItems(inSection: path.section)
    guard path.item >= 0 else { return nil }
    guard let edit = bySection[path.section] else {
      return path.item < count ? snapshot.item(at: path).id : nil
    }
    // An arrival there, or the r-th item that stays.
    var below = 0
    for arrival in edit.arrivals {
      if arrival.key.item == path.item { return arrival.value.id }
      if arrival.key.item < path.item { below += 1 }
    }
    var offset = path.item - below
    for removal in edit.removals where removal <= offset { offset += 1 }
    return offset < count
      ? snapshot.item(at: ItemPath(section: path.section, item: offset)).id : nil
  }
}
