extension BatchValidator {
  /// Whether UIKit's reading of the batch, applied to `old`, gives exactly
  /// `new` (R4), decided by walking each section of `new` beside the old
  /// section it comes from, without building the result: no copy of any
  /// section, one comparison per item of the sections the batch touches,
  /// and one `==` for each other section (O(1) when its items share storage
  /// with the old section's).
  ///
  /// `true` is a verdict: `BatchApplier` would succeed and give sections
  /// equal to `new`'s. `false` is not: the caller then applies the batch to
  /// say what goes wrong. The walk reads the batch as `BatchApplier` does
  /// (removals in old positions, arrivals in ascending new positions, then
  /// item and section updates) and gives up on anything `BatchApplier`
  /// refuses (an index out of range or used twice, an operation inside an
  /// inserted or deleted section, an update whose identity does not match).
  ///
  /// - Complexity: O(*s* + *k* log *k* + Σ *m*) for *s* sections, *k*
  ///   operations and Σ *m* the items of the sections the batch touches.
  @inlinable
  func reproducesNewWithoutApplying() -> Bool {
    let oldCount = old.numberOfSections
    let newCount = new.numberOfSections
    guard let origins = batch.sectionOrigins(fitting: oldCount), origins.count == newCount else {
      return false
    }
    var deleted = [Bool](repeating: false, count: oldCount)
    for s in batch.sectionDeletes { deleted[s] = true }
    var inserted = [SnapshotSection<SectionID, Item>?](repeating: nil, count: newCount)
    for insert in batch.sectionInserts { inserted[insert.index] = insert.section }
    guard var plan = ItemWalks(batch: batch, old: old, newCount: newCount, deleted: deleted)
    else { return false }
    for update in batch.sectionUpdates {
      guard (0..<oldCount).contains(update.from), (0..<newCount).contains(update.to),
        !deleted[update.from], let s = origins[update.to],
        old.sections[update.from].id == old.sections[s].id
      else { return false }
      plan.headers[update.to] = update
    }
    for t in 0..<newCount {
      let target = new.sections[t]
      guard let s = origins[t] else {
        guard plan.isQuiet(old: nil, new: t), plan.headers[t] == nil, inserted[t] == target
        else { return false }
        continue
      }
      let source = old.sections[s]
      guard source.id == target.id else { return false }
      if let update = plan.headers[t] {
        guard update.supplements == target.supplements else { return false }
      } else {
        guard source.hasSameSupplements(as: target) else { return false }
      }
      if plan.isQuiet(old: s, new: t) {
        guard source.items == target.items else { return false }
      } else {
        guard plan.walk(old: source.items.array, s, into: target.items.array, t) else {
          return false
        }
      }
    }
    return true
  }

  /// The item operations of a batch, per section: removals per old
  /// section, arrivals and updates per new section, and the header updates
  /// per new section, for ``reproducesNewWithoutApplying()``.
  @usableFromInline
  struct ItemWalks {
    /// Per old section: the offsets deleted or moved away.
    @usableFromInline var removals: [[Int]]
    /// Per new section: the offsets filled by inserts and moves, with the
    /// item each brings.
    @usableFromInline var arrivals: [[(offset: Int, item: Item)]]
    /// Per new section: the offsets updated, with the new value.
    @usableFromInline var updates: [[(offset: Int, item: Item)]]
    /// Per new section: its header update, if any (the last one wins).
    @usableFromInline var headers: [ChangeBatch<SectionID, Item>.SectionUpdate?]

