public import DataSourceGraphNodes
public import DataSourceGraphSections

/// The sections of several children, one child after the other (the
/// composite of the Swift `DataSource` framework, AdvancedCollectionView's
/// composed data source, Chainable Data Sources' combine).
///
/// ```swift
/// let screen = CompositeDataSource([header, feed, footer])
/// screen.sectionID(at: 1)  // CompositeSectionID(child: 1, section: …)
/// screen.removeChild(at: 0)  // emits the deletes of the header's sections
/// ```
///
/// Children share the item type and the section identity type. Section
/// identities are made unique across children by pairing them with the
/// child's key (see ``CompositeSectionID``).
///
/// ## Duplicate item identities
///
/// An item identity held by two children at once (a pinned post that is
/// also in the feed) is shown once, as a snapshot does: the composite shows
/// the first occurrence (in child order, then section, then item order)
/// and hides the others, and lists them in ``hiddenDuplicates``. Its reads,
/// its ``snapshot``, its batches and ``hasContent`` all agree: an item
/// inserted into a later child while an earlier one shows it is hidden (no
/// batch); inserted into an earlier child, it is inserted and the later row
/// is deleted; deleting the shown occurrence reveals (inserts) the next
/// one; updating a hidden occurrence emits nothing; inserting, removing or
/// moving a child, or a child's reload, moves the first occurrence likewise.
/// A hidden item is shown by an earlier child, so hiding never changes
/// whether the composite has content; each child's part in the aggregate
/// state is judged by the child's own content.
///
/// ```swift
/// let home = CompositeDataSource([pinned, feed])  // post 7 in both
/// home.itemPath(for: 7)  // in the pinned section
/// home.hiddenDuplicates  // [7]: the feed's copy
/// ```
///
/// ## Costs
///
/// A change in a child reaches the observers with the child's section
/// indices shifted by the number of sections before it. The composite holds
/// no copy of its children's items; it keeps a Fenwick tree over its
/// children's section counts, a table from each item identity to the child
/// that shows it (entries of deleted items go stale and are checked on use
/// by asking that child; the table is rebuilt, in O(*n*), once it has grown
/// to twice its size at the last rebuild: amortized O(1) per inserted
/// item), the hidden identities, and visibility bits (as a filter's) only
/// for the children that hide items: O(*n*) memory for the table, O(*n*)
/// bits for those children.
///
/// - A batch of *k* operations from *d* children among *c* costs
///   O(*k* + *d* log *c*) plus O(1) expected table look-ups per inserted
///   item; a child that hides items adds O(*k* log *n*) for its bits and
///   O(*s*) in its section count. A batch that deletes items while some
///   identities are hidden re-checks those *h* identities: O(*h*) look-ups.
/// - ``itemPath(for:)`` costs one table look-up and one child look-up.
/// - Inserting a child reads its items: O(*c* + its content). Removing or
///   moving one costs O(*c* + its section count), plus O(*h*) when
///   identities are hidden.
///
/// Its `contentState` is the aggregate of its enabled children
/// (``DataSourceGraphSections/ContentState/aggregate(_:)``); a
/// ``SwitchableDataSource`` child that is disabled is left out. The aggregate's missing parts and failures carry
/// each child's `DataSource.name`, so name the children for states and
/// renderers to read:
///
/// ```swift
/// let inbox = MutableDataSource<String, Mail>(name: "Inbox")
/// let archive = MutableDataSource<String, Mail>(name: "Archive")
/// let mailbox = CompositeDataSource([inbox, archive])
/// // After the inbox loads and the archive fails:
/// // mailbox.contentState is partial("Archive failed: The server is offline.")
/// ```
public final class CompositeDataSource<Item: Identifiable & Equatable>: DataSource {
  /// A section's identity: the child's key and the section's identity in
  /// the child.
  public typealias SectionID = CompositeSectionID
  /// The children's section identities, whatever their types.
  typealias ChildSectionID = AnyHashable
  /// A child of the composite, its section identities erased.
  typealias Child = AnyDataSource<AnyHashable, Item>

