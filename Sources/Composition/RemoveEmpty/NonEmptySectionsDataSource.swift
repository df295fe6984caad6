public import DataSourceGraphNodes
public import DataSourceGraphSections

/// The sections of an input that have at least one item (Chainable Data
/// Sources' remove-empty-sections).
///
/// ```swift
/// let visible = inbox.filter { !$0.isArchived }.removingEmptySections()
/// ```
///
/// A section that loses its last item is deleted; one that gains its first
/// is inserted with its items; in between, item changes pass through with
/// the section index mapped. The source keeps one bit per input section in a
/// rank/select structure, so a section index maps in O(log *s*), and holds
/// no copy of the input's items.
public final class NonEmptySectionsDataSource<SectionID: Hashable, Item: Identifiable & Equatable>:
  DataSource
{
  /// The input.
  public let input: any DataSource<SectionID, Item>
  /// The name of the source: the one set, else the input's (see
  /// `DataSource.name`). Setting `nil` reports the input's again; setting it
  /// emits nothing.
  public var name: String? {
    get { ownName ?? input.name }
    set { ownName = newValue }
  }
  private var ownName: String?
  var visible = RankedBits()
  var observation: ObservationToken?
  let output = NodeOutput<SectionID, Item>(state: .initial)

  /// Creates the non-empty sections of `input`.
  ///
  /// - Complexity: O(*s*) in the number of input sections.
  public init(_ input: any DataSource<SectionID, Item>) {
    self.input = input
    rebuild()
    output.publish(nil, state: derivedState)
    observation = followInput()
  }

  /// - Complexity: O(1).
  public var numberOfSections: Int { visible.ones }
  /// - Complexity: O(log *s*) plus the input's read.
  public func sectionID(at index: Int) -> SectionID { input.sectionID(at: visible.select(index)) }
  public func supplements(ofSection index: Int) -> SectionSupplements {
    input.supplements(ofSection: visible.select(index))
  }
  public func sectionIndex(for id: SectionID) -> Int? {
    guard let s = input.sectionIndex(for: id), visible[s] else { return nil }
    return visible.rank(s)
  }
  public func numberOfItems(inSection section: Int) -> Int {
    input.numberOfItems(inSection: visible.select(section))
  }
  public func item(at path: ItemPath) -> Item {
    input.item(at: ItemPath(section: visible.select(path.section), item: path.item))
  }
  /// The input's bulk read of the section shown at `section`.
  public func items(inSection section: Int) -> SnapshotSection<SectionID, Item>.Items {
    input.items(inSection: visible.select(section))
  }
  public func itemPath(for id: Item.ID) -> ItemPath? {
    guard let path = input.itemPath(for: id) else { return nil }
    return ItemPath(section: visible.rank(path.section), item: path.item)
  }
  /// - Complexity: O(*n* log *n*): built through the reads.
  public var snapshot: Snapshot<SectionID, Item> { readSnapshot() }
  /// - Complexity: O(1).
  public var hasContent: Bool { visible.ones > 0 }

  var derivedState: ContentState {
    ContentState(input: input.contentState, hasContent: visible.ones > 0)
  }

  /// Reads which of the input's sections have items.
  func rebuild() {
    visible = RankedBits(
      (0..<input.numberOfSections).lazy.map { self.input.numberOfItems(inSection: $0) > 0 })
  }

  /// The batch for the input's `batch`; updates the visibility bits.
  ///
  /// - Complexity: O(*k* log *s*), plus O(*s*) when the input's sections
  ///   change and O(*m*) for each section that appears.
  func translate(_ batch: ChangeBatch<SectionID, Item>) -> ChangeBatch<SectionID, Item> {
    let old = visible
    let shape = BatchShape(batch)
    var out = ChangeBatch<SectionID, Item>()
    var newIndexOfOld: [Int?] = []
    var origins: [Int?] = []
    var touched: [Int] = []
    if shape.changesSections {
      origins = batch.sectionOrigins(oldCount: old.count)
      newIndexOfOld = [Int?](repeating: nil, count: old.count)
      for (t, origin) in origins.enumerated() { if let origin { newIndexOfOld[origin] = t } }
      rebuild()
    } else {
      touched = Array(Set(shape.removals.keys).union(shape.arrivals.keys)).sorted()
      for s in touched { visible.set(s, to: input.numberOfItems(inSection: s) > 0) }
    }
    let changesSections = shape.changesSections
    func newIndex(_ s: Int) -> Int? { changesSections ? newIndexOfOld[s] : s }
    func origin(_ t: Int) -> Int? { changesSections ? origins[t] : t }
    func liveOld(_ s: Int) -> Bool { old[s] && (newIndex(s).map { visible[$0] } ?? false) }
    func liveNew(_ t: Int) -> Bool { visible[t] && (origin(t).map { old[$0] } ?? false) }
    func oldPath(_ p: ItemPath) -> ItemPath { ItemPath(section: old.rank(p.section), item: p.item) }
    func newPath(_ p: ItemPath) -> ItemPath {
      ItemPath(section: visible.rank(p.section), item: p.item)
    }

    // Sections that appear or disappear.
    let oldSections = changesSections ? Array(0..<old.count) : touched
    for s in oldSections where old[s] && !(newIndex(s).map { visible[$0] } ?? false) {
      out.sectionDeletes.append(old.rank(s))
    }
    let newSections = changesSections ? Array(0..<visible.count) : touched
    for t in newSections where visible[t] && !(origin(t).map { old[$0] } ?? false) {
      out.sectionInserts.append(.init(index: visible.rank(t), section: input.section(at: t)))
    }
    for move in batch.sectionMoves where old[move.from] && visible[move.to] {
      out.sectionMoves.append(.init(from: old.rank(move.from), to: visible.rank(move.to)))
    }
    for update in batch.sectionUpdates where liveOld(update.from) {
      out.sectionUpdates.append(
        update.moved(from: old.rank(update.from), to: visible.rank(update.to)))
    }

    // Items of sections shown before and after.
    for path in batch.itemDeletes where liveOld(path.section) {
      out.itemDeletes.append(oldPath(path))
    }
    for insert in batch.itemInserts where liveNew(insert.path.section) {
      out.itemInserts.append(.init(path: newPath(insert.path), item: insert.item))
    }
    for move in batch.itemMoves {
      switch (liveOld(move.from.section), liveNew(move.to.section)) {
      case (true, true): out.itemMoves.append(.init(from: oldPath(move.from), to: newPath(move.to)))
      case (true, false): out.itemDeletes.append(oldPath(move.from))
      case (false, true):
        out.itemInserts.append(.init(path: newPath(move.to), item: input.item(at: move.to)))
      case (false, false): break
      }
    }
    for update in batch.itemUpdates where liveOld(update.from.section) && liveNew(update.to.section)
    {
      out.itemUpdates.append(
        .init(from: oldPath(update.from), to: newPath(update.to), item: update.item))
    }
    out.dropImpliedMoves(oldSectionCount: old.ones)
    return out
  }
}
