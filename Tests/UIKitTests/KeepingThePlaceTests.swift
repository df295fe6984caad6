// Runs where the UIKit layer is built on its stand-in (not on Apple
// platforms with UIKit, where these checks of the stand-in do not exist).
#if canImport(UIKitStandIn)
  import DataSourceGraphSections
  import DataSourceGraphNodes
  import DataSourceGraphUIKit
  import Testing
  import UIKitStandIn

  /// Named examples of keeping the user's place, and the blocks of the
  /// article "Keeping the user's place" (KeepingThePlace.md), verbatim.
  ///
  /// Rows are 44 points high, a titled section's header 28, the table 640:
  /// 15 rows on screen. The random cases are in
  /// `ScrollAnchorRandomGraphTests` (CompositionTests).
  @MainActor
  @Suite struct KeepingThePlaceTests {
    let window = makeWindow()

    /// A table showing `source`, in the window unless `offscreen`.
    func makeTable(_ source: some DataSource<String, Mail>, offscreen: Bool = false) -> (
      UITableView, TableViewDataSource<String, Mail>
    ) {
      let tableView = makeTableView(in: offscreen ? nil : window)
      let dataSource = makeTableDataSource(tableView, source)
      return (tableView, dataSource)
    }

    /// An inbox of mails 0..<100 under a titled header (28 points).
    func makeInbox() -> MutableDataSource<String, Mail> {
      MutableDataSource(sections: [section("inbox", header: "Inbox", mails(0..<100))])
    }

    /// How far the top of the row of mail `id` is below the top of the
    /// visible area.
    func distance(
      of id: Int, in tableView: UITableView, _ dataSource: TableViewDataSource<String, Mail>
    )
      -> CGFloat?
    {
      dataSource.indexPath(for: id).map {
        tableView.rectForRow(at: $0).minY - tableView.contentOffset.y
          - tableView.adjustedContentInset.top
      }
    }

    /// A chat of messages 1000..<1100 whose earlier pages hold 50 messages
    /// each, down to 900; the loader answers at once.
    func makeChat() -> PagedDataSource<String, Mail, Int> {
      PagedDataSource(section: "chat") { request in
        let end = request.cursor ?? 1100
        let start = request.cursor == nil ? 1000 : end - 50
        _ = request.succeed(
          with: Page(items: mails(start..<end), previous: start > 900 ? start : nil, next: nil))
      }
    }

    @Test func aChatKeepsTheMessageReadWhenFiftyEarlierMessagesArrive() throws {
      let chat = makeChat()
      chat.load()
      let (tableView, dataSource) = makeTable(chat)
      var updates: [ListUpdate] = []
      dataSource.onUpdate = { updates.append($0) }
      tableView.contentOffset.y = 44 * 10 + 12  // message 1010 on top, 12 points scrolled off
      let message = try #require(dataSource.item(at: IndexPath(row: 10, section: 0)))
      let distance =
        tableView.rectForRow(at: IndexPath(row: 10, section: 0)).minY
        - tableView.contentOffset.y

      chat.loadPreviousPage()  // 50 earlier messages arrive above the screen
      // The message read is where it was on screen; the 50 wait above it.
      let reading = dataSource.indexPath(for: message.id)!
      #expect(tableView.rectForRow(at: reading).minY - tableView.contentOffset.y == distance)

      #expect(distance == -12 && reading == IndexPath(row: 60, section: 0))
      #expect(tableView.contentOffset.y == CGFloat(44 * 60 + 12))
      // One batch of inserts, not animated: nothing on screen slides.
      #expect(updates == [.batches(steps: 1, animated: false, reconfigured: 0)])
      #expect(tableView.batchRecords.last?.animated == false)
      #expect(tableView.indexPathsForVisibleRows?.first == reading)
    }

    @Test func withoutKeepingThePlaceEarlierMessagesPushWhatIsReadDown() {
      // What UIKit does on its own, and the stand-in with it: the offset
      // stays, so the rows inserted above take the screen.
      let chat = makeChat()
      chat.load()
      let (tableView, dataSource) = makeTable(chat)
      dataSource.options.keepsVisiblePosition = false
      tableView.contentOffset.y = 44 * 10 + 12
      chat.loadPreviousPage()
      #expect(tableView.contentOffset.y == CGFloat(44 * 10 + 12))
      #expect(distance(of: 1010, in: tableView, dataSource) == CGFloat(44 * 50 - 12))
      #expect(tableView.indexPathsForVisibleRows?.first == IndexPath(row: 10, section: 0))
    }

    @Test func deletesAboveKeepTheTopRowAndDoNotAnimate() {
      let inbox = makeInbox()
      let (tableView, dataSource) = makeTable(inbox)
      tableView.contentOffset.y = 28 + 44 * 20  // mail 20 on top
      inbox.deleteItems(withIDs: Array(0..<10) + [15])
      #expect(distance(of: 20, in: tableView, dataSource) == CGFloat(0))
      #expect(tableView.contentOffset.y == CGFloat(28 + 44 * 9))
      #expect(tableView.batchRecords.last?.animated == false)
    }

    @Test func aChangeBelowTheTopRowAnimatesAndLeavesTheOffset() {
      let inbox = makeInbox()
      let (tableView, dataSource) = makeTable(inbox)
      tableView.contentOffset.y = 28 + 44 * 20 + 5
      inbox.deleteItems(withIDs: [25, 80])
      _ = inbox.insert(mails(200..<203), at: ItemPath(section: 0, item: 30))
      #expect(tableView.contentOffset.y == CGFloat(28 + 44 * 20 + 5))
      #expect(distance(of: 20, in: tableView, dataSource) == CGFloat(-5))
      #expect(tableView.batchRecords.suffix(2).allSatisfy { $0.animated })
    }

    @Test func theTopRowMovingElsewhereIsKeptAndDoesNotAnimate() {
      // Regression: a move of the anchor itself, with nothing else above it,
      // animated while the offset jumped.
      let inbox = makeInbox()
      let (tableView, dataSource) = makeTable(inbox)
      tableView.contentOffset.y = 28 + 44 * 20
      inbox.moveItem(from: ItemPath(section: 0, item: 20), to: ItemPath(section: 0, item: 60))
      #expect(distance(of: 20, in: tableView, dataSource) == CGFloat(0))
      #expect(tableView.contentOffset.y == CGFloat(28 + 44 * 60))
      #expect(tableView.batchRecords.last?.animated == false)
    }

    @Test func aReloadFallbackKeepsThePlace() {
      let inbox = makeInbox()
      let (tableView, dataSource) = makeTable(inbox)
      dataSource.options.maximumAnimatedChanges = 5
      var updates: [ListUpdate] = []
      dataSource.onUpdate = { updates.append($0) }
      tableView.contentOffset.y = 28 + 44 * 30 - 7
      let before = distance(of: 30, in: tableView, dataSource)
      _ = inbox.insert(mails(500..<520), at: ItemPath(section: 0, item: 3))
      #expect(updates == [.reloaded(.tooManyChanges)])
      #expect(distance(of: 30, in: tableView, dataSource) == before)
      #expect(tableView.contentOffset.y == CGFloat(28 + 44 * 50 - 7))
    }

    @Test func anOffscreenCollectionViewKeepsThePlaceThroughItsDeferredReload() {
      let inbox = makeInbox()
      let layout = UICollectionViewFlowLayout()
      let view = UICollectionView(
        frame: CGRect(x: 0, y: 0, width: 320, height: 500), collectionViewLayout: layout)
      let cells = UICollectionView.CellRegistration<UICollectionViewListCell, Mail> {
        cell, _, mail in
        var content = cell.defaultContentConfiguration()
        content.text = text(mail)
        cell.contentConfiguration = content
      }
      let dataSource = CollectionViewDataSource(collectionView: view, source: inbox) {
        collectionView, indexPath, mail in
        collectionView.dequeueConfiguredReusableCell(using: cells, for: indexPath, item: mail)
      }
      var updates: [ListUpdate] = []
      dataSource.onUpdate = { updates.append($0) }
      view.contentOffset.y = 50 * 40  // item 40 on top (items are 50 points)
      inbox.deleteItems(withIDs: Array(0..<30))
      #expect(updates == [.reloaded(.offscreen)])
      #expect(view.contentOffset.y == CGFloat(50 * 10))
      #expect(view.indexPathsForVisibleItems.first == IndexPath(item: 10, section: 0))
    }

    @Test func whenTheTopRowLeavesTheRowBelowItKeepsItsPlace() {
      let inbox = makeInbox()
      let (tableView, dataSource) = makeTable(inbox)
      tableView.contentOffset.y = 28 + 44 * 20 + 10  // mail 20 at -10, mail 21 at 34
      inbox.deleteItems(withIDs: [5, 20])
      #expect(distance(of: 21, in: tableView, dataSource) == CGFloat(34))
      #expect(tableView.contentOffset.y == CGFloat(28 + 44 * 19 - 34))
    }

    @Test func aNamedAnchorIsKeptWhereverItIs() {
      let inbox = makeInbox()
      let (tableView, dataSource) = makeTable(inbox)
      let firstUnread = Mail(id: 60, subject: "m60")
      tableView.contentOffset.y = 28 + 44 * 20
      dataSource.anchorItemID = firstUnread.id
      let before = distance(of: 60, in: tableView, dataSource)
      // Ten rows arrive on screen, between the top and the anchor below it.
      _ = inbox.insert(mails(300..<310), at: ItemPath(section: 0, item: 30))
      #expect(distance(of: 60, in: tableView, dataSource) == before)
      #expect(tableView.contentOffset.y == CGFloat(28 + 44 * 30))
      // An anchor no longer shown leaves the choice to the topmost row.
      inbox.deleteItems(withIDs: [60])
      tableView.contentOffset.y = 28 + 44 * 40
      inbox.deleteItems(withIDs: [0, 1])
      #expect(dataSource.indexPath(for: 30) == IndexPath(row: 38, section: 0))
      #expect(distance(of: 30, in: tableView, dataSource) == CGFloat(0))
    }

    @Test func theArticleNamesTheFirstUnreadMail() {
      let inbox = makeInbox()
      let (tableView, dataSource) = makeTable(inbox)
      let firstUnread = Mail(id: 50, subject: "m50")
      tableView.contentOffset.y = 28 + 44 * 45
      dataSource.anchorItemID = firstUnread.id
      inbox.deleteItems(withIDs: Array(40..<49))
      #expect(distance(of: 50, in: tableView, dataSource) == CGFloat(44 * 5))
    }

    @Test func oneChangeTheUserAskedForOptsOut() {
      let inbox = makeInbox()
      let (tableView, dataSource) = makeTable(inbox)
      let drafts = mails(700..<705)
      tableView.contentOffset.y = 28 + 44 * 20
      dataSource.perform(keepingVisiblePosition: false) {
        _ = inbox.insert(drafts, at: ItemPath(section: 0, item: 0))
      } completion: {
        tableView.contentOffset = CGPoint(x: 0, y: -tableView.adjustedContentInset.top)
      }
      // The insert left the offset as UIKit does; the completion scrolls up
      // once the animations end.
      #expect(tableView.contentOffset.y == CGFloat(28 + 44 * 20))
      #expect(tableView.batchRecords.last?.animated == true)
      tableView.finishAnimations()
      #expect(tableView.contentOffset.y == CGFloat(0))
      // The next change keeps the place again.
      tableView.contentOffset.y = 28 + 44 * 20
      _ = inbox.insert(mails(800..<803), at: ItemPath(section: 0, item: 0))
      #expect(tableView.contentOffset.y == CGFloat(28 + 44 * 23))
    }

    @Test func aPullToRefreshCanShowWhatIsNew() async {
      var newest = 1100
      let feed = PagedDataSource<String, Mail, Int>(section: "feed") { request in
        _ = request.succeed(with: Page(items: mails((1000..<newest).reversed()), next: nil))
      }
      feed.load()
      let (tableView, dataSource) = makeTable(feed)
      tableView.contentOffset.y = 0
      newest = 1105

      dataSource.onStateChange = { [weak dataSource] state in
        if state.kind != .refreshing { dataSource?.options.keepsVisiblePosition = true }
      }
      dataSource.options.keepsVisiblePosition = false
      dataSource.reload()  // the refresh's rows push the list down, as UIKit does
      await withCheckedContinuation { done in feed.whenLoaded { done.resume() } }

      #expect(tableView.contentOffset.y == CGFloat(0))
      #expect(dataSource.item(at: IndexPath(row: 0, section: 0))?.id == 1104)
      #expect(dataSource.options.keepsVisiblePosition)
    }

    @Test func contentTooShortForThePlaceEndsAtTheBottom() {
      let inbox = MutableDataSource<String, Mail>(sections: [
        section("inbox", header: "Inbox", mails(0..<30))
      ])
      let (tableView, dataSource) = makeTable(inbox)
      tableView.contentOffset.y = 28 + 44 * 30 - 640  // the bottom: mail 15 20 points scrolled off
      #expect(distance(of: 15, in: tableView, dataSource) == CGFloat(-20))
      inbox.deleteItems(withIDs: Array(16..<30))
      // The content is now 28 + 16 × 44 = 732 points: the offset can be 92 at most.
      #expect(tableView.contentOffset.y == CGFloat(92))
      #expect(tableView.contentSize.height == CGFloat(732))
    }

    @Test func aRowUnderATopBarIsNotTheAnchor() {
      let inbox = makeInbox()
      let (tableView, dataSource) = makeTable(inbox)
      tableView.contentInset = UIEdgeInsets(top: 100, left: 0, bottom: 0, right: 0)
      // The bar covers the view's top 100 points: mails 20 and 21 are under
      // it, mail 22 is the first row seen, right below the bar.
      tableView.contentOffset.y = 28 + 44 * 22 - 100
      let seen = distance(of: 22, in: tableView, dataSource)
      #expect(seen == 0 && distance(of: 21, in: tableView, dataSource) == -44)
      // Two rows arrive between mail 21 and mail 22: mail 22 stays put.
      _ = inbox.insert(mails(400..<402), at: ItemPath(section: 0, item: 22))
      #expect(distance(of: 22, in: tableView, dataSource) == seen)
    }
  }
#endif