  /// What the composite keeps of a child beside the child itself
  /// and the items it shows (both in ``layout``).
  struct Entry {
    let key: Int
    let enablement: (any EnablementReporting)?
    var observation: ObservationToken?
    var enablementObservation: ObservationToken?
    var status: ContentState.ChildState
  }

  /// Per child, in order: its key, observations and state.
  var entries: [Entry] = []
  /// The children as objects, the rows shown of each and their section
  /// counts (see ``ChildLayout``). Not checked at run time for overlapping
  /// accesses, as a leaf's sections are not (`MutableDataSource.sections`):
  /// every read of a row reads it, and no access to it lasts across a call
  /// of the app's code but a child's deinitializer, when a child is
  /// removed.
  @exclusivity(unchecked) var layout = ChildLayout()

  /// A child kept in ``ChildLayout/objects`` as what it is: unchecked,
  /// because ``place(_:child:visible:at:)`` is the only place that adds
  /// one, and it adds a `Child`.
  ///
  /// - Complexity: O(1).
  @inline(__always)
  static func asChild(_ object: AnyObject) -> Child { unsafeDowncast(object, to: Child.self) }

  /// Child number `c`, in the order of ``entries``.
  ///
  /// - Complexity: O(1).
  @inline(__always)
  func child(_ c: Int) -> Child { Self.asChild(layout.objects[c]) }

  /// The children, in the order of ``entries``.
  ///
  /// - Complexity: O(*c*) for *c* children.
  var childNodes: [Child] { layout.objects.map { Self.asChild($0) } }
  var keyIndex: [Int: Int] = [:]
  var nextKey = 0
  var tally = AggregateTally()
  /// The children's events handed over in the wave under way, by key.
  var received: [(key: Int, event: DataSourceEvent<ChildSectionID, Item>)] = []
  /// The key of the child that shows each identity. An entry whose child
  /// no longer holds the identity is stale (the identity is in no child).
  /// Keys are stored in 32 bits (see `ownerKey(_:)`).
  var owner = _OwnerTable<Item.ID>()
  /// The size of `owner` after its last rebuild.
  var ownerBaseline = 0
  /// The keys of the children that hold each identity without showing it.
  var hidden: [Item.ID: Set<Int>] = [:]
  let output = NodeOutput<SectionID, Item>(state: .empty)
  /// Claims the identities of one section of a child (see
  /// ``claimingIdentities()``).
  let claim: IdentityClaim

  /// Records in the identity table that the child with the given key
  /// shows each of `items` whose identity no earlier child shows, and
  /// returns the offsets of the others.
  @usableFromInline
  typealias IdentityClaim = (_ owner: inout _OwnerTable<Item.ID>, _ items: [Item], _ key: Int32)
    -> [Int]

  /// The composite's own name, for a combinator above it; `nil` unless
  /// given. A composite does not take a child's name (see
  /// `DataSource.name`).
  public var name: String?

  /// Creates a composite of `children`, in order; their keys are 0, 1, 2….
  ///
  /// - Parameters:
  ///   - children: The children, in display order.
  ///   - name: The composite's own name, for a combinator above it; `nil`
  ///     by default.
  /// - Complexity: O(*n*) child reads, to find which child shows each item
  ///   identity.
  @inlinable
  public convenience init<ChildSectionID: Hashable & Sendable>(
    _ children: [any DataSource<ChildSectionID, Item>], name: String? = nil
  ) {
    self.init(children, name: name, claim: Self.claimingIdentities())
  }

  @usableFromInline
  convenience init<ChildSectionID: Hashable & Sendable>(
    _ children: [any DataSource<ChildSectionID, Item>], name: String?,
    claim: @escaping IdentityClaim
  ) {
    self.init(erased: children.map { Child(erasingSectionIDsOf: $0) }, name: name, claim: claim)
  }

