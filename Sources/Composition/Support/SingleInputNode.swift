import DataSourceGraphNodes
import DataSourceGraphSections

/// A combinator that reads one input: it reloads the input, waits for the
/// input's loads, and follows the input's events.
protocol SingleInputNode: CombinatorNode {
  /// The section identity of the input.
  associatedtype InputSectionID: Hashable
  /// The items of the input.
  associatedtype InputItem: Identifiable & Equatable

  /// The input.
  var input: any DataSource<InputSectionID, InputItem> { get }
  /// Takes one of the input's events in, when the wave stabilizes the node.
  func inputChanged(_ event: DataSourceEvent<InputSectionID, InputItem>)
}

extension SingleInputNode {
  /// Reloads the input.
  public func reload() { input.reload() }

  /// Runs `body` once the input's loads have settled (see
  /// `DataSource.whenLoaded(_:)`).
  public func whenLoaded(_ body: @escaping () -> Void) { input.whenLoaded(body) }

  /// Starts taking the input's events in through ``inputChanged(_:)``;
  /// the node keeps the token for as long as it lives.
  func followInput() -> ObservationToken {
    output.follow(input) { [weak self] event in self?.inputChanged(event) }
  }
}

/// A single-input combinator that turns each batch of its input into one
/// batch of its own, and rebuilds from the input on a reload.
protocol TranslatingNode: SingleInputNode {
  /// The node's state: the input's, judged by the node's own content.
  var derivedState: ContentState { get }
  /// The node's batch for the input's `batch`; updates the node's own
  /// structure.
  func translate(_ batch: ChangeBatch<InputSectionID, InputItem>) -> ChangeBatch<SectionID, Item>
  /// Rebuilds the node's own structure from the input, after a reload.
  func rebuild()
}

extension TranslatingNode {
  func inputChanged(_ event: DataSourceEvent<InputSectionID, InputItem>) {
    switch event {
    case .changed(.batch(let batch)):
      output.publish(translate(batch), state: derivedState)
    case .changed(.reloadAll):
      rebuild()
      output.publish(.reloadAll(snapshot), state: derivedState)
    case .stateChanged:
      output.publish(nil, state: derivedState)
    }
  }
}

extension FilteredDataSource: TranslatingNode {
  /// It keeps some of its input's items and sections.
  package var showsUniqueIdentities: Bool { input.hasUniqueIdentities }
}
extension FlattenedDataSource: TranslatingNode {
  /// It shows its input's items in sections of its own.
  package var showsUniqueIdentities: Bool { input.hasUniqueIdentities }
}
extension NonEmptySectionsDataSource: TranslatingNode {
  /// It keeps some of its input's sections.
  package var showsUniqueIdentities: Bool { input.hasUniqueIdentities }
}
extension SortedDataSource: TranslatingNode {
  /// It orders its input's items.
  package var showsUniqueIdentities: Bool { input.hasUniqueIdentities }
}
extension OutlineDataSource: SingleInputNode {}
extension SwitchableDataSource: SingleInputNode {}

// A map hides its input's item type: it follows its input itself.
extension MappedDataSource: CombinatorNode {}
