public import DataSourceGraphNodes
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
/// source's batches become item changes at the splice position.
///
/// ## One identity in both sources
/// A screen shows each identity once. When the base shows an item whose
/// identity the other source also holds (featured posts spliced into the
/// feed they come from), the base's occurrence is shown and the spliced one
/// is hidden, and listed in ``hiddenDuplicates``; it reappears when the base
/// no longer shows that identity. The earlier input wins, as in a
/// ``CompositeDataSource``, and the splice's reads, snapshot, batches,
/// look-ups and reordering agree at every step, as overlaps come and go.
///
/// Costs: O(*k* log *k*) per base change, plus O(min(*b*, *d*)) when the
/// change makes the *b* spliced items cross *d* kept base items (they are
/// then moved, or those items are); O(*k* log *s*) per change of the
/// spliced source; plus a look-up in the other input per item that enters
/// the base or the spliced source, and per hidden item on a base change.
/// When a change hides or reveals spliced items, or reaches both inputs in
/// one delivery (they share a source), the steps are composed into one
/// batch (`ChangeBatch.followed(by:intermediateItemCounts:)`),
/// which visits the items of the spliced section. No items are copied.
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
  let spliced: FlattenedDataSource<Int, Item>
  /// Which spliced items are shown: those whose identity the base does not
  /// show.
  var shown: InclusionBits
  /// The identities of the hidden spliced items, and maybe of some that
  /// have since left the spliced source: the candidates to reveal when the
  /// base changes.
  private var hiddenCandidates: Set<Item.ID> = []
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
    spliced = FlattenedDataSource(AnyDataSource(erasingSectionIDsOf: other), into: 0)
    shown = InclusionBits(spliced) { base.itemPath(for: $0.id) == nil }
    target = base.sectionIndex(for: sectionID)
    noteHiddenItems()
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

  /// The identities of the spliced items the splice hides, because the
  /// base shows them, in the spliced source's order.
  ///
  /// - Complexity: O(*b*) for *b* spliced items.
  public var hiddenDuplicates: [Item.ID] {
    (0..<spliced.numberOfItems(inSection: 0)).compactMap { i in
      let path = ItemPath(section: 0, item: i)
      return shown[path] ? nil : spliced.item(at: path).id
    }
  }

  private var derivedState: ContentState {
    ContentState(input: base.contentState, hasContent: hasContent)
  }
  /// The number of spliced items shown.
  var splicedCount: Int { shown.shown }
  func start(in section: Int) -> Int { min(index, base.numberOfItems(inSection: section)) }
  /// The flattened spliced source's path of the `k`-th spliced item shown.
  func splicedPath(ofShown k: Int) -> ItemPath {
    shown.inputPath(ofShown: ItemPath(section: 0, item: k))
  }

  public var numberOfSections: Int { base.numberOfSections }
  public func numberOfItems(inSection section: Int) -> Int {
    base.numberOfItems(inSection: section) + (section == target ? splicedCount : 0)
  }
  public func item(at path: ItemPath) -> Item {
    guard path.section == target else { return base.item(at: path) }
    let start = start(in: path.section)
    if path.item < start { return base.item(at: path) }
    if path.item < start + splicedCount {
      return spliced.item(at: splicedPath(ofShown: path.item - start))
    }
    return base.item(at: ItemPath(section: path.section, item: path.item - splicedCount))
  }
  /// The base's bulk read of the section; in the target section, the
  /// spliced items shown (selected from the spliced source's bulk read)
  /// inserted at their place.
  ///
  /// - Complexity: O(*m*) for a section of *m* items, plus the bulk reads.
  public func items(inSection section: Int) -> SnapshotSection<SectionID, Item>.Items {
    let items = base.items(inSection: section)
    guard section == target, splicedCount > 0 else { return items }
    let start = start(in: section)
    let shownSpliced = shown.shownItems(of: spliced.items(inSection: 0).array, inSection: 0)
    let array = items.array
    return .init(Array(array[..<start]) + shownSpliced + array[start...])
  }
  public func itemPath(for id: Item.ID) -> ItemPath? {
    if let path = base.itemPath(for: id) {
      guard path.section == target, path.item >= start(in: path.section) else { return path }
      return ItemPath(section: path.section, item: path.item + splicedCount)
    }
    guard let target, let path = spliced.itemPath(for: id).flatMap(shown.shownPosition(of:))
    else { return nil }
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

  // MARK: Propagation

  /// Takes in what the inputs sent in this wave, as one batch: the base's
  /// change (with the spliced items as they were), then the spliced
  /// source's change (at the splice's new place), then the spliced items
  /// that the base's change hides or reveals. Each step is a batch of its
  /// own; when more than one has operations, they are composed.
  private func takeReceived() {
    let events = received
    received.removeAll()
    var baseChange: SnapshotChange<SectionID, Item>?
    var splicedChange: SnapshotChange<Int, Item>?
    for event in events {
      switch event {
      case .base(.changed(let change)): baseChange = change
      case .spliced(.changed(let change)): splicedChange = change
      case .base(.stateChanged), .spliced(.stateChanged): break
      }
    }
    guard baseChange != nil || splicedChange != nil else {
      output.publish(nil, state: derivedState)
      return
    }
    let oldTarget = target
    target = base.sectionIndex(for: sectionID)
    guard let steps = changeSteps(base: baseChange, spliced: splicedChange, oldTarget: oldTarget)
    else {
      shown = InclusionBits(spliced) { base.itemPath(for: $0.id) == nil }
      hiddenCandidates = []
      noteHiddenItems()
      output.publish(.reloadAll(readSnapshot()), state: derivedState)
      return
    }
    output.publish(steps, state: derivedState)
  }

  /// The one batch for the inputs' changes, or `nil` when only a reload
  /// can say it (an input reloaded, or both changed and the base inserted
  /// or deleted the spliced section, whose old spliced items can no longer
  /// be read).
  private func changeSteps(
    base baseChange: SnapshotChange<SectionID, Item>?,
    spliced splicedChange: SnapshotChange<Int, Item>?, oldTarget: Int?
  ) -> ChangeBatch<SectionID, Item>? {
    var baseBatch: ChangeBatch<SectionID, Item>?
    if let baseChange {
      guard case .batch(let batch) = baseChange else { return nil }
      baseBatch = batch
    }
    var splicedBatch: ChangeBatch<Int, Item>?
    if let splicedChange {
      guard case .batch(let batch) = splicedChange else { return nil }
      splicedBatch = batch
    }
    if baseBatch != nil, splicedBatch != nil, oldTarget == nil || target == nil { return nil }
    if let baseBatch, splicedBatch != nil,
      baseBatch.sectionDeletes.contains(oldTarget!)
        || baseBatch.sectionInserts.contains(where: { $0.index == target })
    {
      return nil
    }
    var result = baseBatch.map { translateBase($0, oldTarget: oldTarget) } ?? ChangeBatch()
    if let splicedBatch {
      let before = splicedCount
      let step = translateSpliced(splicedBatch)
      guard let composed = compose(result, blockCount: before, step) else { return nil }
      result = composed
    }
    if let baseBatch {
      let before = splicedCount
      let step = revisitVisibility(after: baseBatch)
      guard let composed = compose(result, blockCount: before, step) else { return nil }
      result = composed
    }
    return result
  }

  /// `first` followed by `next`, where `blockCount` spliced items are
  /// shown between them.
  private func compose(
    _ first: ChangeBatch<SectionID, Item>, blockCount: Int, _ next: ChangeBatch<SectionID, Item>
  ) -> ChangeBatch<SectionID, Item>? {
    if next.isEmpty { return first }
    if first.isEmpty { return next }
    let counts = (0..<base.numberOfSections).map {
      base.numberOfItems(inSection: $0) + ($0 == target ? blockCount : 0)
    }
    return first.followed(by: next, intermediateItemCounts: counts)
  }

  /// Records the identities of the hidden spliced items as candidates to
  /// reveal.
  private func noteHiddenItems() {
    hiddenCandidates.formUnion(hiddenDuplicates)
  }

  /// The spliced source's `batch` at the splice's place; updates which
  /// spliced items are shown (those the base does not show).
  private func translateSpliced(_ batch: ChangeBatch<Int, Item>) -> ChangeBatch<SectionID, Item> {
    let base = self.base
    var hidden: [Item.ID] = []
    let seen = shown.translate(batch, read: spliced.item(at:)) { item in
      guard base.itemPath(for: item.id) != nil else { return true }
      hidden.append(item.id)
      return false
    }
    hiddenCandidates.formUnion(hidden)
    guard let target else { return ChangeBatch() }
    // A flatten's batch has item changes only, in its one section.
    let offset = start(in: target)
    func shift(_ p: ItemPath) -> ItemPath { ItemPath(section: target, item: offset + p.item) }
    var out = ChangeBatch<SectionID, Item>()
    out.itemDeletes = seen.itemDeletes.map(shift)
    out.itemInserts = seen.itemInserts.map { .init(path: shift($0.path), item: $0.item) }
    out.itemMoves = seen.itemMoves.map { .init(from: shift($0.from), to: shift($0.to)) }
    out.itemUpdates = seen.itemUpdates.map {
      .init(from: shift($0.from), to: shift($0.to), item: $0.item)
    }
    return out
  }

  /// Hides the spliced items whose identity the base's `batch` brought in,
  /// and reveals the hidden ones the base no longer shows; returns the
  /// batch of those changes at the splice's (new) place.
  ///
  /// - Complexity: O(*h* + *k*) look-ups for *h* hidden spliced items and
  ///   *k* items the batch inserts.
  private func revisitVisibility(after batch: ChangeBatch<SectionID, Item>)
    -> ChangeBatch<SectionID, Item>
  {
    var candidates = hiddenCandidates
    for insert in batch.itemInserts { candidates.insert(insert.item.id) }
    for insert in batch.sectionInserts { candidates.formUnion(insert.section.items.map { $0.id }) }
    guard !candidates.isEmpty else { return ChangeBatch() }
    var changes: [(path: ItemPath, isShown: Bool)] = []
    hiddenCandidates.removeAll()
    for id in candidates {
      guard let path = spliced.itemPath(for: id) else { continue }
      let isShown = base.itemPath(for: id) == nil
      if !isShown { hiddenCandidates.insert(id) }
      changes.append((path, isShown))
    }
    changes.sort { $0.path < $1.path }
    let flipped: ChangeBatch<Int, Item> = shown.flip(changes, read: spliced.item(at:))
    guard let target, !flipped.isEmpty else { return ChangeBatch() }
    let offset = start(in: target)
    func shift(_ p: ItemPath) -> ItemPath { ItemPath(section: target, item: offset + p.item) }
    var out = ChangeBatch<SectionID, Item>()
    out.itemDeletes = flipped.itemDeletes.map(shift)
    out.itemInserts = flipped.itemInserts.map { .init(path: shift($0.path), item: $0.item) }
    return out
  }

  /// The base's `batch`, with the spliced items as they are shown now, at
  /// the splice's old place (in section `oldTarget`) and new place.
  private func translateBase(_ batch: ChangeBatch<SectionID, Item>, oldTarget: Int?)
    -> ChangeBatch<SectionID, Item>
  {
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
      let items = (0..<b).map { spliced.item(at: splicedPath(ofShown: $0)) }
      section.items.insert(contentsOf: items, at: min(index, section.items.count))
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
    return out
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
      (batch.itemDeletes.filter { $0.section == s }.map { $0.item }
      + batch.itemMoves.filter { $0.from.section == s }.map { $0.from.item }).sorted()
    let arriving =
      (batch.itemInserts.filter { $0.path.section == t }.map { $0.path.item }
      + batch.itemMoves.filter { $0.to.section == t }.map { $0.to.item }).sorted()
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

/// The sections are the base's.
extension SplicedDataSource: SectionReadThroughNode {
  package var sectionSource: any DataSource<SectionID, Item> { base }
}
