public import DataSourceGraphNodes
public import DataSourceGraphSections

/// The items of an input that pass a predicate, in their sections (every
/// section is kept, even when none of its items passes: chain
/// ``DataSourceGraphNodes/DataSource/removingEmptySections()`` to hide those).
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
  var bits = InclusionBits()
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
  /// Which of a section's items pass a predicate (see ``judging()``).
  private let judge: ([Item], (Item) -> Bool) -> [Bool]
  /// The items at the given indices, in that order (`pickingItems()`).
  private let pick: ([Item], [Int]) -> [Item]

  /// Creates the filter of `input` by `isIncluded`.
  ///
  /// - Complexity: O(*n* log *n*) to evaluate every item.
  @inlinable
  public convenience init(
    _ input: any DataSource<SectionID, Item>, isIncluded: @escaping (Item) -> Bool
  ) {
    self.init(input, isIncluded: isIncluded, judge: Self.judging(), pick: pickingItems())
  }

  /// Creates the filter of `input` by `isIncluded`, which judges a
  /// section's items with `judge` and reads those that pass with `pick`.
  @usableFromInline
  init(
    _ input: any DataSource<SectionID, Item>, isIncluded: @escaping (Item) -> Bool,
    judge: @escaping ([Item], (Item) -> Bool) -> [Bool],
    pick: @escaping ([Item], [Int]) -> [Item]
  ) {
    self.input = input
    requestedPredicate = isIncluded
    predicate = isIncluded
    self.judge = judge
    self.pick = pick
    rebuild()
    output.publish(nil, state: derivedState)
    observation = followInput()
  }

  // MARK: Reads (those of sections are the input's: `SectionReadThroughNode`)

  public var numberOfSections: Int { bits.sections.count }

  /// - Complexity: O(1).
  public func numberOfItems(inSection section: Int) -> Int { bits.sections[section].ones }

  /// - Complexity: O(log *n*) plus the input's read.
  public func item(at path: ItemPath) -> Item {
    input.item(at: bits.inputPath(ofShown: path))
  }

  /// The input's items of the section that pass, selected from the
  /// input's bulk read by the pass/fail bits.
  ///
  /// - Complexity: O(*m*) for a section of *m* input items, plus the
  ///   input's bulk read.
  public func items(inSection section: Int) -> SnapshotSection<SectionID, Item>.Items {
    let items = input.items(inSection: section)
    // Every item shown: the input's items as they are, chunks and all,
    // not joined into an array.
    let bits = self.bits
    if bits.sections[section].ones == items.count { return .init(items) }
    return .init(bits.shownItems(of: items.array, inSection: section, picking: pick))
  }

  /// - Complexity: O(log *n*) plus the input's look-up.
  public func itemPath(for id: Item.ID) -> ItemPath? {
    input.itemPath(for: id).flatMap(bits.shownPosition(of:))
  }

  /// - Complexity: O(*n*): built through the bulk reads.
  public var snapshot: Snapshot<SectionID, Item> { readSnapshot() }

  /// - Complexity: O(1).
  public var hasContent: Bool { bits.shown > 0 }

  var derivedState: ContentState {
    ContentState(input: input.contentState, hasContent: bits.shown > 0)
  }

  /// Evaluates every item of the input.
  ///
  /// - Complexity: O(*n* log *n*).
  func rebuild() {
    bits = InclusionBits(input) { judge($0, predicate) }
  }

  /// Tells which of `items` pass `isIncluded`, one flag per item. Inlined
  /// into the code that makes the filter, where the item type is known,
  /// so each item is read in place; generic code copied each one through
  /// its metadata to pass it, and destroyed the copy (two thirds of a
  /// filter's build over a million items).
  ///
  /// - Complexity: O(*m*) calls of `isIncluded` for *m* items.
  @inlinable
  static func judging() -> ([Item], (Item) -> Bool) -> [Bool] {
    { items, isIncluded in
      // With no room asked for, `Array(unsafeUninitializedCapacity:)`
      // writes its count into the storage every empty array shares.
      if items.isEmpty { return [] }
      // Indices, not `map`: `map` copies each item (a retain and a
      // release) to hand it over.
      return items.withUnsafeBufferPointer { items in
        [Bool](unsafeUninitializedCapacity: items.count) { flags, initialized in
          for i in items.indices { (flags.baseAddress! + i).initialize(to: isIncluded(items[i])) }
          initialized = items.count
        }
      }
    }
  }

  // MARK: Propagation

  /// The filter's batch for the input's `batch`; updates the bits.
  ///
  /// - Complexity: O(*k* log *n*), plus O(*s* + *m*) for section
  ///   operations, where *m* is the length of the sections inserted.
  func translate(_ batch: ChangeBatch<SectionID, Item>) -> ChangeBatch<SectionID, Item> {
    // The bits are taken out while the input and the predicate are
    // called, so that no call runs inside an access to the property: the
    // optimizer can then drop the run-time exclusivity check from every
    // read of `bits` (one in each read of an item through the filter).
    var working = InclusionBits()
    swap(&working, &bits)
    let out = working.translate(batch, read: input.item(at:), isIncluded: predicate)
    bits = working
    return out
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
    let old = bits
    rebuild()
    var out = ChangeBatch<SectionID, Item>()
    for s in old.sections.indices {
      var oldRank = 0
      var newRank = 0
      for i in 0..<old.sections[s].count {
        let was = old.sections[s][i]
        let passes = bits.sections[s][i]
        if was && !passes { out.itemDeletes.append(ItemPath(section: s, item: oldRank)) }
        if passes && !was {
          let item = input.item(at: ItemPath(section: s, item: i))
          out.itemInserts.append(.init(path: ItemPath(section: s, item: newRank), item: item))
        }
        if was { oldRank += 1 }
        if passes { newRank += 1 }
      }
    }
    output.publish(out, state: derivedState)
  }
}

/// The sections are the input's.
extension FilteredDataSource: SectionReadThroughNode {
  package var sectionSource: any DataSource<SectionID, Item> { input }
}
