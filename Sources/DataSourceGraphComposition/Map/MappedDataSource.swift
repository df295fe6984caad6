public import DataSourceGraphSections

/// The items of an input transformed one by one, keeping their identity and
/// their place: a view model for each model, say.
///
/// ```swift
/// let rows = messages.map { RowModel(message: $0) }  // RowModel.ID == Message.ID
/// ```
///
/// The transform runs on every read (``item(at:)``) and on the items a batch
/// carries; nothing is stored, so it should be cheap and pure. Every batch of
/// the input is passed on with its items transformed: O(*k*) for *k*
/// operations.
public final class MappedDataSource<
  SectionID: Hashable, InputItem: Identifiable & Equatable, Item: Identifiable & Equatable
>:
  DataSource
where Item.ID == InputItem.ID {
  /// The input.
  public let input: any DataSource<SectionID, InputItem>
  /// The name of the map: the one set, else the input's (see
  /// `DataSource.name`). Setting `nil` reports the input's again; setting it
  /// emits nothing.
  public var name: String? {
    get { ownName ?? input.name }
    set { ownName = newValue }
  }
  private var ownName: String?
  /// The transform.
  public let transform: (InputItem) -> Item
  var observation: ObservationToken?
  let output = NodeOutput<SectionID, Item>(state: .initial)

  /// Creates the map of `input` by `transform`, which must keep identities
  /// (`transform(x).id == x.id`).
  public init(
    _ input: any DataSource<SectionID, InputItem>, transform: @escaping (InputItem) -> Item
  ) {
    self.input = input
    self.transform = transform
    output.publish(nil, state: input.contentState)
    observation = followInput()
  }

  public var numberOfSections: Int { input.numberOfSections }
  public func sectionID(at index: Int) -> SectionID { input.sectionID(at: index) }
  public func supplements(ofSection index: Int) -> (header: String?, footer: String?) {
    input.supplements(ofSection: index)
  }
  public func sectionIndex(for id: SectionID) -> Int? { input.sectionIndex(for: id) }
  public func numberOfItems(inSection section: Int) -> Int {
    input.numberOfItems(inSection: section)
  }
  /// - Complexity: The input's read plus one transform.
  public func item(at path: ItemPath) -> Item { transform(input.item(at: path)) }
  public func itemPath(for id: Item.ID) -> ItemPath? { input.itemPath(for: id) }
  /// - Complexity: O(*n* log *n*): built through the reads.
  public var snapshot: Snapshot<SectionID, Item> { readSnapshot() }
  public var hasContent: Bool { input.hasContent }

  var derivedState: ContentState { input.contentState }

  /// The input's `batch` with its items transformed.
  ///
  /// - Complexity: O(*k*) transforms for *k* operations.
  func translate(_ batch: ChangeBatch<SectionID, InputItem>) -> ChangeBatch<SectionID, Item> {
    batch.mapItems(transform)
  }

  /// Nothing to rebuild: the map stores nothing of the input.
  func rebuild() {}
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
      section: {
        SnapshotSection(
          id: $0.id, header: $0.header, footer: $0.footer, items: $0.items.map(transform))
      }, item: transform)
  }
}
