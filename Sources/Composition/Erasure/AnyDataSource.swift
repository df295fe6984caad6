public import DataSourceGraphNodes
public import DataSourceGraphSections

/// A node of any kind, behind one type: the node to store in a property, a
/// model or a collection when the pipeline that builds it is an
/// implementation detail.
///
/// ```swift
/// final class InboxModel {
///   let screen: AnyDataSource<CompositeSectionID, Mail>
///
///   init(pinned: MutableDataSource<String, Mail>, feed: MutableDataSource<String, Mail>) {
///     screen = CompositeDataSource(pinned, feed).filter { !$0.isArchived }.eraseToAnyDataSource()
///   }
/// }
/// ```
///
/// The wrapper is a view of its base, not a node of its own: it reads
/// through, tells its observers what the base tells its own, takes part in
/// a change's delivery at the base's place in the graph, and lets
/// ``DataSourceGraphNodes/DataSource/leafLocation(at:)`` and reordering walk through it. Erasing
/// a node that is already an `AnyDataSource` of the same types returns it.
///
/// With ``init(erasingSectionIDsOf:)`` the section identities become
/// `AnyHashable`, so nodes whose section identities have different types
/// can be stored side by side.
///
/// - Complexity: Each read costs the base's read. With erased section
///   identities a whole `snapshot` is rebuilt through the reads (O(*n*)),
///   and each batch is passed on with its inserted sections re-identified:
///   O(*k*) for *k* operations.
public final class AnyDataSource<SectionID: Hashable, Item: Identifiable & Equatable>: DataSource {
  /// The node this one shows.
  public let base: any DataSource
  /// What the reads, the state and the events come from: `base`, or
  /// `base` with its section identities erased.
  private let reads: any DataSource<SectionID, Item>

  /// Wraps `base`; `base` itself when it is already an `AnyDataSource` of
  /// these types.
  public init(_ base: any DataSource<SectionID, Item>) {
    if let erased = base as? AnyDataSource<SectionID, Item> {
      self.base = erased.base
      reads = erased.reads
    } else {
      self.base = base
      reads = base
    }
  }

  /// Wraps `base`, with its section identities as `AnyHashable` (the
  /// base's section `"main"` is `AnyHashable("main")` here).
  public init<BaseSectionID: Hashable>(
    erasingSectionIDsOf base: any DataSource<BaseSectionID, Item>
  )
  where SectionID == AnyHashable {
    if let erased = base as? AnyDataSource<AnyHashable, Item> {
      self.base = erased.base
      reads = erased.reads
    } else {
      self.base = base
      reads = SectionIDErasure(base)
    }
  }

  public var name: String? { reads.name }
  public var contentState: ContentState { reads.contentState }
  public func reload() { reads.reload() }
  public func whenLoaded(_ body: @escaping () -> Void) { reads.whenLoaded(body) }
  public func observe(_ handler: @escaping (DataSourceEvent<SectionID, Item>) -> Void)
    -> ObservationToken
  {
    reads.observe(handler)
  }

  /// The base's place in the graph and its events, for the wave.
  package var propagationHeight: Int { reads.heightInGraph }

  // The reads a search repeats, in the class rather than from the
  // defaults of `ReadThroughNode` (which serve the rest): a node that
  // holds wrappers, a composite its children, calls these directly, where
  // a default asked the runtime for the wrapper's conformance and type at
  // every read.

  /// The number of the base's sections.
  ///
  /// - Complexity: The base's.
  public var numberOfSections: Int { reads.numberOfSections }
  /// The number of items in the base's section at `section`.
  ///
  /// - Complexity: The base's.
  public func numberOfItems(inSection section: Int) -> Int {
    reads.numberOfItems(inSection: section)
  }
  /// The base's item at `path`.
  ///
  /// - Complexity: The base's.
  public func item(at path: ItemPath) -> Item { reads.item(at: path) }
}

extension DataSource {
  /// This node behind ``AnyDataSource``, the type to store when the
  /// pipeline behind a screen is a detail.
  ///
  /// ```swift
  /// let screen: AnyDataSource<String, Row> = leaf.filter { $0.isVisible }.eraseToAnyDataSource()
  /// ```
  public func eraseToAnyDataSource() -> AnyDataSource<SectionID, Item> { AnyDataSource(self) }
}

