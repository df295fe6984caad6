public import DataSourceGraphSections

#if canImport(UIKit) && !os(watchOS)
  public import UIKit
#else
  public import UIKitStandIn
#endif

/// What ``TableViewDataSource`` and ``CollectionViewDataSource`` share: the
/// node they show, the ``ListViewRenderer`` that applies its changes to the
/// view, how changes are shown, the state views, and look-ups in what the
/// view shows.
///
/// You make one of its two subclasses, never this class itself.
@MainActor
open class ListViewDataSource<SectionID: Hashable, Item: Identifiable & Equatable>: NSObject {
  /// Applies the node's changes to the view.
  let renderer: ListViewRenderer<SectionID, Item>
  /// The node's observation; ends with the data source.
  private var observation: ObservationToken?
  private weak var placeholder: ContentStateView?
  private weak var banner: ContentStateView?
  private var stateHandler: ((ContentState) -> Void)?

  /// The node shown; held strongly: the data source owns its screen's graph.
  public let source: any DataSource<SectionID, Item>

  /// A data source for `view` that will show `source`; the subclass starts
  /// it with ``start()`` once it is the view's data source.
  init(source: some DataSource<SectionID, Item>, view: any BatchUpdatingView) {
    self.source = source
    renderer = ListViewRenderer(view: view)
    super.init()
  }

  /// Starts showing the node: the renderer reloads the view with its
  /// content and state, then takes every change.
  func start() {
    renderer.stateObserver = { [weak self] state in self?.stateDidChange(to: state) }
    observation = source.render(into: renderer)
  }

  /// The content the view shows (it can lag the node by the steps of a
  /// batch update in progress).
  public var snapshot: Snapshot<SectionID, Item> { renderer.snapshot }
  /// The node's content state.
  public var state: ContentState { renderer.state }
  /// How changes reach the view.
  public var options: ListUpdateOptions {
    get { renderer.options }
    set { renderer.options = newValue }
  }
  /// Called after every state change of the node.
  public var onStateChange: ((ContentState) -> Void)? {
    get { stateHandler }
    set { stateHandler = newValue }
  }
  /// Called after each change has been handed to the view; see
  /// ``ListViewRenderer/onUpdate``.
  public var onUpdate: ((ListUpdate) -> Void)? {
    get { renderer.onUpdate }
    set { renderer.onUpdate = newValue }
  }
  /// Shows the placeholders of loading, empty and error (for example the
  /// view's `backgroundView`); held weakly. Its retry button reloads the
  /// node (a view replaced here no longer does).
  public var placeholderView: ContentStateView? {
    get { placeholder }
    set {
      if placeholder !== newValue { placeholder?.retryHandler = nil }
      placeholder = newValue
      attach(newValue)
    }
  }
  /// Shows the banners of a failed refresh and of missing parts; held
  /// weakly. Its retry button reloads the node (a view replaced here no
  /// longer does).
  public var bannerView: ContentStateView? {
    get { banner }
    set {
      if banner !== newValue { banner?.retryHandler = nil }
      banner = newValue
      attach(newValue)
    }
  }

  /// The item shown at `indexPath`, or `nil` if there is none.
  public func item(at indexPath: IndexPath) -> Item? {
    guard let section = section(at: indexPath.section),
      section.items.indices.contains(indexPath.item)
    else { return nil }
    return section.items[indexPath.item]
  }

  /// The index path at which the item with identity `id` is shown, if it is.
  ///
  /// - Complexity: O(1) expected once the snapshot's identity table is
  ///   built (the first call builds it, O(*n*)).
  public func indexPath(for id: Item.ID) -> IndexPath? {
    snapshot.itemPath(for: id).map { IndexPath($0) }
  }

  /// Makes the changes `changes` causes, animated or not, and calls
  /// `completion` once the view has finished showing them; see
  /// ``ListViewRenderer/perform(animated:_:completion:)``.
  public func perform(
    animated: Bool = true, _ changes: () -> Void, completion: (@MainActor () -> Void)? = nil
  ) {
    renderer.perform(animated: animated, changes, completion: completion)
  }

  /// Reloads the node (`DataSource.reload()`): a pull-to-refresh.
  public func reload() { source.reload() }

  /// The section at `index` of what the view shows, or `nil` out of range.
  func section(at index: Int) -> SnapshotSection<SectionID, Item>? {
    let sections = snapshot.sections
    return sections.indices.contains(index) ? sections[index] : nil
  }

  /// The index titles given by `provider`, each with the section it leads
  /// to (none for an empty section when `skippingEmptySections`); `nil`
  /// without a provider.
  func indexTitles(
    _ provider: ((SnapshotSection<SectionID, Item>) -> String?)?,
    skippingEmptySections: Bool = false
  ) -> [(title: String, section: Int)]? {
    guard let provider else { return nil }
    return snapshot.sections.enumerated().compactMap { index, section in
      if skippingEmptySections, section.items.isEmpty { return nil }
      return provider(section).map { (title: $0, section: index) }
    }
  }

  private func stateDidChange(to state: ContentState) {
    placeholder?.show(state)
    banner?.show(state)
    stateHandler?(state)
  }

  private func attach(_ view: ContentStateView?) {
    guard let view else { return }
    view.retryHandler = { [weak self] in self?.source.reload() }
    view.show(state)
  }
}
