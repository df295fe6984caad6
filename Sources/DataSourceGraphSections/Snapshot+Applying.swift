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
  /// - Complexity: O(*n* + *k* log *k*), where *n* is the number of items
  ///   and *k* the number of operations in the batch.
  @inlinable
  public func applying(_ batch: ChangeBatch<SectionID, Item>) -> Self? {
    var applier = BatchApplier(old: self, batch: batch)
    guard let sections = applier.run() else { return nil }
    let result = Snapshot(sections: sections)
    return result.duplicates.isEmpty ? result : nil
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

/// The steps of `Snapshot.applying(_:)` for a batch, each failing with `nil` where the
/// batch does not fit.
@usableFromInline
struct BatchApplier<SectionID: Hashable, Item: Identifiable> {
  @usableFromInline typealias Batch = ChangeBatch<SectionID, Item>
  @usableFromInline let old: Snapshot<SectionID, Item>
  @usableFromInline let batch: Batch

  @inlinable
  init(old: Snapshot<SectionID, Item>, batch: Batch) {
    self.old = old
    self.batch = batch
  }

  @inlinable
  mutating func run() -> [SnapshotSection<SectionID, Item>]? {
    let oldCount = old.numberOfSections
    // Sections that leave their old place: deleted, or moved away.
    var leaving = [Bool](repeating: false, count: oldCount)
    var deleted = [Bool](repeating: false, count: oldCount)
    for s in batch.sectionDeletes {
      guard (0..<oldCount).contains(s), !leaving[s] else { return nil }
      leaving[s] = true
      deleted[s] = true
    }
    for move in batch.sectionMoves {
      guard (0..<oldCount).contains(move.from), !leaving[move.from] else { return nil }
      leaving[move.from] = true
    }

    // Item removals, in old coordinates; moved items are kept aside.
    var removals: [Int: [Int]] = [:]
    for path in batch.itemDeletes { removals[path.section, default: []].append(path.item) }
    for move in batch.itemMoves { removals[move.from.section, default: []].append(move.from.item) }
    var sections = old.sections
    var moved: [ItemPath: Item] = [:]
    for move in batch.itemMoves {
      guard old.contains(move.from), !deleted[move.from.section] else { return nil }
      moved[move.from] = old.item(at: move.from)
    }
    guard moved.count == batch.itemMoves.count else { return nil }
    for (s, items) in removals {
      guard (0..<oldCount).contains(s), !deleted[s] else { return nil }
      let sorted = items.sorted()
      for (a, b) in zip(sorted, sorted.dropFirst()) where a == b { return nil }
      guard let last = sorted.last, sorted[0] >= 0, last < sections[s].items.count else {
        return nil
      }
      for i in sorted.reversed() { sections[s].items.remove(at: i) }
    }

    // Section structure: inserted and moved sections at their destinations,
    // the rest in their old order in the free slots.
    let newCount = oldCount - batch.sectionDeletes.count + batch.sectionInserts.count
    guard newCount >= 0 else { return nil }
    var slots = [SnapshotSection<SectionID, Item>?](repeating: nil, count: newCount)
    var inserted = [Bool](repeating: false, count: newCount)
    for insert in batch.sectionInserts {
      guard (0..<newCount).contains(insert.index), slots[insert.index] == nil else { return nil }
      slots[insert.index] = insert.section
      inserted[insert.index] = true
    }
    for move in batch.sectionMoves {
      guard (0..<newCount).contains(move.to), slots[move.to] == nil else { return nil }
      slots[move.to] = sections[move.from]
    }
    var staying = (0..<oldCount).lazy.filter { !leaving[$0] }.makeIterator()
    for t in 0..<newCount where slots[t] == nil {
      guard let s = staying.next() else { return nil }
      slots[t] = sections[s]
    }
    guard staying.next() == nil else { return nil }
    var result = slots.map { $0! }

    // Item inserts and move destinations, in ascending new order.
    var arrivals: [ItemPath: Item] = [:]
    for insert in batch.itemInserts {
      guard arrivals.updateValue(insert.item, forKey: insert.path) == nil else { return nil }
    }
    for move in batch.itemMoves {
      guard let item = moved[move.from],
        arrivals.updateValue(item, forKey: move.to) == nil
      else { return nil }
    }
    for (path, item) in arrivals.sorted(by: { $0.key < $1.key }) {
      guard (0..<newCount).contains(path.section), !inserted[path.section],
        (0...result[path.section].items.count).contains(path.item)
      else { return nil }
      result[path.section].items.insert(item, at: path.item)
    }

    // Updates: same identity, new value.
    for update in batch.itemUpdates {
      guard old.contains(update.from), (0..<newCount).contains(update.to.section),
        !inserted[update.to.section],
        result[update.to.section].items.indices.contains(update.to.item),
        old.item(at: update.from).id == update.item.id,
        result[update.to.section].items[update.to.item].id == update.item.id
      else { return nil }
      result[update.to.section].items[update.to.item] = update.item
    }
    for update in batch.sectionUpdates {
      guard (0..<oldCount).contains(update.from), (0..<newCount).contains(update.to),
        !deleted[update.from], !inserted[update.to],
        old.sections[update.from].id == result[update.to].id
      else { return nil }
      result[update.to].header = update.header
      result[update.to].footer = update.footer
    }
    return result
  }
}

extension Snapshot {
  /// Whether `path` names an item of this snapshot.
  @inlinable
  public func contains(_ path: ItemPath) -> Bool {
    sections.indices.contains(path.section)
      && sections[path.section].items.indices.contains(path.item)
  }
}
