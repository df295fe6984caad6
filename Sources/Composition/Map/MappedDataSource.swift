public import DataSourceGraphNodes
public import DataSourceGraphSections

/// The items of an input transformed one by one, keeping their place: a
/// view model for each model, say.
///
/// ```swift
/// let rows = messages.map { RowModel(message: $0) }      // RowModel.ID == Message.ID
/// let titles = messages.map { Title(text: $0.subject) }  // identities of another type
/// ```
///
/// The transform runs on every read (``item(at:)``) and on the items a batch
/// carries; nothing is stored, so it should be cheap and pure. Every batch of
/// the input is passed on with its items transformed: O(*k*) for *k*
/// operations. The type names only what the map shows (its section identity
/// and its items), not the input's item type.
///
/// ## Identities
/// When the new items' identity has the input's identity type, the
/// transform must keep identities (`transform(x).id == x.id`), and
/// ``itemPath(for:)`` asks the input. When the types differ, the new
/// identities must be unique, and ``itemPath(for:)`` reads them from a table
/// built on the first look-up after a change: O(*n*) once, then expected
/// O(1).
public final class MappedDataSource<SectionID: Hashable, Item: Identifiable & Equatable>:
  DataSource
{
  /// The input.
  public let input: any DataSource
  /// The name of the map: the one set, else the input's (see
  /// `DataSource.name`). Setting `nil` reports the input's again; setting it
  /// emits nothing.
  public var name: String? {
    get { ownName ?? reads.name() }
    set { ownName = newValue }
  }
  private var ownName: String?
  private let reads: InputReads<SectionID, Item>
  /// The identity table of a map to another identity type, built on use.
  private var pathsByID: _PathTable<Item.ID>?
  var observation: ObservationToken?
  let output = NodeOutput<SectionID, Item>(state: .initial)

  /// Creates the map of `input` by `transform`, which must keep identities
  /// (`transform(x).id == x.id`).
  public convenience init<InputItem: Identifiable & Equatable>(
    _ input: any DataSource<SectionID, InputItem>, transform: @escaping (InputItem) -> Item
  ) where InputItem.ID == Item.ID {
    self.init(input, transform: transform, lookUp: { input.itemPath(for: $0) })
  }

  /// Creates the map of `input` by `transform`, whose items have identities
  /// of another type; they must be unique.
  public convenience init<InputItem: Identifiable & Equatable>(
    _ input: any DataSource<SectionID, InputItem>, transform: @escaping (InputItem) -> Item
  ) {
    self.init(input, transform: transform, lookUp: nil)
  }

  private init<InputItem: Identifiable & Equatable>(
    _ input: any DataSource<SectionID, InputItem>, transform: @escaping (InputItem) -> Item,
    lookUp: ((Item.ID) -> ItemPath?)?
  ) {
    self.input = input
    reads = InputReads(input, transform: transform, lookUp: lookUp)
    output.publish(nil, state: input.contentState)
    observation = output.follow(input) { [weak self] event in
      guard let self else { return }
      pathsByID = nil
      switch event {
      case .changed(.batch(let batch)):
        output.publish(batch.mapItems(transform), state: input.contentState)
      case .changed(.reloadAll):
        output.publish(.reloadAll(readSnapshot()), state: input.contentState)
      case .stateChanged:
        output.publish(nil, state: input.contentState)
      }
    }
  }

  public var numberOfSections: Int { reads.numberOfSections() }
  public func sectionID(at index: Int) -> SectionID { reads.sectionID(index) }
  public func supplements(ofSection index: Int) -> SectionSupplements {
    reads.supplements(index)
  }
  public func sectionIndex(for id: SectionID) -> Int? { reads.sectionIndex(id) }
  public func numberOfItems(inSection section: Int) -> Int { reads.numberOfItems(section) }
  /// - Complexity: The input's read plus one transform.
  public func item(at path: ItemPath) -> Item { reads.item(path) }
  /// The input's bulk read of the section, each item transformed.
  ///
  /// - Complexity: O(*m*) transforms for a section of *m* items, plus the
  ///   input's bulk read.
  public func items(inSection section: Int) -> SnapshotSection<SectionID, Item>.Items {
    .init(reads.items(section))
  }
  /// - Complexity: The input's look-up when the identities have the same
  ///   type; otherwise O(*n*) on the first look-up after a change, then
  ///   expected O(1).
  public func itemPath(for id: Item.ID) -> ItemPath? {
    if let lookUp = reads.lookUp { return lookUp(id) }
    if pathsByID == nil {
      // The first occurrence of a repeated identity wins, as in a snapshot.
      var table = _PathTable<Item.ID>()
      for section in 0..<numberOfSections {
        for index in 0..<numberOfItems(inSection: section) {
          let path = ItemPath(section: section, item: index)
          table.insertIfAbsent(path, for: item(at: path).id)
        }
      }
      pathsByID = table
    }
    return pathsByID?[id]
  }
  /// - Complexity: O(*n* log *n*): built through the reads.
  public var snapshot: Snapshot<SectionID, Item> { readSnapshot() }
  public var hasContent: Bool { reads.hasContent() }
  public func reload() { reads.reload() }
  /// Runs `body` once the input's loads have settled (see
  /// `DataSource.whenLoaded(_:)`).
  public func whenLoaded(_ body: @escaping () -> Void) { reads.whenLoaded(body) }
}

/// The reads of a map's input, with its item type hidden: the input's own
/// reads, items transformed.
private struct InputReads<SectionID: Hashable, Item: Identifiable & Equatable> {
  let name: () -> String?
  let numberOfSections: () -> Int
  let sectionID: (Int) -> SectionID
  let supplements: (Int) -> SectionSupplements
  let sectionIndex: (SectionID) -> Int?
  let numberOfItems: (Int) -> Int
  let item: (ItemPath) -> Item
  let items: (Int) -> [Item]
  let lookUp: ((Item.ID) -> ItemPath?)?
  let hasContent: () -> Bool
  let reload: () -> Void
  let whenLoaded: (@escaping () -> Void) -> Void

  init<InputItem: Identifiable & Equatable>(
    _ input: any DataSource<SectionID, InputItem>, transform: @escaping (InputItem) -> Item,
    lookUp: ((Item.ID) -> ItemPath?)?
  ) {
    name = { input.name }
    numberOfSections = { input.numberOfSections }
    sectionID = { input.sectionID(at: $0) }
    supplements = { input.supplements(ofSection: $0) }
    sectionIndex = { input.sectionIndex(for: $0) }
    numberOfItems = { input.numberOfItems(inSection: $0) }
    item = { transform(input.item(at: $0)) }
    items = { input.items(inSection: $0).map(transform) }
    self.lookUp = lookUp
    hasContent = { input.hasContent }
    reload = { input.reload() }
    whenLoaded = { input.whenLoaded($0) }
  }
}

extension ChangeBatch {
  /// The batch with every item it carries transformed.
  ///
  /// - Complexity: O(*k*) transforms.
  func mapItems<NewItem: Identifiable>(_ transform: (Item) -> NewItem) -> ChangeBatch<
    SectionID, NewItem
  > {
    mapped(
      sectionIndex: { $0 }, path: { $0 },
      section: { $0.withSupplements(id: $0.id, items: $0.items.map(transform)) }, item: transform)
  }
}
