public import DataSourceGraphNodes
public import DataSourceGraphSections

/// An input that can be switched off: while disabled it shows no section,
/// its state is `ContentState.empty`, and a composite leaves it out of its
/// aggregate state (Chainable Data Sources' disable).
///
/// ```swift
/// let ads = adsSource.switched()
/// ads.isEnabled = false  // emits the deletes of the ads' sections
/// ```
///
/// Switching emits the deletes or inserts of all the input's sections; while
/// enabled every batch of the input passes through unchanged.
public final class SwitchableDataSource<SectionID: Hashable, Item: Identifiable & Equatable>:
  DataSource,
  EnablementReporting
{
  /// The input.
  public let input: any DataSource<SectionID, Item>
  /// The name of the switch: the one set, else the input's (see
  /// `DataSource.name`). Setting `nil` reports the input's again; setting it
  /// emits nothing.
  public var name: String? {
    get { ownName ?? input.name }
    set { ownName = newValue }
  }
  private var ownName: String?
  var observation: ObservationToken?
  let output = NodeOutput<SectionID, Item>(state: .empty)
  /// The aggregates that leave this node out while it is disabled.
  private let enablementObservers = ObserverList<Void>()

  /// Whether the input's content and state are shown.
  ///
  /// Set while observers are being told of a change (from an observer), the
  /// switch is made after the whole delivery, like an edit of a leaf (see
  /// `ObserverList`); reading the property returns the value last set.
  ///
  /// - Complexity: Switching costs O(*n*) to read (or drop) the input's
  ///   sections.
  public var isEnabled: Bool {
    get { requestedEnabled }
    set {
      requestedEnabled = newValue
      apply(newValue)
    }
  }
  /// The value last set, maybe not applied yet.
  private var requestedEnabled: Bool
  /// Whether the input is shown now.
  private(set) var showsInput: Bool

  /// Creates a switch over `input`.
  public init(_ input: any DataSource<SectionID, Item>, isEnabled: Bool = true) {
    self.input = input
    requestedEnabled = isEnabled
    showsInput = isEnabled
    output.publish(nil, state: derivedState)
    observation = followInput()
  }

  /// Shows or hides the input, after the delivery under way if there is one.
  private func apply(_ enabled: Bool) {
    if DeliveryWave.postpone({ self.apply(enabled) }) { return }
    guard enabled != showsInput else { return }
    showsInput = enabled
    var batch = ChangeBatch<SectionID, Item>()
    if enabled {
      batch.sectionInserts = (0..<input.numberOfSections).map {
        .init(index: $0, section: input.section(at: $0))
      }
    } else {
      batch.sectionDeletes = Array(0..<input.numberOfSections)
    }
    output.publish(batch, state: derivedState)
    // An aggregate leaves a disabled node out, so it must look again even
    // when neither the content nor the state changed (an empty input).
    enablementObservers.send(())
  }

  /// Tells `handler` when the input is shown or hidden (after the batch and
  /// the state change, if any); a composite uses it to re-read the switch.
  func observeEnablement(_ handler: @escaping () -> Void) -> ObservationToken {
    enablementObservers.add(handler)
  }

  private var derivedState: ContentState { showsInput ? input.contentState : .empty }

  public var numberOfSections: Int { showsInput ? input.numberOfSections : 0 }
  public func sectionID(at index: Int) -> SectionID { input.sectionID(at: index) }
  public func supplements(ofSection index: Int) -> SectionSupplements {
    input.supplements(ofSection: index)
  }
  public func sectionIndex(for id: SectionID) -> Int? {
    showsInput ? input.sectionIndex(for: id) : nil
  }
  public func numberOfItems(inSection section: Int) -> Int {
    input.numberOfItems(inSection: section)
  }
  public func item(at path: ItemPath) -> Item { input.item(at: path) }
  /// The input's bulk read.
  public func items(inSection section: Int) -> SnapshotSection<SectionID, Item>.Items {
    input.items(inSection: section)
  }
  public func itemPath(for id: Item.ID) -> ItemPath? { showsInput ? input.itemPath(for: id) : nil }
  /// - Complexity: O(*n* log *n*): built through the reads.
  public var snapshot: Snapshot<SectionID, Item> { readSnapshot() }
  public var hasContent: Bool { showsInput && input.hasContent }
  /// Runs `body` once the input's loads have settled while the switch
  /// shows it; at once while it is disabled, since it then shows nothing
  /// (see `DataSource.whenLoaded(_:)`).
  public func whenLoaded(_ body: @escaping () -> Void) {
    guard showsInput else { return body() }
    input.whenLoaded(body)
  }

  func inputChanged(_ event: DataSourceEvent<SectionID, Item>) {
    guard showsInput else { return }
    switch event {
    case .changed(let change): output.publish(change, state: derivedState)
    case .stateChanged: output.publish(nil, state: derivedState)
    }
  }
}
