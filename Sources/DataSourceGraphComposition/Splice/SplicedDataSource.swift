public import DataSourceGraphSections

/// A base source with another source's items placed at a fixed position
/// inside one of its sections: a banner or an ad inside a feed (Chainable
/// Data Sources' insert).
///
/// ```swift
/// let feedWithBanner = feed.splicing(banner, intoSection: "feed", at: 3)
/// ```
///
/// The spliced items (all of the other source's sections, in order) sit
/// after the first `index` items of the section whose identity is
/// `sectionID`, or at its end while it has fewer; they are not shown while
/// the base has no such section. Base batches pass through with the paths
/// of that section shifted around the spliced items (and the spliced items
/// moved when the base's changes before them shift them); the other
/// source's batches become item changes at the splice position. Costs:
/// O(*k* log *k*) per base change, plus O(min(*b*, *d*)) when the change
/// makes the *b* spliced items cross *d* kept base items (they are then
/// moved, or those items are); O(*k* log *s*) per change of the spliced
/// source; no items are copied.
public final class SplicedDataSource<SectionID: Hashable, Item: Identifiable & Equatable>:
  DataSource
{
  /// The base source.
  public let base: any DataSource<SectionID, Item>
  /// The name of the splice: the one set, else the base's (see
  /// `DataSource.name`). Setting `nil` reports the base's again; setting it
  /// emits nothing.
  public var name: String? {
    get { ownName ?? base.name }
    set { ownName = newValue }
  }
  private var ownName: String?
  /// The identity of the base section the items go into.
  public let sectionID: SectionID
  /// How many base items come before the spliced ones.
  public let index: Int
  let spliced: FlattenedDataSource<AnyHashable, Int, Item>
  var target: Int?
  var observations: [ObservationToken] = []
  var received: [Received] = []
  let output = NodeOutput<SectionID, Item>(state: .initial)

  /// Creates the splice of `other`'s items into `base`'s section `sectionID`
  /// after its first `index` items.
  public init<OtherSectionID: Hashable>(
    _ base: any DataSource<SectionID, Item>, inserting other: any DataSource<OtherSectionID, Item>,
    intoSection sectionID: SectionID, at index: Int
  ) {
    require(index >= 0, "splice index \(index) must not be negative")
    self.base = base
    self.sectionID = sectionID
    self.index = index
    spliced = FlattenedDataSource(AnyHashableSections(other), into: 0)
    target = base.sectionIndex(for: sectionID)
    output.publish(nil, state: derivedState)
    observations.append(output.follow(base) { [weak self] in self?.received.append(.base($0)) })
    observations.append(
      output.follow(spliced) { [weak self] in self?.received.append(.spliced($0)) })
    output.afterReceiving = { [weak self] in self?.takeReceived() }
  }

  /// An event of the base or of the spliced source, handed over in the
  /// wave under way.
  enum Received {
    case base(DataSourceEvent<SectionID, Item>)
    case spliced(DataSourceEvent<Int, Item>)
  }

  /// Takes in what the inputs sent in this wave. When one change reached
  /// both (they share a source), their batches cannot be placed one after
  /// the other (each input already shows the other's change), so the
  /// splice sends a reload of its content instead.
  private func takeReceived() {
    let events = received
    received.removeAll()
    let changedBase = events.contains { if case .base(.changed) = $0 { true } else { false } }
    let changedSpliced = events.contains {
      if case .spliced(.changed) = $0 { true } else { false }
    }
    if changedBase && changedSpliced {
      target = base.sectionIndex(for: sectionID)
      output.publish(.reloadAll(readSnapshot()), state: derivedState)
      return
    }
    for event in events {
      switch event {
      case .base(let event): baseChanged(event)
      case .spliced(let event): splicedChanged(event)
      }
    }
  }

  private var derivedState: ContentState {
    ContentState(input: base.contentState, hasContent: hasContent)
  }
  var splicedCount: Int { spliced.numberOfItems(inSection: 0) }
  func start(in section: Int) -> Int { min(index, base.numberOfItems(inSection: section)) }

  public var numberOfSections: Int { base.numberOfSections }
  public func sectionID(at index: Int) -> SectionID { base.sectionID(at: index) }
  public func supplements(ofSection index: Int) -> (header: String?, footer: String?) {
    base.supplements(ofSection: index)
  }
  public func sectionIndex(for id: SectionID) -> Int? { base.sectionIndex(for: id) }
  public func numberOfItems(inSection section: Int) -> Int {
    base.numberOfItems(inSection: section) + (section == target ? splicedCount : 0)
  }
  public func item(at path: ItemPath) -> Item {
    guard path.section == target else { return base.item(at: path) }
    let start = start(in: path.section)
    if path.item < start { return base.item(at: path) }
    if path.item < start + splicedCount {
      return spliced.item(at: ItemPath(section: 0, item: path.item - start))
    }
    return base.item(at: ItemPath(section: path.section, item: path.item - splicedCount))
  }
  public func itemPath(for id: Item.ID) -> ItemPath? {
    if let path = base.itemPath(for: id) {
      guard path.section == target, path.item >= start(in: path.section) else { return path }
      return ItemPath(section: path.section, item: path.item + splicedCount)
    }
    guard let target, let path = spliced.itemPath(for: id) else { return nil }
    return ItemPath(section: target, item: start(in: target) + path.item)
  }
  /// - Complexity: O(*n* log *n*): built through the reads.
  public var snapshot: Snapshot<SectionID, Item> { readSnapshot() }
  public var hasContent: Bool { base.hasContent || (target != nil && splicedCount > 0) }
  public var contentState: ContentState { output.state }
  /// Reloads both sources.
  public func reload() {
    base.reload()
    spliced.reload()
  }
  /// Runs `body` once the loads of both sources have settled (see
  /// `DataSource.whenLoaded(_:)`).
  public func whenLoaded(_ body: @escaping () -> Void) {
    whenAllLoaded([base, spliced], body)
  }
  public func observe(_ handler: @escaping (DataSourceEvent<SectionID, Item>) -> Void)
    -> ObservationToken
  {
    output.observers.add(handler)
  }

  private func splicedChanged(_ event: DataSourceEvent<Int, Item>) {
    guard case .changed(let change) = event, let target else {
      output.publish(nil, state: derivedState)
      return
    }
    guard case .batch(let batch) = change else {
      output.publish(.reloadAll(readSnapshot()), state: derivedState)
      return
    }
    // A flatten's batch has item changes only, in its one section.
    let offset = start(in: target)
    func shift(_ p: ItemPath) -> ItemPath { ItemPath(section: target, item: offset + p.item) }
    var out = ChangeBatch<SectionID, Item>()
    out.itemDeletes = batch.itemDeletes.map(shift)
    out.itemInserts = batch.itemInserts.map { .init(path: shift($0.path), item: $0.item) }
    out.itemMoves = batch.itemMoves.map { .init(from: shift($0.from), to: shift($0.to)) }
    out.itemUpdates = batch.itemUpdates.map {
      .init(from: shift($0.from), to: shift($0.to), item: $0.item)
    }
    output.publish(out, state: derivedState)
  }

  private func baseChanged(_ event: DataSourceEvent<SectionID, Item>) {
    let oldTarget = target
    target = base.sectionIndex(for: sectionID)
    guard case .changed(let change) = event else {
      output.publish(nil, state: derivedState)
      return
    }
    guard case .batch(let batch) = change else {
      output.publish(.reloadAll(readSnapshot()), state: derivedState)
      return
    }
    let b = splicedCount
    let oldCount = oldTarget.map { s in
      // The base's old count in the target section, from its new count.
      let new = target.map(base.numberOfItems(inSection:)) ?? 0
      let removed =
        batch.itemDeletes.filter { $0.section == s }.count
        + batch.itemMoves.filter { $0.from.section == s }.count
      let added =
        target.map { t in
          batch.itemInserts.filter { $0.path.section == t }.count
            + batch.itemMoves.filter { $0.to.section == t }.count
        } ?? 0
      return new - added + removed
    }
    let oldStart = oldCount.map { min(index, $0) } ?? 0
    let newStart = target.map(start(in:)) ?? 0
    func old(_ p: ItemPath) -> ItemPath {
      p.section == oldTarget && p.item >= oldStart
        ? ItemPath(section: p.section, item: p.item + b) : p
    }
    func new(_ p: ItemPath) -> ItemPath {
      p.section == target && p.item >= newStart ? ItemPath(section: p.section, item: p.item + b) : p
    }
    var out = ChangeBatch<SectionID, Item>()
    out.sectionDeletes = batch.sectionDeletes
    out.sectionMoves = batch.sectionMoves
    out.sectionUpdates = batch.sectionUpdates
    out.sectionInserts = batch.sectionInserts.map { insert in
      guard insert.index == target else { return insert }
      var section = insert.section
      section.items.insert(
        contentsOf: spliced.items(inSection: 0), at: min(index, section.items.count))
      return .init(index: insert.index, section: section)
    }
    out.itemDeletes = batch.itemDeletes.map(old)
    out.itemInserts = batch.itemInserts.map { .init(path: new($0.path), item: $0.item) }
    out.itemMoves = batch.itemMoves.map { .init(from: old($0.from), to: new($0.to)) }
    out.itemUpdates = batch.itemUpdates.map {
      .init(from: old($0.from), to: new($0.to), item: $0.item)
    }
    // The spliced items stay together at their position. Left alone they
    // would stay between the same kept base items; when the base's changes
    // make them shift past some kept items, move whichever side is smaller.
    if let s = oldTarget, let t = target, !batch.sectionDeletes.contains(s),
      !batch.sectionInserts.contains(where: { $0.index == t }), b > 0
    {
      out.itemMoves += blockMoves(
        of: batch, from: s, to: t, oldStart: oldStart, newStart: newStart, count: b, old: old,
        new: new)
    }
    out.dropImpliedMoves(
      oldSectionCount: batch.sectionDeletes.count
        + (base.numberOfSections - batch.sectionInserts.count))
    output.publish(out, state: derivedState)
  }

  /// The moves that keep the `count` spliced items together at their
  /// place in the base's section (old index `s`, new index `t`), after the
  /// base's `batch`: none when they stay between the same kept base items;
  /// otherwise the moves of the *d* kept base items that cross them, or of
  /// the spliced items, whichever are fewer.
  ///
  /// - Complexity: O(*k* log *k* + min(*d*, *b*)) for *k* operations in
  ///   the batch and *b* spliced items.
  private func blockMoves(
    of batch: ChangeBatch<SectionID, Item>, from s: Int, to t: Int, oldStart: Int, newStart: Int,
    count b: Int,
    old: (ItemPath) -> ItemPath, new: (ItemPath) -> ItemPath
  ) -> [ChangeBatch<SectionID, Item>.Move<ItemPath>] {
    let leaving =
      (batch.itemDeletes.filter { $0.section == s }.map(\.item)
      + batch.itemMoves.filter { $0.from.section == s }.map(\.from.item)).sorted()
    let arriving =
      (batch.itemInserts.filter { $0.path.section == t }.map(\.path.item)
      + batch.itemMoves.filter { $0.to.section == t }.map(\.to.item)).sorted()
    // Kept base items before the spliced ones, before and after.
    let keptBefore = oldStart - leaving.prefix { $0 < oldStart }.count
    let freeBefore = newStart - arriving.prefix { $0 < newStart }.count
    guard keptBefore != freeBefore else { return [] }
    let crossing = min(keptBefore, freeBefore)..<max(keptBefore, freeBefore)
    guard crossing.count < b else {
      return (0..<b).map {
        .init(
          from: ItemPath(section: s, item: oldStart + $0),
          to: ItemPath(section: t, item: newStart + $0))
      }
    }
    let oldIndices = Self.indices(ofRanks: crossing, skipping: leaving)
    let newIndices = Self.indices(ofRanks: crossing, skipping: arriving)
    return zip(oldIndices, newIndices).map {
      .init(from: old(ItemPath(section: s, item: $0)), to: new(ItemPath(section: t, item: $1)))
    }
  }

  /// The indices of the elements of rank `ranks` among the indices 0, 1, 2…
  /// that are not in `skipped` (ascending).
  ///
  /// - Complexity: O(*k* + *r*) for *k* skipped indices and *r* ranks.
  private static func indices(ofRanks ranks: Range<Int>, skipping skipped: [Int]) -> [Int] {
    var result: [Int] = []
    result.reserveCapacity(ranks.count)
    var index = 0
    var rank = 0
    var k = 0
    while result.count < ranks.count {
      if k < skipped.count && skipped[k] == index {
        k += 1
      } else {
        if rank >= ranks.lowerBound { result.append(index) }
        rank += 1
      }
      index += 1
    }
    return result
  }
}