  /// Creates a composite of `children`, in order; their keys are 0, 1, 2….
  /// The children's section identities may have different types: a leaf
  /// beside a composite, say.
  ///
  /// ```swift
  /// let home = CompositeDataSource(pinned, feed)
  /// let screen = CompositeDataSource(home, suggestions)  // a composite in a composite
  /// ```
  ///
  /// - Parameters:
  ///   - children: The children, in display order.
  ///   - name: The composite's own name, for a combinator above it; `nil`
  ///     by default.
  /// - Complexity: O(*n*) child reads, to find which child shows each item
  ///   identity.
  @inlinable
  public convenience init<each ChildSectionID: Hashable & Sendable>(
    _ children: repeat any DataSource<each ChildSectionID, Item>, name: String? = nil
  ) {
    self.init(repeat each children, name: name, claim: Self.claimingIdentities())
  }

  @usableFromInline
  convenience init<each ChildSectionID: Hashable & Sendable>(
    _ children: repeat any DataSource<each ChildSectionID, Item>, name: String?,
    claim: @escaping IdentityClaim
  ) {
    var erased: [Child] = []
    for child in repeat each children { erased.append(Child(erasingSectionIDsOf: child)) }
    self.init(erased: erased, name: name, claim: claim)
  }

  /// The claim of identities (``IdentityClaim``), made by the inlinable
  /// initializers in the caller's module, where the item type is known:
  /// there the hash table's inserts run specialized, rather than looking
  /// up the table's generic metadata for each item (half of a
  /// million-item cold start, unspecialized).
  ///
  /// - Complexity: Expected O(*m*) for a section of *m* items.
  @inlinable
  static func claimingIdentities() -> IdentityClaim {
    { owner, items, key in owner.claimEach(items, for: key) }
  }

  init(
    erased children: [Child], name: String?, claim: @escaping IdentityClaim = claimingIdentities()
  ) {
    self.name = name
    self.claim = claim
    for child in children { place(makeEntry(child), child: child, at: entries.count) }
    rebuildKeyIndex()
    rebuildIdentities()
    layout.sectionCounts = FenwickTree(childNodes.map(\.numberOfSections))
    for c in entries.indices {
      entries[c].status = childStatus(at: c)
      tally.add(entries[c].status)
    }
    output.publish(nil, state: resolveState())
    output.afterReceiving = { [weak self] in self?.takeReceived() }
  }

  /// The children, in order, their section identities erased; each one's
  /// ``AnyDataSource/base`` is the node as it was given.
  ///
  /// - Complexity: O(*c*) for *c* children: an array made at each read
  ///   (read it once to index it).
  public var children: [AnyDataSource<AnyHashable, Item>] { childNodes }

  /// The key of the child at `index`, the `child` part of the identities of
  /// its sections.
  public func key(ofChildAt index: Int) -> Int { entries[index].key }

  /// The index of the child with key `key`, if it is still a child.
  public func childIndex(forKey key: Int) -> Int? { keyIndex[key] }

  /// The index of the first section of the child at `index` in the composite.
  ///
  /// - Complexity: O(log *c*).
  public func sectionOffset(ofChildAt index: Int) -> Int { layout.sectionCounts.prefixSum(index) }

  /// The errors of the enabled children, in child order: a child in error,
  /// a child that keeps a failure with its content, and every failed part
  /// of a child that is itself partial (under that child's index, with the
  /// part's name, or the child's if the part has none).
  public var childErrors: [ContentState.ChildFailure] {
    entries.enumerated().flatMap { index, entry -> [ContentState.ChildFailure] in
      guard entry.status.isEnabled else { return [] }
      let state = entry.status.state
      let name = child(index).name
      if case .partial(let partial) = state {
        return partial.failures(asChild: index, named: name)
      }
      return state.error.map { [ContentState.ChildFailure(child: index, name: name, error: $0)] }
        ?? []
    }
  }

