// Runs where the UIKit layer is built on its stand-in (not on Apple
// platforms with UIKit, where these checks of the stand-in do not exist).
#if canImport(UIKitStandIn)
  import DataSourceGraphComposition
  import DataSourceGraphNodes
  import DataSourceGraphSections
  import DataSourceGraphUIKit
  import Testing
  import UIKitStandIn

  /// The list's end and start, built in: a table's footer (and header) view
  /// that one observation of a paged source keeps showing the next (or the
  /// earlier) page loading, its failure with a retry button, and the end.
  @MainActor
  @Suite struct ListEndTests {
    let window = makeWindow()

    struct Offline: Error, CustomStringConvertible {
      var description: String { "offline" }
    }

    /// A feed of mails whose requests the test answers, shown under a
    /// composite beside a leaf, in a table.
    @MainActor final class Screen {
      var requests: [PageRequest<String, Mail, Int>] = []
      let feed: PagedDataSource<String, Mail, Int>
      let pinned = MutableDataSource<String, Mail>(
        snapshot: Snapshot(id: "pinned", items: [Mail(id: 100, subject: "Pinned")]))
      let tableView: UITableView
      let dataSource: TableViewDataSource<CompositeSectionID, Mail>

      init(window: UIWindow) {
        let box = Box()
        feed = PagedDataSource(section: "feed") { box.requests.append($0) }
        self.box = box
        tableView = makeTableView(in: window)
        dataSource = TableViewDataSource(
          tableView: tableView, source: CompositeDataSource(pinned, feed)
        ) { tableView, indexPath, _ in
          tableView.dequeueReusableCell(withIdentifier: "cell", for: indexPath)
        }
      }

      private let box: Box
      var last: PageRequest<String, Mail, Int> { box.requests[box.requests.count - 1] }

      final class Box {
        var requests: [PageRequest<String, Mail, Int>] = []
      }

      static func page(_ ids: Range<Int>, previous: Int? = nil, next: Int?) -> Page<Mail, Int> {
        Page(items: ids.map { Mail(id: $0, subject: "Mail \($0)") }, previous: previous, next: next)
      }
    }

    @Test func theFooterShowsLoadingMoreThenAFailureWithRetryThenTheEnd() {
      let screen = Screen(window: window)
      var placeholders = ContentPlaceholders()
      placeholders.end = ContentPlaceholder(message: "No more mail")
      let footer = screen.dataSource.showListEnd(of: screen.feed, placeholders: placeholders)
      #expect(screen.tableView.tableFooterView === footer)
      #expect(footer.isHidden && footer.frame.height == 0, "nothing before the first page")

      screen.feed.load()
      screen.last.succeed(with: Screen.page(0..<3, next: 3))
      #expect(footer.isHidden, "more pages wait to be asked for")

      screen.feed.loadNextPage()
      #expect(!footer.isHidden && footer.shown?.showsActivity == true)
      #expect(!footer.activityIndicator.isHidden)
      #expect(footer.frame.height > 0)

      screen.last.fail(Offline())
      #expect(footer.shown?.message == "offline")
      #expect(!footer.retryButton.isHidden)
      let asked = screen.last
      footer.retryButton.sendActions(for: .touchUpInside)
      #expect(screen.last.cursor == 3 && screen.last.isCurrent && !asked.isCurrent)
      #expect(footer.shown?.showsActivity == true, "retrying")

      screen.last.succeed(with: Screen.page(3..<5, next: nil))
      #expect(footer.shown?.message == "No more mail")
      #expect(screen.tableView.tableFooterView === footer)
    }

    @Test func theArticlesBlockShowsTheEnd() {
      let screen = Screen(window: window)
      let dataSource = screen.dataSource
      let feed = screen.feed
      // Article: UIKitDataSources, the list's end — begin
      var placeholders = ContentPlaceholders()
      placeholders.end = ContentPlaceholder(message: "You're all caught up")
      dataSource.showListEnd(of: feed, placeholders: placeholders)
      // Article: UIKitDataSources, the list's end — end
      feed.load()
      screen.last.succeed(with: Screen.page(0..<2, next: nil))
      let footer = screen.tableView.tableFooterView as? ContentStateView
      #expect(footer?.shown?.message == "You're all caught up")
    }

    @Test func anEmptyRefreshHidesTheEnd() {
      let screen = Screen(window: window)
      var placeholders = ContentPlaceholders()
      placeholders.end = ContentPlaceholder(message: "No more mail")
      let footer = screen.dataSource.showListEnd(of: screen.feed, placeholders: placeholders)
      screen.feed.load()
      screen.last.succeed(with: Screen.page(0..<3, next: nil))
      #expect(footer.shown?.message == "No more mail")
      screen.feed.reload()
      screen.feed.load()
      screen.last.succeed(with: Screen.page(0..<0, next: nil))
      #expect(footer.isHidden, "an empty list has no end row: its placeholder says it is empty")
      #expect(footer.frame.height == 0)
    }

    @Test func withoutAnEndPlaceholderTheCompleteListShowsNothing() {
      let screen = Screen(window: window)
      let footer = screen.dataSource.showListEnd(of: screen.feed)
      screen.feed.load()
      screen.last.succeed(with: Screen.page(0..<3, next: nil))
      #expect(footer.isHidden)
    }

    @Test func theHeaderShowsEarlierPagesLoadingAndTheirFailure() {
      let screen = Screen(window: window)
      var placeholders = ContentPlaceholders()
      placeholders.start = ContentPlaceholder(message: "The start of the conversation")
      let header = screen.dataSource.showListStart(of: screen.feed, placeholders: placeholders)
      #expect(screen.tableView.tableHeaderView === header)
      screen.feed.load()
      screen.last.succeed(with: Screen.page(10..<13, previous: 10, next: nil))
      screen.feed.loadPreviousPage()
      #expect(header.shown?.showsActivity == true)
      screen.last.fail(Offline())
      header.retryButton.sendActions(for: .touchUpInside)
      #expect(screen.last.isPreviousPage && screen.last.cursor == 10)
      screen.last.succeed(with: Screen.page(7..<10, next: nil))
      #expect(header.shown?.message == "The start of the conversation")
      #expect(screen.tableView.numberOfRows(inSection: 1) == 6)
    }

    @Test func aCollectionViewGivesTheListEndAsTheSupplementaryViewOfItsKind() {
      var requests: [PageRequest<String, Mail, Int>] = []
      let feed = PagedDataSource<String, Mail, Int>(section: "feed") { requests.append($0) }
      let (collectionView, dataSource) = makeCollection(in: window, feed)
      var placeholders = ContentPlaceholders()
      placeholders.end = ContentPlaceholder(message: "No more mail")
      let end = dataSource.showListEnd(of: feed, placeholders: placeholders)
      let start = dataSource.showListStart(of: feed)
      #expect(
        ContentStateView.Role.listEnd.elementKind != ContentStateView.Role.listStart.elementKind)

      feed.load()
      requests[0].succeed(with: Screen.page(0..<3, next: 3))
      feed.loadNextPage()
      #expect(end.shown?.showsActivity == true && start.isHidden)
      let carrier = dataSource.collectionView(
        collectionView,
        viewForSupplementaryElementOfKind: ContentStateView.Role.listEnd.elementKind,
        at: IndexPath(item: 0, section: 0))
      #expect(carrier.subviews.contains { $0 === end }, "the reusable view carries the list end")
      let invalidations = collectionView.collectionViewLayout.standInInvalidations
      requests[1].succeed(with: Screen.page(3..<5, next: nil))
      #expect(end.shown?.message == "No more mail")
      #expect(
        collectionView.collectionViewLayout.standInInvalidations > invalidations,
        "a new height is laid out")
    }

    @Test func theListEndOfEveryPagingState() {
      var placeholders = ContentPlaceholders()
      placeholders.end = ContentPlaceholder(message: "end")
      placeholders.start = ContentPlaceholder(message: "start")
      #expect(placeholders.listEnd(for: .notLoaded, hasItems: false) == nil)
      #expect(placeholders.listEnd(for: .hasMore, hasItems: true) == nil)
      #expect(placeholders.listEnd(for: .loadingMore, hasItems: true)?.showsActivity == true)
      #expect(placeholders.listEnd(for: .failed(Offline()), hasItems: true)?.retryTitle != nil)
      #expect(placeholders.listEnd(for: .complete, hasItems: true)?.message == "end")
      #expect(
        placeholders.listEnd(for: .complete, hasItems: true, atStart: true)?.message == "start")
      #expect(placeholders.listEnd(for: .complete, hasItems: false) == nil)
    }

    @Test func aViewOfAnotherRoleIgnoresPagingStates() {
      let banner = ContentStateView(role: .banner)
      banner.show(paging: .loadingMore, hasItems: true)
      #expect(banner.isHidden)
      let end = ContentStateView(role: .listEnd)
      end.show(.error(Offline()))
      #expect(end.isHidden, "a list end shows paging states only")
    }
  }
#endif
