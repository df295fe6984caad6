public import DataSourceGraphNodes
public import DataSourceGraphSections

/// All the items of an input in one section, section after section
/// (Chainable Data Sources' flatten).
///
/// ```swift
/// let everything = CompositeDataSource(inbox, archive).joined()
/// everything.numberOfSections  // 1, always
/// ```
///
/// The one section has the identity, header and footer given when the
/// flatten is made; it exists even when the input has no section. The
/// flatten keeps a Fenwick tree over the input's section lengths, so a
/// position costs O(log *s*) and an item change O(log *s*); it holds no copy
/// of the input's items. An inserted or deleted input section becomes the
/// inserts or deletes of its items, a moved input section the moves of its
/// items.
///
/// The type names only what the flatten shows: its section identity and
/// its items; the input's section identities are read as `AnyHashable`.
public final class FlattenedDataSource<SectionID: Hashable, Item: Identifiable & Equatable>:
  DataSource
{
  /// The input's section identities, whatever their type.
  typealias InputSectionID = AnyHashable
  /// The input, its section identities erased (an ``AnyDataSource``).
  public let input: any DataSource<AnyHashable, Item>
  /// The name of the flatten: the one set, else the input's (see
  /// `DataSource.name`). Setting `nil` reports the input's again; setting it
  /// emits nothing.
  public var name: String? {
    get { ownName ?? input.name }
    set { ownName = newValue }
  }
  private var ownName: String?
  /// The identity of the one section.
  public let id: SectionID
  /// The header of the one section.
  public let header: String?
  /// The footer of the one section.
  public let footer: String?
  var counts = FenwickTree()
  var observation: ObservationToken?
  let output = NodeOutput<SectionID, Item>(state: .initial)

  /// Creates the flatten of `input` into one section with identity `id`.
  ///
  /// - Complexity: O(*s*) in the number of input sections.
  public init<BaseSectionID: Hashable>(
    _ input: any DataSource<BaseSectionID, Item>, into id: SectionID, header: String? = nil,
    footer: String? = nil
  ) {
    self.input = AnyDataSource(erasingSectionIDsOf: input)
    self.id = id
    self.header = header
    self.footer = footer
    rebuild()
    output.publish(nil, state: derivedState)
    observation = followInput()
  }

  // MARK: Reads

  public var numberOfSections: Int { 1 }
  public func sectionID(at index: Int) -> SectionID {
    require(index == 0, "section index \(index) out of range: a flatten has 1 section")
    return id
  }
  public func supplements(ofSection index: Int) -> SectionSupplements {
    SectionSupplements(header: header, footer: footer)
  }
  public func sectionIndex(for id: SectionID) -> Int? { id == self.id ? 0 : nil }

  /// - Complexity: O(1).
  public func numberOfItems(inSection section: Int) -> Int {
    require(section == 0, "section index \(section) out of range: a flatten has 1 section")
    return counts.total
  }

  /// - Complexity: O(log *s*) plus the input's read.
  public func item(at path: ItemPath) -> Item {
    require(
      path.section == 0, "section index \(path.section) out of range: a flatten has 1 section")
    let (s, before) = counts.locate(path.item)
    return input.item(at: ItemPath(section: s, item: path.item - before))
  }

  /// - Complexity: O(log *s*) plus the input's look-up.
  public func itemPath(for id: Item.ID) -> ItemPath? {
    guard let path = input.itemPath(for: id) else { return nil }
    return ItemPath(section: 0, item: counts.prefixSum(path.section) + path.item)
  }

  /// The input's sections' items, one section after the other, from the
  /// input's bulk reads: past 1,024 items, their chunks, joined into one
  /// `SnapshotSection.Items` without copying the items.
  ///
  /// - Complexity: O(*s* + *n* / 128) past 1,024 items, O(*n*) up to it,
  ///   plus the input's bulk reads.
  public func items(inSection section: Int) -> SnapshotSection<SectionID, Item>.Items {
    require(section == 0, "section index \(section) out of range: a flatten has 1 section")
    let sections = input.numberOfSections
    if sections == 1 { return .init(input.items(inSection: 0)) }
    return .init(joining: (0..<sections).map { .init(input.items(inSection: $0)) })
  }

  /// - Complexity: O(*n*): built through the bulk reads.
  public var snapshot: Snapshot<SectionID, Item> { readSnapshot() }
  /// - Complexity: O(1).
  public var hasContent: Bool { counts.total > 0 }

  var derivedState: ContentState {
    ContentState(input: input.contentState, hasContent: counts.total > 0)
  }

  /// Reads the input's section lengths again.
  func rebuild() {
    counts = FenwickTree((0..<input.numberOfSections).map(input.numberOfItems(inSection:)))
  }

  // MARK: Propagation

  /// The flatten's batch for the input's `batch`; updates the offsets.
  ///
  /// - Complexity: O(*k* log *s*), plus O(*s*) when the input's sections
  ///   change and O(*m*) for each inserted, deleted or moved section of
  ///   length *m*.
  func translate(_ batch: ChangeBatch<InputSectionID, Item>) -> ChangeBatch<SectionID, Item> {
    // The offsets taken out for the translation, as the filter's bits
    // are: with no call inside an access to the property, the optimizer
    // drops the run-time exclusivity check from each read of an item.
    var counts = FenwickTree()
    swap(&counts, &self.counts)
    defer { self.counts = counts }
    var out = ChangeBatch<SectionID, Item>()
    func flat(_ item: Int) -> ItemPath { ItemPath(section: 0, item: item) }
    let shape = BatchShape(batch)

    // Old side.
    for path in batch.itemDeletes {
      out.itemDeletes.append(flat(counts.prefixSum(path.section) + path.item))
    }
    for s in batch.sectionDeletes {
      let offset = counts.prefixSum(s)
      for j in 0..<counts.values[s] { out.itemDeletes.append(flat(offset + j)) }
    }
    let movedFrom = batch.itemMoves.map { flat(counts.prefixSum($0.from.section) + $0.from.item) }
    let updatedFrom = batch.itemUpdates.map {
      flat(counts.prefixSum($0.from.section) + $0.from.item)
    }
    let stayingInMovedSections: [[Int]] = batch.sectionMoves.map { move in
      let offset = counts.prefixSum(move.from)
      let leaving = Set(shape.removals[move.from] ?? [])
      return (0..<counts.values[move.from]).filter { !leaving.contains($0) }.map { offset + $0 }
    }

    // Replay the input's change on the section lengths.
    if shape.changesSections {
      var values = counts.values
      shape.replay(
        batch, on: &values, remove: { count, _ in count -= 1 }, make: { $0.section.items.count },
        insert: { count, _ in count += 1 })
      counts.reset(values)
    } else {
      for (s, indices) in shape.removals { counts.add(-indices.count, at: s) }
      for (s, indices) in shape.arrivals { counts.add(indices.count, at: s) }
    }

    // New side.
    for insert in batch.itemInserts {
      out.itemInserts.append(
        .init(
          path: flat(counts.prefixSum(insert.path.section) + insert.path.item), item: insert.item))
    }
    for insert in batch.sectionInserts {
      let offset = counts.prefixSum(insert.index)
      for (j, item) in insert.section.items.enumerated() {
        out.itemInserts.append(.init(path: flat(offset + j), item: item))
      }
    }
    for (move, from) in zip(batch.itemMoves, movedFrom) {
      out.itemMoves.append(
        .init(from: from, to: flat(counts.prefixSum(move.to.section) + move.to.item)))
    }
    // Over offsets, not `zip`: the updates' type holds the item's, and
    // unspecialized, `zip` asks the runtime for type metadata at every step.
    for k in 0..<updatedFrom.count {
      let (update, from) = (batch.itemUpdates[k], updatedFrom[k])
      out.itemUpdates.append(
        .init(
          from: from, to: flat(counts.prefixSum(update.to.section) + update.to.item),
          item: update.item))
    }
    for (move, staying) in zip(batch.sectionMoves, stayingInMovedSections) {
      let offset = counts.prefixSum(move.to)
      let arriving = Set(shape.arrivals[move.to] ?? [])
      let targets = (0..<counts.values[move.to]).lazy.filter { !arriving.contains($0) }
      for (from, to) in zip(staying, targets) {
        out.itemMoves.append(.init(from: flat(from), to: flat(offset + to)))
      }
    }
    out.dropImpliedMoves(oldSectionCount: 1)
    return out
  }
}