  // MARK: Reads

  public var numberOfSections: Int { layout.sectionCounts.total }

  /// - Complexity: O(log *c*) plus the child's read.
  public func sectionID(at index: Int) -> SectionID {
    let (c, before) = layout.sectionCounts.locate(index)
    return SectionID(
      child: entries[c].key, erasedSection: child(c).sectionID(at: index - before))
  }

  public func supplements(ofSection index: Int) -> SectionSupplements {
    let (c, before) = layout.sectionCounts.locate(index)
    return child(c).supplements(ofSection: index - before)
  }

  public func sectionIndex(for id: SectionID) -> Int? {
    guard let c = keyIndex[id.child], let local = child(c).sectionIndex(for: id.section)
    else {
      return nil
    }
    return layout.sectionCounts.prefixSum(c) + local
  }

  /// The number of items the composite shows in the section (a hidden
  /// duplicate is not counted).
  ///
  /// - Complexity: O(log *c*) plus the child's read.
  public func numberOfItems(inSection section: Int) -> Int {
    let (c, before) = layout.sectionCounts.locate(section)
    if let bits = layout.visibleRows[c] { return bits[section - before].ones }
    return child(c).numberOfItems(inSection: section - before)
  }

  /// - Complexity: O(log *c*), plus O(log *n*) in a child that hides
  ///   items, plus the child's read.
  public func item(at path: ItemPath) -> Item {
    let (object, local) = layout.locate(path)
    return Self.asChild(object).item(at: local)
  }

  /// The child's items of the section, from the child's bulk read,
  /// without the duplicates the composite hides.
  ///
  /// - Complexity: O(log *c*), plus O(*m*) in a child that hides items,
  ///   plus the child's bulk read.
  public func items(inSection section: Int) -> SnapshotSection<SectionID, Item>.Items {
    let (c, before) = layout.sectionCounts.locate(section)
    let items = child(c).items(inSection: section - before)
    guard let bits = layout.visibleRows[c] else { return .init(items) }
    return .init(bits[section - before].selected(from: items.array))
  }

  /// Asks the child that shows `id`, found in the identity table.
  ///
  /// - Complexity: O(log *c*) plus one expected O(1) table look-up and the
  ///   child's look-up.
  public func itemPath(for id: Item.ID) -> ItemPath? {
    guard let key = owner[id], let c = keyIndex[Int(key)],
      let path = child(c).itemPath(for: id)
    else { return nil }
    let index = layout.visibleRows[c].map { $0[path.section].rank(path.item) } ?? path.item
    return ItemPath(section: path.section + layout.sectionCounts.prefixSum(c), item: index)
  }

  /// - Complexity: O(*n*): built through the bulk reads.
  public var snapshot: Snapshot<SectionID, Item> { readSnapshot() }

  /// Whether an enabled child has content.
  ///
  /// - Complexity: O(1).
  public var hasContent: Bool { tally.withContent > 0 }

  /// Reloads every child: a pull-to-refresh of the whole composite.
  public func reload() {
    for child in childNodes { child.reload() }
  }

  /// Runs `body` once every child's loads have settled; a disabled switch
  /// among them shows nothing and does not make it wait (see
  /// `DataSource.whenLoaded(_:)`).
  ///
  /// - Complexity: O(*c*) for *c* children, plus their waits.
  public func whenLoaded(_ body: @escaping () -> Void) {
    whenAllLoaded(childNodes, body)
  }

  // MARK: Propagation

  func makeEntry(_ child: Child) -> Entry {
    let key = nextKey
    nextKey += 1
    let enablement = child.innermostBase as? any EnablementReporting
    var entry = Entry(
      key: key, enablement: enablement, observation: nil, enablementObservation: nil,
      status: .init(
        state: child.contentState, hasContent: child.hasContent,
        isEnabled: enablement?.showsInput ?? true))
    entry.observation = output.follow(child) { [weak self] event in
      self?.received.append((key, event))
    }
    entry.enablementObservation = enablement?.observeEnablement { [weak self] in
      self?.enablementChanged(key: key)
    }
    return entry
  }

