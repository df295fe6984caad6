import DataSourceGraphSections
import DataSourceGraphSwiftUI

@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
extension DataSourceModel {
  /// What differs between the model and `node`: content, state, or the
  /// last change that does not lead from `previous` to the content. Empty
  /// when the model mirrors the node.
  func differences(
    from node: some DataSource<SectionID, Item>, previous: Snapshot<SectionID, Item>? = nil
  ) -> [String] {
    var differences: [String] = []
    if snapshot != node.snapshot {
      differences.append("snapshot: \(snapshot.sections) ≠ node's \(node.snapshot.sections)")
    }
    if !state.isSameState(as: node.contentState) {
      differences.append("state: \(state) ≠ node's \(node.contentState)")
    }
    if sections != snapshot.sections { differences.append("sections ≠ snapshot.sections") }
    if items != snapshot.allItems { differences.append("items ≠ snapshot.allItems") }
    if let previous, let lastChange, previous.applying(lastChange) != snapshot {
      differences.append("lastChange does not take the previous content to the current one")
    }
    return differences
  }
}
