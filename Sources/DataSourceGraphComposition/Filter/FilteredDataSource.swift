public import DataSourceGraphSections

/// The items of an input that pass a predicate, in their sections (every
/// section is kept, even when none of its items passes: chain
/// ``DataSourceGraphSections/DataSource/removingEmptySections()`` to hide those).
///
/// ```swift
/// let unread = inbox.filter { !$0.isRead }
/// unread.isIncluded = { $0.isFlagged }  // emits the minimal batch
/// ```
///
/// The filter holds one pass/fail bit per input item, per section, in a
/// structure that answers "how many pass before this one" and "which is the
/// *k*-th that passes" in O(log *n*). It holds no copy of the input's items:
/// reads go through the input. A change of *k* items in the input costs
/// O(*k* log *n*); an item update that changes whether the item passes
/// becomes an insert or a delete.
///
/// Its state keeps the input's loading phase and judges content by its own
/// items (``DataSourceGraphSections/ContentState/init(input:hasContent:)``).
public final class FilteredDataSource<SectionID: Hashable, Item: Identifiable & Equatable>:
  DataSource
{
  /// The input.
  public let input: any DataSource<SectionID, Item>
  /// The name of the filter: the one set, else the input's (see
  /// `DataSource.name`). Setting `nil` reports the input's again; setting it
  /// emits nothing.
  public var name: String? {
    get { ownName ?? input.name }
    set { ownName = newValue }
  }
  private var ownName: String?
  var bits: [RankedBits] = []
  var passing = 0
  var observation: ObservationToken?
  let output = NodeOutput<SectionID, Item>(state: .initial)

  /// The predicate. Setting it re-evaluates every item and emits the
  /// inserts and deletes between the two results (no moves: a filter keeps
  /// the input's order).
  ///
  /// Set while observers are being told of a change (from an observer), the
  /// new predicate is applied after the whole delivery, like an edit of a
  /// leaf (see `ObserverList`); reading the property returns the predicate
  /// last set.
  ///
  /// - Complexity: Setting it costs O(*n* log *n*).
  public var isIncluded: (Item) -> Bool {
    get { requestedPredicate }
    set {
      requestedPredicate = newValue
      apply(newValue)
    }
  }
  /// The predicate last set, maybe not applied yet.
  private var requestedPredicate: (Item) -> Bool
  /// The predicate the bits hold.
  private var predicate: (Item) -> Bool

  /// Creates the filter of `input` by `isIncluded`.
  ///
  /// - Complexity: O(*n* log *n*) to evaluate every item.
  public init(_ input: any DataSource<SectionID, Item>, isIncluded: @escaping (Item) -> Bool) {
    self.input = input
    requestedPredicate = isIncluded
    predicate = isIncluded
    rebuild()
    output.publish(nil, state: derivedState)
    observation = followInput()
  }

  // MARK: Reads

  public var numberOfSections: Int { bits.count }
  public func sectionID(at index: Int) -> SectionID { input.sectionID(at: index) }
  public func supplements(ofSection index: Int) -> (header: String?, footer: String?) {
    input.supplements(ofSection: index)
  }
  public func sectionIndex(for id: SectionID) -> Int? { input.sectionIndex(for: id) }

  /// - Complexity: O(1).
  public func numberOfItems(inSection section: Int) -> Int { bits[section].ones }

  /// - Complexity: O(log *n*) plus the input's read.
  public func item(at path: ItemPath) -> Item {
    input.item(at: ItemPath(section: path.section, item: bits[path.section].select(path.item)))
  }

  /// - Complexity: O(log *n*) plus the input's look-up.
  public func itemPath(for id: Item.ID) -> ItemPath? {
    guard let path = input.itemPath(for: id), bits[path.section][path.item] else { return nil }
    return ItemPath(section: path.section, item: bits[path.section].rank(path.item))
  }

  /// - Complexity: O(*n* log *n*): built through the reads.
  public var snapshot: Snapshot<SectionID, Item> { readSnapshot() }

  /// - Complexity: O(1).
  public var hasContent: Bool { passing > 0 }

  var derivedState: ContentState {
    ContentState(input: input.contentState, hasContent: passing > 0)
  }

  /// Evaluates every item of the input.
  ///
  /// - Complexity: O(*n* log *n*).
  func rebuild() {
    bits = (0..<input.numberOfSections).map { s in
      RankedBits(input.items(inSection: s).lazy.map(predicate))
    }
    passing = bits.reduce(0) { $0 + $1.ones }
  }

  // MARK: Propagation

  /// The filter's batch for the input's `batch`; updates the bits.
  ///
  /// - Complexity: O(*k* log *n*), plus O(*s* + *m*) for section
  ///   operations, where *m* is the length of the sections inserted.
  func translate(_ batch: ChangeBatch<SectionID, Item>) -> ChangeBatch<SectionID, Item> {
    var out = ChangeBatch<SectionID, Item>()
    let oldSectionCount = bits.count
    out.sectionDeletes = batch.sectionDeletes
    out.sectionMoves = batch.sectionMoves
    out.sectionUpdates = batch.sectionUpdates
    for s in batch.sectionDeletes { passing -= bits[s].ones }

    // Old side: positions before any change.
    for path in batch.itemDeletes where bits[path.section][path.item] {
      out.itemDeletes.append(
        ItemPath(section: path.section, item: bits[path.section].rank(path.item)))
    }
    let movedFrom = batch.itemMoves.map { oldPosition($0.from) }
    let updatedFrom = batch.itemUpdates.map { oldPosition($0.from) }
    let moveSources = batch.itemMoves.isEmpty ? [] : Set(batch.itemMoves.map { $0.from })

    // Replay the input's change on the bits.
    let shape = BatchShape(batch)
    let isIncluded = predicate
    shape.replay(
      batch, on: &bits,
      remove: { bits, i in if bits.remove(at: i) { self.passing -= 1 } },
      make: { insert in
        let section = insert.section
        let kept = RankedBits(section.items.lazy.map(isIncluded))
        self.passing += kept.ones
        var filtered = section
        filtered.items = section.items.filter(isIncluded)
        out.sectionInserts.append(.init(index: insert.index, section: filtered))
        return kept
      },
      insert: { bits, path in
        let passes = isIncluded(self.input.item(at: path))
        bits.insert(passes, at: path.item)
        if passes { self.passing += 1 }
      })
    // An update in place may change whether its item passes; a moved one
    // was judged when it arrived.
    for update in batch.itemUpdates where !moveSources.contains(update.from) {
      let passes = isIncluded(update.item)
      let was = bits[update.to.section][update.to.item]
      if was != passes {
        bits[update.to.section].set(update.to.item, to: passes)
        passing += passes ? 1 : -1
      }
    }

    // New side: positions after every change.
    out.appendNewSide(
      of: batch, movedFrom: movedFrom, updatedFrom: updatedFrom,
      isShown: { self.bits[$0.section][$0.item] }, newPosition: newPosition,
      item: input.item(at:))
    out.dropImpliedMoves(oldSectionCount: oldSectionCount)
    return out
  }

  /// The filter's position of the input's old `path`, if the item passed.
  private func oldPosition(_ path: ItemPath) -> ItemPath? {
    bits[path.section][path.item]
      ? ItemPath(section: path.section, item: bits[path.section].rank(path.item)) : nil
  }

  private func newPosition(_ path: ItemPath) -> ItemPath {
    ItemPath(section: path.section, item: bits[path.section].rank(path.item))
  }

  /// Makes `newPredicate` the predicate and re-evaluates every item, after
  /// the delivery under way if there is one.
  private func apply(_ newPredicate: @escaping (Item) -> Bool) {
    if DeliveryWave.postpone({ self.apply(newPredicate) }) { return }
    predicate = newPredicate
    refilter()
  }

  /// Re-evaluates every item after a change of the predicate.
  private func refilter() {
    let isIncluded = predicate
    var out = ChangeBatch<SectionID, Item>()
    for s in bits.indices {
      var oldRank = 0
      var newRank = 0
      var changed = false
      var newBits: [Bool] = []
      newBits.reserveCapacity(bits[s].count)
      for i in 0..<bits[s].count {
        let item = input.item(at: ItemPath(section: s, item: i))
        let was = bits[s][i]
        let passes = isIncluded(item)
        newBits.append(passes)
        changed = changed || was != passes
        if was && !passes { out.itemDeletes.append(ItemPath(section: s, item: oldRank)) }
        if passes && !was {
          out.itemInserts.append(.init(path: ItemPath(section: s, item: newRank), item: item))
        }
        if was { oldRank += 1 }
        if passes { newRank += 1 }
      }
      if changed { bits[s] = RankedBits(newBits) }
    }
    passing = bits.reduce(0) { $0 + $1.ones }
    output.publish(out, state: derivedState)
  }
}