  /// Puts `child`, its entry and the items it shows (`visible`, `nil` for
  /// all) at `index` of the children: the one place the three arrays grow.
  func place(_ entry: Entry, child: Child, visible: [RankedBits]? = nil, at index: Int) {
    entries.insert(entry, at: index)
    layout.objects.insert(child, at: index)
    layout.visibleRows.insert(visible, at: index)
  }

  /// Takes the child at `index` out of the children, with its entry and
  /// the items it showed: the one place the three arrays shrink.
  func take(at index: Int) -> (entry: Entry, child: Child, visible: [RankedBits]?) {
    (
      entries.remove(at: index), Self.asChild(layout.objects.remove(at: index)),
      layout.visibleRows.remove(at: index)
    )
  }

  func rebuildKeyIndex() {
    keyIndex.removeAll(keepingCapacity: true)
    for (index, entry) in entries.enumerated() { keyIndex[entry.key] = index }
  }

  /// The aggregate state; the children's names are read now, so a state
  /// built after a rename carries the new name.
  func resolveState() -> ContentState {
    tally.resolve {
      entries.lazy.enumerated().map { index, entry in
        var status = entry.status
        status.name = child(index).name
        return (index, status)
      }
    }
  }

  /// Re-reads the child's contribution to the aggregate state.
  func refreshStatus(ofChildAt c: Int) {
    let entry = entries[c]
    let status = childStatus(at: c)
    tally.add(entry.status, sign: -1)
    tally.add(status)
    entries[c].status = status
  }

  /// A switchable child was shown or hidden: its part in the aggregate
  /// changes even when its content and state do not.
  private func enablementChanged(key: Int) {
    guard let c = keyIndex[key] else { return }
    refreshStatus(ofChildAt: c)
    output.publish(nil, state: resolveState())
  }

  /// Takes in what the children sent in this wave as one batch: the
  /// children's section ranges do not overlap, so each child's batch is
  /// shifted by the child's first section before the change (for the
  /// positions of the old content) and after it (for the new), and the
  /// results are put together. Two children that show one source's change
  /// (two filters of one inbox) thus reach the observers as one batch that
  /// takes the old content to the new.
  ///
  /// - Complexity: O(*k* + *d* log *c*) for *k* operations from *d*
  ///   children among *c*.
  private func takeReceived() {
    let events = received
    received.removeAll()
    var changes: [Int: SnapshotChange<ChildSectionID, Item>] = [:]
    var touched: Set<Int> = []
    for (key, event) in events {
      guard let c = keyIndex[key] else { continue }
      touched.insert(c)
      guard case .changed(let change) = event else { continue }
      if changes[c] != nil {
        // A child written outside the library sent twice: publish the
        // first before taking the second in.
        let batch = merging(changes, touched: &touched)
        for c in touched { refreshStatus(ofChildAt: c) }
        output.publish(batch, state: resolveState())
        changes.removeAll()
      }
      changes[c] = change
    }
    let batch = merging(changes, touched: &touched)
    for c in touched { refreshStatus(ofChildAt: c) }
    output.publish(batch, state: resolveState())
    compactIdentitiesIfNeeded()
  }

