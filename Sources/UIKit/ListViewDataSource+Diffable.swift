#if canImport(UIKit) && !os(watchOS) || canImport(UIKitStandIn)
  public import DataSourceGraphSections
  import DataSourceGraphNodes
  public import DataSourceGraphUIKitPlatform

  /// The calls of a diffable data source (`UITableViewDiffableDataSource`,
  /// `UICollectionViewDiffableDataSource`), for a data source over a leaf;
  /// the umbrella module's article "Coming from diffable data sources" maps
  /// every call.
  extension ListViewDataSource {
    /// Makes `snapshot` the content of the leaf this data source shows and
    /// applies the minimal batch between the two, animated or not
    /// (diffable's `apply(_:animatingDifferences:completion:)`).
    ///
    /// ```swift
    /// var snapshot = Snapshot<String, Movie>()
    /// snapshot.appendSections(["all"])
    /// snapshot.appendItems(movies, toSection: "all")
    /// dataSource.apply(snapshot, animatingDifferences: false)
    /// ```
    ///
    /// A data source over a graph changes its leaves instead: their changes
    /// reach the view on their own.
    ///
    /// - Parameters:
    ///   - snapshot: The new content.
    ///   - animatingDifferences: Whether the view animates the change; `true`
    ///     by default.
    ///   - completion: Runs once the view has shown the change.
    /// - Precondition: The data source was made over a `MutableDataSource`.
    /// - Complexity: The diff's: expected O(*n* + *m*) plus the LCS work.
    public func apply(
      _ snapshot: Snapshot<SectionID, Item>, animatingDifferences: Bool = true,
      completion: (@MainActor () -> Void)? = nil
    ) {
      guard let leaf = source as? MutableDataSource<SectionID, Item> else {
        preconditionFailure(
          "apply(_:animatingDifferences:completion:) replaces a leaf's content: make the data source "
            + "over a MutableDataSource, or change the leaves of the graph it shows")
      }
      perform(
        animated: animatingDifferences, { leaf.replace(with: snapshot) }, completion: completion)
    }

    /// The identity of the item shown at `indexPath`, or `nil` if there is
    /// none (diffable's `itemIdentifier(for:)`; for a `ValueItem`, its
    /// value).
    ///
    /// - Complexity: O(1).
    public func itemIdentifier(for indexPath: IndexPath) -> Item.ID? { item(at: indexPath)?.id }
  }
#endif
