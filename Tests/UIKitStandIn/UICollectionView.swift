public import Foundation

/// A collection of items in sections, fed by a
/// `UICollectionViewDataSource` and placed by a `UICollectionViewLayout`.
///
/// The stand-in keeps the items it shows and where they are (one item a
/// line, top to bottom; see `UICollectionViewFlowLayout/itemSize`) and, per
/// section, one supplementary view of each kind the layout lists
/// (`UICollectionViewLayout/standInSupplementaryKinds`); it asks its data
/// source as UIKit does, checks batch updates as UIKit does, and records
/// everything for tests. Loading and batch updates work as for
/// `UITableView`; items are called rows in the records.
@MainActor
open class UICollectionView: StandInListView {
  /// The layout; it lists the kinds of supplementary views.
  open var collectionViewLayout: UICollectionViewLayout {
    didSet {
      collectionViewLayout.collectionView = self
      core.invalidate()
    }
  }
  /// The object that answers the view's questions; held weakly.
  open weak var dataSource: (any UICollectionViewDataSource)? {
    didSet { core.invalidate() }
  }
  private var cellClasses: [String: AnyClass] = [:]
  private var supplementaryClasses: [String: AnyClass] = [:]

  /// The kind of a section header of a flow or compositional layout.
  nonisolated public static let elementKindSectionHeader = "UICollectionElementKindSectionHeader"
  /// The kind of a section footer of a flow or compositional layout.
  nonisolated public static let elementKindSectionFooter = "UICollectionElementKindSectionFooter"

  /// Creates a collection view placed by `layout`.
  public init(frame: CGRect, collectionViewLayout layout: UICollectionViewLayout) {
    self.collectionViewLayout = layout
    super.init(frame: frame, nouns: .collection)
    layout.collectionView = self
    core.host = self
  }

  /// Not available: the stand-in makes views in code.
  public required init?(coder: NSCoder) {
    return nil
  }

  /// Loads the view if it has not yet, as UIKit does at layout.
  open override func layoutSubviews() {
    super.layoutSubviews()
    if dataSource != nil { core.ensureLoaded() }
  }

  // MARK: - Registering and dequeuing

  /// Registers `cellClass` (a `UICollectionViewCell` subclass) for
  /// `identifier`; `nil` unregisters.
  open func register(_ cellClass: AnyClass?, forCellWithReuseIdentifier identifier: String) {
    cellClasses[identifier] = cellClass
  }

  /// Registers `viewClass` (a `UICollectionReusableView` subclass) for
  /// supplementary views of `elementKind` with `identifier`; `nil`
  /// unregisters.
  open func register(
    _ viewClass: AnyClass?, forSupplementaryViewOfKind elementKind: String,
    withReuseIdentifier identifier: String
  ) {
    supplementaryClasses["\(elementKind)/\(identifier)"] = viewClass
  }

  /// A cell for `identifier` at `indexPath`: from the reuse pool (after its
  /// `prepareForReuse()`), or new of the registered class. While the view
  /// reconfigures the item at `indexPath`, the cell already shown there.
  /// An identifier nothing was registered for is an invalid update (UIKit
  /// stops); the stand-in then returns a plain cell.
  open func dequeueReusableCell(withReuseIdentifier identifier: String, for indexPath: IndexPath)
    -> UICollectionViewCell
  {
    if let cell = core.reuse(key: identifier, at: indexPath) as? UICollectionViewCell {
      return cell
    }
    if let cellClass = cellClasses[identifier] as? UICollectionViewCell.Type {
      core.dequeues.append(
        DequeueRecord(reuseIdentifier: identifier, indexPath: indexPath, outcome: .created))
      return cellClass.init(standInReuseIdentifier: identifier)
    }
    core.dequeues.append(
      DequeueRecord(reuseIdentifier: identifier, indexPath: indexPath, outcome: .unregistered))
    core.report(
      .unregisteredReuseIdentifier,
      "could not dequeue a view of kind: UICollectionElementKindCell with identifier \(identifier) - must register a nib or a class for the identifier or connect a prototype cell in a storyboard",
      indexPaths: [indexPath])
    return UICollectionViewCell(standInReuseIdentifier: identifier)
  }

