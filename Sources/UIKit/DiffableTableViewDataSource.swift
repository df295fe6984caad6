#if canImport(UIKit) && !os(watchOS) || canImport(UIKitStandIn)
  public import DataSourceGraphSections
  public import DataSourceGraphNodes
  public import DataSourceGraphUIKitPlatform

  /// A ``TableViewDataSource`` over a leaf of its own, given its content as
  /// a diffable data source is (`UITableViewDiffableDataSource`): build a
  /// `Snapshot`, then ``apply(_:animatingDifferences:rowAnimation:completion:)``
  /// it.
  ///
  /// ```swift
  /// let dataSource = DiffableTableViewDataSource<String, Movie>(tableView: tableView) {
  ///   tableView, indexPath, movie in
  ///   let cell = tableView.dequeueReusableCell(withIdentifier: "movie", for: indexPath)
  ///   var content = cell.defaultContentConfiguration()
  ///   content.text = movie.title
  ///   cell.contentConfiguration = content
  ///   return cell
  /// }
  /// dataSource.defaultRowAnimation = .fade
  /// dataSource.apply(snapshot, animatingDifferences: false)
  /// ```
  ///
  /// `apply` replaces the content of ``leaf``, so it exists only here: a
  /// ``TableViewDataSource`` made over a graph (a composite of leaves,
  /// filtered, sorted) has no `apply` at all, and calling it there does not
  /// compile; its leaves are changed instead, and their changes reach the
  /// view on their own. Everything else is a ``TableViewDataSource``'s.
  @MainActor
  open class DiffableTableViewDataSource<SectionID: Hashable, Item: Identifiable & Equatable>:
    TableViewDataSource<SectionID, Item>
  {
    /// The leaf shown, whose content ``apply(_:animatingDifferences:rowAnimation:completion:)``
    /// replaces. It is a node like any other: it can also be edited,
    /// loaded, or read by other nodes.
    public let leaf: MutableDataSource<SectionID, Item>

    /// Creates a data source that shows `leaf` (by default a new, empty
    /// one, as a diffable data source starts) in `tableView`.
    ///
    /// - Parameters:
    ///   - tableView: The table view; held weakly.
    ///   - leaf: The leaf to show; held strongly. A new, empty one by
    ///     default.
    ///   - cellProvider: Makes the cell of an item.
    public init(
      tableView: UITableView, leaf: MutableDataSource<SectionID, Item> = MutableDataSource(),
      cellProvider: @escaping CellProvider
    ) {
      self.leaf = leaf
      super.init(tableView: tableView, source: leaf, cellProvider: cellProvider)
    }

    /// Makes `snapshot` the content of ``leaf`` and shows the minimal batch
    /// between the two, animated or not (diffable's
    /// `apply(_:animatingDifferences:completion:)`).
    ///
    /// The marks of `snapshot` (`reloadItems(_:)`, `reconfigureItems(_:)`,
    /// `reloadSections(_:)`) make their items updates even if equal; how an
    /// update reaches its cell is ``ListViewDataSource/options``'
    /// `itemUpdates`.
    ///
    /// - Parameters:
    ///   - snapshot: The new content.
    ///   - animatingDifferences: Whether the view animates the change;
    ///     `true` by default.
    ///   - rowAnimation: The animation of the rows and sections inserted,
    ///     deleted and reloaded by this change; `nil` (the default) for
    ///     ``TableViewDataSource/defaultRowAnimation``.
    ///   - completion: Runs once the view has shown the change.
    /// - Complexity: The diff's (`Snapshot.difference(from:)`): expected
    ///   O(*n* + *m*) plus the LCS work, less for the sections `snapshot`
    ///   shares with the content shown.
    public func apply(
      _ snapshot: Snapshot<SectionID, Item>, animatingDifferences: Bool = true,
      rowAnimation: UITableView.RowAnimation? = nil, completion: (@MainActor () -> Void)? = nil
    ) {
      replaceContent(
        of: leaf, with: snapshot, animated: animatingDifferences, rowAnimation: rowAnimation,
        completion: completion)
    }
  }
#endif
