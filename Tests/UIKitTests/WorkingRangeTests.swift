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

  /// The working range: the rows on screen and `workingRangeSize` rows
  /// before and after them, reported to the nodes that take it with their
  /// own items, after each scroll and each change.
  ///
  /// Rows are 44 points high and the table 640: rows 0 to 14 are on screen
  /// at the top.
  @MainActor
  @Suite struct WorkingRangeTests {
    let window = makeWindow()

    /// What a node's working-range handlers were told, in order.
    final class Record {
      var entered: [[Int]] = []
      var left: [[Int]] = []
      /// The range as the calls build it.
      var range: Set<Int> = []
    }

    /// Records what `events`' working-range handlers are told.
    func record(_ events: ListEvents<String, Mail>) -> Record {
      let record = Record()
      events.leftWorkingRange = { ids in
        record.left.append(ids)
        record.range.subtract(ids)
      }
      events.enteredWorkingRange = { ids in
        record.entered.append(ids)
        record.range.formUnion(ids)
      }
      return record
    }

    @Test func theRangeIsTheRowsOnScreenAndTheRowsAroundThem() {
      let inbox = MutableDataSource(snapshot: Snapshot(id: "inbox", items: mails(0..<100)))
      let tableView = makeTableView(in: window)
      let dataSource = makeTableDataSource(tableView, inbox)
      tableView.delegate = dataSource
      dataSource.workingRangeSize = 5
      let record = record(dataSource.events(for: inbox))
      #expect(record.entered == [Array(0..<20)])
      #expect(dataSource.events(for: inbox).workingRange == Set(0..<20))

      tableView.contentOffset.y = 44 * 30  // rows 30 to 44 on screen
      #expect(record.left == [Array(0..<20)])
      #expect(record.entered.last == Array(25..<50))
      #expect(record.range == Set(25..<50))
    }

    @Test func eachNodeHearsOfItsOwnRowsOnly() {
      let first = MutableDataSource(snapshot: Snapshot(id: "first", items: mails(0..<10)))
      let second = MutableDataSource(snapshot: Snapshot(id: "second", items: mails(100..<150)))
      let screen = CompositeDataSource(first, second.filter { $0.id % 2 == 0 })
      let tableView = makeTableView(in: window)
      let dataSource = TableViewDataSource(tableView: tableView, source: screen) {
        tableView, indexPath, _ in
        tableView.dequeueReusableCell(withIdentifier: "cell", for: indexPath)
      }
      tableView.delegate = dataSource
      dataSource.workingRangeSize = 2
      let firstRecord = record(dataSource.events(for: first))
      let secondRecord = record(dataSource.events(for: second))
      // Rows 0 to 14 on screen, 2 more below: the 10 of the first leaf and
      // the second's 100, 102, …, 112.
      #expect(firstRecord.range == Set(0..<10))
      #expect(secondRecord.range == Set(stride(from: 100, to: 114, by: 2)))

      // Rows 12 to 26 on screen, 10 to 28 in the range: the second leaf's
      // 100, 102, …, 136 only.
      tableView.contentOffset.y = 44 * 12
      #expect(firstRecord.range == [])
      #expect(firstRecord.left.last == Array(0..<10))
      #expect(secondRecord.range == Set(stride(from: 100, through: 136, by: 2)))
    }

    @Test func rowsThatLeaveTheScreenLeaveTheRange() {
      let inbox = MutableDataSource(snapshot: Snapshot(id: "inbox", items: mails(0..<30)))
      let tableView = makeTableView(in: window)
      let dataSource = makeTableDataSource(tableView, inbox)
      tableView.delegate = dataSource
      let record = record(dataSource.events(for: inbox))
      #expect(record.range == Set(0..<15))
      inbox.deleteItems(withIDs: [3])
      #expect(record.left.last == [3])
      #expect(record.entered.last == [15])  // row 15 moved up onto the screen
      #expect(record.range == Set(0..<16).subtracting([3]))
    }

    @Test func theRangeCanAskForTheNextPage() {
      let feed = PagedDataSource<String, Mail, Int>(section: "feed") { request in
        let start = request.cursor ?? 0
        _ = request.succeed(
          with: Page(items: mails(start..<start + 20), next: start < 60 ? start + 20 : nil))
      }
      feed.load()
      let tableView = makeTableView(in: window)
      let dataSource = makeTableDataSource(tableView, feed)
      tableView.delegate = dataSource
      dataSource.workingRangeSize = 10
      dataSource.events(for: feed).enteredWorkingRange = { ids in
        if let last = ids.last { feed.loadNextPageIfNeeded(showing: last, within: 5) }
      }
      // Rows 0 to 14 on screen and 10 more ask for the rows 20 to 39.
      #expect(feed.numberOfItems == 40)
      tableView.contentOffset.y = 44 * 20
      #expect(feed.numberOfItems == 60)
      #expect(tableView.invalidUpdates.isEmpty)
    }

    /// A random screen (two leaves, one behind a filter, under a
    /// composite), scrolled and edited at random: after every step each
    /// leaf's range is the oracle's (its items among the rows from
    /// `workingRangeSize` before the first row on screen to as many after
    /// the last, read from the view), and what its handlers were told adds
    /// up to it.
    @Test(.namesTheSeed)
    func aRandomScreenReportsTheOraclesRange() async {
      await forEachSeed(1...30 as ClosedRange<UInt64>, aRandomScreenReportsTheOraclesRange(seed:))
    }

    func aRandomScreenReportsTheOraclesRange(seed: UInt64) {
      var rng = SplitMix64(seed: seed)
      var next = 1_000
      let first = MutableDataSource(snapshot: Snapshot(id: "a", items: mails(0..<rng.int(0...40))))
      let second = MutableDataSource(
        snapshot: Snapshot(id: "b", items: mails(500..<500 + rng.int(0...40))))
      let screen = CompositeDataSource(first, second.filter { $0.id % 3 != 0 })
      let tableView = makeTableView(in: window)
      let dataSource = TableViewDataSource(tableView: tableView, source: screen) {
        tableView, indexPath, _ in
        tableView.dequeueReusableCell(withIdentifier: "cell", for: indexPath)
      }
      tableView.delegate = dataSource
      dataSource.workingRangeSize = rng.int(0...8)
      let leaves = [first, second]
      let records = leaves.map { record(dataSource.events(for: $0)) }
      for step in 0..<40 {
        let leaf = leaves[rng.int(0..<2)]
        switch rng.int(0..<4) {
        case 0:
          let height = tableView.contentSize.height
          tableView.contentOffset.y = CGFloat(rng.int(0...max(0, Int(height) - 640)))
        case 1:
          let count = leaf.numberOfItems
          let mail = Mail(id: next, subject: "new")
          next += 1
          _ = leaf.insert([mail], at: ItemPath(section: 0, item: rng.int(0...count)))
        case 2:
          if leaf.numberOfItems > 0 {
            let victim = leaf.item(at: ItemPath(section: 0, item: rng.int(0..<leaf.numberOfItems)))
            leaf.deleteItems(withIDs: [victim.id])
          }
        default:
          dataSource.workingRangeSize = rng.int(0...8)
        }
        let inRange = Set(oracleRange(tableView, dataSource))
        for (leaf, record) in zip(leaves, records) {
          let own = Set(leaf.snapshot.sections.flatMap { $0.items.map(\.id) })
          let expected = inRange.intersection(own)
          #expect(
            dataSource.events(for: leaf).workingRange == expected,
            "seed \(seed), step \(step): the range of \(leaf.snapshot.sections[0].id)")
          #expect(record.range == expected, "seed \(seed), step \(step): the calls add up")
        }
        #expect(tableView.invalidUpdates.isEmpty)
      }
    }

    /// The identities from `workingRangeSize` rows before the first row on
    /// screen to as many after the last, from the view's own rows.
    func oracleRange<SectionID>(
      _ tableView: UITableView, _ dataSource: TableViewDataSource<SectionID, Mail>
    ) -> [Int] {
      let all = dataSource.snapshot.sections.flatMap { $0.items.map(\.id) }
      let visible = (tableView.indexPathsForVisibleRows ?? []).compactMap {
        dataSource.item(at: $0)?.id
      }
      let positions = visible.compactMap { all.firstIndex(of: $0) }
      guard let low = positions.min(), let high = positions.max() else { return [] }
      let size = dataSource.workingRangeSize
      return Array(all[max(0, low - size)...min(all.count - 1, high + size)])
    }
  }
#endif
