#if canImport(UIKit) && !os(watchOS) || canImport(UIKitStandIn)
  import DataSourceGraphSections
  import DataSourceGraphUIKitPlatform

  /// What a data source needs of its view to keep selection and focus by
  /// identity: `UITableView` and `UICollectionView` in their own words.
  /// The names are the layer's own, so they never meet UIKit's.
  @MainActor
  protocol SelectableListView: UIView {
    /// The index paths selected in the view.
    var selectedListIndexPaths: [IndexPath] { get }
    /// Selects the row or item at `indexPath` without scrolling.
    func selectListItem(at indexPath: IndexPath, animated: Bool)
    /// Deselects the row or item at `indexPath`.
    func deselectListItem(at indexPath: IndexPath, animated: Bool)
    /// The cell shown at `indexPath`, if it is on screen.
    func listCell(at indexPath: IndexPath) -> UIView?
    /// The index path of the cell that is, or contains, `view`.
    func indexPathOfListCell(containing view: UIView) -> IndexPath?
  }

  extension SelectableListView {
    /// The index path of the first view up from `view` that is one of this
    /// view's cells, found with `cellPath`.
    func indexPath(containing view: UIView, cellPath: (UIView) -> IndexPath?) -> IndexPath? {
      var current: UIView? = view
      while let candidate = current, candidate !== self {
        if let path = cellPath(candidate) { return path }
        current = candidate.superview
      }
      return nil
    }
  }

  extension UITableView: SelectableListView {
    var selectedListIndexPaths: [IndexPath] { indexPathsForSelectedRows ?? [] }

    func selectListItem(at indexPath: IndexPath, animated: Bool) {
      selectRow(at: indexPath, animated: animated, scrollPosition: .none)
    }

    func deselectListItem(at indexPath: IndexPath, animated: Bool) {
      deselectRow(at: indexPath, animated: animated)
    }

    func listCell(at indexPath: IndexPath) -> UIView? { cellForRow(at: indexPath) }

    func indexPathOfListCell(containing view: UIView) -> IndexPath? {
      indexPath(containing: view) { candidate in
        (candidate as? UITableViewCell).flatMap { self.indexPath(for: $0) }
      }
    }
  }

  extension UICollectionView: SelectableListView {
    var selectedListIndexPaths: [IndexPath] { indexPathsForSelectedItems ?? [] }

    func selectListItem(at indexPath: IndexPath, animated: Bool) {
      selectItem(at: indexPath, animated: animated, scrollPosition: [])
    }

    func deselectListItem(at indexPath: IndexPath, animated: Bool) {
      deselectItem(at: indexPath, animated: animated)
    }

    func listCell(at indexPath: IndexPath) -> UIView? { cellForItem(at: indexPath) }

    func indexPathOfListCell(containing view: UIView) -> IndexPath? {
      indexPath(containing: view) { candidate in
        (candidate as? UICollectionViewCell).flatMap { self.indexPath(for: $0) }
      }
    }
  }
#endif
