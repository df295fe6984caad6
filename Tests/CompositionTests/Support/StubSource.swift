import DataSourceGraphComposition
import DataSourceGraphNodes
import DataSourceGraphSections

/// A data source whose content state is set directly, for the aggregate
/// table: it has one section with one item when `hasContent` is set.
final class StubSource: DataSource {
  typealias SectionID = Int
  typealias Item = Row

  private let observers = ObserverList<DataSourceEvent<Int, Row>>()
  private(set) var contentState: ContentState
  private(set) var hasContent: Bool
  private let id: Int
  var reloads = 0
  /// The name combinators and renderers call the stub by; `nil` unless set.
  var name: String?

  init(id: Int, state: ContentState) {
    self.id = id
    contentState = state
    hasContent = state.hasContent
  }

  /// Changes the state (and the content to match), telling observers.
  func set(_ state: ContentState) {
    let old = contentState
    let hadContent = hasContent
    contentState = state
    hasContent = state.hasContent
    var batch = ChangeBatch<Int, Row>()
    if hadContent && !hasContent { batch.itemDeletes = [ItemPath(section: 0, item: 0)] }
    if !hadContent && hasContent {
      batch.itemInserts = [.init(path: ItemPath(section: 0, item: 0), item: Row(id: id, value: 0))]
    }
    if !batch.isEmpty { observers.send(.changed(.batch(batch))) }
    observers.send(.stateChanged(old: old, new: state))
  }

  var numberOfSections: Int { 1 }
  func sectionID(at index: Int) -> Int { id }
  func supplements(ofSection index: Int) -> SectionSupplements { SectionSupplements() }
  func sectionIndex(for id: Int) -> Int? { id == self.id ? 0 : nil }
  func numberOfItems(inSection section: Int) -> Int { hasContent ? 1 : 0 }
  func item(at path: ItemPath) -> Row { Row(id: id, value: 0) }
  func itemPath(for id: Int) -> ItemPath? {
    hasContent && id == self.id ? ItemPath(section: 0, item: 0) : nil
  }
  var snapshot: Snapshot<Int, Row> { readSnapshot() }
  func reload() { reloads += 1 }
  func observe(_ handler: @escaping (DataSourceEvent<Int, Row>) -> Void) -> ObservationToken {
    observers.add(handler)
  }
}

struct StubError: Error, CustomStringConvertible {
  var name: String
  var description: String { name }
}
