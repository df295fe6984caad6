public import DataSourceGraphNodes
public import DataSourceGraphSections

/// The items of an input, each section kept in the order of a comparator;
/// items that compare equal keep the input's order.
///
/// ```swift
/// let byDate = messages.sorted { $0.date > $1.date }
/// messages.update(edited)  // a new date: an update, and a move if its place changed
/// ```
///
/// The source holds no copy of the input's items, except, from the time
/// it is built (or rebuilt on a reload) until the first read of a
/// section's items or the first change, the items its build put in order:
/// that first read (a renderer's first snapshot) takes them rather than
/// reading the input again. Items no read took are destroyed 512 at
/// each change after that, so that the first change does not pay for all
/// of them. It keeps, per section,
/// the permutation between input indices and sorted positions as two
/// chunked sequences of item handles (one in input order, one in sorted
/// order, chunks of *B* = 512 handles with a Fenwick tree over their
/// lengths), and places a changed item by binary search, reading the
/// input. For a section of *m* items:
///
/// - ``numberOfItems(inSection:)`` costs O(1); ``item(at:)``
///   O(log(*m* / *B*)) plus the input's read; ``itemPath(for:)``
///   O(log(*m* / *B*) + *B*) plus the input's look-up.
/// - A change of *k* items in the section costs
///   O(*k* (log *m* · log(*m* / *B*) + *B* + *m* / *B*²)) amortized (the
///   last term re-indexes the chunks when one splits or empties, at most
///   once per *B* / 2 edits of a chunk: under one step per change up to
///   *B*² = 262,144 items), plus O(*k* log *m*) comparisons, each reading an
///   item of the input. The log(*m* / *B*)
///   factor is the look-up of an input index at each step of a search,
///   which a structure that keeps no copy of the items cannot avoid; it
///   has 12 steps over a million items.
public final class SortedDataSource<SectionID: Hashable, Item: Identifiable & Equatable>: DataSource
{
  /// The input.
  public let input: any DataSource<SectionID, Item>
  /// The name of the sort: the one set, else the input's (see
  /// `DataSource.name`). Setting `nil` reports the input's again; setting it
  /// emits nothing.
  public var name: String? {
    get { ownName ?? input.name }
    set { ownName = newValue }
  }
  private var ownName: String?
  /// Whether the first item goes before the second.
  public let areInIncreasingOrder: (Item, Item) -> Bool
  /// Per section: the permutation between input indices and sorted
  /// positions.
  var sections: [SortedSection] = []
  var observation: ObservationToken?
  let output = NodeOutput<SectionID, Item>(state: .initial)

  /// The indices of a section's items in sorted order, and the items in
  /// that order (see ``sortingIndices(by:)``).
  private let sortedOrder:
    (SnapshotSection<SectionID, Item>.Items) -> (indices: [Int], items: [Item])
  /// The items at the given indices, in that order (`pickingItems()`).
  private let permute: ([Item], [Int]) -> [Item]
  /// Per section, its items in sorted order as the last rebuild sorted
  /// them, until the section's first bulk read or the first change: the
  /// read that follows a rebuild (a renderer's first snapshot, a
  /// `.reloadAll`) takes them instead of reading the input again and
  /// permuting its items. Held only while unread.
  private var sortedByRebuild: [[Item]?] = []
  /// The items of `sortedByRebuild` that went unread, destroyed a few at
  /// each change rather than all at the first (3 ms for the million-item
  /// screen's sort, read by no renderer).
  private var unreadItems = ReleaseInPieces<Item>()

  /// Creates the sort of `input` by `areInIncreasingOrder`, a strict weak
  /// order.
  ///
  /// - Complexity: O(*n* log *n*).
  @inlinable
  public convenience init(
    _ input: any DataSource<SectionID, Item>,
    by areInIncreasingOrder: @escaping (Item, Item) -> Bool
  ) {
    self.init(
      input, by: areInIncreasingOrder,
      sortedOrder: Self.sortingIndices(by: areInIncreasingOrder), permute: pickingItems())
  }

  /// Creates the sort of `input` by `areInIncreasingOrder`, whose sections
  /// are put in order by `sortedOrder` and read in it with `permute`.
  @usableFromInline
  init(
    _ input: any DataSource<SectionID, Item>,
    by areInIncreasingOrder: @escaping (Item, Item) -> Bool,
    sortedOrder:
      @escaping (SnapshotSection<SectionID, Item>.Items) -> (
        indices: [Int], items: [Item]
      ),
    permute: @escaping ([Item], [Int]) -> [Item]
  ) {
    self.input = input
    self.areInIncreasingOrder = areInIncreasingOrder
    self.sortedOrder = sortedOrder
    self.permute = permute
    rebuild()
    output.publish(nil, state: derivedState)
    observation = followInput()
  }

