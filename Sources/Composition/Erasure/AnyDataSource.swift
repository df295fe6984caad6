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
///   identities a whole ``snapshot`` is rebuilt through the reads (O(*n*)),
///   and each batch is passed on with its inserted sections re-identified:
///   O(*k*) for *k* operations.
public final class AnyDataSource<SectionID: Hashable, Item: Identifiable & Equatable>: DataSource {
  /// The node this one shows.
  public let base: any DataSource
  private let box: AnyDataSourceBox<SectionID, Item>

  /// Wraps `base`; `base` itself when it is already an `AnyDataSource` of
  /// these types.
  public init(_ base: any DataSource<SectionID, Item>) {
    if let erased = base as? AnyDataSource<SectionID, Item> {
      self.base = erased.base
      box = erased.box
    } else {
      self.base = base
      box = SameSectionsBox(base)
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
      box = erased.box
    } else {
      self.base = base
      box = ErasedSectionsBox(base)
    }
  }

  public var name: String? { box.name }
  public var numberOfSections: Int { box.numberOfSections }
  public func sectionID(at index: Int) -> SectionID { box.sectionID(at: index) }
  public func supplements(ofSection index: Int) -> Supplements {
    box.supplements(ofSection: index)
  }
  public func sectionIndex(for id: SectionID) -> Int? { box.sectionIndex(for: id) }
  public func numberOfItems(inSection section: Int) -> Int { box.numberOfItems(inSection: section) }
  public func item(at path: ItemPath) -> Item { box.item(at: path) }
  public func itemPath(for id: Item.ID) -> ItemPath? { box.itemPath(for: id) }
  public var snapshot: Snapshot<SectionID, Item> { box.snapshot }
  public var hasContent: Bool { box.hasContent }
  public var contentState: ContentState { box.contentState }
  public func reload() { box.reload() }
  public func whenLoaded(_ body: @escaping () -> Void) { box.whenLoaded(body) }
  public func observe(_ handler: @escaping (DataSourceEvent<SectionID, Item>) -> Void)
    -> ObservationToken
  {
    box.observe(handler)
  }

  /// The base's place in the graph and its events, for the wave.
  package var propagationHeight: Int { box.propagationHeight }
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
  package func addDependent(
    _ node: any PropagationNode, handler: @escaping (DataSourceEvent<SectionID, Item>) -> Void
  ) -> ObservationToken {
    box.addDependent(node, handler)
  }
}

extension AnyDataSource: PathMapping {
  var mappedInputs: [AnyObject] { [base] }
  var shownInputs: [Int] { [0] }
  func inputLocation(of path: ItemPath) -> (input: AnyObject, path: ItemPath)? { (base, path) }
  func inputSection(of index: Int) -> (input: AnyObject, section: Int)? { (base, index) }
  func outputPath(of path: ItemPath, inInput index: Int) -> ItemPath? {
    index == 0 ? path : nil
  }
}

extension AnyDataSource: MoveMapping {
  func inputMoves(for move: RowMove) -> Result<
    (input: AnyObject, moves: [RowMove]), ReorderRefusal
  > {
    .success((base, [move]))
  }
}

extension AnyDataSource: ReorderRouting {}

/// A node that shows another one unchanged (``AnyDataSource``).
protocol ErasingNode: AnyObject {
  /// The node shown, through any number of erasing wrappers.
  var innermostBase: AnyObject { get }
}

extension AnyDataSource: ErasingNode {
  var innermostBase: AnyObject { (base as? any ErasingNode)?.innermostBase ?? base }
}

/// The reads of an ``AnyDataSource``, one subclass per way of mapping the
/// base's section identities.
private class AnyDataSourceBox<SectionID: Hashable, Item: Identifiable & Equatable> {
  var name: String? { fatalError("abstract") }
  var numberOfSections: Int { fatalError("abstract") }
  func sectionID(at index: Int) -> SectionID { fatalError("abstract") }
  func supplements(ofSection index: Int) -> DataSource.Supplements {
    fatalError("abstract")
  }
  func sectionIndex(for id: SectionID) -> Int? { fatalError("abstract") }
  func numberOfItems(inSection section: Int) -> Int { fatalError("abstract") }
  func item(at path: ItemPath) -> Item { fatalError("abstract") }
  func itemPath(for id: Item.ID) -> ItemPath? { fatalError("abstract") }
  var snapshot: Snapshot<SectionID, Item> { fatalError("abstract") }
  var hasContent: Bool { fatalError("abstract") }
  var contentState: ContentState { fatalError("abstract") }
  func reload() { fatalError("abstract") }
  func whenLoaded(_ body: @escaping () -> Void) { fatalError("abstract") }
  func observe(_ handler: @escaping (DataSourceEvent<SectionID, Item>) -> Void)
    -> ObservationToken
  { fatalError("abstract") }
  var propagationHeight: Int { fatalError("abstract") }
  func addDependent(
    _ node: any PropagationNode, _ handler: @escaping (DataSourceEvent<SectionID, Item>) -> Void
  ) -> ObservationToken { fatalError("abstract") }
}

