public import DataSourceGraphSections

#if canImport(UIKit)
  public import UIKit
#else
  public import UIKitStandIn
#endif

/// A `UITableViewDataSource` that shows a node of a data-source graph: it
/// answers the table view's questions from what the view shows, makes each
/// cell with your cell provider, and applies every change of the node as
/// UIKit-safe batch updates (through a ``ListViewRenderer``).
///
/// ```swift
/// let dataSource = TableViewDataSource(tableView: tableView, source: screen) {
///   tableView, indexPath, mail in
///   let cell = tableView.dequeueReusableCell(withIdentifier: "mail", for: indexPath)
///   var content = cell.defaultContentConfiguration()
///   content.text = mail.subject
///   cell.contentConfiguration = content
///   return cell
/// }
/// dataSource.placeholderView = placeholder  // loading, empty, error
/// ```
///
/// Keep the data source (the table view holds its data source weakly); it
/// holds the node, so it keeps the screen's graph alive. It becomes the
/// table view's `dataSource` and reloads it at once.
///
/// Section headers and footers show the sections' `SnapshotSection.header`
/// and `SnapshotSection.footer` unless ``headerTitleProvider`` or
/// ``footerTitleProvider`` say otherwise; ``indexTitleProvider`` gives the
/// section index. Updated items are reconfigured in place by default
/// (``options``); ``perform(animated:_:completion:)`` chooses the animation
/// of one change and calls back when the view has finished it.
///
/// Subclass it to answer the table view's other data source questions
/// (editing, reordering).
@MainActor
open class TableViewDataSource<SectionID: Hashable, Item: Identifiable & Equatable>: NSObject,
  UITableViewDataSource
{
  /// Makes the cell for an item: dequeue a cell and configure it.
  public typealias CellProvider = @MainActor (UITableView, IndexPath, Item) -> UITableViewCell
  /// A title for a section, from the section shown and its index.
  public typealias SectionTitleProvider =
    @MainActor (SnapshotSection<SectionID, Item>, Int) -> String?

  private let core: ListDataSourceCore<SectionID, Item>
  private let cellProvider: CellProvider
  /// The header title of each section; by default the section's header.
  public var headerTitleProvider: SectionTitleProvider = { section, _ in section.header }
  /// The footer title of each section; by default the section's footer.
  public var footerTitleProvider: SectionTitleProvider = { section, _ in section.footer }
  /// The title of a section in the section index (the letters down the
  /// side), or `nil` for a section without one. No provider (the default)
  /// shows no index. Set it before the view loads, or reload the view.
  public var indexTitleProvider: (@MainActor (SnapshotSection<SectionID, Item>) -> String?)?

  /// Creates a data source that shows `source` in `tableView`.
  ///
  /// It sets itself as the table view's `dataSource`, reloads it with the
  /// node's content and state, and applies every later change.
  ///
  /// - Parameters:
  ///   - tableView: The table view; held weakly.
  ///   - source: The node to show; held strongly.
  ///   - cellProvider: Makes the cell of an item.
  public init(
    tableView: UITableView, source: some DataSource<SectionID, Item>,
    cellProvider: @escaping CellProvider
  ) {
    core = ListDataSourceCore(source: source, view: tableView)
    self.cellProvider = cellProvider
    super.init()
    tableView.dataSource = self
    core.start()
  }

  /// The node shown.
  public var source: any DataSource<SectionID, Item> { core.source }
  /// The content the table view shows (it can lag the node by the steps
  /// of a batch update in progress).
  public var snapshot: Snapshot<SectionID, Item> { core.renderer.snapshot }
  /// The node's content state.
  public var state: ContentState { core.renderer.state }
  /// How changes reach the table view.
  public var options: ListUpdateOptions {
    get { core.renderer.options }
    set { core.renderer.options = newValue }
  }
  /// Called after every state change of the node.
  public var onStateChange: ((ContentState) -> Void)? {
    get { core.onStateChange }
    set { core.onStateChange = newValue }
  }
  /// Called after each change has been handed to the table view; see
  /// ``ListViewRenderer/onUpdate``.
  public var onUpdate: ((ListUpdate) -> Void)? {
    get { core.renderer.onUpdate }
    set { core.renderer.onUpdate = newValue }
  }
  /// Shows the placeholders of loading, empty and error (for example the
  /// table view's `backgroundView`); held weakly. Its retry button reloads
  /// the node.
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
  /// `completion` once the table view has finished showing them; see
  /// ``ListViewRenderer/perform(animated:_:completion:)``.
  public func perform(
    animated: Bool = true, _ changes: () -> Void, completion: (@MainActor () -> Void)? = nil
  ) {
    core.renderer.perform(animated: animated, changes, completion: completion)
  }

  /// Reloads the node (`DataSource.reload()`): a pull-to-refresh.
  public func reload() { core.source.reload() }

  // MARK: UITableViewDataSource

  /// The number of sections shown.
  open func numberOfSections(in tableView: UITableView) -> Int {
    snapshot.sections.count
  }

  /// The number of items shown in `section`.
  open func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
    core.section(at: section)?.items.count ?? 0
  }

  /// The cell of the item at `indexPath`, from the cell provider.
  open func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath)
    -> UITableViewCell
  {
    guard let item = item(at: indexPath) else {
      // UIKit only asks for rows it was told exist; answer without crashing.
      assertionFailure("TableViewDataSource: asked for a cell at \(indexPath), out of range")
      return UITableViewCell(style: .default, reuseIdentifier: nil)
    }
    return cellProvider(tableView, indexPath, item)
  }

  /// The header title of `section`.
  open func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int) -> String? {
    core.section(at: section).flatMap { headerTitleProvider($0, section) }
  }

  /// The footer title of `section`.
  open func tableView(_ tableView: UITableView, titleForFooterInSection section: Int) -> String? {
    core.section(at: section).flatMap { footerTitleProvider($0, section) }
  }

  /// The section index titles, if ``indexTitleProvider`` is set.
  open func sectionIndexTitles(for tableView: UITableView) -> [String]? {
    core.indexTitles(indexTitleProvider)?.map(\.title)
  }

  /// The section the index title at `index` leads to.
  open func tableView(
    _ tableView: UITableView, sectionForSectionIndexTitle title: String, at index: Int
  ) -> Int {
    let titles = core.indexTitles(indexTitleProvider) ?? []
    return titles.indices.contains(index) ? titles[index].section : 0
  }
}