  func rebuild() {
    releaseUnreadItems()
    sections = (0..<input.numberOfSections).map {
      let sorted = sortedOrder(input.items(inSection: $0))
      sortedByRebuild.append(sorted.items)
      return SortedSection(sortedOrder: sorted.indices)
    }
  }

  /// Lets go of the items the last rebuild sorted that no read took: they
  /// are released over the changes to come (``ReleaseInPieces``).
  ///
  /// - Complexity: O(*s*) for *s* sections.
  private func releaseUnreadItems() {
    for case let items? in sortedByRebuild { unreadItems.add(items) }
    sortedByRebuild = []
  }

  /// Sorts the indices of items by `areInIncreasingOrder`, equal items in
  /// input order: the standard library's sort is stable, so one comparison
  /// per step settles ties by index. The comparisons read the items in
  /// place and the sort moves only integers. Inlined into the code that
  /// makes the sort, where the item type is known, so the comparisons run
  /// specialized rather than copying each item through its generic
  /// metadata (a third of a million-item cold start, unspecialized).
  ///
  /// - Complexity: O(*m* log *m*) comparisons for *m* items.
  @inlinable
  static func sortingIndices(by areInIncreasingOrder: @escaping (Item, Item) -> Bool) -> (
    SnapshotSection<SectionID, Item>.Items
  ) -> (indices: [Int], items: [Item]) {
    { items in
      // The items sorted with their indices beside them, not the indices
      // alone: the comparisons then read neighbouring memory rather than
      // items scattered across the section. The pairs live in memory of
      // their own, so that the sorted items move out of them into the
      // result: an array of pairs would copy each item out (a retain)
      // and then destroy every pair through the tuple's metadata (a
      // release and a call per item).
      let count = items.count
      // With no room asked for, `Array(unsafeUninitializedCapacity:)`
      // writes its count into the storage every empty array shares.
      if count == 0 { return ([], []) }
      var tagged = UnsafeMutableBufferPointer<(item: Item, index: Int)>.allocate(capacity: count)
      defer { tagged.deallocate() }
      // Run by run: a flatten's items are the chunks of its input's
      // sections, never joined into one array.
      items.forEachRun { run, start in
        for r in 0..<run.count {
          (tagged.baseAddress! + start + r).initialize(to: (run[r], start + r))
        }
      }
      tagged.sort { areInIncreasingOrder($0.item, $1.item) }
      var indices = [Int](repeating: 0, count: count)
      let sorted = [Item](unsafeUninitializedCapacity: count) { sorted, initialized in
        for k in 0..<count {
          let (item, index) = (tagged.baseAddress! + k).move()
          indices[k] = index
          (sorted.baseAddress! + k).initialize(to: item)
        }
        initialized = count
      }
      return (indices, sorted)
    }
  }

  // MARK: Reads (those of sections are the input's: `SectionReadThroughNode`)

  public var numberOfSections: Int { sections.count }

  /// - Complexity: O(1).
  public func numberOfItems(inSection section: Int) -> Int { sections[section].count }

  /// - Complexity: O(log(*m* / *B*)) in the section's length *m* (chunks of
  ///   *B* = 512), plus the input's read.
  public func item(at path: ItemPath) -> Item {
    input.item(at: inputPath(of: path))
  }

  /// The input's items of the section in sorted order: the input's bulk
  /// read, permuted; the first read after a rebuild takes the items the
  /// rebuild sorted.
  ///
  /// - Complexity: O(*m*) for a section of *m* items, plus the input's
  ///   bulk read; O(1) for the first read after a rebuild.
  public func items(inSection section: Int) -> SnapshotSection<SectionID, Item>.Items {
    if section < sortedByRebuild.count, let sorted = sortedByRebuild[section] {
      sortedByRebuild[section] = nil
      return .init(sorted)
    }
    return .init(
      permute(input.items(inSection: section).array, sections[section].inputIndicesInSortedOrder()))
  }

  /// - Complexity: O(log(*m* / *B*) + *B*) in the section's length *m*
  ///   (chunks of *B* = 512), plus the input's look-up.
  public func itemPath(for id: Item.ID) -> ItemPath? {
    guard let path = input.itemPath(for: id) else { return nil }
    return sortedPath(of: path)
  }

  /// The input's path of the item at `path` of the sort.
  ///
  /// - Complexity: O(log(*m* / *B*)).
  func inputPath(of path: ItemPath) -> ItemPath {
    ItemPath(
      section: path.section,
      item: sections[path.section].inputIndex(ofSortedPosition: path.item))
  }