/// Presents a source's section identities as `AnyHashable`, so a splice
/// can take a source of any section identity type.
final class AnyHashableSections<Base: Hashable, Item: Identifiable & Equatable>: DataSource {
  let base: any DataSource<Base, Item>
  init(_ base: any DataSource<Base, Item>) { self.base = base }
  var name: String? { base.name }
  var numberOfSections: Int { base.numberOfSections }
  func sectionID(at index: Int) -> AnyHashable { AnyHashable(base.sectionID(at: index)) }
  func supplements(ofSection index: Int) -> (header: String?, footer: String?) {
    base.supplements(ofSection: index)
  }
  func sectionIndex(for id: AnyHashable) -> Int? {
    (id.base as? Base).flatMap(base.sectionIndex(for:))
  }
  func numberOfItems(inSection section: Int) -> Int { base.numberOfItems(inSection: section) }
  func item(at path: ItemPath) -> Item { base.item(at: path) }
  func itemPath(for id: Item.ID) -> ItemPath? { base.itemPath(for: id) }
  var snapshot: Snapshot<AnyHashable, Item> { readSnapshot() }
  var hasContent: Bool { base.hasContent }
  var contentState: ContentState { base.contentState }
  func reload() { base.reload() }
  func whenLoaded(_ body: @escaping () -> Void) { base.whenLoaded(body) }
  func observe(_ handler: @escaping (DataSourceEvent<AnyHashable, Item>) -> Void)
    -> ObservationToken
  {
    base.observe { event in handler(self.erasing(event)) }
  }

  func erasing(_ event: DataSourceEvent<Base, Item>) -> DataSourceEvent<AnyHashable, Item> {
    switch event {
    case .stateChanged(let old, let new): .stateChanged(old: old, new: new)
    case .changed(.reloadAll): .changed(.reloadAll(readSnapshot()))
    case .changed(.batch(let batch)): .changed(.batch(batch.erasingSectionIDs()))
    }
  }
}

extension AnyHashableSections: GraphNode {
  /// The base's: the wrapper is a view of it, not a node of its own.
  var propagationHeight: Int { base.heightInGraph }

  func addDependent(
    _ node: any PropagationNode, handler: @escaping (DataSourceEvent<AnyHashable, Item>) -> Void
  ) -> ObservationToken {
    base.addDependent(node) { event in handler(self.erasing(event)) }
  }
}

extension ChangeBatch {
  func erasingSectionIDs() -> ChangeBatch<AnyHashable, Item> {
    mapped(
      sectionIndex: { $0 }, path: { $0 },
      section: {
        SnapshotSection(
          id: AnyHashable($0.id), header: $0.header, footer: $0.footer, items: $0.items)
      },
      item: { $0 })
  }

}
