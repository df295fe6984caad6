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
/// child's key (see ``CompositeSectionID``). Item identities must be unique
/// across children, as in any snapshot; if two children hold the same item
/// identity, ``itemPath(for:)`` finds the first, and ``snapshot`` keeps the
/// first (the renderer's batches stay index-correct).
///
/// A change in a child reaches the observers with the child's section
/// indices shifted by the number of sections before it: O(*k* + log *c*) for
/// a batch of *k* operations among *c* children. The composite holds no copy
/// of its children's items; it keeps a Fenwick tree over its children's
/// section counts.
///
/// Its ``contentState`` is the aggregate of its enabled children
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
public final class CompositeDataSource<ChildSectionID: Hashable, Item: Identifiable & Equatable>:
  DataSource
{
  public typealias SectionID = CompositeSectionID<ChildSectionID>
  /// A child of the composite.
  public typealias Child = any DataSource<ChildSectionID, Item>

  struct Entry {
    let child: Child
    let key: Int
    let enablement: (any EnablementReporting)?
    var observation: ObservationToken?
    var enablementObservation: ObservationToken?
    var status: ContentState.ChildState
  }

  var entries: [Entry] = []
  var keyIndex: [Int: Int] = [:]
  var sectionCounts = FenwickTree()
  var nextKey = 0
  var tally = AggregateTally()
  let output = NodeOutput<SectionID, Item>(state: .empty)

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
  public init(_ children: [Child], name: String? = nil) {
    self.name = name
    for child in children { entries.append(makeEntry(child)) }
    rebuildKeyIndex()
    sectionCounts = FenwickTree(entries.map(\.child.numberOfSections))
    for entry in entries { tally.add(entry.status) }
    output.publish(nil, state: resolveState())
  }

  /// The children, in order.
  public var children: [Child] { entries.map(\.child) }

  /// The key of the child at `index`, the `child` part of the identities of
  /// its sections.
  public func key(ofChildAt index: Int) -> Int { entries[index].key }

  /// The index of the child with key `key`, if it is still a child.
  public func childIndex(forKey key: Int) -> Int? { keyIndex[key] }

  /// The index of the first section of the child at `index` in the composite.
  ///
  /// - Complexity: O(log *c*).
  public func sectionOffset(ofChildAt index: Int) -> Int { sectionCounts.prefixSum(index) }

  /// The errors of the enabled children, in child order: a child in error,
  /// a child that keeps a failure with its content, and every failed part
  /// of a child that is itself partial (under that child's index, with the
  /// part's name, or the child's if the part has none).
  public var childErrors: [ChildFailure] {
    entries.enumerated().flatMap { index, entry -> [ChildFailure] in
      guard entry.status.isEnabled else { return [] }
      let state = entry.status.state
      let name = entry.child.name
      if case .partial(let partial) = state {
        return partial.failures(asChild: index, named: name)
      }
      return state.error.map { [ChildFailure(child: index, name: name, error: $0)] } ?? []
    }
  }

  // MARK: Reads

  public var numberOfSections: Int { sectionCounts.total }

  /// - Complexity: O(log *c*) plus the child's read.
  public func sectionID(at index: Int) -> SectionID {
    let (c, before) = sectionCounts.locate(index)
    return SectionID(child: entries[c].key, section: entries[c].child.sectionID(at: index - before))
  }

  public func supplements(ofSection index: Int) -> (header: String?, footer: String?) {
    let (c, before) = sectionCounts.locate(index)
    return entries[c].child.supplements(ofSection: index - before)
  }

  public func sectionIndex(for id: SectionID) -> Int? {
    guard let c = keyIndex[id.child], let local = entries[c].child.sectionIndex(for: id.section)
    else {
      return nil
    }
    return sectionCounts.prefixSum(c) + local
  }

  public func numberOfItems(inSection section: Int) -> Int {
    let (c, before) = sectionCounts.locate(section)
    return entries[c].child.numberOfItems(inSection: section - before)
  }

  public func item(at path: ItemPath) -> Item {
    let (c, before) = sectionCounts.locate(path.section)
    return entries[c].child.item(at: ItemPath(section: path.section - before, item: path.item))
  }

  /// Asks each child in turn.
  ///
  /// - Complexity: O(*c*) child look-ups, plus O(log *c*).
  public func itemPath(for id: Item.ID) -> ItemPath? {
    for (c, entry) in entries.enumerated() {
      if var path = entry.child.itemPath(for: id) {
        path.section += sectionCounts.prefixSum(c)
        return path
      }
    }
    return nil
  }

  /// - Complexity: O(*n* log *n*): built through the reads.
  public var snapshot: Snapshot<SectionID, Item> { readSnapshot() }

  /// Whether an enabled child has content.
  ///
  /// - Complexity: O(1).
  public var hasContent: Bool { tally.withContent > 0 }

  /// The aggregate state of the enabled children.
  public var contentState: ContentState { output.state }

  /// Reloads every child: a pull-to-refresh of the whole composite.
  public func reload() {
    for entry in entries { entry.child.reload() }
  }

  public func observe(_ handler: @escaping (DataSourceEvent<SectionID, Item>) -> Void)
    -> ObservationToken
  {
    output.observers.add(handler)
  }

  // MARK: Propagation

  func makeEntry(_ child: Child) -> Entry {
    let key = nextKey
    nextKey += 1
    let enablement = child as? any EnablementReporting
    var entry = Entry(
      child: child, key: key, enablement: enablement, observation: nil, enablementObservation: nil,
      status: .init(
        state: child.contentState, hasContent: child.hasContent,
        isEnabled: enablement?.showsInput ?? true))
    entry.observation = child.observe { [weak self] event in self?.childChanged(key: key, event) }
    entry.enablementObservation = enablement?.observeEnablement { [weak self] in
      self?.enablementChanged(key: key)
    }
    return entry
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
        status.name = entry.child.name
        return (index, status)
      }
    }
  }

  /// Re-reads the child's contribution to the aggregate state.
  func refreshStatus(ofChildAt c: Int) {
    let entry = entries[c]
    let status = ContentState.ChildState(
      state: entry.child.contentState, hasContent: entry.child.hasContent,
      isEnabled: entry.enablement?.showsInput ?? true)
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

  private func childChanged(key: Int, _ event: DataSourceEvent<ChildSectionID, Item>) {
    guard let c = keyIndex[key] else { return }
    switch event {
    case .changed(.batch(let batch)):
      let offset = sectionCounts.prefixSum(c)
      let out = batch.shiftingSections(by: offset, key: key)
      sectionCounts.add(batch.sectionInserts.count - batch.sectionDeletes.count, at: c)
      refreshStatus(ofChildAt: c)
      output.publish(out, state: resolveState())
    case .changed(.reloadAll(let snapshot)):
      let offset = sectionCounts.prefixSum(c)
      var out = ChangeBatch<SectionID, Item>()
      out.sectionDeletes = Array(offset..<(offset + sectionCounts.values[c]))
      out.sectionInserts = snapshot.sections.enumerated().map {
        .init(index: offset + $0.offset, section: $0.element.keyed(by: key))
      }
      sectionCounts.set(snapshot.numberOfSections, at: c)
      refreshStatus(ofChildAt: c)
      output.publish(out, state: resolveState())
    case .stateChanged:
      refreshStatus(ofChildAt: c)
      output.publish(nil, state: resolveState())
    }
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
  func keyed(by key: Int) -> SnapshotSection<CompositeSectionID<ID>, Item> {
    SnapshotSection<CompositeSectionID<ID>, Item>(
      id: CompositeSectionID(child: key, section: id), header: header, footer: footer, items: items)
  }
}

extension ChangeBatch {
  /// The batch with every section index shifted by `offset` and inserted
  /// sections keyed by `key`.
  ///
  /// - Complexity: O(*k*) in the number of operations.
  func shiftingSections(by offset: Int, key: Int) -> ChangeBatch<
    CompositeSectionID<SectionID>, Item
  > {
    mapped(
      sectionIndex: { $0 + offset },
      path: { ItemPath(section: $0.section + offset, item: $0.item) },
      section: { $0.keyed(by: key) }, item: { $0 })
  }
}