  /// The sort's path of the item at the input's `path`.
  ///
  /// - Complexity: O(log(*m* / *B*) + *B*).
  func sortedPath(of path: ItemPath) -> ItemPath {
    ItemPath(
      section: path.section, item: sections[path.section].sortedPosition(ofInputIndex: path.item))
  }

  /// - Complexity: O(*n*): built through the bulk reads.
  public var snapshot: Snapshot<SectionID, Item> { readSnapshot() }
  public var hasContent: Bool { input.hasContent }

  var derivedState: ContentState { input.contentState }

  // MARK: Propagation

  /// Places `handle` (in the input order of section `section`, at its
  /// current input index) in the sorted order: after the items that go
  /// before it, equal items ordered by input index. Returns its sorted
  /// position; `hint` is a sorted position to try beside first
  /// (``SortedSection/place(_:near:precedes:)``).
  @discardableResult
  private func place(_ handle: Int32, inSection section: Int, near hint: Int? = nil) -> Int {
    let index = sections[section].input.index(of: handle)
    let item = input.item(at: ItemPath(section: section, item: index))
    let input = self.input
    let areInIncreasingOrder = self.areInIncreasingOrder
    // One comparison per probe: an item before it in input order goes
    // before it unless it goes after it; one after it, only if it goes
    // before it (equal items keep their input order).
    return sections[section].place(handle, near: hint) { j in
      let other = input.item(at: ItemPath(section: section, item: j))
      return j < index ? !areInIncreasingOrder(item, other) : areInIncreasingOrder(other, item)
    }
  }

  /// The batch for the input's `batch`; updates the permutations.
  ///
  /// The items that leave are taken out of both orders, the items updated
  /// in place out of the sorted order; the input's section changes are
  /// replayed; the arrivals are put in the input order; then the arrivals
  /// and the updated items are placed by binary search. The items that stay
  /// keep their relative order, so only those placed again can move. In a
  /// batch of updates only, an updated item still in order between its
  /// neighbours (a title changed, the sorted field not) keeps its place
  /// without a search (``updatesKeepingTheirPlace(_:sortedPositions:)``).
  ///
  /// - Complexity: O(*k* (log *m* · log(*m* / *B*) + *B*)) amortized for
  ///   *k* operations in sections of at most *m* items (chunks of
  ///   *B* = 512), plus O(*k* log *m*) comparisons reading the input and
  ///   O(*k* log *k*) to sort the batch; plus O(*s*) when the input's
  ///   sections change and O(*m* log *m*) per inserted section of *m* items.
  func translate(_ batch: ChangeBatch<SectionID, Item>) -> ChangeBatch<SectionID, Item> {
    releaseUnreadItems()
    unreadItems.step()
    let shape = BatchShape(batch)
    var out = ChangeBatch<SectionID, Item>()
    let oldSectionCount = sections.count
    out.sectionDeletes = batch.sectionDeletes
    out.sectionMoves = batch.sectionMoves
    out.sectionUpdates = batch.sectionUpdates

    // Old side: positions before any change.
    out.itemDeletes = batch.itemDeletes.map(sortedPath(of:))
    let movedFrom = batch.itemMoves.map { sortedPath(of: $0.from) }
    let updatedFrom = batch.itemUpdates.map { sortedPath(of: $0.from) }
    let moveSources = batch.itemMoves.isEmpty ? [] : Set(batch.itemMoves.map { $0.from })

    // Items updated in place leave the sorted order, to be placed again,
    // unless they are still in order between their neighbours.
    let kept = updatesKeepingTheirPlace(batch, sortedPositions: updatedFrom)
    for update in batch.itemUpdates
    where !moveSources.contains(update.from) && !kept.contains(update.from) {
      _ = sections[update.from.section].unplaceItem(atInputIndex: update.from.item)
    }

    // Replay the input's change on the input orders; note the arrivals.
    var arrivals: [(section: Int, handle: Int32)] = []
    arrivals.reserveCapacity(shape.arrivalCount)
    shape.replay(
      batch, on: &sections,
      remove: { section, index in section.removeItem(atInputIndex: index) },
      make: { insert in
        var section = insert.section
        let sorted = self.sortedOrder(section.items)
        section.items = .init(sorted.items)
        out.sectionInserts.append(.init(index: insert.index, section: section))
        return SortedSection(sortedOrder: sorted.indices)
      },
      insert: { section, path in
        arrivals.append((path.section, section.insertItem(atInputIndex: path.item)))
      })

    // Place the arrivals and the updated items, now that every input index
    // is the new one.
    // Each arrival is tried beside the one placed before it in its
    // section, as long as that works: a page's items often go side by
    // side; when they are spread, one try is all it costs.
    var lastPlaced: (section: Int, position: Int)?
    var besideTheLast = true
    for (section, handle) in arrivals {
      let hint = besideTheLast && lastPlaced?.section == section ? lastPlaced?.position : nil
      let position = place(handle, inSection: section, near: hint)
      if let hint, position != hint, position != hint + 1 { besideTheLast = false }
      lastPlaced = (section, position)
    }
    for update in batch.itemUpdates
    where !moveSources.contains(update.from) && !kept.contains(update.from) {
      let t = update.to.section
      place(sections[t].input.handle(at: update.to.item), inSection: t)
    }

    // New side: positions after every change.
    // A loop, as in `mapped(sectionIndex:path:section:item:)`.
    out.itemInserts.reserveCapacity(batch.itemInserts.count)
    for insert in batch.itemInserts {
      out.itemInserts.append(.init(path: sortedPath(of: insert.path), item: insert.item))
    }
    for (move, from) in zip(batch.itemMoves, movedFrom) {
      out.itemMoves.append(.init(from: from, to: sortedPath(of: move.to)))
    }
    // Over offsets, not `zip`: the updates' type holds the item's, and
    // unspecialized, `zip` asks the runtime for type metadata at every step.
    for k in 0..<updatedFrom.count {
      let (update, from) = (batch.itemUpdates[k], updatedFrom[k])
      let to = sortedPath(of: update.to)
      out.itemUpdates.append(.init(from: from, to: to, item: update.item))
      // An update may change the item's place: move it, and let the check
      // below drop the moves its neighbours' changes already imply.
      if !moveSources.contains(update.from) { out.itemMoves.append(.init(from: from, to: to)) }
    }
    out.dropImpliedMoves(oldSectionCount: oldSectionCount)
    return out
  }
}