  /// Decides again which child shows each identity that may change hands
  /// in `changes` (those inserted, and the hidden ones when an occurrence
  /// may have left), and returns the occurrences each child's bits must
  /// record (see ``reassign(_:)``). Drops the bits of a child reloaded.
  private func visibilityMarks(
    for changes: [Int: SnapshotChange<ChildSectionID, Item>]
  ) -> [Int: [VisibilityMark]] {
    // One child's batch while nothing is hidden, as a leaf's edit is: its
    // inserted identities, without a table of candidates.
    if changes.count == 1, hidden.isEmpty, let (c, change) = changes.first,
      case .batch(let batch) = change
    {
      var ids: [Item.ID] = []
      ids.reserveCapacity(batch.itemInserts.count)
      for insert in batch.itemInserts { ids.append(insert.item.id) }
      for insert in batch.sectionInserts {
        for item in insert.section.items { ids.append(item.id) }
      }
      return ids.isEmpty ? [:] : reassign(ids, insertedBy: entries[c].key)
    }
    var candidates: [Item.ID: Set<Int>] = [:]
    var recheck = false
    for (c, change) in changes {
      let key = entries[c].key
      switch change {
      case .batch(let batch):
        for insert in batch.itemInserts { candidates[insert.item.id, default: []].insert(key) }
        for insert in batch.sectionInserts {
          for item in insert.section.items { candidates[item.id, default: []].insert(key) }
        }
        recheck = recheck || !batch.itemDeletes.isEmpty || !batch.sectionDeletes.isEmpty
      case .reloadAll(let snapshot):
        layout.visibleRows[c] = nil
        for section in snapshot.sections {
          for item in section.items { candidates[item.id, default: []].insert(key) }
        }
        recheck = true
      }
    }
    if recheck {
      for id in hidden.keys where candidates[id] == nil { candidates[id] = [] }
    }
    return candidates.isEmpty ? [:] : reassign(candidates)
  }

  /// One batch for the changes of several children, keyed by child index;
  /// updates the section counts, the identity table and the visibility of
  /// duplicates, and adds to `touched` the children whose shown items
  /// changed.
  private func merging(
    _ changes: [Int: SnapshotChange<ChildSectionID, Item>], touched: inout Set<Int>
  ) -> ChangeBatch<SectionID, Item> {
    var out = ChangeBatch<SectionID, Item>()
    guard !changes.isEmpty else { return out }
    let marks = visibilityMarks(for: changes)
    touched.formUnion(marks.keys)
    let order = Set(changes.keys).union(marks.keys).sorted()
    let before = order.map {
      (offset: layout.sectionCounts.prefixSum($0), count: layout.sectionCounts.values[$0])
    }
    for c in order {
      switch changes[c] {
      case .batch(let batch):
        layout.sectionCounts.add(batch.sectionInserts.count - batch.sectionDeletes.count, at: c)
      case .reloadAll(let snapshot):
        layout.sectionCounts.set(snapshot.numberOfSections, at: c)
      case nil: break
      }
    }
    for (c, old) in zip(order, before) {
      let key = entries[c].key
      let newOffset = layout.sectionCounts.prefixSum(c)
      switch changes[c] {
      case .batch(let batch):
        let seen = translate(child: c, batch, marks: marks[c] ?? [], oldSectionCount: old.count)
        out.append(seen.shiftingSections(old: old.offset, new: newOffset, key: key))
      case .reloadAll(let snapshot):
        setVisibility(ofChildAt: c, marks: marks[c] ?? [])
        out.sectionDeletes += old.offset..<(old.offset + old.count)
        out.sectionInserts += snapshot.sections.enumerated().map {
          .init(
            index: newOffset + $0.offset,
            section: visibleSection($0.element, child: c, at: $0.offset).keyed(by: key))
        }
      case nil:
        let seen = translate(
          child: c, ChangeBatch(), marks: marks[c] ?? [], oldSectionCount: old.count)
        out.append(seen.shiftingSections(old: old.offset, new: newOffset, key: key))
      }
    }
    return out
  }
}

/// A node that can be switched off; an aggregate leaves disabled nodes out.
protocol EnablementReporting: AnyObject {
  /// Whether the node shows its input now.
  var showsInput: Bool { get }
  /// Tells `handler` after each switch, until the token is cancelled.
  func observeEnablement(_ handler: @escaping () -> Void) -> ObservationToken
}

