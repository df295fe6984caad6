public import DataSourceGraphSections

/// A primary source, or a second one while the primary has no content: a
/// placeholder list, suggestions for an empty search (Chainable Data
/// Sources' placeholder source).
///
/// ```swift
/// let results = FallbackDataSource(searchResults, otherwise: suggestions)
/// ```
///
/// When the primary gains or loses its content the switch is emitted as one
/// batch, from what was shown to what is shown, with at most one state
/// change: when the primary gains content, the minimal batch between the
/// two snapshots; when it loses it, the deletes of its items and the
/// fallback's sections, keeping the sections both have (a primary that
/// counts itself empty while it keeps items, through a content predicate,
/// gets its own batch passed on first, then the switch). Otherwise the
/// shown source's batches pass through. The state keeps the
/// primary's loading phase and judges content by what is shown
/// (``DataSourceGraphSections/ContentState/init(input:hasContent:)``): a loading primary with a
/// placeholder shown is refreshing.
public final class FallbackDataSource<SectionID: Hashable, Item: Identifiable & Equatable>:
  DataSource
{
  /// A child.
  public typealias Child = any DataSource<SectionID, Item>
  /// The source shown when it has content.
  public let primary: Child
  /// The source shown while the primary has no content.
  public let fallback: Child
  /// The name of the source: the one set, else the primary's (see
  /// `DataSource.name`). Setting `nil` reports the primary's again; setting
  /// it emits nothing.
  public var name: String? {
    get { ownName ?? primary.name }
    set { ownName = newValue }
  }
  private var ownName: String?
  /// Whether the fallback is shown.
  public private(set) var showsFallback: Bool
  var observations: [ObservationToken] = []
  let output = NodeOutput<SectionID, Item>(state: .empty)

  /// Creates a source showing `primary`, or `fallback` while `primary` has
  /// no content.
  public init(_ primary: Child, otherwise fallback: Child) {
    self.primary = primary
    self.fallback = fallback
    showsFallback = !primary.hasContent
    output.publish(nil, state: derivedState)
    observations.append(primary.observe { [weak self] event in self?.primaryChanged(event) })
    observations.append(fallback.observe { [weak self] event in self?.fallbackChanged(event) })
  }

  /// The source shown.
  public var shown: Child { showsFallback ? fallback : primary }
  private var derivedState: ContentState {
    ContentState(input: primary.contentState, hasContent: shown.hasContent)
  }

  public var numberOfSections: Int { shown.numberOfSections }
  public func sectionID(at index: Int) -> SectionID { shown.sectionID(at: index) }
  public func supplements(ofSection index: Int) -> (header: String?, footer: String?) {
    shown.supplements(ofSection: index)
  }
  public func sectionIndex(for id: SectionID) -> Int? { shown.sectionIndex(for: id) }
  public func numberOfItems(inSection section: Int) -> Int {
    shown.numberOfItems(inSection: section)
  }
  public func item(at path: ItemPath) -> Item { shown.item(at: path) }
  public func itemPath(for id: Item.ID) -> ItemPath? { shown.itemPath(for: id) }
  public var snapshot: Snapshot<SectionID, Item> { shown.snapshot }
  public var hasContent: Bool { shown.hasContent }
  public var contentState: ContentState { output.state }
  /// Reloads the primary.
  public func reload() { primary.reload() }
  public func observe(_ handler: @escaping (DataSourceEvent<SectionID, Item>) -> Void)
    -> ObservationToken
  {
    output.observers.add(handler)
  }

  private func primaryChanged(_ event: DataSourceEvent<SectionID, Item>) {
    let wantsFallback = !primary.hasContent
    guard wantsFallback != showsFallback else {
      if case .changed(let change) = event, !showsFallback {
        output.publish(change, state: derivedState)
      } else {
        output.publish(nil, state: derivedState)
      }
      return
    }
    // The switch is decided first, so observers see one batch from what
    // was shown to what is shown, and at most one state change.
    if wantsFallback, case .changed(let change) = event {
      // The primary was shown and this change took its content away.
      switch change {
      case .batch(let batch) where primary.numberOfItems == 0:
        showsFallback = true
        output.publish(batchToFallback(after: batch), state: derivedState)
      case .batch:
        // A primary that judges itself empty while it keeps items (a
        // content predicate): its old items are known only through its
        // batch, so pass it on, then switch; the state changes once.
        output.publish(change, state: output.state)
        let old = primary.snapshot
        showsFallback = true
        output.publish(fallback.snapshot.difference(from: old), state: derivedState)
      case .reloadAll:
        showsFallback = true
        output.publish(.reloadAll(fallback.snapshot), state: derivedState)
      }
      return
    }
    // What was shown has not changed: the fallback, or a primary whose
    // content judgement changed without a change of content.
    let old = shown.snapshot
    showsFallback = wantsFallback
    output.publish(shown.snapshot.difference(from: old), state: derivedState)
  }

  private func fallbackChanged(_ event: DataSourceEvent<SectionID, Item>) {
    guard showsFallback else { return }
    if case .changed(let change) = event {
      output.publish(change, state: derivedState)
    } else {
      output.publish(nil, state: derivedState)
    }
  }
}
