public import DataSourceGraphSections

/// A leaf of the graph: sections of items held in memory, changed by edits
/// that each emit an exact batch, or replaced by a snapshot that is diffed.
///
/// ```swift
/// let source = MutableDataSource<String, Row>(sections: [SnapshotSection(id: "inbox")])
/// let observation = source.observe { event in print(event) }
/// source.append([Row(id: 1, title: "Hello")], toSection: 0)   // one insert
/// source.replace(with: newSnapshot)                           // a minimal batch
/// source.apply(storeReport, resulting: storeContent)           // the store's batch, no diff
/// source.perform { sections in                                // one batch for many edits
///   sections[0].items.removeFirst()
///   sections[0].items.append(Row(id: 2, title: "World"))
/// }
/// ```
///
/// ## What an edit leaves out
/// Identities stay unique. An edit that would add an item or a section whose
/// identity is already present leaves that item or section out, keeps what
/// was there, and returns what it left out; an update leaves out, and
/// returns, the items whose identity is missing. Every such edit returns a
/// `Snapshot.Skipped` (empty when it left nothing out; `nil` when the edit
/// waits for a delivery under way, below), and the batch it emits never
/// names one identity twice.
///
/// ## Changes made while observers are being told
/// An edit, replace, store report (``apply(_:resulting:verification:)``),
/// reset, load, reload or load answer requested while observers are being
/// told of a change (from inside an observer, anywhere in the graph) is
/// made after every observer has been told, in the order requested; an
/// edit then returns `nil`, where it would say what it left out (a
/// report returns ``IndexReport/Outcome/deferred``). So every node downstream
/// translates each batch against the content that batch left, never
/// against a later one, and an answer or a load requested first is applied
/// first. `perform(_:)` runs its body at once, on the content the
/// observers see, and replaces the content with the result after the
/// delivery (so it drops an edit queued before it: queue plain edits, or
/// answer a load with ``LoadToken/succeed(editing:)``, which edits the
/// content the queued changes left).
///
/// ## Large replaces and loads
/// A replace or a load answer whose content is large (see
/// ``backgroundDiffThreshold``) can compute its diff off the source's actor:
/// ``replaceInBackground(with:isolation:)``, the `async` forms of `load`, `follow`,
/// and ``LoadToken/succeedInBackground(with:)``. The actor then
/// only applies the batch, in time proportional to the size of the change.
/// Edits made while such a diff runs are shown at once; the late snapshot
/// is then diffed again against the content they left (so it is never
/// applied to content it was not computed from), and replaces it.
///
/// ## Misuse
/// An index out of range is a programming error, as with `Array`: it stops
/// the program with a message naming the index and the count, kept in
/// release builds too.
public final class MutableDataSource<SectionID: Hashable, Item: Identifiable & Equatable>:
  DataSource
{
  /// What the source tells its observers.
  public typealias Event = DataSourceEvent<SectionID, Item>
  /// The batches the source emits.
  public typealias Batch = ChangeBatch<SectionID, Item>
  /// What an edit dropped because an identity was already present.
  public typealias Skipped = Snapshot<SectionID, Item>.Skipped

  /// How the source diffs a new snapshot (first) from the old one.
  @usableFromInline
  package typealias Differ = (Snapshot<SectionID, Item>, Snapshot<SectionID, Item>) -> Batch
  /// How the source reads the item at a path of its sections.
  @usableFromInline
  package typealias Reader = ([SnapshotSection<SectionID, Item>], ItemPath) -> Item

  /// The diff of a replace or a load answer (see ``diffing()``).
  let differ: Differ
  /// The read of ``item(at:)`` (see ``reading()``).
  let reader: Reader

  /// The sections, in display order.
  // Not checked at run time for overlapping accesses: every read of a row
  // reads this property, and the check was 80 instructions of each (1.6%
  // of a page of 50 through the million-item screen). No access to it lasts
  // across a call of the app's code but an item's deinitializer, when an
  // edit replaces or removes the item: the app's own edits of sections
  // (`perform(_:)`, a load answered by editing) change a copy.
  @exclusivity(unchecked) public internal(set) var sections: [SnapshotSection<SectionID, Item>]
  private var sectionIndices: [SectionID: Int] = [:]
  /// The section of every item, and its position while no edit has
  /// shifted its section: O(1) to keep up to date on any edit.
  private var identities = LeafIdentities<SectionID, Item.ID>()
  /// Item positions per section whose items an edit has shifted: started
  /// by the first item edit after the content was adopted (over the
  /// identity table's offsets, at no cost), or built when first asked for
  /// after a change that left no offsets; kept valid by the item edits
  /// (see `PositionTable`); dropped when a replace changes the section.
  private var positions: [SectionID: PositionTable<Item.ID>] = [:]
  /// The sections whose position tables logged shifts since the last
  /// commit, which then goes on with their refreshes.
  private var positionsLogged: [SectionID] = []
  var cachedSnapshot: Snapshot<SectionID, Item>?
  private let observers = ObserverList<Event>()

  /// The version of the content: every change of content (an edit, a
  /// replace, a reset, a load's answer) adds one. A batch computed off the
  /// actor from the content of version *v* is applied only while the
  /// version is still *v*.
  package private(set) var contentVersion: UInt64 = 0
  /// The number of the newest request for whole new content (a replace of
  /// either form, a reset, a load's answer with a snapshot): a background
  /// replace or answer applies its content only if no newer one came.
  var contentRequest: UInt64 = 0
  /// How many diffs ran off the actor, and how many of them had to be
  /// computed again because the content changed meanwhile (for tests and
  /// benchmarks).
  package internal(set) var backgroundDiffCount = 0
  package internal(set) var staleBackgroundDiffCount = 0
  /// The store reports asked for during a delivery and not applied yet,
  /// and the content version the last report left: a report queued behind
  /// another one describes the content that one leaves (see
  /// `apply(_:resulting:verification:)`).
  var reportsQueued = 0
  var versionAfterReport: UInt64 = 0

  /// The number of items from which a replace or a load answer computes
  /// its diff off the source's actor, where it can: the larger of the
  /// current item count and the new snapshot's. 4,096 by default.
  ///
  /// The sectioned diff costs roughly 0.2–0.9 µs per item, so 4,096 items
  /// take about 1–4 ms on the actor, around a quarter of a frame at 120 Hz;
  /// below that, the two hops to and from the background cost more than
  /// they save, and the change is applied without a suspension. Set `0` to
  /// diff every such replace and answer off the actor, `Int.max` to keep
  /// every diff on the actor.
  ///
  /// It applies to ``replaceInBackground(with:isolation:)``, the `async` forms of
  /// `load`, `follow`, and ``LoadToken/succeedInBackground(with:)``, when
  /// the source lives on an actor. ``replace(with:)``,
  /// ``perform(_:)`` and ``reset(to:)`` always diff on the actor.
  public var backgroundDiffThreshold = 4_096

  /// The loading coordinator: which load is current, its phase, its work
  /// and its waiters (see `Loading/`).
  let coordinator = LoadingCoordinator()
  /// The loading phase; with ``hasContent`` it gives ``contentState``.
  /// Loads change it: `load`, ``reload()``, ``reset(to:)``, `follow`.
  public var phase: ContentState.LoadingPhase { coordinator.phase }
  /// The current content state.
  public private(set) var contentState: ContentState = .initial
  /// Decides whether the source has content; by default, whether it has at
  /// least one item. Set it to count, say, a header-only list as empty.
  public var contentPredicate: ((MutableDataSource) -> Bool)? {
    didSet {
      if DeliveryWave.postpone({ self.updateState() }) { return }
      updateState()
    }
  }

  /// The name of the source, for people: what a combinator's state, its
  /// errors and a renderer call it when it is one of several children
  /// (see ``DataSource/name``). `nil` by default; setting it emits nothing.
  public var name: String?

  /// Creates a source named `name` holding `snapshot`.
  ///
  /// ```swift
  /// let archive = MutableDataSource<String, Mail>(name: "Archive")
  /// let pinned = MutableDataSource(snapshot: Snapshot(id: "pinned", items: posts), name: "Pinned")
  /// ```
  ///
  /// - Parameters:
  ///   - snapshot: The content; empty by default.
  ///   - name: The name a combinator's state and a renderer use for the
  ///     source (see ``DataSource/name``); `nil` by default.
  @inlinable
  public convenience init(snapshot: Snapshot<SectionID, Item> = Snapshot(), name: String? = nil) {
    self.init(snapshot: snapshot, name: name, differ: Self.diffing(), reader: Self.reading())
  }

  /// Creates a source named `name` holding `snapshot`, whose replaces and
  /// load answers diff through `differ` and whose ``item(at:)`` reads
  /// through `reader`: ``diffing()``'s and ``reading()``'s, made by the
  /// inlinable initializers. A background diff runs `differ` off the actor
  /// (see `SentDiffer`), so it must capture nothing that is not `Sendable`.
  @usableFromInline
  package init(
    snapshot: Snapshot<SectionID, Item>, name: String?, differ: @escaping Differ,
    reader: @escaping Reader
  ) {
    self.name = name
    self.differ = differ
    self.reader = reader
    sections = []
    adopt(snapshot)
    contentState = ContentState(phase: phase, hasContent: hasContent)
  }

  /// The diff of the new snapshot (first) from the old, made by the
  /// inlinable initializers in the caller's module, where the item type is
  /// known: there the diff runs specialized. Run from the source's
  /// generic code, a diff of a section of 100,000 items asked the runtime
  /// for each item's identity, equality and copy (a replace of 1% of such
  /// a leaf cost 120 million instructions, its diff half of them).
  ///
  /// - Complexity: As `Snapshot.difference(from:)`.
  @inlinable
  static func diffing() -> Differ {
    { new, old in new.difference(from: old) }
  }

  /// The read of an item of the sections, made, as ``diffing()`` is, in
  /// the caller's module: a sort's search reads a leaf's items at each
  /// step, and the leaf's own generic code asked the runtime for the
  /// section's type at every read.
  ///
  /// - Complexity: O(log(*m* / 1,024)) for a section of *m* items.
  @inlinable
  static func reading() -> Reader {
    { sections, path in sections[path.section].items[path.item] }
  }

  /// Creates a source named `name` holding `sections`; repeated identities
  /// are dropped as `Snapshot.init(sections:)` does.
  ///
  /// - Parameters:
  ///   - sections: The content, in display order.
  ///   - name: The name a combinator's state and a renderer use for the
  ///     source (see ``DataSource/name``); `nil` by default.
  @inlinable
  public convenience init(sections: [SnapshotSection<SectionID, Item>], name: String? = nil) {
    self.init(
      snapshot: Snapshot(sections: sections), name: name, differ: Self.diffing(),
      reader: Self.reading())
  }

  // MARK: Reads

  public var numberOfSections: Int { sections.count }
  public func sectionID(at index: Int) -> SectionID { sections[index].id }
  public func supplements(ofSection index: Int) -> SectionSupplements {
    sections[index].supplements
  }
  public func sectionIndex(for id: SectionID) -> Int? { sectionIndices[id] }
  public func numberOfItems(inSection section: Int) -> Int { sections[section].items.count }
  public func item(at path: ItemPath) -> Item { reader(sections, path) }

  /// The total number of items.
  ///
  /// - Complexity: O(1).
  public var numberOfItems: Int { identities.count }

  /// - Complexity: Expected O(1) in a section no insert, delete or move
  ///   has changed since the source's content was last replaced or reset.
  ///   Otherwise expected O(1 + *e*), where *e* ≤ *m* / 16 is the number of
  ///   item inserts, deletes and moves the section's position table has
  ///   logged, and *m* that section's length: integer additions, no
  ///   hashing. Item edits keep the table short, each at a bounded cost
  ///   (see `PositionTable`); only after a replace or a change of whole
  ///   sections is it built, in O(*m*), on the first look-up in the
  ///   section.
  public func itemPath(for id: Item.ID) -> ItemPath? {
    guard let (sectionID, offset) = identities.place(of: id),
      let section = sectionIndices[sectionID]
    else { return nil }
    if let offset { return ItemPath(section: section, item: offset) }
    if positions[sectionID] == nil {
      positions[sectionID] = PositionTable(sections[section].items.lazy.map { $0.id })
      positionTablesBuilt += 1
    }
    let position = positions[sectionID]?.position(of: id) {
      identities.recordedOffset(of: id, in: sectionID)
    }
    return position.map { ItemPath(section: section, item: $0) }
  }

  /// The content as a value.
  ///
  /// The snapshot shares the sections' storage until the next edit; its
  /// identity table is built on its first identity read
  /// (`Snapshot.itemPath(for:)`), in O(*n*), not here.
  ///
  /// - Complexity: O(*s*) for *s* sections after a change, then O(1) until
  ///   the next one.
  public var snapshot: Snapshot<SectionID, Item> {
    if let cachedSnapshot { return cachedSnapshot }
    let built = Snapshot(uniqueSections: sections)
    cachedSnapshot = built
    return built
  }

  public var hasContent: Bool { contentPredicate?(self) ?? (identities.count > 0) }

  public func observe(_ handler: @escaping (Event) -> Void) -> ObservationToken {
    observers.add(handler)
  }

  // MARK: Replacing

  /// Replaces the content with `snapshot` and emits the minimal batch
  /// between the two (see `Snapshot.difference(from:)`).
  ///
  /// Everything runs here, on the caller's thread: for large content in an
  /// app, prefer ``replaceInBackground(with:isolation:)``, which diffs off the actor.
  /// A replace or load answer still diffing in the background when this
  /// one is made is dropped: the newest content wins.
  ///
  /// - Complexity: Expected O(*n* + *m*) plus the LCS work of the diff;
  ///   O(*n*) more to build the snapshot of the content if an edit came
  ///   since the last one was built.
  public func replace(with snapshot: Snapshot<SectionID, Item>) {
    if DeliveryWave.postpone({ self.replace(with: snapshot) }) { return }
    contentRequest &+= 1
    replaceContent(with: snapshot)
  }

  /// Makes `snapshot` the content with one minimal batch: with `prepared`,
  /// the batch computed off the actor if the content has not changed since
  /// (its version is the same), otherwise a diff computed here. Not a
  /// request for new content: the caller counts it if it is one.
  func replaceContent(
    with snapshot: Snapshot<SectionID, Item>, prepared: PreparedBatch<SectionID, Item>? = nil
  ) {
    let batch: Batch
    if let prepared, prepared.version == contentVersion {
      batch = prepared.batch
    } else {
      batch = differ(snapshot, self.snapshot)
    }
    adopt(snapshot, applying: batch)
    commit(batch)
  }

  /// Applies any number of edits to the sections as one batch: `body`
  /// edits a copy, and the minimal batch from the old content to the result
  /// is emitted. Repeated identities in the result are dropped (first
  /// occurrence kept) and returned.
  ///
  /// - Complexity: O(*n*) plus the diff, whatever `body` does.
  @discardableResult
  public func perform(_ body: (inout [SnapshotSection<SectionID, Item>]) throws -> Void) rethrows
    -> Skipped
  {
    var edited = sections
    try body(&edited)
    let result = Snapshot(sections: edited, editedFrom: snapshot)
    if DeliveryWave.postpone({ self.replaceContent(with: result) }) { return result.duplicates }
    replaceContent(with: result)
    return result.duplicates
  }

  // MARK: Shared machinery for the edits

  /// Makes `snapshot` the content, with the look-up tables of its
  /// sections; the identity table is the snapshot's own.
  ///
  /// - Complexity: O(*s*) for *s* sections when the snapshot's identity
  ///   table is built (as `Snapshot.init(sections:)` builds it); expected
  ///   O(*n*) to build it otherwise.
  private func adopt(_ snapshot: Snapshot<SectionID, Item>) {
    takeWhole(snapshot, table: snapshot.pathLookup)
    contentVersion &+= 1
  }

  /// Makes `snapshot`, whose identity table is `table`, the content:
  /// its sections, their look-up table, and its identity table.
  ///
  /// - Complexity: O(*s*) for *s* sections.
  private func takeWhole(_ snapshot: Snapshot<SectionID, Item>, table: ItemPathLookup<Item.ID>) {
    sections = snapshot.sections
    rebuildSectionIndices()
    identities = LeafIdentities(snapshot, table: table)
    positions.removeAll()
    positionsLogged.removeAll()
    // Marks ask the diff that takes the snapshot in for updates; the
    // content kept has none (`Snapshot.markedItemIDs`).
    cachedSnapshot = snapshot.unmarked
  }

  /// Makes `snapshot` the content, given `batch`, which takes the current
  /// content to `snapshot`: the sections are the snapshot's (shared, not
  /// copied). Only the look-up entries of what the batch names change;
  /// when that is at least one entry per section and the snapshot has
  /// built its identity table, that table becomes the leaf's instead (the
  /// changes recorded since the last one are dropped).
  ///
  /// - Complexity: Expected O(min(*k*, *s*)) for the *k* items the batch
  ///   inserts, deletes or moves (those of inserted and deleted sections
  ///   included) and *s* sections, plus O(*s*) when the batch inserts,
  ///   deletes or moves sections. The sections are taken from `snapshot`
  ///   in O(1).
  func adopt(_ snapshot: Snapshot<SectionID, Item>, applying batch: Batch) {
    var identitiesNamed = batch.itemInserts.count + batch.itemDeletes.count + batch.itemMoves.count
    for insert in batch.sectionInserts { identitiesNamed += insert.section.items.count }
    for s in batch.sectionDeletes { identitiesNamed += sections[s].items.count }
    if identitiesNamed >= snapshot.numberOfSections, let table = snapshot.builtPathLookup {
      takeWhole(snapshot, table: table)
      return
    }
    // Identities that leave, read in the old content, with the places
    // they leave in sections that stay.
    var places = BatchPlaces<SectionID, Item.ID>()
    for s in batch.sectionDeletes {
      for item in sections[s].items { identities.remove(item.id) }
      shift(sections[s].id)
    }
    for path in batch.itemDeletes {
      let section = sections[path.section]
      let id = section.items[path.item].id
      identities.remove(id)
      places.leave(id, at: path.item, in: section.id)
    }
    for move in batch.itemMoves {
      let section = sections[move.from.section]
      places.leave(section.items[move.from.item].id, at: move.from.item, in: section.id)
    }
    sections = snapshot.sections
    if !batch.sectionInserts.isEmpty || !batch.sectionDeletes.isEmpty
      || !batch.sectionMoves.isEmpty
    {
      rebuildSectionIndices()
    }
    // Identities that arrive or change section, read in the new content,
    // with the places they take.
    for insert in batch.sectionInserts {
      for item in insert.section.items { _ = identities.insert(item.id, in: insert.section.id) }
      shift(insert.section.id)
    }
    for insert in batch.itemInserts {
      let id = sections[insert.path.section].id
      _ = identities.insert(insert.item.id, in: id)
      places.take(insert.item.id, at: insert.path.item, in: id)
    }
    for move in batch.itemMoves {
      let section = sections[move.to.section]
      let item = section.items[move.to.item].id
      identities.move(item, to: section.id)
      places.take(item, at: move.to.item, in: section.id)
    }
    // The position tables follow the items: what left, then what arrived.
    for (section, left) in places.left {
      recordRemovals(left.map(\.id), at: left.map(\.offset), inSection: section)
    }
    for (section, taken) in places.taken {
      for run in taken { recordInsert(run.ids, at: run.offset, inSection: section) }
    }
    cachedSnapshot = snapshot.unmarked
  }

  /// Records that the items of the section with identity `id` have been
  /// inserted, deleted or moved as a whole: its positions are read again.
  private func shift(_ id: SectionID) {
    positions[id] = nil
    identities.shift(id)
  }

  func rebuildSectionIndices() {
    sectionIndices.removeAll(keepingCapacity: true)
    for (index, section) in sections.enumerated() { sectionIndices[section.id] = index }
  }

  /// Records that the section with `id` changed as a whole: its position
  /// table is dropped.
  func touch(_ id: SectionID) {
    shift(id)
    cachedSnapshot = nil
  }

  /// Drops the snapshot of the content before an edit: the sections'
  /// storage is then the source's alone (unless a reader still holds the
  /// snapshot), so the edit changes it in place instead of copying the
  /// section it touches.
  func willEdit() { cachedSnapshot = nil }

  /// Keeps the position table of the section with `id` valid after `ids`
  /// were inserted at `index`.
  func recordInsert(_ ids: [Item.ID], at index: Int, inSection id: SectionID) {
    if positions[id] == nil {
      if identities.recordsOffsets(in: id) {
        positions[id] = PositionTable()
      } else if let section = sectionIndices[id], sections[section].items.count == ids.count {
        positions[id] = PositionTable([])  // the section was empty
      }
    }
    positions[id]?.insert(ids, at: index)
    identities.recordInsert(of: ids.count, at: index, in: id)
    positionsLogged.append(id)
  }

  /// Keeps the position table of the section with `id` valid after the
  /// items with `itemIDs` were removed from `offsets` (ascending, the
  /// offsets they had before any of them was removed).
  ///
  /// - Complexity: Expected O(*k*) for *k* items, in one access to the
  ///   table.
  func recordRemovals(_ itemIDs: [Item.ID], at offsets: [Int], inSection id: SectionID) {
    if positions[id] == nil, identities.recordsOffsets(in: id) { positions[id] = PositionTable() }
    positions[id]?.remove(itemIDs, at: offsets)
    identities.recordRemovals(at: offsets, in: id)
    positionsLogged.append(id)
  }

  /// Goes on with the refreshes of the position tables that logged shifts
  /// since the last commit (see `PositionTable.advance(count:id:)`).
  ///
  /// - Complexity: O(32 *k*) for the *k* shifts they logged.
  private func advancePositions() {
    guard !positionsLogged.isEmpty else { return }
    for id in positionsLogged where positions[id] != nil {
      guard let section = sectionIndices[id] else { continue }
      let items = sections[section].items
      positions[id]?.advance(count: items.count) { items[$0].id }
    }
    positionsLogged.removeAll(keepingCapacity: true)
  }

  /// The number of position tables built whole from a section's items,
  /// O(*m*) each, by a look-up that found no table and no offsets (for
  /// tests: an edit that keeps a section's offsets builds none).
  package private(set) var positionTablesBuilt = 0

  /// Whether the leaf is building its identity table again, a few items at
  /// each edit (for tests).
  package var isRebuildingIdentities: Bool { identities.isRebuilding }

  /// Goes on with the rebuild of the identity table from the sections,
  /// starting one once the edits since the last snapshot adopted outnumber
  /// the items (see `IdentityRebuild`). Section by section, the position
  /// table that still reads offsets the old table recorded walks the
  /// section first, so that none needs them once the new table replaces
  /// the old one.
  ///
  /// - Complexity: O(*s*) to start one for *s* sections; then expected
  ///   O(*k*) for the *k* identities the edits filed since the last commit,
  ///   plus O(1) per section passed.
  private func advanceIdentityRebuild() {
    if identities.isWorn { identities.startRebuild(sectionIDs: sections.map(\.id)) }
    guard var budget = identities.takeRebuildOwed() else { return }
    while budget > 0, let id = identities.rebuildSection {
      guard let index = sectionIndices[id] else {
        identities.skipRebuildSection()
        continue
      }
      let items = sections[index].items
      if positions[id] == nil, identities.recordsOffsets(in: id) { positions[id] = PositionTable() }
      if positions[id]?.coversEveryItem == false {
        budget -= positions[id]?.cover(steps: budget, count: items.count) { items[$0].id } ?? 0
      } else {
        identities.walkRebuild(items, budget: &budget)
      }
    }
    if identities.rebuildSection == nil {
      #if DATASOURCEGRAPH_INTERNAL_CHECKS
        precondition(
          positions.values.allSatisfy(\.coversEveryItem),
          "a position table still reads the offsets of the identity table rebuilt")
      #endif
      identities.finishRebuild()
    }
  }

  /// Registers `item` as living in `section`; false if its identity is taken.
  @inline(__always) func register(_ item: Item, in section: SectionID) -> Bool {
    identities.insert(item.id, in: section)
  }

  /// Whether an item with identity `id` is shown.
  ///
  /// - Complexity: Expected O(1).
  func shows(_ id: Item.ID) -> Bool { identities.place(of: id) != nil }

  /// Forgets the items with `ids`, which have left the content.
  func forget(_ ids: [Item.ID]) { identities.remove(ids) }

  func setSection(of item: Item, to section: SectionID) { identities.move(item.id, to: section) }

  /// Stores the edited sections and tells the observers: first the state is
  /// brought up to date, then the batch is sent, then the state change.
  func commit(_ batch: Batch) {
    guard !batch.isEmpty else { return }
    advancePositions()
    advanceIdentityRebuild()
    contentVersion &+= 1
    let old = contentState
    contentState = ContentState(phase: phase, hasContent: hasContent)
    DeliveryWave.deliver {
      observers.send(.changed(.batch(batch)))
      sendStateChange(from: old)
    }
  }

  /// Recomputes the state after a change of phase or of the content rule.
  func updateState() {
    let old = contentState
    contentState = ContentState(phase: phase, hasContent: hasContent)
    sendStateChange(from: old)
  }

  private func sendStateChange(from old: ContentState) {
    if !old.isSameState(as: contentState) {
      observers.send(.stateChanged(old: old, new: contentState))
    }
  }

  func checkSection(_ index: Int, allowingEnd: Bool = false) {
    require(
      index >= 0 && (index < sections.count || (allowingEnd && index == sections.count)),
      "section index \(index) out of range: the source has \(sections.count) sections")
  }

  func checkItem(_ path: ItemPath, allowingEnd: Bool = false) {
    checkSection(path.section)
    let count = sections[path.section].items.count
    require(
      path.item >= 0 && (path.item < count || (allowingEnd && path.item == count)),
      "item index \(path.item) out of range: section \(path.section) has \(count) items")
  }
}

extension MutableDataSource: GraphNode {
  package var propagationHeight: Int { 0 }
  /// Its edits keep every identity unique.
  package var showsUniqueIdentities: Bool { true }

  package func addDependent(
    _ node: any PropagationNode, handler: @escaping (Event) -> Void
  ) -> ObservationToken {
    observers.addDependent(node, handler)
  }
}
