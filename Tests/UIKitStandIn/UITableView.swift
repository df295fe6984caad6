public import Foundation

/// A list of rows in sections, fed by a `UITableViewDataSource`.
///
/// The stand-in keeps the rows it shows and where they are (one column:
/// headers, rows and footers, top to bottom; see `rowHeight`), asks
/// its data source as UIKit does, checks batch updates as UIKit does, and
/// records everything for tests. Members marked "stand-in only" do not
/// exist in UIKit; code that must also build against UIKit cannot use them.
///
/// - Loading: the view loads (asks for counts, titles and a cell per row)
///   on `reloadData()`, and on its own the first time it is laid out,
///   asked for its counts, or given a batch update, as UIKit does. Setting
///   `dataSource` makes it load again at the next of these.
/// - Batch updates: see `performBatchUpdates(_:completion:)`.
@MainActor
open class UITableView: StandInListView {
  /// The style the table was made with.
  public let style: Style
  /// The object that answers the table's questions; held weakly.
  open weak var dataSource: (any UITableViewDataSource)? {
    didSet { core.invalidate() }
  }
  private var cellClasses: [String: AnyClass] = [:]
  /// Header and footer view classes, by reuse identifier.
  var headerFooterClasses: [String: AnyClass] = [:]
  /// The view above the first section, at its frame's height when it is
  /// set (as UIKit reads it): the rows start below it.
  open var tableHeaderView: UIView? {
    didSet {
      tableHeaderHeight = tableHeaderView?.frame.height ?? 0
      core.layout = nil
    }
  }
  /// The view below the last section, at its frame's height when it is set
  /// (as UIKit reads it): the content ends below it.
  open var tableFooterView: UIView? {
    didSet {
      tableFooterHeight = tableFooterView?.frame.height ?? 0
      core.layout = nil
    }
  }
  /// The heights of the header and footer views, read when they were set.
  var tableHeaderHeight: CGFloat = 0
  var tableFooterHeight: CGFloat = 0

  /// Styles of tables.
  public enum Style: Int, Sendable {
    /// Rows edge to edge, floating headers.
    case plain = 0
    /// Sections as groups.
    case grouped = 1
    /// Sections as groups with rounded, inset corners.
    case insetGrouped = 2
  }

  /// Animations of inserted, deleted and reloaded rows and sections.
  public enum RowAnimation: Int, Sendable {
    /// Fades in or out.
    case fade = 0
    /// Slides in from or out to the right.
    case right = 1
    /// Slides in from or out to the left.
    case left = 2
    /// Slides in from or out to the top.
    case top = 3
    /// Slides in from or out to the bottom.
    case bottom = 4
    /// No animation.
    case none = 5
    /// Keeps the row centred.
    case middle = 6
    /// Chosen by the table.
    case automatic = 100
  }

  /// Creates a table of `style`.
  public init(frame: CGRect, style: Style) {
    self.style = style
    super.init(frame: frame, nouns: .table)
    core.host = self
  }

  /// Not available: the stand-in makes views in code.
  public required init?(coder: NSCoder) {
    return nil
  }

  /// Creates a plain table.
  public convenience init(frame: CGRect) {
    self.init(frame: frame, style: .plain)
  }

  /// Loads the table if it has not yet, as UIKit does at layout.
  open override func layoutSubviews() {
    super.layoutSubviews()
    if dataSource != nil { core.ensureLoaded() }
  }

  // MARK: - Registering and dequeuing

  /// Registers `cellClass` (a `UITableViewCell` subclass) for
  /// `identifier`; `nil` unregisters.
  open func register(_ cellClass: AnyClass?, forCellReuseIdentifier identifier: String) {
    cellClasses[identifier] = cellClass
  }

  /// A cell for `identifier` at `indexPath`: from the reuse pool (after its
  /// `prepareForReuse()`), or new of the registered class. While the table
  /// reconfigures the row at `indexPath`, the cell already shown there, as
  /// UIKit documents. An identifier nothing was registered for is an
  /// invalid update (UIKit stops); the stand-in then returns a plain cell.
  open func dequeueReusableCell(withIdentifier identifier: String, for indexPath: IndexPath)
    -> UITableViewCell
  {
    if let cell = core.reuse(key: identifier, at: indexPath) as? UITableViewCell { return cell }
    if let cell = makeCell(identifier, at: indexPath) { return cell }
    core.dequeues.append(
      DequeueRecord(reuseIdentifier: identifier, indexPath: indexPath, outcome: .unregistered))
    core.report(
      .unregisteredReuseIdentifier,
      "unable to dequeue a cell with identifier \(identifier) - must register a nib or a class for the identifier or connect a prototype cell in a storyboard",
      indexPaths: [indexPath])
    return UITableViewCell(style: .default, reuseIdentifier: identifier)
  }