extension SortedDataSource {
  /// The input paths of the items that `batch`, a batch of item updates
  /// only, updates and leaves where they are in sorted order: an updated
  /// item whose neighbours in sorted order are not updated and still go
  /// before and after it. The other items keep their order, so the sorted
  /// order without the updated items that are placed again is still
  /// sorted, and placing those gives the order a sort from scratch gives.
  /// Empty for a batch that inserts, deletes or moves.
  ///
  /// - Parameter sortedPositions: The sorted path of each update's item.
  /// - Complexity: O(*k* log(*m* / *B*)) for *k* updates, plus up to four
  ///   comparisons and two input reads per update: an edit of a title on
  ///   a sorted screen skips the O(log *m*) comparisons of a search.
  func updatesKeepingTheirPlace(
    _ batch: ChangeBatch<SectionID, Item>, sortedPositions: [ItemPath]
  ) -> Set<ItemPath> {
    guard
      !batch.itemUpdates.isEmpty, batch.itemInserts.isEmpty, batch.itemDeletes.isEmpty,
      batch.itemMoves.isEmpty, batch.sectionInserts.isEmpty, batch.sectionDeletes.isEmpty,
      batch.sectionMoves.isEmpty
    else { return [] }
    // Neighbours updated too are placed again; one update has none. (A
    // closure, not a key path: in code not specialized for the item type,
    // a key path is made at run time, at every call.)
    let updated = batch.itemUpdates.count > 1 ? Set(batch.itemUpdates.map { $0.from }) : []
    var kept: Set<ItemPath> = []
    // Over offsets, not `zip` (see `translate(_:)`).
    for k in 0..<sortedPositions.count {
      let (update, sortedPath) = (batch.itemUpdates[k], sortedPositions[k])
      guard update.from == update.to else { continue }
      let s = update.from.section
      // Whether the item at sorted position `position`, if any, is not
      // updated and still goes before the updated item (`before`) or after
      // it: by the order, then by input index.
      func staysBeside(_ position: Int, before: Bool) -> Bool {
        guard position >= 0, position < sections[s].count else { return true }
        let j = sections[s].inputIndex(ofSortedPosition: position)
        let neighbour = ItemPath(section: s, item: j)
        guard !updated.contains(neighbour) else { return false }
        let other = input.item(at: neighbour)
        let goesBefore =
          areInIncreasingOrder(other, update.item)
          || (!areInIncreasingOrder(update.item, other) && j < update.from.item)
        return goesBefore == before
      }
      if staysBeside(sortedPath.item - 1, before: true),
        staysBeside(sortedPath.item + 1, before: false)
      {
        kept.insert(update.from)
      }
    }
    return kept
  }
}

/// The sections are the input's.
extension SortedDataSource: SectionReadThroughNode {
  package var sectionSource: any DataSource<SectionID, Item> { input }
}
