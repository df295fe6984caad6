#if canImport(UIKit) && canImport(SwiftUI) && !os(watchOS)
  public import DataSourceGraphNodes
  public import DataSourceGraphUIKit
  import SwiftUI
  import UIKit

  @available(iOS 17, tvOS 17, *)
  extension DataSourceCollectionView {
    /// The view with the end of `feed`'s list below its last item: a
    /// spinner while the next page loads, the failure with a retry button
    /// that asks for that page again, and, with `placeholders.end`, the end
    /// of the data (the UIKit layer's `ContentStateView`, driven by one
    /// observation of the feed's paging state).
    ///
    /// ```swift
    /// DataSourceCollectionView(screen.model) { post in PostRow(post) }
    ///   .listEnd(of: screen.feed)
    /// ```
    ///
    /// A list layout gets the boundary item that places it; a custom layout
    /// places it with a boundary supplementary item of kind
    /// `ContentStateView.Role.listEnd.elementKind`. Read when the view is
    /// made.
    ///
    /// - Parameters:
    ///   - feed: A paged source the model's node shows.
    ///   - placeholders: What the view shows for each paging state.
    /// - Returns: The view, showing the list's end.
    public func listEnd<FeedSectionID, FeedItem, Cursor>(
      of feed: PagedDataSource<FeedSectionID, FeedItem, Cursor>,
      placeholders: ContentPlaceholders = ContentPlaceholders()
    ) -> Self {
      var view = self
      view.listEnds.append(
        ListEndRequest(role: .listEnd) { $0.showListEnd(of: feed, placeholders: placeholders) })
      return view
    }

    /// The view with the start of `feed`'s list above its first item, for
    /// a list that pages earlier items in above: as ``listEnd(of:placeholders:)``
    /// does at the bottom, with `placeholders.start` for the start of the
    /// data (kind `ContentStateView.Role.listStart.elementKind`).
    ///
    /// - Parameters:
    ///   - feed: A paged source the model's node shows.
    ///   - placeholders: What the view shows for each paging state.
    /// - Returns: The view, showing the list's start.
    public func listStart<FeedSectionID, FeedItem, Cursor>(
      of feed: PagedDataSource<FeedSectionID, FeedItem, Cursor>,
      placeholders: ContentPlaceholders = ContentPlaceholders()
    ) -> Self {
      var view = self
      view.listEnds.append(
        ListEndRequest(role: .listStart) { $0.showListStart(of: feed, placeholders: placeholders) })
      return view
    }
  }

  /// A list end or start a ``DataSourceCollectionView`` shows: its role, and
  /// how to install it on the view's data source.
  @MainActor
  struct ListEndRequest<SectionID: Hashable, Item: Identifiable & Equatable> {
    let role: ContentStateView.Role
    let install: @MainActor (CollectionViewDataSource<SectionID, Item>) -> Void

    /// The boundary item that places the view in a list layout, at the
    /// bottom for a list end, at the top for a list start.
    var boundaryItem: NSCollectionLayoutBoundarySupplementaryItem {
      NSCollectionLayoutBoundarySupplementaryItem(
        layoutSize: NSCollectionLayoutSize(
          widthDimension: .fractionalWidth(1), heightDimension: .estimated(56)),
        elementKind: role.elementKind, alignment: role == .listStart ? .top : .bottom)
    }
  }
#endif