  /// A cell for `identifier` from the reuse pool, or new of the registered
  /// class; `nil` when nothing is registered for it.
  open func dequeueReusableCell(withIdentifier identifier: String) -> UITableViewCell? {
    if let cell = core.reuse(key: identifier, at: nil, checkReconfigure: false)
      as? UITableViewCell
    {
      return cell
    }
    return makeCell(identifier, at: nil)
  }

  private func makeCell(_ identifier: String, at indexPath: IndexPath?) -> UITableViewCell? {
    guard let cellClass = cellClasses[identifier] as? UITableViewCell.Type else { return nil }
    core.dequeues.append(
      DequeueRecord(reuseIdentifier: identifier, indexPath: indexPath, outcome: .created))
    return cellClass.init(standInReuseIdentifier: identifier)
  }

  // MARK: - Content

  /// Reloads everything: drops the rows, then asks the data source for the
  /// section count, each section's row count, titles and a cell per row,
  /// and the index titles.
  open func reloadData() {
    core.reload(.explicit)
  }

  /// The number of sections shown (loads the table first if needed).
  open var numberOfSections: Int { loadedSectionCount }

  /// The number of rows shown in `section` (loads the table first if
  /// needed); 0 for a section that does not exist.
  open func numberOfRows(inSection section: Int) -> Int {
    loadedRowCount(inSection: section)
  }

  /// The cell shown at `indexPath`, if any.
  open func cellForRow(at indexPath: IndexPath) -> UITableViewCell? {
    shownView(section: indexPath.section, row: indexPath.row) as? UITableViewCell
  }

  /// The index path of `cell`, if it is shown.
  open func indexPath(for cell: UITableViewCell) -> IndexPath? {
    shownPosition(of: cell).map { IndexPath(row: $0.row, section: $0.section) }
  }

  /// The index paths of the visible rows: those whose frame meets the
  /// bounds (under the content insets too, as in UIKit), in order.
  open var indexPathsForVisibleRows: [IndexPath]? {
    visiblePositions.map { IndexPath(row: $0.row, section: $0.section) }
  }

  /// The cells of the visible rows, in order.
  open var visibleCells: [UITableViewCell] {
    visiblePositions.compactMap { shownView(section: $0.section, row: $0.row) as? UITableViewCell }
  }
}

extension UITableView: ListCoreHost {
  func hostNumberOfSections() -> Int {
    dataSource?.numberOfSections(in: self) ?? 0
  }

  func hostNumberOfRows(inSection section: Int) -> Int {
    dataSource?.tableView(self, numberOfRowsInSection: section) ?? 0
  }

  func hostCell(at indexPath: IndexPath) -> UIView {
    dataSource?.tableView(self, cellForRowAt: indexPath)
      ?? UITableViewCell(style: .default, reuseIdentifier: nil)
  }

  func hostDecorate(_ shown: inout ShownSection, at section: Int) {
    guard let dataSource else { return }
    core.questions.append(.titleForHeader(inSection: section))
    shown.headerTitle = dataSource.tableView(self, titleForHeaderInSection: section)
    core.questions.append(.titleForFooter(inSection: section))
    shown.footerTitle = dataSource.tableView(self, titleForFooterInSection: section)
    shown.headerView = headerFooterView(isHeader: true, section: section, title: shown.headerTitle)
    shown.footerView = headerFooterView(isHeader: false, section: section, title: shown.footerTitle)
    for view in [shown.headerView, shown.footerView].compactMap({ $0 }) { addSubview(view) }
  }

  func hostIndexTitles() -> [String]? {
    dataSource?.sectionIndexTitles(for: self)
  }

  func hostReuseIdentifier(of cell: UIView) -> String? {
    (cell as? UITableViewCell)?.reuseIdentifier
  }

  func hostAdopt(_ view: UIView) {
    addSubview(view)
  }
}