    /// Sorts the operations into their sections; `nil` where `BatchApplier`
    /// would refuse an operation by its indices alone.
    @inlinable
    init?(
      batch: ChangeBatch<SectionID, Item>, old: Snapshot<SectionID, Item>, newCount: Int,
      deleted: [Bool]
    ) {
      let oldCount = old.numberOfSections
      removals = Array(repeating: [], count: oldCount)
      arrivals = Array(repeating: [], count: newCount)
      updates = Array(repeating: [], count: newCount)
      headers = Array(repeating: nil, count: newCount)
      for p in batch.itemDeletes {
        guard (0..<oldCount).contains(p.section), !deleted[p.section] else { return nil }
        removals[p.section].append(p.item)
      }
      for insert in batch.itemInserts {
        guard (0..<newCount).contains(insert.path.section) else { return nil }
        arrivals[insert.path.section].append((insert.path.item, insert.item))
      }
      for move in batch.itemMoves {
        guard old.contains(move.from), !deleted[move.from.section],
          (0..<newCount).contains(move.to.section)
        else { return nil }
        removals[move.from.section].append(move.from.item)
        arrivals[move.to.section].append((move.to.item, old.item(at: move.from)))
      }
      for update in batch.itemUpdates {
        guard old.contains(update.from), (0..<newCount).contains(update.to.section),
          old.item(at: update.from).id == update.item.id
        else { return nil }
        updates[update.to.section].append((update.to.item, update.item))
      }
    }

    /// Whether no item operation touches old section `s` or new section `t`.
    @inlinable
    func isQuiet(old s: Int?, new t: Int) -> Bool {
      (s.map { removals[$0].isEmpty } ?? true) && arrivals[t].isEmpty && updates[t].isEmpty
    }

    /// Whether old section `s`'s `items` with the removals taken out, the
    /// arrivals put in and the updates made are exactly `target`, new
    /// section `t`'s items.
    ///
    /// - Complexity: O(*m* + *k* log *k*) for *m* items and *k* operations.
    @inlinable
    mutating func walk(old items: [Item], _ s: Int, into target: [Item], _ t: Int) -> Bool {
      removals[s].sort()
      arrivals[t].sort { $0.offset < $1.offset }
      updates[t].sort { $0.offset < $1.offset }
      let (gone, coming, changed) = (removals[s], arrivals[t], updates[t])
      guard items.count - gone.count + coming.count == target.count,
        Self.isStrictlyIncreasing(gone.lazy.map { $0 }, below: items.count),
        Self.isStrictlyIncreasing(coming.lazy.map(\.offset), below: target.count),
        Self.isStrictlyIncreasing(changed.lazy.map(\.offset), below: target.count)
      else { return false }
      return items.withUnsafeBufferPointer { old in
        target.withUnsafeBufferPointer { new in
          // Between the offsets where an item arrives or is updated, runs
          // of kept old items (the removed ones skipped), compared in bulk.
          var (read, r, a, u, j) = (0, 0, 0, 0, 0)
          while j < new.count {
            let arrival = a < coming.count ? coming[a].offset : new.count
            let update = u < changed.count ? changed[u].offset : new.count
            let event = min(arrival, update)
            while j < event {
              while r < gone.count && gone[r] == read {
                r += 1
                read += 1
              }
              let length = min(event - j, (r < gone.count ? gone[r] : old.count) - read)
              guard length > 0 else { return false }
              for k in 0..<length where old[read + k] != new[j + k] { return false }
              read += length
              j += length
            }
            guard j < new.count else { break }
            var value: Item
            if arrival == j {
              value = coming[a].item
              a += 1
            } else {
              while r < gone.count && gone[r] == read {
                r += 1
                read += 1
              }
              guard read < old.count else { return false }
              value = old[read]
              read += 1
            }
            if update == j {
              guard value.id == changed[u].item.id else { return false }
              value = changed[u].item
              u += 1
            }
            guard value == new[j] else { return false }
            j += 1
          }
          return true
        }
      }
    }

    /// Whether `offsets` increase strictly and lie in `0..<bound`.
    @inlinable
    static func isStrictlyIncreasing(_ offsets: some Collection<Int>, below bound: Int) -> Bool {
      var previous = -1
      for offset in offsets {
        guard offset > previous, offset < bound else { return false }
        previous = offset
      }
      return true
    }
  }
}
