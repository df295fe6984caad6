#if canImport(UIKit) && !os(watchOS) || canImport(UIKitStandIn)
  import DataSourceGraphSections
  import DataSourceGraphNodes
  public import DataSourceGraphUIKitPlatform

  /// The look-ups of a diffable data source (`UITableViewDiffableDataSource`,
  /// `UICollectionViewDiffableDataSource`), in what the view shows, for any
  /// data source; the umbrella module's article "Coming from diffable data
  /// sources" maps every call. `apply(_:animatingDifferences:completion:)`
  /// is on the data sources that own their leaf
  /// (``DiffableTableViewDataSource``, ``DiffableCollectionViewDataSource``).
  extension ListViewDataSource {
    /// The identity of the item shown at `indexPath`, or `nil` if there is
    /// none (diffable's `itemIdentifier(for:)`; for a `ValueItem`, its
    /// value).
    ///
    /// - Complexity: O(1).
    public func itemIdentifier(for indexPath: IndexPath) -> Item.ID? { item(at: indexPath)?.id }

    /// The identity of the section shown at `index`, or `nil` if there is
    /// none (diffable's `sectionIdentifier(for:)`).
    ///
    /// - Complexity: O(1).
    public func sectionIdentifier(for index: Int) -> SectionID? { section(at: index)?.id }

    /// The index at which the section with identity `identifier` is shown,
    /// or `nil` if it is not (diffable's `index(for:)`).
    ///
    /// - Complexity: Expected O(1).
    public func index(for identifier: SectionID) -> Int? { snapshot.sectionIndex(for: identifier) }

    /// Makes `snapshot` the content of `leaf`, which this data source
    /// shows, as one change animated or not, with `rowAnimation` (when not
    /// `nil`) for a table view's rows: the body of both `apply` calls. (Not
    /// named `apply`, so that misuse on a data source over a graph reads
    /// as "no member `apply`".)
    func replaceContent(
      of leaf: MutableDataSource<SectionID, Item>, with snapshot: Snapshot<SectionID, Item>,
      animated: Bool, rowAnimation: UITableView.RowAnimation?,
      completion: (@MainActor () -> Void)?
    ) {
      renderer.perform(
        animated: animated, position: nil, rowAnimation: rowAnimation,
        { leaf.replace(with: snapshot) }, completion: completion)
    }
  }
#endif
