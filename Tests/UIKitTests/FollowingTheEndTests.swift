// Runs where the UIKit layer is built on its stand-in (not on Apple
// platforms with UIKit, where these checks of the stand-in do not exist).
#if canImport(UIKitStandIn)
  import DataSourceGraphSections
  import DataSourceGraphNodes
  import DataSourceGraphUIKit
  import Testing
  import TestSupport
  import UIKitStandIn

  /// A chat that follows its newest message (`ListUpdateOptions.followsEnd`),
  /// on a table and on a collection view.
  ///
  /// Rows are 44 points high on the table, 50 on the collection view, and
  /// each view is 640 high; the chat's section has no header.
  @MainActor
  @Suite struct FollowingTheEndTests {
    let window = makeWindow()

    /// A chat of messages `ids` in one section.
    func makeChat(_ ids: Range<Int> = 0..<30) -> MutableDataSource<String, Mail> {
      MutableDataSource(sections: [section("chat", mails(ids))])
    }

    /// A table showing `chat`, following its end.
    func makeTable(_ chat: MutableDataSource<String, Mail>) -> (
      UITableView, TableViewDataSource<String, Mail>
    ) {
      let tableView = makeTableView(in: window)
      let dataSource = makeTableDataSource(tableView, chat)
      tableView.delegate = dataSource  // it hears the scrolls
      dataSource.options.followsEnd = true
      return (tableView, dataSource)
    }

    /// The offset of `view` at its end.
    func endOffset(of view: some ScrollableListView) -> CGFloat {
      max(
        -view.adjustedContentInset.top,
        view.contentSize.height + view.adjustedContentInset.bottom - view.bounds.height)
    }

    @Test func atTheEndNewRowsAreShown() {
      let chat = makeChat()
      let (tableView, dataSource) = makeTable(chat)
      dataSource.scrollToEnd(animated: false)
      #expect(tableView.contentOffset.y == CGFloat(44 * 30 - 640))
      _ = chat.append(mails(100..<103), toSection: 0)
      #expect(tableView.contentOffset.y == CGFloat(44 * 33 - 640))
      #expect(dataSource.isScrolledToEnd && dataSource.rowsArrivedBelow == 0)
      #expect(tableView.indexPathsForVisibleRows?.last == IndexPath(row: 32, section: 0))
      // The new rows animate in: nothing above the rows on screen changed.
      #expect(tableView.batchRecords.last?.animated == true)
      dataSource.perform(animated: false) { _ = chat.append(mails(103..<104), toSection: 0) }
      #expect(tableView.contentOffset.y == CGFloat(44 * 34 - 640))
      #expect(tableView.batchRecords.last?.animated == false)
    }

    @Test func scrolledUpThePlaceIsKeptAndTheArrivalsCounted() {
      let chat = makeChat()
      let (tableView, dataSource) = makeTable(chat)
      var told: [Int] = []
      dataSource.onRowsArrivedBelowChange = { told.append($0) }
      tableView.contentOffset.y = 100
      _ = chat.append(mails(100..<103), toSection: 0)
      #expect(tableView.contentOffset.y == 100)
      #expect(dataSource.rowsArrivedBelow == 3 && !dataSource.isScrolledToEnd)
      _ = chat.append(mails(103..<105), toSection: 0)
      #expect(dataSource.rowsArrivedBelow == 5)
      // Rows deleted below take nothing off; rows inserted on screen or
      // above never count.
      chat.deleteItems(withIDs: [100, 29])
      _ = chat.insert(mails(200..<202), at: ItemPath(section: 0, item: 0))
      _ = chat.insert(mails(300..<301), at: ItemPath(section: 0, item: 5))
      #expect(dataSource.rowsArrivedBelow == 5)
      // The user scrolls to the end: the count is back to 0.
      tableView.contentOffset.y = endOffset(of: tableView)
      #expect(dataSource.rowsArrivedBelow == 0)
      #expect(told == [3, 5, 0])
    }

    @Test func scrollingToTheEndSetsTheCountBackToZero() {
      let chat = makeChat()
      let (tableView, dataSource) = makeTable(chat)
      tableView.contentOffset.y = 0
      _ = chat.append(mails(100..<104), toSection: 0)
      #expect(dataSource.rowsArrivedBelow == 4)
      // Scrolling close to the end, within the tolerance, is at the end.
      tableView.contentOffset.y = endOffset(of: tableView) - 20
      #expect(dataSource.rowsArrivedBelow == 4)
      tableView.contentOffset.y = endOffset(of: tableView) - 5
      #expect(dataSource.rowsArrivedBelow == 0)
      tableView.contentOffset.y = 0
      _ = chat.append(mails(104..<106), toSection: 0)
      #expect(dataSource.rowsArrivedBelow == 2)
      dataSource.scrollToEnd(animated: true)
      #expect(dataSource.rowsArrivedBelow == 0)
      #expect(tableView.contentOffset.y == endOffset(of: tableView))
    }

    @Test func earlierRowsArrivingAboveKeepTheEnd() {
      let chat = makeChat()
      let (tableView, dataSource) = makeTable(chat)
      dataSource.scrollToEnd(animated: false)
      _ = chat.insert(mails(-50..<0), at: ItemPath(section: 0, item: 0))
      #expect(tableView.contentOffset.y == CGFloat(44 * 80 - 640))
      #expect(dataSource.isScrolledToEnd && dataSource.rowsArrivedBelow == 0)
      // The rows on screen do not slide.
      #expect(tableView.batchRecords.last?.animated == false)
    }

    @Test func aShortChatFollowsOnceItOutgrowsTheView() {
      let chat = makeChat(0..<5)
      let (tableView, dataSource) = makeTable(chat)
      #expect(dataSource.isScrolledToEnd)
      _ = chat.append(mails(100..<120), toSection: 0)
      #expect(tableView.contentOffset.y == CGFloat(44 * 25 - 640))
      #expect(dataSource.rowsArrivedBelow == 0)
    }

    @Test func aChatWhoseFirstPageArrivesLaterOpensAtItsEnd() {
      let chat = PagedDataSource<String, Mail, Int>(section: "chat") { request in
        _ = request.succeed(with: Page(items: mails(1000..<1030), previous: 1000, next: nil))
      }
      let tableView = makeTableView(in: window)
      let dataSource = makeTableDataSource(tableView, chat)
      dataSource.options.followsEnd = true
      #expect(dataSource.isScrolledToEnd)
      chat.load()
      #expect(tableView.contentOffset.y == CGFloat(44 * 30 - 640))
      #expect(dataSource.isScrolledToEnd && dataSource.rowsArrivedBelow == 0)
    }

    @Test func theEndIsTheEndOfTheContentFooterIncluded() {
      let chat = makeChat()
      let (tableView, dataSource) = makeTable(chat)
      tableView.tableFooterView = UIView(frame: CGRect(x: 0, y: 0, width: 320, height: 100))
      // The last row wholly on screen, the footer below: not at the end.
      tableView.contentOffset.y = CGFloat(44 * 30 - 640)
      #expect(!dataSource.isScrolledToEnd)
      _ = chat.append(mails(100..<102), toSection: 0)
      #expect(tableView.contentOffset.y == CGFloat(44 * 30 - 640))
      #expect(dataSource.rowsArrivedBelow == 2)
      dataSource.scrollToEnd(animated: false)
      #expect(tableView.contentOffset.y == CGFloat(44 * 32 + 100 - 640))
      _ = chat.append(mails(102..<103), toSection: 0)
      #expect(tableView.contentOffset.y == CGFloat(44 * 33 + 100 - 640))
      #expect(dataSource.rowsArrivedBelow == 0)
    }

    @Test func rowsAboveAFooterOnScreenAreSeenNotCounted() {
      // The last row on screen with room below it (a tall footer): a row
      // inserted after it is on screen, so it did not arrive out of sight.
      let chat = makeChat()
      let (tableView, dataSource) = makeTable(chat)
      tableView.tableFooterView = UIView(frame: CGRect(x: 0, y: 0, width: 320, height: 400))
      // The visible area ends 88 points below the last row.
      tableView.contentOffset.y = CGFloat(44 * 32 - 640)
      _ = chat.append(mails(100..<103), toSection: 0)
      #expect(tableView.contentOffset.y == CGFloat(44 * 32 - 640))
      // Two new rows fill those 88 points; the third starts below.
      #expect(dataSource.rowsArrivedBelow == 1)
    }

    @Test func theEndIsAboveTheBottomInset() {
      let chat = makeChat()
      let (tableView, dataSource) = makeTable(chat)
      tableView.contentInset = UIEdgeInsets(top: 50, left: 0, bottom: 80, right: 0)
      dataSource.scrollToEnd(animated: false)
      #expect(tableView.contentOffset.y == CGFloat(44 * 30 + 80 - 640))
      _ = chat.append(mails(100..<101), toSection: 0)
      #expect(tableView.contentOffset.y == CGFloat(44 * 31 + 80 - 640))
      // Scrolled up by a row: the new ones are counted.
      tableView.contentOffset.y -= 44
      _ = chat.append(mails(101..<103), toSection: 0)
      #expect(dataSource.rowsArrivedBelow == 2)
    }

    @Test func aReloadFallbackFollowsAndCountsToo() {
      let chat = makeChat()
      let (tableView, dataSource) = makeTable(chat)
      dataSource.options.maximumAnimatedChanges = 2
      var updates: [ListUpdate] = []
      dataSource.onUpdate = { updates.append($0) }
      dataSource.scrollToEnd(animated: false)
      _ = chat.append(mails(100..<110), toSection: 0)
      #expect(tableView.contentOffset.y == CGFloat(44 * 40 - 640))
      tableView.contentOffset.y = 0
      _ = chat.append(mails(110..<120), toSection: 0)
      #expect(dataSource.rowsArrivedBelow == 10 && tableView.contentOffset.y == 0)
      // A replacement counts the rows it inserts below (10 and 5), not the
      // 20 it deletes.
      chat.replace(with: Snapshot(sections: [section("chat", mails(0..<40) + mails(500..<505))]))
      #expect(dataSource.rowsArrivedBelow == 25)
      #expect(updates.allSatisfy { $0 == .reloaded(.tooManyChanges) })
    }

    @Test func offByDefaultNothingFollowsOrCounts() {
      let chat = makeChat()
      let tableView = makeTableView(in: window)
      let dataSource = makeTableDataSource(tableView, chat)
      tableView.contentOffset.y = endOffset(of: tableView)
      _ = chat.append(mails(100..<103), toSection: 0)
      #expect(tableView.contentOffset.y == CGFloat(44 * 30 - 640))
      #expect(dataSource.rowsArrivedBelow == 0)
    }

    @Test func aChangeMadeWithoutKeepingThePlaceDoesNotFollow() {
      let chat = makeChat()
      let (tableView, dataSource) = makeTable(chat)
      dataSource.scrollToEnd(animated: false)
      dataSource.perform(keepingVisiblePosition: false) {
        _ = chat.append(mails(100..<103), toSection: 0)
      }
      #expect(tableView.contentOffset.y == CGFloat(44 * 30 - 640))
    }

    @Test func aCollectionViewFollowsAndCounts() {
      let chat = makeChat()
      let (collectionView, dataSource) = makeCollection(in: window, chat)
      collectionView.delegate = dataSource
      dataSource.options.followsEnd = true
      dataSource.scrollToEnd(animated: false)
      #expect(collectionView.contentOffset.y == CGFloat(50 * 30 - 640))
      _ = chat.append(mails(100..<102), toSection: 0)
      #expect(collectionView.contentOffset.y == CGFloat(50 * 32 - 640))
      collectionView.contentOffset.y = 200
      _ = chat.append(mails(102..<105), toSection: 0)
      #expect(collectionView.contentOffset.y == 200 && dataSource.rowsArrivedBelow == 3)
      collectionView.contentOffset.y = endOffset(of: collectionView)
      #expect(dataSource.rowsArrivedBelow == 0)
    }

    @Test func theArticlesChatOpensAtItsNewestMessageAndCounts() {
      let chat = makeChat()
      let (tableView, dataSource) = makeTable(chat)
      let newMessagesButton = UIButton(type: .system)
      newMessagesButton.isHidden = true

      // The block of the article's "Following the end", verbatim.
      dataSource.options.followsEnd = true
      dataSource.onRowsArrivedBelowChange = { count in
        newMessagesButton.isHidden = count == 0
      }
      dataSource.scrollToEnd(animated: false)  // the chat opens at its newest message

      #expect(tableView.contentOffset.y == endOffset(of: tableView) && newMessagesButton.isHidden)
      tableView.contentOffset.y = 0
      _ = chat.append(mails(100..<103), toSection: 0)
      #expect(!newMessagesButton.isHidden)
      dataSource.scrollToEnd()  // the button's action
      #expect(newMessagesButton.isHidden && dataSource.isScrolledToEnd)
    }

    /// A table's data source and delegate of the app's own, answering
    /// from a renderer used alone.
    final class ChatTable: NSObject, UITableViewDataSource, UITableViewDelegate {
      let renderer: ListViewRenderer<String, Mail>

      init(_ tableView: UITableView) {
        renderer = ListViewRenderer(view: tableView)
        super.init()
        tableView.dataSource = self
        tableView.delegate = self
      }

      func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
        renderer.snapshot.numberOfItems(inSection: section)
      }

      func numberOfSections(in tableView: UITableView) -> Int { renderer.snapshot.sections.count }

      func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath)
        -> UITableViewCell
      {
        mailCell(
          tableView, indexPath, renderer.snapshot.sections[indexPath.section].items[indexPath.row])
      }

      func scrollViewDidScroll(_ scrollView: UIScrollView) { renderer.viewDidScroll() }
    }

    @Test func aRendererUsedAloneIsToldOfTheScrollsByTheAppsDelegate() {
      let chat = makeChat()
      let tableView = makeTableView(in: window)
      let table = ChatTable(tableView)
      table.renderer.options.followsEnd = true
      let observation = chat.render(into: table.renderer)
      tableView.contentOffset.y = 0
      _ = chat.append(mails(100..<102), toSection: 0)
      #expect(table.renderer.rowsArrivedBelow == 2 && !table.renderer.isScrolledToEnd)
      tableView.contentOffset.y = endOffset(of: tableView)
      #expect(table.renderer.rowsArrivedBelow == 0)
      _ = chat.append(mails(102..<103), toSection: 0)
      #expect(tableView.contentOffset.y == CGFloat(44 * 33 - 640))
      observation.cancel()
    }

    // MARK: The property

    @Test(.namesTheSeed) func followsTheEndOrKeepsThePlaceAndCountsOnATable() async {
      var seen = Seen()
      await forEachSeed(1...30 as ClosedRange<UInt64>) { seed in
        var sizes = SplitMix64(seed: seed)
        let chat = makeChat(0..<sizes.int(0..<40))
        let (tableView, dataSource) = makeTable(chat)
        checkFollowing(seed: seed, chat, tableView, dataSource, &seen)
      }
      #expect(seen.followed > 0 && seen.counted > 0 && seen.kept > 0)
    }

    @Test(.namesTheSeed) func followsTheEndOrKeepsThePlaceAndCountsOnACollectionView() async {
      var seen = Seen()
      await forEachSeed(1...30 as ClosedRange<UInt64>) { seed in
        var sizes = SplitMix64(seed: seed)
        let chat = makeChat(0..<sizes.int(0..<40))
        let (collectionView, dataSource) = makeCollection(in: window, chat)
        collectionView.delegate = dataSource
        dataSource.options.followsEnd = true
        checkFollowing(seed: seed, chat, collectionView, dataSource, &seen)
      }
      #expect(seen.followed > 0 && seen.counted > 0 && seen.kept > 0)
    }

    /// How many changes of the property's runs followed the end, were
    /// counted as arrivals below, and kept the anchor: each case must occur.
    struct Seen {
      var followed = 0
      var counted = 0
      var kept = 0
    }

    /// A row of the view: its identity, path and frame.
    struct ShownRow {
      var id: Int
      var path: ItemPath
      var frame: CGRect
    }

    /// Random changes (appends, prepends, deletes, updates, mixed in one
    /// diffed batch or not, animated or not, some large enough to reload)
    /// at random offsets and insets, checking after each: a view at its end
    /// before is at its end after; otherwise the topmost row on screen, if
    /// it stays, keeps its distance from the top of the visible area (or
    /// the offset is at a limit of the content), and the count is the
    /// number of rows inserted since the view was last at its end that came
    /// after the last row seen and start below the visible area.
    func checkFollowing(
      seed: UInt64, _ chat: MutableDataSource<String, Mail>, _ view: some ScrollableListView,
      _ dataSource: ListViewDataSource<String, Mail>, _ seen: inout Seen
    ) {
      var rng = SplitMix64(seed: seed &+ 1000)
      let scrollView = view as! UIScrollView
      scrollView.contentInset = UIEdgeInsets(
        top: CGFloat(rng.int(0...2) * 30), left: 0, bottom: CGFloat(rng.int(0...2) * 40), right: 0)
      var nextID = 1000
      var expected = 0
      func rows() -> [ShownRow] {
        dataSource.snapshot.sections.enumerated().flatMap { section, content in
          content.items.indices.map { item in
            let path = ItemPath(section: section, item: item)
            return ShownRow(
              id: content.items[item].id, path: path, frame: view.frameOfItem(at: path) ?? .zero)
          }
        }
      }
      func visibleArea() -> (top: CGFloat, bottom: CGFloat) {
        let top = view.contentOffset.y + view.adjustedContentInset.top
        return (top, view.contentOffset.y + view.bounds.height - view.adjustedContentInset.bottom)
      }
      func atEnd() -> Bool { visibleArea().bottom >= view.contentSize.height - 8 }
      for _ in 0..<14 {
        if rng.chance(0.6) {
          let end = endOffset(of: view)
          let lowest = -view.adjustedContentInset.top
          scrollView.contentOffset.y =
            rng.chance(0.4) ? end : lowest + CGFloat(rng.int(0...Int(max(0, end - lowest))))
          if atEnd() { expected = 0 }
        }
        #expect(dataSource.rowsArrivedBelow == expected)
        dataSource.options.maximumAnimatedChanges = rng.chance(0.2) ? 3 : 1_000
        let before = rows()
        let area = visibleArea()
        let onScreen = before.filter { $0.frame.maxY > area.top && $0.frame.minY < area.bottom }
          .sorted { ($0.frame.minY, $0.path) < ($1.frame.minY, $1.path) }
        let wasAtEnd = atEnd()
        let oldIDs = Set(before.map(\.id))
        var ids = before.map(\.id)
        let edit = {
          switch rng.int(0..<5) {
          case 0:
            let count = rng.int(1...6)
            _ = chat.append(mails(nextID..<nextID + count), toSection: 0)
            nextID += count
          case 1:
            let count = rng.int(1...6)
            _ = chat.insert(mails(nextID..<nextID + count), at: ItemPath(section: 0, item: 0))
            nextID += count
          case 2 where !ids.isEmpty:
            chat.deleteItems(withIDs: ids.filter { _ in rng.chance(0.2) })
          case 3 where !ids.isEmpty:
            _ = chat.update(Mail(id: ids[rng.int(0..<ids.count)], subject: "edited \(nextID)"))
            nextID += 1
          default:
            ids.removeAll { _ in rng.chance(0.15) }
            for _ in 0..<rng.int(0...4) {
              ids.insert(nextID, at: rng.int(0...ids.count))
              nextID += 1
            }
            chat.replace(with: Snapshot(sections: [section("chat", mails(ids))]))
          }
        }
        if rng.chance(0.3) { dataSource.perform(animated: false, edit) } else { edit() }
        let after = rows()
        let now = visibleArea()
        if wasAtEnd {
          #expect(atEnd() && view.contentOffset.y == endOffset(of: view))
          seen.followed += 1
        } else if let anchor = onScreen.first, let kept = after.first(where: { $0.id == anchor.id })
        {
          let atLimit =
            view.contentOffset.y == endOffset(of: view)
            || view.contentOffset.y == -view.adjustedContentInset.top
          #expect(kept.frame.minY - now.top == anchor.frame.minY - area.top || atLimit)
          seen.kept += 1
        }
        if atEnd() {
          expected = 0
        } else if !wasAtEnd {
          let lastSeen = onScreen.reversed().lazy.compactMap { seen in
            after.first { $0.id == seen.id }?.path
          }.first
          expected +=
            after.filter { row in
              !oldIDs.contains(row.id) && lastSeen.map { row.path > $0 } ?? true
                && row.frame.minY >= now.bottom
            }.count
        }
        #expect(dataSource.rowsArrivedBelow == expected)
        if expected > 0 { seen.counted += 1 }
      }
    }
  }
#endif
