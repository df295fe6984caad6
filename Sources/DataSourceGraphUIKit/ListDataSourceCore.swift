import DataSourceGraphSections

#if canImport(UIKit)
  import UIKit
#else
  import UIKitStandIn
#endif

/// What ``TableViewDataSource`` and ``CollectionViewDataSource`` share: the
/// node they show, the renderer that applies its changes, the observation,
/// and the state views.
@MainActor
final class ListDataSourceCore<SectionID: Hashable, Item: Identifiable & Equatable> {
  /// The node shown; held strongly: the data source owns its screen's graph.
  let source: any DataSource<SectionID, Item>
  /// Applies the node's changes to the view.
  let renderer: ListViewRenderer<SectionID, Item>
  /// The node's observation; ends with the data source.
  private var observation: ObservationToken?
  /// Shows the placeholders of an empty list.
  weak var placeholderView: ContentStateView? {
    didSet { attach(placeholderView) }
  }
  /// Shows the banners over the content.
  weak var bannerView: ContentStateView? {
    didSet { attach(bannerView) }
  }
  /// The user's callback for state changes.
  var onStateChange: ((ContentState) -> Void)?

  init(source: some DataSource<SectionID, Item>, view: any BatchUpdatingView) {
    self.source = source
    renderer = ListViewRenderer(view: view)
  }

  /// Starts showing the node: the renderer reloads the view with its
  /// content, then takes every change.
  func start() {
    renderer.stateObserver = { [weak self] state in self?.stateDidChange(to: state) }
    observation = source.render(into: renderer)
  }

  private func stateDidChange(to state: ContentState) {
    placeholderView?.show(state)
    bannerView?.show(state)
    onStateChange?(state)
  }

  private func attach(_ view: ContentStateView?) {
    guard let view else { return }
    view.retryHandler = { [weak self] in self?.source.reload() }
    view.show(renderer.state)
  }

  /// The item at `indexPath` of what the view shows, or `nil` out of range.
  func item(at indexPath: IndexPath) -> Item? {
    let snapshot = renderer.snapshot
    guard snapshot.sections.indices.contains(indexPath.section) else { return nil }
    let items = snapshot.sections[indexPath.section].items
    guard items.indices.contains(indexPath.item) else { return nil }
    return items[indexPath.item]
  }

  /// The section at `index` of what the view shows, or `nil` out of range.
  func section(at index: Int) -> SnapshotSection<SectionID, Item>? {
    let sections = renderer.snapshot.sections
    return sections.indices.contains(index) ? sections[index] : nil
  }

  /// The index titles and the section each leads to.
  func indexTitles(
    _ provider: ((SnapshotSection<SectionID, Item>) -> String?)?
  ) -> [(title: String, section: Int)]? {
    guard let provider else { return nil }
    return renderer.snapshot.sections.enumerated().compactMap { index, section in
      provider(section).map { (title: $0, section: index) }
    }
  }
}
