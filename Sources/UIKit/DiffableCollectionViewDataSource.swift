#if canImport(UIKit) && !os(watchOS) || canImport(UIKitStandIn)
  public import DataSourceGraphSections
  public import DataSourceGraphNodes
  public import DataSourceGraphUIKitPlatform

  /// A ``CollectionViewDataSource`` over a leaf of its own, given its
  /// content as a diffable data source is
  /// (`UICollectionViewDiffableDataSource`): build a `Snapshot`, then
  /// ``apply(_:animatingDifferences:completion:)`` it.
  ///
  /// ```swift
  /// let dataSource = DiffableCollectionViewDataSource<String, Photo>(
  ///   collectionView: collectionView
  /// ) { collectionView, indexPath, photo in
  ///   collectionView.dequeueConfiguredReusableCell(using: cell, for: indexPath, item: photo)
  /// }
  /// dataSource.apply(snapshot)
  /// ```
  ///
  /// `apply` replaces the content of ``leaf``, so it exists only here: a
  /// ``CollectionViewDataSource`` made over a graph has no `apply` at all,
  /// and calling it there does not compile; its leaves are changed instead.
  /// A collection view has no row animation (its layout animates items in
  /// and out), so `apply` takes none, unlike
  /// ``DiffableTableViewDataSource``'s. Everything else is a
  /// ``CollectionViewDataSource``'s.
  @MainActor
  open class DiffableCollectionViewDataSource<
    SectionID: Hashable, Item: Identifiable & Equatable
  >: CollectionViewDataSource<SectionID, Item> {
    /// The leaf shown, whose content ``apply(_:animatingDifferences:completion:)``
    /// replaces. It is a node like any other: it can also be edited,
    /// loaded, or read by other nodes.
    public let leaf: MutableDataSource<SectionID, Item>

    /// Creates a data source that shows `leaf` (by default a new, empty
    /// one, as a diffable data source starts) in `collectionView`.
    ///
    /// - Parameters:
    ///   - collectionView: The collection view; held weakly.
    ///   - leaf: The leaf to show; held strongly. A new, empty one by
    ///     default.
    ///   - cellProvider: Makes the cell of an item.
    public init(
      collectionView: UICollectionView,
      leaf: MutableDataSource<SectionID, Item> = MutableDataSource(),
      cellProvider: @escaping CellProvider
    ) {
      self.leaf = leaf
      super.init(collectionView: collectionView, source: leaf, cellProvider: cellProvider)
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
    ///   - completion: Runs once the view has shown the change.
    /// - Complexity: The diff's (`Snapshot.difference(from:)`): expected
    ///   O(*n* + *m*) plus the LCS work, less for the sections `snapshot`
    ///   shares with the content shown.
    public func apply(
      _ snapshot: Snapshot<SectionID, Item>, animatingDifferences: Bool = true,
      completion: (@MainActor () -> Void)? = nil
    ) {
      replaceContent(
        of: leaf, with: snapshot, animated: animatingDifferences, rowAnimation: nil,
        completion: completion)
    }
  }
#endif
