import DataSourceGraphNodes
import DataSourceGraphSections

/// A source of fixed sections of rows, written outside the library: not a
/// `ReorderableDataSource`, and free to show an identity twice, as the
/// library's nodes never do.
final class FixedSource: DataSource {
  let name: String?
  let sections: [(id: Int, rows: [Row])]
  private let observers = ObserverList<DataSourceEvent<Int, Row>>()

  init(name: String, sections: [(id: Int, rows: [Row])]) {
    self.name = name
    self.sections = sections
  }

  var numberOfSections: Int { sections.count }
  func sectionID(at index: Int) -> Int { sections[index].id }
  func supplements(ofSection index: Int) -> SectionSupplements { SectionSupplements() }
  func sectionIndex(for id: Int) -> Int? { sections.firstIndex { $0.id == id } }
  func numberOfItems(inSection section: Int) -> Int { sections[section].rows.count }
  func item(at path: ItemPath) -> Row { sections[path.section].rows[path.item] }
  func itemPath(for id: Int) -> ItemPath? {
    for (s, section) in sections.enumerated() {
      if let i = section.rows.firstIndex(where: { $0.id == id }) {
        return ItemPath(section: s, item: i)
      }
    }
    return nil
  }
  var snapshot: Snapshot<Int, Row> { readSnapshot() }
  var contentState: ContentState { .content }
  func observe(_ handler: @escaping (DataSourceEvent<Int, Row>) -> Void) -> ObservationToken {
    observers.add(handler)
  }
}
