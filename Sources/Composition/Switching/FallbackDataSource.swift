public import Sections

/// A primary source, or a second one while the primary has no content: a
/// placeholder list, suggestions for an empty search (Chainable Data
/// Sources' placeholder source).
///
/// ```swift
/// let results = FallbackDataSource(searchResults, otherwise: suggestions)
/// ```
///
/// When the primary gains or loses its content the switch is emitted as the
/// minimal batch between the two snapshots, after the primary's own batch.
/// Otherwise the shown source's batches pass through. The state keeps the
/// primary's loading phase and judges content by what is shown
/// (``ContentState/init(input:hasContent:)``): a loading primary with a
/// placeholder shown is refreshing.
public final class FallbackDataSource<SectionID: Hashable, Item: Identifiable & Equatable>: DataSource {
  /// A child.
  public typealias Child = any DataSource<SectionID, Item>
  /// The source shown when it has content.
  public let primary: Child
  /// The source shown while the primary has no content.
  public let fallback: Child
  /// Whether the fallback is shown.
  public private(set) var showsFallback: Bool
  var observations: [Observation] = []
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
  public func numberOfItems(inSection section: Int) -> Int { shown.numberOfItems(inSection: section) }
  public func item(at path: ItemPath) -> Item { shown.item(at: path) }
  public func itemPath(for id: Item.ID) -> ItemPath? { shown.itemPath(for: id) }
  public var snapshot: Snapshot<SectionID, Item> { shown.snapshot }
  public var hasContent: Bool { shown.hasContent }
  public var contentState: ContentState { output.state }
  /// Reloads the primary.
  public func reload() { primary.reload() }
  public func observe(_ handler: @escaping (DataSourceEvent<SectionID, Item>) -> Void) -> Observation {
    output.observers.add(handler)
  }

  private func primaryChanged(_ event: DataSourceEvent<SectionID, Item>) {
    if case .changed(let change) = event, !showsFallback {
      output.publish(change, state: derivedState)
    }
    let wantsFallback = !primary.hasContent
    if wantsFallback != showsFallback {
      let old = shown.snapshot
      showsFallback = wantsFallback
      output.publish(shown.snapshot.difference(from: old), state: derivedState)
    } else {
      output.publish(nil, state: derivedState)
    }
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