/// Reads through to a base of the same section identity type.
private final class SameSectionsBox<SectionID: Hashable, Item: Identifiable & Equatable>:
  AnyDataSourceBox<SectionID, Item>
{
  let base: any DataSource<SectionID, Item>
  init(_ base: any DataSource<SectionID, Item>) { self.base = base }
  override var name: String? { base.name }
  override var numberOfSections: Int { base.numberOfSections }
  override func sectionID(at index: Int) -> SectionID { base.sectionID(at: index) }
  override func supplements(ofSection index: Int) -> DataSource.Supplements {
    base.supplements(ofSection: index)
  }
  override func sectionIndex(for id: SectionID) -> Int? { base.sectionIndex(for: id) }
  override func numberOfItems(inSection section: Int) -> Int {
    base.numberOfItems(inSection: section)
  }
  override func item(at path: ItemPath) -> Item { base.item(at: path) }
  override func itemPath(for id: Item.ID) -> ItemPath? { base.itemPath(for: id) }
  override var snapshot: Snapshot<SectionID, Item> { base.snapshot }
  override var hasContent: Bool { base.hasContent }
  override var contentState: ContentState { base.contentState }
  override func reload() { base.reload() }
  override func whenLoaded(_ body: @escaping () -> Void) { base.whenLoaded(body) }
  override func observe(_ handler: @escaping (DataSourceEvent<SectionID, Item>) -> Void)
    -> ObservationToken
  { base.observe(handler) }
  override var propagationHeight: Int { base.heightInGraph }
  override func addDependent(
    _ node: any PropagationNode, _ handler: @escaping (DataSourceEvent<SectionID, Item>) -> Void
  ) -> ObservationToken { base.addDependent(node, handler) }
}

/// Reads through to a base whose section identities it shows as
/// `AnyHashable`.
private final class ErasedSectionsBox<BaseSectionID: Hashable, Item: Identifiable & Equatable>:
  AnyDataSourceBox<AnyHashable, Item>
{
  let base: any DataSource<BaseSectionID, Item>
  init(_ base: any DataSource<BaseSectionID, Item>) { self.base = base }
  override var name: String? { base.name }
  override var numberOfSections: Int { base.numberOfSections }
  override func sectionID(at index: Int) -> AnyHashable { AnyHashable(base.sectionID(at: index)) }
  override func supplements(ofSection index: Int) -> DataSource.Supplements {
    base.supplements(ofSection: index)
  }
  override func sectionIndex(for id: AnyHashable) -> Int? {
    (id.base as? BaseSectionID).flatMap(base.sectionIndex(for:))
  }
  override func numberOfItems(inSection section: Int) -> Int {
    base.numberOfItems(inSection: section)
  }
  override func item(at path: ItemPath) -> Item { base.item(at: path) }
  override func itemPath(for id: Item.ID) -> ItemPath? { base.itemPath(for: id) }
  override var snapshot: Snapshot<AnyHashable, Item> { erasing(base.snapshot) }
  override var hasContent: Bool { base.hasContent }
  override var contentState: ContentState { base.contentState }
  override func reload() { base.reload() }
  override func whenLoaded(_ body: @escaping () -> Void) { base.whenLoaded(body) }
  override func observe(_ handler: @escaping (DataSourceEvent<AnyHashable, Item>) -> Void)
    -> ObservationToken
  { base.observe { event in handler(self.erasing(event)) } }
  override var propagationHeight: Int { base.heightInGraph }
  override func addDependent(
    _ node: any PropagationNode, _ handler: @escaping (DataSourceEvent<AnyHashable, Item>) -> Void
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