extension AnyDataSource: GraphNode {
  package var showsUniqueIdentities: Bool { reads.hasUniqueIdentities }
  package func addDependent(
    _ node: any PropagationNode, handler: @escaping (DataSourceEvent<SectionID, Item>) -> Void
  ) -> ObservationToken {
    reads.addDependent(node, handler)
  }
}

extension AnyDataSource: ReorderRouting {}

/// The item and section reads are the base's (through the erasure of its
/// section identities, if any).
extension AnyDataSource: ReadThroughNode {
  package var readSource: any DataSource<SectionID, Item> { reads }
}

/// A node that shows another one unchanged (``AnyDataSource``).
protocol ErasingNode: AnyObject {
  /// The node shown, through any number of erasing wrappers.
  var innermostBase: AnyObject { get }
}

extension AnyDataSource: ErasingNode {
  var innermostBase: AnyObject { (base as? any ErasingNode)?.innermostBase ?? base }
}

/// A node's reads, state and events with its section identities as
/// `AnyHashable`: what an ``AnyDataSource`` made by
/// ``AnyDataSource/init(erasingSectionIDsOf:)`` reads. It takes part in the
/// wave at the base's place in the graph.
private final class SectionIDErasure<BaseSectionID: Hashable, Item: Identifiable & Equatable>:
  GraphNode
{
  let base: any DataSource<BaseSectionID, Item>
  init(_ base: any DataSource<BaseSectionID, Item>) { self.base = base }
  var showsUniqueIdentities: Bool { base.hasUniqueIdentities }
  var name: String? { base.name }
  var numberOfSections: Int { base.numberOfSections }
  func sectionID(at index: Int) -> AnyHashable { AnyHashable(base.sectionID(at: index)) }
  func supplements(ofSection index: Int) -> SectionSupplements {
    base.supplements(ofSection: index)
  }
  func sectionIndex(for id: AnyHashable) -> Int? {
    (id.base as? BaseSectionID).flatMap(base.sectionIndex(for:))
  }
  func numberOfItems(inSection section: Int) -> Int { base.numberOfItems(inSection: section) }
  func item(at path: ItemPath) -> Item { base.item(at: path) }
  func items(inSection section: Int) -> SnapshotSection<SectionID, Item>.Items {
    .init(base.items(inSection: section))
  }
  func itemPath(for id: Item.ID) -> ItemPath? { base.itemPath(for: id) }
  var snapshot: Snapshot<AnyHashable, Item> { erasing(base.snapshot) }
  var hasContent: Bool { base.hasContent }
  var contentState: ContentState { base.contentState }
  func reload() { base.reload() }
  func whenLoaded(_ body: @escaping () -> Void) { base.whenLoaded(body) }
  func observe(_ handler: @escaping (DataSourceEvent<AnyHashable, Item>) -> Void)
    -> ObservationToken
  { base.observe { event in handler(self.erasing(event)) } }
  var propagationHeight: Int { base.heightInGraph }
  func addDependent(
    _ node: any PropagationNode, handler: @escaping (DataSourceEvent<AnyHashable, Item>) -> Void
  ) -> ObservationToken {
    base.addDependent(node) { event in handler(self.erasing(event)) }
  }

  /// `snapshot` with its section identities erased.
  ///
  /// - Complexity: O(*s*) for *s* sections (the items are shared).
  private func erasing(_ snapshot: Snapshot<BaseSectionID, Item>) -> Snapshot<AnyHashable, Item> {
    Snapshot(
      sections: snapshot.sections.map {
        $0.withSupplements(id: AnyHashable($0.id), items: $0.items)
      })
  }

  private func erasing(_ event: DataSourceEvent<BaseSectionID, Item>) -> DataSourceEvent<
    AnyHashable, Item
  > {
    switch event {
    case .stateChanged(let old, let new): .stateChanged(old: old, new: new)
    case .changed(.reloadAll(let snapshot)): .changed(.reloadAll(erasing(snapshot)))
    case .changed(.batch(let batch)): .changed(.batch(batch.erasingSectionIDs()))
    }
  }
}

extension ChangeBatch {
  /// The batch with its section identities as `AnyHashable`.
  func erasingSectionIDs() -> ChangeBatch<AnyHashable, Item> {
    mapped(
      sectionIndex: { $0 }, path: { $0 },
      section: {
        $0.withSupplements(id: AnyHashable($0.id), items: $0.items)
      },
      item: { $0 })
  }
}
