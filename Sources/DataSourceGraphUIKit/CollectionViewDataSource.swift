public import DataSourceGraphSections

#if canImport(UIKit)
  public import UIKit
#else
  public import UIKitStandIn
#endif

/// A `UICollectionViewDataSource` that shows a node of a data-source graph:
/// it answers the collection view's questions from what the view shows,
/// makes each cell with your cell provider and each supplementary view
/// (headers, footers) with your supplementary view provider, and applies
/// every change of the node as UIKit-safe batch updates (through a
/// ``ListViewRenderer``).
///
/// ```swift
/// let cell = UICollectionView.CellRegistration<UICollectionViewListCell, Photo> {
///   cell, indexPath, photo in
///   var content = cell.defaultContentConfiguration()
///   content.text = photo.title
///   cell.contentConfiguration = content
/// }
/// let dataSource = CollectionViewDataSource(collectionView: collectionView, source: album) {
///   collectionView, indexPath, photo in
///   collectionView.dequeueConfiguredReusableCell(using: cell, for: indexPath, item: photo)
/// }
/// ```
///
/// Keep the data source (the collection view holds its data source
/// weakly); it holds the node, so it keeps the screen's graph alive. It
/// becomes the collection view's `dataSource` and reloads it at once.
///
/// Updated items are reconfigured in place by default (``options``);
/// ``perform(animated:_:completion:)`` chooses the animation of one change
/// and calls back when the view has finished it.
@MainActor
open class CollectionViewDataSource<SectionID: Hashable, Item: Identifiable & Equatable>:
  NSObject, UICollectionViewDataSource
{
  /// Makes the cell for an item: dequeue a cell and configure it.
  public typealias CellProvider =
    @MainActor (UICollectionView, IndexPath, Item) -> UICollectionViewCell
  /// Makes the supplementary view of `kind` (for example
  /// `UICollectionView.elementKindSectionHeader`) at an index path; the
  /// section shown is given for its header and footer.
  public typealias SupplementaryViewProvider =
    @MainActor (UICollectionView, String, IndexPath, SnapshotSection<SectionID, Item>)
    -> UICollectionReusableView

  private let core: ListDataSourceCore<SectionID, Item>
  private let cellProvider: CellProvider
  /// Makes the supplementary views the layout asks for. Set it whenever
  /// the layout has supplementary views: UIKit requires one for each.
  public var supplementaryViewProvider: SupplementaryViewProvider?
  /// The title of a section in the index (the letters down the side), or
  /// `nil` for a section without one. No provider (the default) shows no
  /// index.
  public var indexTitleProvider: (@MainActor (SnapshotSection<SectionID, Item>) -> String?)?

  /// Creates a data source that shows `source` in `collectionView`.
  ///
  /// It sets itself as the collection view's `dataSource`, reloads it with
  /// the node's content and state, and applies every later change.
  ///
  /// - Parameters:
  ///   - collectionView: The collection view; held weakly.
  ///   - source: The node to show; held strongly.
  ///   - cellProvider: Makes the cell of an item.
  public init(
    collectionView: UICollectionView, source: some DataSource<SectionID, Item>,
    cellProvider: @escaping CellProvider
  ) {
    core = ListDataSourceCore(source: source, view: collectionView)
    self.cellProvider = cellProvider
    super.init()
    collectionView.dataSource = self
    core.start()
  }

  /// The node shown.
  public var source: any DataSource<SectionID, Item> { core.source }
  /// The content the collection view shows (it can lag the node by the
  /// steps of a batch update in progress).
  public var snapshot: Snapshot<SectionID, Item> { core.renderer.snapshot }
  /// The node's content state.
  public var state: ContentState { core.renderer.state }
  /// How changes reach the collection view.
  public var options: ListUpdateOptions {
    get { core.renderer.options }
    set { core.renderer.options = newValue }
  }
  /// Called after every state change of the node.
  public var onStateChange: ((ContentState) -> Void)? {
    get { core.onStateChange }
    set { core.onStateChange = newValue }
  }
  /// Called after each change has been handed to the collection view; see
  /// ``ListViewRenderer/onUpdate``.
  public var onUpdate: ((ListUpdate) -> Void)? {
    get { core.renderer.onUpdate }
    set { core.renderer.onUpdate = newValue }
  }
  /// Shows the placeholders of loading, empty and error (for example the
  /// collection view's `backgroundView`); held weakly. Its retry button
  /// reloads the node.
  public var placeholderView: ContentStateView? {
    get { core.placeholderView }
    set { core.placeholderView = newValue }
  }
  /// Shows the banners of a failed refresh and of missing parts; held
  /// weakly. Its retry button reloads the node.
  public var bannerView: ContentStateView? {
    get { core.bannerView }
    set { core.bannerView = newValue }
  }

  /// The item shown at `indexPath`, or `nil` if there is none.
  public func item(at indexPath: IndexPath) -> Item? { core.item(at: indexPath) }

  /// The index path at which the item with identity `id` is shown, if it is.
  ///
  /// - Complexity: O(1) expected once the snapshot's identity table is
  ///   built (the first call builds it, O(*n*)).
  public func indexPath(for id: Item.ID) -> IndexPath? {
    snapshot.itemPath(for: id).map { IndexPath($0) }
  }

  /// Makes the changes `changes` causes, animated or not, and calls
  /// `completion` once the collection view has finished showing them; see
  /// ``ListViewRenderer/perform(animated:_:completion:)``.
  public func perform(
    animated: Bool = true, _ changes: () -> Void, completion: (@MainActor () -> Void)? = nil
  ) {
    core.renderer.perform(animated: animated, changes, completion: completion)
  }

  /// Reloads the node (`DataSource.reload()`): a pull-to-refresh.
  public func reload() { core.source.reload() }

  /// The reuse identifier of the empty views given where UIKit asks for a
  /// view the data source cannot make.
  private static var fallback: String { "DataSourceGraphUIKit.fallback" }

  // MARK: UICollectionViewDataSource

  /// The number of sections shown.
  open func numberOfSections(in collectionView: UICollectionView) -> Int {
    snapshot.sections.count
  }

  /// The number of items shown in `section`.
  open func collectionView(
    _ collectionView: UICollectionView, numberOfItemsInSection section: Int
  ) -> Int {
    core.section(at: section)?.items.count ?? 0
  }

  /// The cell of the item at `indexPath`, from the cell provider.
  open func collectionView(
    _ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath
  ) -> UICollectionViewCell {
    guard let item = item(at: indexPath) else {
      // UIKit only asks for items it was told exist; answer without crashing.
      assertionFailure("CollectionViewDataSource: asked for a cell at \(indexPath), out of range")
      collectionView.register(UICollectionViewCell.self, forCellWithReuseIdentifier: Self.fallback)
      return collectionView.dequeueReusableCell(withReuseIdentifier: Self.fallback, for: indexPath)
    }
    return cellProvider(collectionView, indexPath, item)
  }

  /// The supplementary view of `kind` at `indexPath`, from
  /// ``supplementaryViewProvider``.
  open func collectionView(
    _ collectionView: UICollectionView, viewForSupplementaryElementOfKind kind: String,
    at indexPath: IndexPath
  ) -> UICollectionReusableView {
    guard let provider = supplementaryViewProvider,
      let section = core.section(at: indexPath.section)
    else {
      // A layout with supplementary views and no provider: an empty view,
      // as UIKit needs one (debug builds stop).
      assertionFailure(
        "CollectionViewDataSource: the layout asks for a \(kind) view at \(indexPath), "
          + "but no supplementaryViewProvider is set")
      collectionView.register(
        UICollectionReusableView.self, forSupplementaryViewOfKind: kind,
        withReuseIdentifier: Self.fallback)
      return collectionView.dequeueReusableSupplementaryView(
        ofKind: kind, withReuseIdentifier: Self.fallback, for: indexPath)
    }
    return provider(collectionView, kind, indexPath, section)
  }

  /// The index titles, if ``indexTitleProvider`` is set.
  open func indexTitles(for collectionView: UICollectionView) -> [String]? {
    core.indexTitles(indexTitleProvider)?.map(\.title)
  }

  /// The first item of the section the index title at `index` leads to.
  open func collectionView(
    _ collectionView: UICollectionView, indexPathForIndexTitle title: String, at index: Int
  ) -> IndexPath {
    let titles = core.indexTitles(indexTitleProvider) ?? []
    let section = titles.indices.contains(index) ? titles[index].section : 0
    return IndexPath(item: 0, section: section)
  }
}
