// Runs where the UIKit layer is built on its stand-in (not on Apple
// platforms with UIKit, where these checks of the stand-in do not exist).
#if canImport(UIKitStandIn)
  import DataSourceGraphComposition
  import DataSourceGraphSections
  import DataSourceGraphNodes
  import DataSourceGraphUIKit
  import Foundation
  import Testing
  import UIKitStandIn

  /// What a handler was called with: the handler's name, the item's
  /// identity and the index path given.
  struct Delivery: Equatable, CustomStringConvertible {
    var handler: String
    var id: Int
    var indexPath: IndexPath
    var description: String { "\(handler) \(id) @\(indexPath.section).\(indexPath.item)" }
  }

  /// Named examples of cells' events and prefetching routed to the nodes
  /// that handle them, through the stand-in's delegate and prefetching
  /// calls.
  @MainActor
  @Suite struct EventRoutingTests {
    let window = makeWindow()
    let inbox = MutableDataSource<String, Mail>(
      sections: [section("today", mails(1...3)), section("older", mails(4...5))])
    let archive = MutableDataSource<String, Mail>(sections: [section("all", mails(10...13))])

    /// A table showing `screen`, whose data source is its delegate.
    func makeTable<S: Hashable>(_ screen: some DataSource<S, Mail>)
      -> (UITableView, TableViewDataSource<S, Mail>)
    {
      let tableView = makeTableView(in: window)
      let dataSource = TableViewDataSource(tableView: tableView, source: screen) {
        tableView, indexPath, mail in
        let cell = tableView.dequeueReusableCell(withIdentifier: "cell", for: indexPath)
        cell.textLabel?.text = text(mail)
        return cell
      }
      tableView.delegate = dataSource
      return (tableView, dataSource)
    }

    /// Sets every handler of `events` to record into `log` as `name`.
    func record<S>(_ events: ListEvents<S, Mail>, as name: String, into log: Log) {
      events.didSelect = { log.add("\(name).select", $0, $1) }
      events.didDeselect = { log.add("\(name).deselect", $0, $1) }
      events.willDisplay = { log.add("\(name).willDisplay", $0, $1) }
      events.didEndDisplaying = { log.add("\(name).didEnd", $0, $1) }
      events.prefetch = { ids in log.prefetches.append("\(name) \(ids)") }
      events.cancelPrefetching = { ids in log.prefetches.append("\(name) cancel \(ids)") }
    }

    @Test func aTapReachesTheLeafThatOwnsTheRowWithItsIndexPathThere() {
      let screen = CompositeDataSource(inbox, archive).filter { $0.id % 2 == 0 }
      let (tableView, dataSource) = makeTable(screen)
      let log = Log()
      dataSource.events(for: archive).didSelect = { log.add("archive", $0, $1) }
      dataSource.events.didSelect = { log.add("own", $0, $1) }
      // Screen: [2], [4], [10, 12]; 12 is archive's third item.
      #expect(tableView.simulateUserTap(at: IndexPath(row: 1, section: 2)))
      #expect(tableView.simulateUserTap(at: IndexPath(row: 0, section: 1)))
      #expect(
        log.deliveries == [
          Delivery(handler: "archive", id: 12, indexPath: IndexPath(row: 2, section: 0)),
          Delivery(handler: "own", id: 4, indexPath: IndexPath(row: 0, section: 1)),
        ])
    }

    @Test func theNodeNearestTheLeafThatHandlesAnEventTakesIt() {
      let sortedArchive = archive.sorted { $0.id > $1.id }
      let screen = CompositeDataSource(inbox, sortedArchive)
      let (tableView, dataSource) = makeTable(screen)
      let log = Log()
      dataSource.events(for: screen).didSelect = { log.add("screen", $0, $1) }
      dataSource.events(for: sortedArchive).didSelect = { log.add("sorted", $0, $1) }
      dataSource.events(for: archive).didDeselect = { log.add("archive", $0, $1) }
      // Screen: [1, 2, 3], [4, 5], [13, 12, 11, 10]. With multiple
      // selection, a tap on a selected row deselects it.
      tableView.allowsMultipleSelection = true
      tableView.simulateUserTap(at: IndexPath(row: 1, section: 2))
      tableView.simulateUserTap(at: IndexPath(row: 0, section: 1))
      tableView.simulateUserTap(at: IndexPath(row: 1, section: 2))
      tableView.simulateUserTap(at: IndexPath(row: 0, section: 0))
      #expect(
        log.deliveries == [
          Delivery(handler: "sorted", id: 12, indexPath: IndexPath(row: 1, section: 0)),
          Delivery(handler: "screen", id: 4, indexPath: IndexPath(row: 0, section: 1)),
          Delivery(handler: "archive", id: 12, indexPath: IndexPath(row: 2, section: 0)),
          Delivery(handler: "screen", id: 1, indexPath: IndexPath(row: 0, section: 0)),
        ])
    }

    @Test func prefetchingReachesEachLeafOnceWithItsOwnIdentities() {
      struct Thumb: Identifiable, Equatable {
        var id: String
      }
      let thumbs = MutableDataSource<String, Thumb>(
        sections: [SnapshotSection(id: "t", items: [Thumb(id: "a"), Thumb(id: "b")])])
      let shownThumbs = thumbs.map {
        Mail(id: 100 + Int($0.id.unicodeScalars.first!.value), subject: $0.id)
      }
      let screen = CompositeDataSource(inbox, archive, shownThumbs)
      let (tableView, dataSource) = makeTable(screen)
      var thumbCalls: [[String]] = []
      let log = Log()
      record(dataSource.events(for: inbox), as: "inbox", into: log)
      record(dataSource.events(for: archive), as: "archive", into: log)
      dataSource.events(for: thumbs).prefetch = { thumbCalls.append($0) }
      let paths = [
        IndexPath(row: 3, section: 2), IndexPath(row: 1, section: 3), IndexPath(row: 0, section: 1),
        IndexPath(row: 0, section: 2), IndexPath(row: 0, section: 3),
      ]
      #expect(tableView.simulatePrefetching(at: paths))
      #expect(tableView.simulatePrefetching(at: [IndexPath(row: 0, section: 2)], cancel: true))
      #expect(log.prefetches == ["archive [13, 10]", "inbox [4]", "archive cancel [10]"])
      #expect(thumbCalls == [["b", "a"]])
    }

    @Test func theTableIsThePrefetchingDataSourceFromTheStart() {
      let (tableView, dataSource) = makeTable(inbox)
      #expect(tableView.prefetchDataSource === dataSource)
    }

    @Test func didEndDisplayingGoesWhereWillDisplayWentWithTheItemAsItWas() {
      let screen = CompositeDataSource(inbox, archive)
      let tableView = makeTableView(in: window)
      let dataSource = TableViewDataSource(tableView: tableView, source: screen) {
        tableView, indexPath, mail in
        tableView.dequeueReusableCell(withIdentifier: "cell", for: indexPath)
      }
      let log = Log()
      record(dataSource.events(for: archive), as: "archive", into: log)
      dataSource.events.willDisplay = { log.add("own.willDisplay", $0, $1) }
      tableView.delegate = dataSource
      tableView.reloadData()
      #expect(log.deliveries.count == 9)
      #expect(
        log.deliveries.suffix(4)
          == (0..<4).map {
            Delivery(
              handler: "archive.willDisplay", id: 10 + $0, indexPath: IndexPath(row: $0, section: 0)
            )
          })
      log.deliveries = []
      archive.deleteItems(withIDs: [11])
      dataSource.applyPendingChanges()
      #expect(
        log.deliveries == [
          Delivery(handler: "archive.didEnd", id: 11, indexPath: IndexPath(row: 1, section: 0))
        ])
      log.deliveries = []
      _ = archive.insert([Mail(id: 14, subject: "new")], at: ItemPath(section: 0, item: 0))
      dataSource.applyPendingChanges()
      #expect(
        log.deliveries == [
          Delivery(handler: "archive.willDisplay", id: 14, indexPath: IndexPath(row: 0, section: 0))
        ])
    }

    @Test func aRowShownBeforeTheViewCaughtUpRoutesByItsIdentity() {
      let (tableView, dataSource) = makeTable(CompositeDataSource(inbox, archive))
      dataSource.scheduling = .custom { _ in }  // changes wait
      let log = Log()
      dataSource.events(for: archive).didSelect = { log.add("archive", $0, $1) }
      archive.deleteItems(withIDs: [10])
      // The view still shows 10, 11, 12, 13: 11 is at row 1; in the leaf now at 0.
      tableView.simulateUserTap(at: IndexPath(row: 1, section: 2))
      // 10 is gone from the node: no node takes it, and there is no fallback.
      tableView.simulateUserTap(at: IndexPath(row: 0, section: 2))
      #expect(
        log.deliveries == [
          Delivery(handler: "archive", id: 11, indexPath: IndexPath(row: 0, section: 0))
        ])
    }

    @Test func swipesAndMenusAnswerWithTheHandlersConfiguration() {
      let screen = CompositeDataSource(inbox, archive)
      let (tableView, dataSource) = makeTable(screen)
      var asked: [Delivery] = []
      let delete = UISwipeActionsConfiguration(actions: [
        UIContextualAction(style: .destructive, title: "Delete") { _, _, done in done(true) }
      ])
      let menu = UIContextMenuConfiguration(
        identifier: "menu" as NSString, previewProvider: nil, actionProvider: nil)
      dataSource.events(for: archive).trailingSwipeActions = { mail, indexPath in
        asked.append(Delivery(handler: "trailing", id: mail.id, indexPath: indexPath))
        return delete
      }
      dataSource.events(for: inbox).contextMenu = { mail, indexPath, point in
        asked.append(Delivery(handler: "menu \(point.x)", id: mail.id, indexPath: indexPath))
        return menu
      }
      #expect(
        tableView.simulateUserSwipe(leading: false, at: IndexPath(row: 2, section: 2)) === delete)
      #expect(tableView.simulateUserSwipe(leading: true, at: IndexPath(row: 2, section: 2)) == nil)
      #expect(tableView.simulateUserSwipe(leading: false, at: IndexPath(row: 0, section: 0)) == nil)
      #expect(
        tableView.simulateUserContextMenu(
          at: IndexPath(row: 1, section: 1), point: CGPoint(x: 7, y: 0))
          === menu)
      #expect(
        asked == [
          Delivery(handler: "trailing", id: 12, indexPath: IndexPath(row: 2, section: 0)),
          Delivery(handler: "menu 7.0", id: 5, indexPath: IndexPath(row: 1, section: 1)),
        ])
    }

    @Test func aCollectionViewRoutesItsItemsEventsToo() {
      let screen = CompositeDataSource(inbox, archive)
      let collectionView = UICollectionView(
        frame: CGRect(x: 0, y: 0, width: 320, height: 640),
        collectionViewLayout: UICollectionViewFlowLayout())
      collectionView.register(UICollectionViewCell.self, forCellWithReuseIdentifier: "cell")
      window.addSubview(collectionView)
      let dataSource = CollectionViewDataSource(collectionView: collectionView, source: screen) {
        collectionView, indexPath, _ in
        collectionView.dequeueReusableCell(withReuseIdentifier: "cell", for: indexPath)
      }
      collectionView.delegate = dataSource
      #expect(collectionView.prefetchDataSource === dataSource)
      let log = Log()
      record(dataSource.events(for: archive), as: "archive", into: log)
      let menu = UIContextMenuConfiguration(
        identifier: nil, previewProvider: nil, actionProvider: nil)
      dataSource.events(for: inbox).contextMenu = { _, _, _ in menu }
      // Single selection: the second tap deselects the first item.
      collectionView.simulateUserTap(at: IndexPath(item: 3, section: 2))
      collectionView.simulateUserTap(at: IndexPath(item: 0, section: 2))
      collectionView.simulatePrefetching(at: [IndexPath(item: 1, section: 2)])
      // The view loads at its first question, after its delegate was set:
      // the archive's items display first.
      #expect(
        log.deliveries == (0..<4).map {
          Delivery(
            handler: "archive.willDisplay", id: 10 + $0, indexPath: IndexPath(item: $0, section: 0))
        } + [
          Delivery(handler: "archive.select", id: 13, indexPath: IndexPath(item: 3, section: 0)),
          Delivery(handler: "archive.deselect", id: 13, indexPath: IndexPath(item: 3, section: 0)),
          Delivery(handler: "archive.select", id: 10, indexPath: IndexPath(item: 0, section: 0)),
        ])
      #expect(log.prefetches == ["archive [11]"])
      #expect(collectionView.simulateUserContextMenu(at: [IndexPath(item: 0, section: 0)]) === menu)
      // Several items, or the background: not routed.
      #expect(
        collectionView.simulateUserContextMenu(at: [
          IndexPath(item: 0, section: 0), IndexPath(item: 1, section: 0),
        ]) == nil)
      #expect(collectionView.simulateUserContextMenu(at: []) == nil)
      #expect(
        dataSource.swipeActionsConfiguration(leading: true, at: IndexPath(item: 0, section: 0))
          == nil)
    }

    @Test func theStandInTellsTheDelegateOfCellsThatComeAndGo() {
      let (tableView, dataSource) = makeTable(inbox)
      let log = Log()
      record(dataSource.events, as: "own", into: log)
      tableView.reloadData()
      // Every cell shown ends, then every cell of the reload displays.
      #expect(log.deliveries.count == 5)
      #expect(log.deliveries.allSatisfy { $0.handler == "own.willDisplay" })
      log.deliveries = []
      tableView.reloadData()
      #expect(log.deliveries.filter { $0.handler == "own.didEnd" }.map(\.id) == [1, 2, 3, 4, 5])
      #expect(
        log.deliveries.filter { $0.handler == "own.willDisplay" }.map(\.id) == [1, 2, 3, 4, 5])
      log.deliveries = []
      // A reconfigured row keeps its cell: nothing comes or goes.
      _ = inbox.update(Mail(id: 2, subject: "edited"))
      dataSource.applyPendingChanges()
      #expect(log.deliveries.isEmpty)
    }

    /// Regression (found by the random graphs): a row a combinator made
    /// (an outline's child row) reached no handler, as the walk down gave
    /// up where no input holds the row; it now reaches the nodes down to
    /// the combinator that made it.
    @Test func aRowAnOutlineMadeReachesTheOutline() {
      let outline = inbox.outlined(
        children: { $0.id == 1 ? [Mail(id: 100, subject: "child")] : [] }, expandedItems: [1])
      let tableView = makeTableView(in: window)
      let dataSource = TableViewDataSource(tableView: tableView, source: outline) {
        tableView, indexPath, _ in
        tableView.dequeueReusableCell(withIdentifier: "cell", for: indexPath)
      }
      tableView.delegate = dataSource
      let log = Log()
      dataSource.events(for: inbox).didSelect = { log.add("inbox", $0, $1) }
      dataSource.events(for: outline).didSelect = { row, indexPath in
        log.add("outline", row.item, indexPath)
      }
      // Outline: [1, 100, 2, 3], [4, 5].
      tableView.simulateUserTap(at: IndexPath(row: 1, section: 0))
      tableView.simulateUserTap(at: IndexPath(row: 2, section: 0))
      #expect(
        log.deliveries == [
          Delivery(handler: "outline", id: 100, indexPath: IndexPath(row: 1, section: 0)),
          Delivery(handler: "inbox", id: 2, indexPath: IndexPath(row: 1, section: 0)),
        ])
    }

    /// A handler that loads more when the last row displays changes the
    /// graph while the view tells of rows coming on screen: the stand-in
    /// tells its delegate once a batch update is over (as UIKit does, at
    /// the next layout), so the change is a batch update of its own.
    @Test func loadingMoreWhenTheLastRowDisplaysIsABatchUpdateOfItsOwn() {
      let (tableView, dataSource) = makeTable(inbox)
      var next = 6
      dataSource.events(for: inbox).willDisplay = { _, indexPath in
        guard indexPath.section == 1, indexPath.item == inbox.numberOfItems(inSection: 1) - 1,
          next <= 8
        else { return }
        next += 1  // before the append: the handler runs again inside it
        _ = inbox.append([Mail(id: next - 1, subject: "more")], toSection: 1)
      }
      tableView.reloadData()
      for _ in 0..<5 {
        dataSource.applyPendingChanges()
        tableView.finishAnimations()
      }
      #expect(tableView.invalidUpdates.isEmpty)
      #expect(inbox.snapshot.sections[1].items.map(\.id) == [4, 5, 6, 7, 8])
      #expect(tableView.shownTexts == texts(inbox.snapshot))
    }

    /// The deliveries of the tests' handlers, in order.
    @MainActor
    final class Log {
      var deliveries: [Delivery] = []
      var prefetches: [String] = []
      func add(_ handler: String, _ mail: Mail, _ indexPath: IndexPath) {
        deliveries.append(Delivery(handler: handler, id: mail.id, indexPath: indexPath))
      }
    }
  }
#endif
