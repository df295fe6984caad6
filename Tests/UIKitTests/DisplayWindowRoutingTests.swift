// Runs where the UIKit layer is built on its stand-in (not on Apple
// platforms with UIKit, where these checks of the stand-in do not exist).
#if canImport(UIKitStandIn)
  import DataSourceGraphComposition
  import DataSourceGraphSections
  import DataSourceGraphNodes
  import DataSourceGraphUIKit
  import Foundation
  import TestSupport
  import Testing
  import UIKitStandIn

  /// `willDisplay` and `didEndDisplaying` routed to the nodes of a screen
  /// (an inbox and a sorted archive in a composite) shown in a table and
  /// in a collection view whose window is a few rows tall, through random
  /// edits (reloaded or reconfigured items, by a random item-update
  /// style), scrolls, resizes and reloads: after every step, each handler
  /// believes displayed (its `willDisplay` less its `didEndDisplaying`)
  /// exactly the items of the window whose nearest handling node is its
  /// node; while the calls come, each `willDisplay` names an item of the
  /// handler's node at its index path there, and each `didEndDisplaying`
  /// one that handler was told displayed there.
  /// `DisplayWindowRandomGraphTests` (CompositionTests) does the same over
  /// random graphs of every combinator.
  @MainActor
  @Suite struct DisplayWindowRoutingTests {
    nonisolated static let seeds: [UInt64] = Array(1...30)
    nonisolated static let steps = 30

    @Test(.namesTheSeed)
    func eachHandlerBelievesDisplayedItsItemsInTheWindow() async {
      await forEachSeed(Self.seeds) { seed in
        run(seed: seed, table: true)
        run(seed: seed, table: false)
      }
    }

    func run(seed: UInt64, table: Bool) {
      var rng = SplitMix64(seed: seed)
      let window = makeWindow()
      let inbox = MutableDataSource<String, Mail>(
        sections: [section("today", mails(1...6)), section("older", mails(7...12))])
      let archive = MutableDataSource<String, Mail>(sections: [section("all", mails(100...110))])
      let sorted = archive.sorted { $0.id > $1.id }
      let screen = CompositeDataSource(inbox, sorted)
      let view: StandInListView
      let dataSource: ListViewDataSource<CompositeSectionID, Mail>
      if table {
        let tableView = makeTableView(in: window)
        dataSource = TableViewDataSource(tableView: tableView, source: screen) {
          tableView, indexPath, mail in
          let cell = tableView.dequeueReusableCell(withIdentifier: "cell", for: indexPath)
          cell.textLabel?.text = text(mail)
          return cell
        }
        tableView.delegate = dataSource as? any UITableViewDelegate
        view = tableView
      } else {
        let (collectionView, collectionDataSource) = makeCollection(in: window, screen)
        collectionView.delegate = collectionDataSource
        (view, dataSource) = (collectionView, collectionDataSource)
      }
      dataSource.scheduling = .immediate
      dataSource.options.itemUpdates = rng.chance(0.5) ? .reload : .reconfigure
      let label = "\(table ? "table" : "collection"), \(dataSource.options.itemUpdates)"

      // Random nodes handle both display calls; the data source's own take
      // the rest. Each mail's way up: its leaf, (sorted), the screen.
      let log = RoutingBeliefs()
      var handling = Set<String>()
      func handle<S>(
        _ events: ListEvents<S, Mail>, _ name: String,
        at: @escaping @MainActor (IndexPath) -> Int?
      ) {
        handling.insert(name)
        log.lookUp[name] = at
        events.willDisplay = { [weak log] mail, indexPath in
          log?.willDisplay(name, mail.id, indexPath)
        }
        events.didEndDisplaying = { [weak log] mail, indexPath in
          log?.didEnd(name, mail.id, indexPath)
        }
      }
      if rng.chance(0.5) {
        handle(dataSource.events(for: inbox), "inbox") { itemID(in: inbox, at: $0) }
      }
      if rng.chance(0.5) {
        handle(dataSource.events(for: archive), "archive") { itemID(in: archive, at: $0) }
      }
      if rng.chance(0.5) {
        handle(dataSource.events(for: sorted), "sorted") { itemID(in: sorted, at: $0) }
      }
      if rng.chance(0.5) {
        handle(dataSource.events(for: screen), "screen") { itemID(in: screen, at: $0) }
      }
      handle(dataSource.events, "own") { [weak dataSource] in dataSource?.item(at: $0)?.id }
      func handler(of id: Int) -> String {
        let chain =
          archive.itemPath(for: id) == nil ? ["inbox", "screen"] : ["archive", "sorted", "screen"]
        return chain.first(where: handling.contains) ?? "own"
      }

      // A window a few rows tall; a reload routes every display from here.
      view.frame.size.height = CGFloat(rng.int(30...200))
      view.layoutIfNeeded()
      Self.reload(view)
      var nextID = 200
      for step in 0...Self.steps {
        var action = "start"
        if step > 0 {
          action = Self.randomStep(
            view, inbox: inbox, archive: archive, nextID: &nextID, rng: &rng)
          dataSource.applyPendingChanges()
          view.finishAnimations()
          view.layoutIfNeeded()
        }
        var expected: [String: [Int: Int]] = [:]
        for path in Self.visiblePaths(view) {
          guard let id = dataSource.item(at: path)?.id else { continue }
          expected[handler(of: id), default: [:]][id, default: 0] += 1
        }
        let believed = log.shown.mapValues { $0.mapValues(\.count) }.filter { !$0.value.isEmpty }
        if !log.failures.isEmpty || believed != expected {
          Issue.record(
            "\(label), step \(step) (\(action)): \(log.failures.prefix(3)); believed \(believed), the window has \(expected)"
          )
          return
        }
      }
      withExtendedLifetime((window, dataSource)) {}
    }

    static func randomStep(
      _ view: StandInListView, inbox: MutableDataSource<String, Mail>,
      archive: MutableDataSource<String, Mail>, nextID: inout Int, rng: inout SplitMix64
    ) -> String {
      let highest = Int(max(0, view.contentSize.height - view.bounds.height))
      switch rng.int(0..<9) {
      case 0..<4:
        let source = rng.chance(0.5) ? inbox : archive
        source.replace(with: edited(source.snapshot, nextID: &nextID, rng: &rng))
        return "edit \(source === inbox ? "inbox" : "archive")"
      case 4:
        let y = rng.int(0...highest)
        view.contentOffset = CGPoint(x: 0, y: y)
        return "contentOffset \(y)"
      case 5:
        let y = rng.int(0...highest)
        view.setContentOffset(CGPoint(x: 0, y: y), animated: true)
        return "setContentOffset \(y)"
      case 6:
        guard let target = allPaths(view).randomElement(using: &rng) else { return "no row" }
        (view as? UITableView)?.scrollToRow(at: target, at: .middle, animated: true)
        (view as? UICollectionView)?.scrollToItem(at: target, at: .top, animated: true)
        return "scroll to \(target)"
      case 7:
        let height = rng.int(0...250)
        view.frame.size.height = CGFloat(height)
        view.layoutIfNeeded()
        return "height \(height)"
      default:
        reload(view)
        return "reload"
      }
    }

    /// `snapshot` with a few items deleted, inserted (new identities from
    /// `nextID`), moved, or given a new subject.
    static func edited(
      _ snapshot: Snapshot<String, Mail>, nextID: inout Int, rng: inout SplitMix64
    ) -> Snapshot<String, Mail> {
      var sections = snapshot.sections
      for _ in 0..<rng.int(1...4) {
        let s = rng.int(0..<sections.count)
        let count = sections[s].items.count
        switch rng.int(0..<4) {
        case 0 where count > 0: sections[s].items.remove(at: rng.int(0..<count))
        case 1:
          sections[s].items.insert(Mail(id: nextID, subject: "n"), at: rng.int(0...count))
          nextID += 1
        case 2 where count > 0:
          let mail = sections[s].items.remove(at: rng.int(0..<count))
          let t = rng.int(0..<sections.count)
          sections[t].items.insert(mail, at: rng.int(0...sections[t].items.count))
        case 3 where count > 0: sections[s].items[rng.int(0..<count)].subject += "'"
        default: break
        }
      }
      return Snapshot(sections: sections)
    }

    static func reload(_ view: StandInListView) {
      (view as? UITableView)?.reloadData()
      (view as? UICollectionView)?.reloadData()
      view.layoutIfNeeded()
    }

    static func visiblePaths(_ view: StandInListView) -> [IndexPath] {
      (view as? UITableView)?.indexPathsForVisibleRows
        ?? (view as? UICollectionView)?.indexPathsForVisibleItems ?? []
    }

    static func allPaths(_ view: StandInListView) -> [IndexPath] {
      if let table = view as? UITableView {
        return (0..<table.numberOfSections).flatMap { section in
          (0..<table.numberOfRows(inSection: section)).map { IndexPath(row: $0, section: section) }
        }
      }
      guard let collection = view as? UICollectionView else { return [] }
      return (0..<collection.numberOfSections).flatMap { section in
        (0..<collection.numberOfItems(inSection: section)).map {
          IndexPath(item: $0, section: section)
        }
      }
    }
  }

  /// The identity of the item of `node` at `indexPath`, if it has one.
  @MainActor
  func itemID(in node: some DataSource<some Hashable, Mail>, at indexPath: IndexPath) -> Int? {
    guard (0..<node.numberOfSections).contains(indexPath.section),
      (0..<node.numberOfItems(inSection: indexPath.section)).contains(indexPath.item)
    else { return nil }
    return node.item(at: ItemPath(section: indexPath.section, item: indexPath.item)).id
  }

  /// What each handler believes displayed, from its calls, checked as they
  /// come.
  @MainActor
  final class RoutingBeliefs {
    /// For each handler, the index paths its `willDisplay` calls gave for
    /// each item, less those its `didEndDisplaying` calls took back.
    private(set) var shown: [String: [Int: [IndexPath]]] = [:]
    private(set) var failures: [String] = []
    /// The identity of the item of each handler's node at an index path.
    var lookUp: [String: @MainActor (IndexPath) -> Int?] = [:]

    func willDisplay(_ handler: String, _ id: Int, _ indexPath: IndexPath) {
      let actual = lookUp[handler]?(indexPath)
      if actual != id {
        failures.append(
          "\(handler).willDisplay \(id) @\(indexPath): its node has \(actual.map(String.init) ?? "nothing") there"
        )
      }
      shown[handler, default: [:]][id, default: []].append(indexPath)
    }

    func didEnd(_ handler: String, _ id: Int, _ indexPath: IndexPath) {
      guard let index = shown[handler]?[id]?.firstIndex(of: indexPath) else {
        failures.append("\(handler).didEnd \(id) @\(indexPath) without a willDisplay there")
        return
      }
      shown[handler]?[id]?.remove(at: index)
      if shown[handler]?[id]?.isEmpty == true { shown[handler]?[id] = nil }
    }
  }
#endif
