#if canImport(UIKit) && !os(watchOS) || canImport(UIKitStandIn)
  public import DataSourceGraphNodes
  import DataSourceGraphUIKitPlatform

  extension CollectionViewDataSource {
    /// Shows the end of `feed`'s list below the collection view's last
    /// item: a spinner while the next page loads, the failure with a retry
    /// button that asks for that page again, and, with `placeholders.end`,
    /// the end of the data; nothing otherwise.
    ///
    /// The data source gives the view as the supplementary view of kind
    /// `ContentStateView.Role.listEnd.elementKind`: place it with a boundary
    /// supplementary item of that kind at the bottom of your layout.
    ///
    /// ```swift
    /// let end = NSCollectionLayoutBoundarySupplementaryItem(
    ///   layoutSize: NSCollectionLayoutSize(
    ///     widthDimension: .fractionalWidth(1), heightDimension: .estimated(56)),
    ///   elementKind: ContentStateView.Role.listEnd.elementKind, alignment: .bottom)
    /// let configuration = UICollectionViewCompositionalLayoutConfiguration()
    /// configuration.boundarySupplementaryItems = [end]
    /// dataSource.showListEnd(of: feed)
    /// ```
    ///
    /// One observation of the feed's paging state drives the view (see
    /// `ContentStateView.showListEnd(of:)`); the layout is invalidated when
    /// the height it needs changes, 0 while hidden.
    ///
    /// - Parameters:
    ///   - feed: The paged source whose end the view shows.
    ///   - placeholders: What the view shows for each paging state; the
    ///     paging ones are read (`loadingMore`, `moreFailed`, `end`).
    /// - Returns: The view, for styling.
    @discardableResult
    public func showListEnd<FeedSectionID, FeedItem, Cursor>(
      of feed: PagedDataSource<FeedSectionID, FeedItem, Cursor>,
      placeholders: ContentPlaceholders = ContentPlaceholders()
    ) -> ContentStateView {
      install(ContentStateView(role: .listEnd), of: feed, placeholders: placeholders)
    }

    /// Shows the start of `feed`'s list above the collection view's first
    /// item, for a list that pages earlier items in above: as
    /// ``showListEnd(of:placeholders:)`` does at the bottom, under the kind
    /// `ContentStateView.Role.listStart.elementKind` (a boundary item at
    /// the top), with `placeholders.start` for the start of the data.
    ///
    /// - Parameters:
    ///   - feed: The paged source whose start the view shows.
    ///   - placeholders: What the view shows for each paging state; the
    ///     paging ones are read (`loadingMore`, `moreFailed`, `start`).
    /// - Returns: The view, for styling.
    @discardableResult
    public func showListStart<FeedSectionID, FeedItem, Cursor>(
      of feed: PagedDataSource<FeedSectionID, FeedItem, Cursor>,
      placeholders: ContentPlaceholders = ContentPlaceholders()
    ) -> ContentStateView {
      install(ContentStateView(role: .listStart), of: feed, placeholders: placeholders)
    }

    /// Makes `view` show `feed`'s end of the list and registers the
    /// reusable view that carries it for its role's element kind.
    private func install<FeedSectionID, FeedItem, Cursor>(
      _ view: ContentStateView, of feed: PagedDataSource<FeedSectionID, FeedItem, Cursor>,
      placeholders: ContentPlaceholders
    ) -> ContentStateView {
      let kind = view.role.elementKind
      displayedCollectionView?.register(
        ListEndReusableView.self, forSupplementaryViewOfKind: kind,
        withReuseIdentifier: ListEndReusableView.reuseIdentifier)
      listEnds[kind] = view
      view.placeholders = placeholders
      view.onFittingHeightChange = { [weak self, weak view] height in
        guard let view, let collectionView = self?.displayedCollectionView else { return }
        view.frame.size = CGSize(width: collectionView.bounds.width, height: height)
        collectionView.collectionViewLayout.invalidateLayout()
      }
      view.showListEnd(of: feed)
      return view
    }

    /// The view at the list's end or start, if `kind` is the element kind
    /// of one the data source shows, in the reusable view the collection
    /// view dequeues for it.
    func listEndView(
      _ collectionView: UICollectionView, ofKind kind: String, at indexPath: IndexPath
    ) -> UICollectionReusableView? {
      guard let content = listEnds[kind] else { return nil }
      let view = collectionView.dequeueReusableSupplementaryView(
        ofKind: kind, withReuseIdentifier: ListEndReusableView.reuseIdentifier, for: indexPath)
      (view as? ListEndReusableView)?.show(content)
      return view
    }
  }

  /// The reusable view a ``CollectionViewDataSource`` gives for a list's end
  /// or start: it carries the ``ContentStateView`` that shows it, at the
  /// height that view needs.
  final class ListEndReusableView: UICollectionReusableView {
    static var reuseIdentifier: String { "DataSourceGraphUIKit.listEnd" }

    /// The view carried.
    private(set) weak var content: ContentStateView?

    /// Carries `view`, filling this one.
    func show(_ view: ContentStateView) {
      if content !== view {
        content?.removeFromSuperview()
        addSubview(view)
        content = view
      }
      view.frame = bounds
      view.autoresizingMask = [.flexibleWidth, .flexibleHeight]
    }

    #if canImport(UIKit)
      /// The height the carried view needs, for a layout that sizes its
      /// boundary items itself (an estimated height).
      override func systemLayoutSizeFitting(
        _ targetSize: CGSize, withHorizontalFittingPriority horizontal: UILayoutPriority,
        verticalFittingPriority vertical: UILayoutPriority
      ) -> CGSize {
        CGSize(width: targetSize.width, height: content?.fittingHeight ?? 0)
      }
    #endif
  }
#endif