extension SnapshotSection {
  func keyed(by key: Int) -> SnapshotSection<CompositeSectionID, Item> {
    withSupplements(
      id: CompositeSectionID(child: key, erasedSection: AnyHashable(id)), items: items)
  }
}

extension ChangeBatch {
  /// The batch with the section indices of the old content shifted by
  /// `old`, those of the new content by `new`, and inserted sections keyed
  /// by `key`.
  ///
  /// - Complexity: O(*k*) in the number of operations.
  func shiftingSections(old: Int, new: Int, key: Int) -> ChangeBatch<
    CompositeSectionID, Item
  > {
    func from(_ p: ItemPath) -> ItemPath { ItemPath(section: p.section + old, item: p.item) }
    func to(_ p: ItemPath) -> ItemPath { ItemPath(section: p.section + new, item: p.item) }
    var out = ChangeBatch<CompositeSectionID, Item>()
    out.sectionDeletes = sectionDeletes.map { $0 + old }
    out.sectionInserts = sectionInserts.map {
      .init(index: $0.index + new, section: $0.section.keyed(by: key))
    }
    out.sectionMoves = sectionMoves.map { .init(from: $0.from + old, to: $0.to + new) }
    out.sectionUpdates = sectionUpdates.map {
      $0.moved(from: $0.from + old, to: $0.to + new)
    }
    out.itemDeletes = itemDeletes.map(from)
    // Loops for the items, as in `mapped(sectionIndex:path:section:item:)`.
    out.itemInserts.reserveCapacity(itemInserts.count)
    for insert in itemInserts {
      out.itemInserts.append(.init(path: to(insert.path), item: insert.item))
    }
    out.itemMoves = itemMoves.map { .init(from: from($0.from), to: to($0.to)) }
    out.itemUpdates.reserveCapacity(itemUpdates.count)
    for update in itemUpdates {
      out.itemUpdates.append(.init(from: from(update.from), to: to(update.to), item: update.item))
    }
    return out
  }

  /// Adds every operation of `other` to the batch's lists (the batches
  /// touch different sections).
  mutating func append(_ other: ChangeBatch) {
    sectionDeletes += other.sectionDeletes
    sectionInserts += other.sectionInserts
    sectionMoves += other.sectionMoves
    sectionUpdates += other.sectionUpdates
    itemDeletes += other.itemDeletes
    itemInserts += other.itemInserts
    itemMoves += other.itemMoves
    itemUpdates += other.itemUpdates
  }
}

/// What a composite reads at every read of a row, in one value: one
/// property of the composite, left unchecked for overlapping accesses at
/// run time (see `CompositeDataSource.layout`), where three properties
/// were three checks. Of concrete types, so reads ask the runtime for no
/// generic metadata.
struct ChildLayout {
  /// The children, in order, as objects; the composite gives one back as
  /// what it is, and only the composite's file adds one. Apart from the
  /// composite's generic entries and of a concrete type: in code not
  /// specialized for the item type (a node of the graph), a read of a
  /// generic entry asked the runtime for its type and copied it, and a
  /// read of an array of type-erased children asked for theirs.
  fileprivate(set) var objects: [AnyObject] = []
  /// Per child, in order: which of its items the composite shows, per
  /// section; `nil` when it shows them all (the child hides no
  /// duplicate).
  var visibleRows: [[RankedBits]?] = []
  /// The number of sections of each child, in order.
  var sectionCounts = FenwickTree()

  /// The child that shows the row at `path` of the composite, and the
  /// row's path in that child.
  ///
  /// - Complexity: O(log *c*) for *c* children, plus O(log *n*) in a child
  ///   that hides some of its *n* items.
  func locate(_ path: ItemPath) -> (child: AnyObject, path: ItemPath) {
    let (c, before) = sectionCounts.locate(path.section)
    let local = path.section - before
    let index = visibleRows[c].map { $0[local].select(path.item) } ?? path.item
    return (objects[c], ItemPath(section: local, item: index))
  }
}
