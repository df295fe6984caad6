package import DataSourceGraphNodes
package import DataSourceGraphSections

/// Which items of an input a node shows: one bit per input item, per
/// section, in ``RankedBits`` (rank and select in O(log *n*)). A filter
/// keeps the items that pass its predicate; a splice keeps the spliced
/// items its base does not already show.
///
/// It translates the input's batches into the batches of the items it
/// shows, deciding for each item that arrives whether it is shown.
package struct InclusionBits {
  /// The bits, one ``RankedBits`` per input section.
  package var sections: [RankedBits]
  /// The number of items shown, over every section.
  package private(set) var shown: Int

  /// No sections.
  package init() {
    sections = []
    shown = 0
  }

  /// The bits of `input`'s current items, by `isIncluded`.
  ///
  /// - Complexity: O(*n*) calls of `isIncluded`, plus the input's bulk
  ///   reads (``DataSourceGraphNodes/DataSource/items(inSection:)``).
  package init<SectionID: Hashable, Item: Identifiable & Equatable>(
    _ input: any DataSource<SectionID, Item>, isIncluded: (Item) -> Bool
  ) {
    self.init(input) { RankedBits(judging: $0, by: isIncluded) }
  }

  /// The bits of `input`'s current items, by `judge`, which gives one
  /// flag per item of a section's bulk read.
  ///
  /// - Complexity: What `judge` costs, plus O(*n*) and the input's bulk
  ///   reads (``DataSourceGraphNodes/DataSource/items(inSection:)``).
  package init<SectionID: Hashable, Item: Identifiable & Equatable>(
    _ input: any DataSource<SectionID, Item>, judge: ([Item]) -> [Bool]
  ) {
    self.init(input) { items in
      judge(items).withUnsafeBufferPointer { flags in RankedBits(count: flags.count) { flags[$0] } }
    }
  }

  /// The bits of `input`'s current items, a section's made by `bits` from
  /// its bulk read.
  private init<SectionID: Hashable, Item: Identifiable & Equatable>(
    _ input: any DataSource<SectionID, Item>, bitsOf bits: ([Item]) -> RankedBits
  ) {
    sections = (0..<input.numberOfSections).map { bits(input.items(inSection: $0).array) }
    shown = sections.reduce(0) { $0 + $1.ones }
  }

  /// The items of the input's section `section`, given as `items` (the
  /// input's bulk read), that are shown, copied by `pick` (see
  /// ``RankedBits/selected(from:picking:)``).
  ///
  /// - Complexity: O(*m*) for *m* items.
  package func shownItems<Item>(
    of items: [Item], inSection section: Int,
    picking pick: ([Item], [Int]) -> [Item] = pickingItems()
  ) -> [Item] {
    sections[section].selected(from: items, picking: pick)
  }

  /// Whether the item at the input's `path` is shown.
  package subscript(path: ItemPath) -> Bool { sections[path.section][path.item] }

  /// The node's position of the input's `path`, if the item is shown.
  ///
  /// - Complexity: O(log *n*).
  package func shownPosition(of path: ItemPath) -> ItemPath? {
    self[path] ? ItemPath(section: path.section, item: sections[path.section].rank(path.item)) : nil
  }

  /// The input's path of the `item`-th shown item of `section`.
  ///
  /// - Complexity: O(log *n*).
  package func inputPath(ofShown path: ItemPath) -> ItemPath {
    ItemPath(section: path.section, item: sections[path.section].select(path.item))
  }

  /// The number of items before the input's `path` that are shown.
  private func rank(_ path: ItemPath) -> ItemPath {
    ItemPath(section: path.section, item: sections[path.section].rank(path.item))
  }

  /// Shows or hides the item at the input's `path`.
  package mutating func set(_ path: ItemPath, to isShown: Bool) {
    guard self[path] != isShown else { return }
    sections[path.section].set(path.item, to: isShown)
    shown += isShown ? 1 : -1
    #if DATASOURCEGRAPH_INTERNAL_CHECKS
      checkInvariants()
    #endif
  }

  /// The batch of the shown items for the input's `batch`, which the
  /// input has already applied (its reads give the new content); updates
  /// the bits. An item that arrives (inserted, in an inserted section, or
  /// updated) is shown when `isIncluded` accepts it; a moved item keeps
  /// its bit; an update that changes whether the item is shown becomes an
  /// insert or a delete.
  ///
  /// - Parameters:
  ///   - batch: The input's batch.
  ///   - read: Reads the input's item at a new path.
  ///   - isIncluded: Whether an item that arrives is shown.
  /// - Complexity: O(*k* log *n*), plus O(*s* + *m*) for section
  ///   operations, where *m* is the length of the sections inserted.
  package mutating func translate<SectionID: Hashable, Item: Identifiable & Equatable>(
    _ batch: ChangeBatch<SectionID, Item>, read: (ItemPath) -> Item,
    isIncluded: (Item) -> Bool
  ) -> ChangeBatch<SectionID, Item> {
    var out = ChangeBatch<SectionID, Item>()
    let oldSectionCount = sections.count
    out.sectionDeletes = batch.sectionDeletes
    out.sectionMoves = batch.sectionMoves
    out.sectionUpdates = batch.sectionUpdates
    for s in batch.sectionDeletes { shown -= sections[s].ones }

    // Old side: positions before any change.
    for path in batch.itemDeletes {
      if let was = shownPosition(of: path) { out.itemDeletes.append(was) }
    }
    let movedFrom = batch.itemMoves.map { shownPosition(of: $0.from) }
    let updatedFrom = batch.itemUpdates.map { shownPosition(of: $0.from) }
    let moveSources = batch.itemMoves.isEmpty ? [] : Set(batch.itemMoves.map { $0.from })

    // Replay the input's change on the bits.
    var shown = self.shown
    BatchShape(batch).replay(
      batch, on: &sections,
      remove: { bits, i in if bits.remove(at: i) { shown -= 1 } },
      make: { insert in
        let kept = RankedBits(insert.section.items.lazy.map(isIncluded))
        shown += kept.ones
        var section = insert.section
        section.items = insert.section.items.filter(isIncluded)
        out.sectionInserts.append(.init(index: insert.index, section: section))
        return kept
      },
      insert: { bits, path in
        let passes = isIncluded(read(path))
        bits.insert(passes, at: path.item)
        if passes { shown += 1 }
      })
    self.shown = shown
    // An update in place may change whether its item is shown; a moved
    // one was judged when it arrived.
    for update in batch.itemUpdates where !moveSources.contains(update.from) {
      set(update.to, to: isIncluded(update.item))
    }

    // New side: positions after every change.
    out.appendNewSide(
      of: batch, movedFrom: movedFrom, updatedFrom: updatedFrom, isShown: { self[$0] },
      newPosition: rank, item: read)
    out.dropImpliedMoves(oldSectionCount: oldSectionCount)
    #if DATASOURCEGRAPH_INTERNAL_CHECKS
      checkInvariants()
    #endif
    return out
  }

  /// Shows or hides the items at the input's paths of `changes` (paths of
  /// the current content, each at most once), and returns the batch of
  /// the shown items: a delete for each item hidden, an insert (with the
  /// item `read` gives) for each item shown.
  ///
  /// - Complexity: O(*f* log *n*) for *f* changes.
  package mutating func flip<SectionID: Hashable, Item: Identifiable & Equatable>(
    _ changes: [(path: ItemPath, isShown: Bool)], read: (ItemPath) -> Item
  ) -> ChangeBatch<SectionID, Item> {
    var out = ChangeBatch<SectionID, Item>()
    let flips = changes.filter { self[$0.path] != $0.isShown }
    for flip in flips where !flip.isShown { out.itemDeletes.append(rank(flip.path)) }
    for flip in flips { set(flip.path, to: flip.isShown) }
    for flip in flips where flip.isShown {
      out.itemInserts.append(.init(path: rank(flip.path), item: read(flip.path)))
    }
    return out
  }

  #if DATASOURCEGRAPH_INTERNAL_CHECKS
    /// Stops the program when ``shown`` is not the number of bits set over
    /// the sections. Compiled only for the library's internal checks, which
    /// run it after every change (each section's bits check their own).
    ///
    /// - Complexity: O(*s*) for *s* sections.
    package func checkInvariants() {
      let ones = sections.reduce(0) { $0 + $1.ones }
      precondition(shown == ones, "\(shown) items shown, \(ones) bits set")
    }
  #endif
}