  /// A supplementary view of `elementKind` for `identifier` at
  /// `indexPath`: from the reuse pool, or new of the registered class. An
  /// identifier nothing was registered for is an invalid update; the
  /// stand-in then returns a plain view.
  open func dequeueReusableSupplementaryView(
    ofKind elementKind: String, withReuseIdentifier identifier: String, for indexPath: IndexPath
  ) -> UICollectionReusableView {
    let key = "\(elementKind)/\(identifier)"
    if let view = core.reuse(key: key, at: indexPath, checkReconfigure: false)
      as? UICollectionReusableView
    {
      return view
    }
    if let viewClass = supplementaryClasses[key] as? UICollectionReusableView.Type {
      core.dequeues.append(
        DequeueRecord(reuseIdentifier: key, indexPath: indexPath, outcome: .created))
      return viewClass.init(standInReuseIdentifier: identifier)
    }
    core.dequeues.append(
      DequeueRecord(reuseIdentifier: key, indexPath: indexPath, outcome: .unregistered))
    core.report(
      .unregisteredReuseIdentifier,
      "could not dequeue a view of kind: \(elementKind) with identifier \(identifier) - must register a nib or a class for the identifier or connect a prototype cell in a storyboard",
      indexPaths: [indexPath])
    return UICollectionReusableView(standInReuseIdentifier: identifier)
  }

  // MARK: - Content

  /// Reloads everything: drops the items; at the next layout pass or
  /// question (as UIKit's collection view, which defers it), asks the data
  /// source for the section count, each section's item count and
  /// supplementary views, a cell per item, and the index titles. The
  /// stand-in's inspection accessors (`shownCells` and the like) count as
  /// a layout pass.
  open func reloadData() {
    core.reloadLater()
    setNeedsLayout()
  }

  /// The number of sections shown (loads the view first if needed).
  open var numberOfSections: Int { loadedSectionCount }

  /// The number of items shown in `section` (loads the view first if
  /// needed); 0 for a section that does not exist.
  open func numberOfItems(inSection section: Int) -> Int {
    loadedRowCount(inSection: section)
  }

  /// The cell shown at `indexPath`, if any.
  open func cellForItem(at indexPath: IndexPath) -> UICollectionViewCell? {
    shownView(section: indexPath.section, row: indexPath.item) as? UICollectionViewCell
  }

  /// The supplementary view of `elementKind` shown for the section of
  /// `indexPath`, if any.
  open func supplementaryView(forElementKind elementKind: String, at indexPath: IndexPath)
    -> UICollectionReusableView?
  {
    guard let sections = core.sections, sections.indices.contains(indexPath.section) else {
      return nil
    }
    return sections[indexPath.section].supplementaries[elementKind]
  }

  /// The index path of `cell`, if it is shown.
  open func indexPath(for cell: UICollectionViewCell) -> IndexPath? {
    shownPosition(of: cell).map { IndexPath(item: $0.row, section: $0.section) }
  }

  /// The index paths of the visible items: those whose frame meets the
  /// bounds, in index path order (UIKit gives no order).
  open var indexPathsForVisibleItems: [IndexPath] {
    visiblePositions.map { IndexPath(item: $0.row, section: $0.section) }
  }

  /// The cells of the visible items.
  open var visibleCells: [UICollectionViewCell] {
    visiblePositions.compactMap {
      shownView(section: $0.section, row: $0.row) as? UICollectionViewCell
    }
  }
}

extension UICollectionView: ListCoreHost {
  func hostNumberOfSections() -> Int {
    dataSource?.numberOfSections(in: self) ?? 0
  }

  func hostNumberOfRows(inSection section: Int) -> Int {
    dataSource?.collectionView(self, numberOfItemsInSection: section) ?? 0
  }

  func hostCell(at indexPath: IndexPath) -> UIView {
    guard let dataSource else { return UICollectionViewCell(standInReuseIdentifier: nil) }
    let cell = dataSource.collectionView(self, cellForItemAt: indexPath)
    if cell.reuseIdentifier == nil {
      core.report(
        .notDequeued,
        "the cell returned from -collectionView:cellForItemAtIndexPath: does not have a reuseIdentifier - cells must be retrieved by calling -dequeueReusableCellWithReuseIdentifier:forIndexPath:",
        indexPaths: [indexPath])
    }
    return cell
  }

  func hostDecorate(_ shown: inout ShownSection, at section: Int) {
    guard let dataSource else { return }
    let indexPath = IndexPath(item: 0, section: section)
    for kind in collectionViewLayout.standInSupplementaryKinds {
      core.questions.append(.supplementaryView(kind: kind, indexPath))
      let view = dataSource.collectionView(
        self, viewForSupplementaryElementOfKind: kind, at: indexPath)
      if view.reuseIdentifier == nil {
        core.report(
          .notDequeued,
          "the view returned from -collectionView:viewForSupplementaryElementOfKind:atIndexPath: (\(kind)) does not have a reuseIdentifier - views must be retrieved by calling -dequeueReusableSupplementaryViewOfKind:withReuseIdentifier:forIndexPath:",
          indexPaths: [indexPath])
      }
      shown.supplementaries[kind] = view
    }
  }

  func hostIndexTitles() -> [String]? {
    dataSource?.indexTitles(for: self)
  }

  func hostReuseIdentifier(of cell: UIView) -> String? {
    (cell as? UICollectionViewCell)?.reuseIdentifier
  }

  func hostAdopt(_ view: UIView) {
    addSubview(view)
  }
}
