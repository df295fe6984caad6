import DataSourceGraphNodes
import DataSourceGraphSections

/// A node written by hand: it counts its live observations and reloads,
/// and sends whatever event a test gives it, even one that does not fit.
final class ProbeSource: DataSource {
  typealias SectionID = String
  typealias Item = Row

  var snapshot: Snapshot<String, Row>
  var contentState: ContentState = .initial
  private(set) var reloads = 0
  private let observers = ObserverList<DataSourceEvent<String, Row>>()

  init(_ snapshot: Snapshot<String, Row> = Snapshot()) { self.snapshot = snapshot }

  /// The observations that have not ended.
  var observerCount: Int { observers.count }

  var numberOfSections: Int { snapshot.numberOfSections }
  func sectionID(at index: Int) -> String { snapshot.sections[index].id }
  func supplements(ofSection index: Int) -> SectionSupplements {
    snapshot.sections[index].supplements
  }
  func sectionIndex(for id: String) -> Int? { snapshot.sectionIndex(for: id) }
  func numberOfItems(inSection section: Int) -> Int { snapshot.numberOfItems(inSection: section) }
  func item(at path: ItemPath) -> Row { snapshot.item(at: path) }
  func itemPath(for id: Int) -> ItemPath? { snapshot.itemPath(for: id) }
  func reload() { reloads += 1 }

  func observe(_ handler: @escaping (DataSourceEvent<String, Row>) -> Void) -> ObservationToken {
    observers.add(handler)
  }

  /// Sets the content and tells the observers `change`, as given.
  func change(to snapshot: Snapshot<String, Row>, sending change: SnapshotChange<String, Row>) {
    self.snapshot = snapshot
    observers.send(.changed(change))
  }

  /// Sets the state and tells the observers.
  func setState(_ state: ContentState) {
    let old = contentState
    contentState = state
    observers.send(.stateChanged(old: old, new: state))
  }
}
