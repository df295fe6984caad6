#if canImport(UIKit) && !os(watchOS) || canImport(UIKitStandIn)
  public import DataSourceGraphNodes
  import DataSourceGraphUIKitPlatform

  extension TableViewDataSource {
    /// Shows the end of `feed`'s list below the table's last row, as its
    /// footer view: a spinner while the next page loads, the failure with a
    /// retry button that asks for that page again, and, with
    /// `placeholders.end`, the end of the data; nothing otherwise. `feed` is
    /// a paged source the table's node shows (a part of the screen, or all
    /// of it).
    ///
    /// ```swift
    /// var placeholders = ContentPlaceholders()
    /// placeholders.end = ContentPlaceholder(message: "You're all caught up")
    /// dataSource.showListEnd(of: feed, placeholders: placeholders)
    /// ```
    ///
    /// One observation of the feed's paging state drives the footer (see
    /// `ContentStateView.showListEnd(of:)`); the footer's height follows what
    /// it shows, 0 while hidden.
    ///
    /// - Parameters:
    ///   - feed: The paged source whose end the footer shows.
    ///   - placeholders: What the footer shows for each paging state; the
    ///     paging ones are read (`loadingMore`, `moreFailed`, `end`).
    /// - Returns: The footer view, for styling.
    @discardableResult
    public func showListEnd<FeedSectionID, FeedItem, Cursor>(
      of feed: PagedDataSource<FeedSectionID, FeedItem, Cursor>,
      placeholders: ContentPlaceholders = ContentPlaceholders()
    ) -> ContentStateView {
      install(ContentStateView(role: .listEnd), of: feed, placeholders: placeholders) {
        $0.tableFooterView = $1
      }
    }

    /// Shows the start of `feed`'s list above the table's first row, as its
    /// header view, for a list that pages earlier rows in above (a chat's
    /// history): a spinner while an earlier page loads, its failure with a
    /// retry button, and, with `placeholders.start`, the start of the data.
    ///
    /// - Parameters:
    ///   - feed: The paged source whose start the header shows.
    ///   - placeholders: What the header shows for each paging state; the
    ///     paging ones are read (`loadingMore`, `moreFailed`, `start`).
    /// - Returns: The header view, for styling.
    @discardableResult
    public func showListStart<FeedSectionID, FeedItem, Cursor>(
      of feed: PagedDataSource<FeedSectionID, FeedItem, Cursor>,
      placeholders: ContentPlaceholders = ContentPlaceholders()
    ) -> ContentStateView {
      install(ContentStateView(role: .listStart), of: feed, placeholders: placeholders) {
        $0.tableHeaderView = $1
      }
    }

    /// Makes `view` show `feed`'s end of the list, and places it in the
    /// table with `place` each time its height changes (a table reads a
    /// footer's or header's height when it is set).
    private func install<FeedSectionID, FeedItem, Cursor>(
      _ view: ContentStateView, of feed: PagedDataSource<FeedSectionID, FeedItem, Cursor>,
      placeholders: ContentPlaceholders, place: @escaping @MainActor (UITableView, UIView?) -> Void
    ) -> ContentStateView {
      view.placeholders = placeholders
      view.onFittingHeightChange = { [weak self, weak view] height in
        guard let view, let tableView = self?.displayedTableView else { return }
        view.frame = CGRect(x: 0, y: 0, width: tableView.bounds.width, height: height)
        place(tableView, view)
      }
      view.showListEnd(of: feed)
      return view
    }
  }
#endif
