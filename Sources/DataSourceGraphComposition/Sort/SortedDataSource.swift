public import DataSourceGraphSections

/// The items of an input, each section kept in the order of a comparator;
/// items that compare equal keep the input's order.
///
/// ```swift
/// let byDate = messages.sorted { $0.date > $1.date }
/// messages.update(edited)  // a new date: an update, and a move if its place changed
/// ```
///
/// The source keeps, per section, the input positions in sorted order and
/// the inverse permutation (arrays of integers, no copy of the items), and
/// places a changed item by binary search, reading the input: a change of
/// *k* items in a section of *m* costs O(*m* + *k* log *m*) (integer moves
/// and one pass to renumber, as a sorted array with memmove does).
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
  /// Per section: the input index of the item at each sorted position.
  var order: [[Int]] = []
  /// Per section: the sorted position of the item at each input index.
  var positions: [[Int]] = []
  var observation: ObservationToken?
  let output = NodeOutput<SectionID, Item>(state: .initial)

  /// Creates the sort of `input` by `areInIncreasingOrder`, a strict weak
  /// order.
  ///
  /// - Complexity: O(*n* log *n*).
  public init(
    _ input: any DataSource<SectionID, Item>,
    by areInIncreasingOrder: @escaping (Item, Item) -> Bool
  ) {
    self.input = input
    self.areInIncreasingOrder = areInIncreasingOrder
    rebuild()
    output.publish(nil, state: derivedState)
    observation = output.follow(input) { [weak self] event in self?.inputChanged(event) }
  }

  private func rebuild() {
    order = (0..<input.numberOfSections).map { sortedOrder(of: input.items(inSection: $0)) }
    positions = order.map(inversePermutation)
  }

  private func sortedOrder(of items: [Item]) -> [Int] {
    items.indices.sorted { a, b in
      if areInIncreasingOrder(items[a], items[b]) { return true }
      if areInIncreasingOrder(items[b], items[a]) { return false }
      return a < b
    }
  }

  public var numberOfSections: Int { order.count }
  public func sectionID(at index: Int) -> SectionID { input.sectionID(at: index) }
  public func supplements(ofSection index: Int) -> (header: String?, footer: String?) {
    input.supplements(ofSection: index)
  }
  public func sectionIndex(for id: SectionID) -> Int? { input.sectionIndex(for: id) }
  public func numberOfItems(inSection section: Int) -> Int { order[section].count }
  /// - Complexity: O(1) plus the input's read.
  public func item(at path: ItemPath) -> Item {
    input.item(at: ItemPath(section: path.section, item: order[path.section][path.item]))
  }
  public func itemPath(for id: Item.ID) -> ItemPath? {
    guard let path = input.itemPath(for: id) else { return nil }
    return ItemPath(section: path.section, item: positions[path.section][path.item])
  }
  /// - Complexity: O(*n* log *n*): built through the reads.
  public var snapshot: Snapshot<SectionID, Item> { readSnapshot() }
  public var hasContent: Bool { input.hasContent }
  public var contentState: ContentState { output.state }
  public func reload() { input.reload() }
  public func observe(_ handler: @escaping (DataSourceEvent<SectionID, Item>) -> Void)
    -> ObservationToken
  {
    output.observers.add(handler)
  }

  private var derivedState: ContentState { input.contentState }

  private func inputChanged(_ event: DataSourceEvent<SectionID, Item>) {
    switch event {
    case .changed(.batch(let batch)):
      output.publish(translate(batch), state: derivedState)
    case .changed(.reloadAll):
      rebuild()
      output.publish(.reloadAll(readSnapshot()), state: derivedState)
    case .stateChanged:
      output.publish(nil, state: derivedState)
    }
  }

  /// Whether the item at input index `a` goes before the one at `b` in
  /// section `section` (current input).
  private func precedes(_ a: Int, _ b: Int, in section: Int) -> Bool {
    let x = input.item(at: ItemPath(section: section, item: a))
    let y = input.item(at: ItemPath(section: section, item: b))
    if areInIncreasingOrder(x, y) { return true }
    if areInIncreasingOrder(y, x) { return false }
    return a < b
  }

  /// The batch for the input's `batch`; updates the permutations.
  ///
  /// - Complexity: O(*k* log *m* + Σ *m*) over the sections touched, plus
  ///   O(*s*) when the input's sections change.
  func translate(_ batch: ChangeBatch<SectionID, Item>) -> ChangeBatch<SectionID, Item> {
    let shape = BatchShape(batch)
    var out = ChangeBatch<SectionID, Item>()
    let oldSectionCount = order.count
    out.sectionDeletes = batch.sectionDeletes
    out.sectionMoves = batch.sectionMoves
    out.sectionUpdates = batch.sectionUpdates
    func oldPosition(_ p: ItemPath) -> ItemPath {
      ItemPath(section: p.section, item: positions[p.section][p.item])
    }

    // Old side.
    out.itemDeletes = batch.itemDeletes.map(oldPosition)
    let movedFrom = batch.itemMoves.map { oldPosition($0.from) }
    let updatedFrom = batch.itemUpdates.map { oldPosition($0.from) }
    let moveSources = batch.itemMoves.isEmpty ? [] : Set(batch.itemMoves.map { $0.from })

    // Items to place again: updated in place (old index per old section).
    var replaced: [Int: Set<Int>] = [:]
    for update in batch.itemUpdates where !moveSources.contains(update.from) {
      replaced[update.from.section, default: []].insert(update.from.item)
    }
    // Per touched old section: drop leaving and replaced items, renumber
    // the rest to new input indices (R4: the staying items fill the slots
    // the arrivals leave free, in order).
    var arrivalsBySection: [Int: [Int]] = [:]
    for path in shape.arrivals { arrivalsBySection[path.section, default: []].append(path.item) }
    // Both directions of the section mapping, each indexed directly.
    var newSectionOfOld: [Int: Int] = [:]
    var origins: [Int?] = []
    if shape.changesSections {
      origins = BatchShape.sectionOrigins(oldCount: oldSectionCount, batch: batch)
      for (t, origin) in origins.enumerated() {
        if let origin { newSectionOfOld[origin] = t }
      }
    }
    let touchedOld = Set(shape.removals.keys).union(replaced.keys).union(
      shape.changesSections
        ? arrivalsBySection.keys.compactMap { origins[$0] } : Array(arrivalsBySection.keys))
    for s in touchedOld {
      let t = shape.changesSections ? newSectionOfOld[s] : s
      guard let t else { continue }
      let leaving = Set(shape.removals[s] ?? [])
      let arriving = arrivalsBySection[t] ?? []
      var newIndex = [Int](repeating: -1, count: positions[s].count)
      var next = 0
      var a = 0
      for i in 0..<positions[s].count where !leaving.contains(i) {
        while a < arriving.count && arriving[a] == next {
          next += 1
          a += 1
        }
        newIndex[i] = next
        next += 1
      }
      let drop = replaced[s] ?? []
      order[s] = order[s].compactMap { i in
        leaving.contains(i) || drop.contains(i) ? nil : newIndex[i]
      }
    }

    // Section structure.
    if shape.changesSections {
      shape.replay(
        batch, on: &order, remove: { _, _ in },
        make: { insert in self.sortedOrder(of: insert.section.items) },
        insert: { _, _ in })
      shape.replay(
        batch, on: &positions, remove: { _, _ in }, make: { _ in [] }, insert: { _, _ in })
      for insert in batch.sectionInserts {
        positions[insert.index] = inversePermutation(order[insert.index])
      }
    }

    // Place the arrivals and the replaced items by binary search.
    var placing: [Int: [Int]] = arrivalsBySection
    for update in batch.itemUpdates where !moveSources.contains(update.from) {
      placing[update.to.section, default: []].append(update.to.item)
    }
    for (t, indices) in placing {
      for index in indices {
        var low = 0
        var high = order[t].count
        while low < high {
          let mid = (low + high) / 2
          if precedes(order[t][mid], index, in: t) { low = mid + 1 } else { high = mid }
        }
        order[t].insert(index, at: low)
      }
    }
    let touchedNew = Set(placing.keys).union(
      touchedOld.compactMap { shape.changesSections ? newSectionOfOld[$0] : $0 })
    for t in touchedNew { positions[t] = inversePermutation(order[t]) }

    // New side.
    func newPosition(_ p: ItemPath) -> ItemPath {
      ItemPath(section: p.section, item: positions[p.section][p.item])
    }
    for insert in batch.sectionInserts {
      var section = insert.section
      section.items = order[insert.index].map { insert.section.items[$0] }
      out.sectionInserts.append(.init(index: insert.index, section: section))
    }
    out.itemInserts = batch.itemInserts.map { .init(path: newPosition($0.path), item: $0.item) }
    for (move, from) in zip(batch.itemMoves, movedFrom) {
      out.itemMoves.append(.init(from: from, to: newPosition(move.to)))
    }
    for (update, from) in zip(batch.itemUpdates, updatedFrom) {
      let to = newPosition(update.to)
      out.itemUpdates.append(.init(from: from, to: to, item: update.item))
      // An update may change the item's place: move it, and let the check
      // below drop the moves its neighbours' changes already imply.
      if !moveSources.contains(update.from) { out.itemMoves.append(.init(from: from, to: to)) }
    }
    out.dropImpliedMoves(oldSectionCount: oldSectionCount)
    return out
  }
}

/// The inverse of a permutation: `result[order[p]] == p`.
///
/// - Complexity: O(*n*).
func inversePermutation(_ order: [Int]) -> [Int] {
  var inverse = [Int](repeating: 0, count: order.count)
  for (position, index) in order.enumerated() { inverse[index] = position }
  return inverse
}
