// Runs where the UIKit layer is built on its stand-in (not on Apple
// platforms with UIKit, where these checks of the stand-in do not exist).
#if canImport(UIKitStandIn)
  import DataSourceGraphSections
  import DataSourceGraphNodes
  import DataSourceGraphUIKit
  import Foundation
  import Testing
  import TestSupport
  import UIKitStandIn

  /// Turns of the main actor played by hand: what a renderer schedules for
  /// the end of the turn waits here until ``endTurn()``.
  @MainActor
  final class ManualTurns {
    private(set) var scheduled: [@MainActor @Sendable () -> Void] = []

    /// A scheduling that waits for ``endTurn()``.
    var scheduling: ListUpdateScheduling {
      .custom { [self] flush in scheduled.append(flush) }
    }

    /// Runs what was scheduled, in order.
    func endTurn() {
      let due = scheduled
      scheduled = []
      for flush in due { flush() }
    }
  }

  /// Bursts of edits in one turn of the main actor reach the view as one
  /// batch update, at the end of the turn.
  @MainActor
  @Suite struct UpdateStormTests {
    let window = makeWindow()
    let turns = ManualTurns()

    /// A node of two sections, "new" (mails 1000…) and "old" (mails 1...200).
    func makeInbox() -> MutableDataSource<String, Mail> {
      MutableDataSource(sections: [
        section("new", mails(1000..<1003)), section("old", mails(1...200)),
      ])
    }

    /// A table showing `inbox` whose changes wait for ``ManualTurns/endTurn()``.
    func makeStormTable(_ inbox: MutableDataSource<String, Mail>) -> (
      UITableView, TableViewDataSource<String, Mail>
    ) {
      let tableView = makeTableView(in: window)
      let dataSource = makeTableDataSource(tableView, inbox)
      dataSource.scheduling = turns.scheduling
      tableView.clearRecords()
      return (tableView, dataSource)
    }

    /// `count` edits: appends to "new", updates and deletes in "old".
    func storm(_ count: Int, on inbox: MutableDataSource<String, Mail>) {
      for index in 0..<count {
        switch index % 3 {
        case 0: _ = inbox.append([Mail(id: 2000 + index, subject: "n")], toSection: 0)
        case 1: _ = inbox.update(Mail(id: index, subject: "edited \(index)"))
        default: inbox.deleteItems(withIDs: [200 - index])
        }
      }
    }

    @Test(arguments: [1, 10, 100])
    func aStormIsOneBatchUpdateAtTheEndOfTheTurn(edits: Int) {
      let inbox = makeInbox()
      let (tableView, dataSource) = makeStormTable(inbox)
      var updates: [ListUpdate] = []
      dataSource.onUpdate = { updates.append($0) }
      let shown = tableView.shownTexts
      storm(edits, on: inbox)
      #expect(tableView.updateLog.isEmpty && tableView.shownTexts == shown)
      #expect(turns.scheduled.count == 1)
      turns.endTurn()
      #expect(tableView.batchRecords.count == 1)
      #expect(tableView.batchRecords.allSatisfy { $0.valid && $0.animated })
      #expect(tableView.reloadDataCount == 0 && tableView.invalidUpdates.isEmpty)
      #expect(updates.count == 1)
      #expect(tableView.shownTexts == texts(inbox.snapshot))
      #expect(dataSource.snapshot == inbox.snapshot)
    }

    @Test func questionsAskedMidStormAreAnsweredFromTheViewsSnapshot() {
      let inbox = makeInbox()
      let (tableView, dataSource) = makeStormTable(inbox)
      let before = inbox.snapshot
      inbox.deleteSection(at: 0)
      storm(10, on: inbox)
      #expect(dataSource.snapshot == before)
      #expect(dataSource.numberOfSections(in: tableView) == 2)
      #expect(dataSource.tableView(tableView, numberOfRowsInSection: 0) == 3)
      #expect(dataSource.tableView(tableView, numberOfRowsInSection: 1) == 200)
      let cell = dataSource.tableView(tableView, cellForRowAt: IndexPath(row: 199, section: 1))
      #expect((cell.contentConfiguration as? UIListContentConfiguration)?.text == "200:m200")
      #expect(
        dataSource.item(at: IndexPath(row: 0, section: 0)) == Mail(id: 1000, subject: "m1000"))
      turns.endTurn()
      #expect(tableView.batchRecords.count == 1 && tableView.invalidUpdates.isEmpty)
      #expect(dataSource.numberOfSections(in: tableView) == 1)
      #expect(tableView.shownTexts == texts(inbox.snapshot))
    }

    @Test func performShowsWhatWaitsThenItsOwnChangesAtOnce() {
      let inbox = makeInbox()
      let (tableView, dataSource) = makeStormTable(inbox)
      var completed = false
      storm(5, on: inbox)
      dataSource.perform(animated: false) {
        storm(7, on: inbox)
      } completion: {
        completed = true
      }
      // What waited, then the changes made inside: one batch update each.
      #expect(tableView.batchRecords.count == 2)
      #expect(tableView.batchRecords.last?.animated == false)
      #expect(tableView.shownTexts == texts(inbox.snapshot))
      tableView.finishAnimations()
      #expect(completed)
      turns.endTurn()
      #expect(tableView.batchRecords.count == 2 && tableView.invalidUpdates.isEmpty)
    }

    @Test func aStormTooLargeToFollowIsOneReload() {
      let inbox = makeInbox()
      let (tableView, dataSource) = makeStormTable(inbox)
      dataSource.options.maximumAnimatedChanges = 5
      var updates: [ListUpdate] = []
      dataSource.onUpdate = { updates.append($0) }
      storm(30, on: inbox)
      turns.endTurn()
      #expect(tableView.batchRecords.isEmpty && tableView.reloadDataCount == 1)
      #expect(updates == [.reloaded(.tooManyChanges)])
      #expect(tableView.shownTexts == texts(inbox.snapshot))
    }

    @Test func aWholeNewSnapshotMidStormIsOneReload() {
      let inbox = makeInbox()
      let tableView = makeTableView(in: window)
      var updates: [ListUpdate] = []
      // A renderer fed by hand: a batch, a `reloadAll`, a batch.
      let renderer = ListViewRenderer<String, Mail>(view: tableView)
      renderer.scheduling = turns.scheduling
      renderer.onUpdate = { updates.append($0) }
      renderer.reset(to: inbox.snapshot, state: .content)
      let first = Snapshot(sections: [inbox.snapshot.sections[1]])
      renderer.apply(.batch(first.difference(from: inbox.snapshot)))
      let whole = Snapshot(id: "x", items: mails(1...2))
      renderer.apply(.reloadAll(whole))
      renderer.apply(.batch(Snapshot(id: "x", items: mails(1...3)).difference(from: whole)))
      updates = []
      turns.endTurn()
      #expect(updates == [.reloaded(.reloadAll)])
      #expect(renderer.snapshot == Snapshot(id: "x", items: mails(1...3)))
      #expect(tableView.batchRecords.isEmpty)
    }

    @Test func theDefaultEndOfTurnShowsTheStormOnceTheTurnIsOver() async {
      let inbox = makeInbox()
      let (tableView, dataSource) = makeStormTable(inbox)
      dataSource.scheduling = .endOfTurn
      storm(20, on: inbox)
      #expect(tableView.batchRecords.isEmpty)
      // The flush is a task enqueued on the main actor: give the turn up.
      for _ in 0..<1_000 where tableView.batchRecords.isEmpty { await Task.yield() }
      #expect(tableView.batchRecords.count == 1 && tableView.invalidUpdates.isEmpty)
      #expect(tableView.shownTexts == texts(inbox.snapshot))
    }

    @Test func aUserMoveIsTakenInWithoutABatchUpdate() {
      let inbox = makeInbox()
      let (tableView, dataSource) = makeStormTable(inbox)
      dataSource.reordersItems = true
      let from = IndexPath(row: 0, section: 1)
      let to = IndexPath(row: 2, section: 1)
      #expect(tableView.simulateUserMove(from: from, to: to))
      #expect(turns.scheduled.count == 1)
      turns.endTurn()
      #expect(tableView.batchRecords.isEmpty && tableView.reloadDataCount == 0)
      #expect(tableView.invalidUpdates.isEmpty)
      #expect(tableView.shownTexts == texts(inbox.snapshot))
      #expect(dataSource.snapshot == inbox.snapshot)
    }

    @Test func seededStormsWithRandomFlushPointsKeepTheViewEqualToTheNode() {
      for seed in UInt64(1)...40 {
        var rng = SplitMix64(seed: seed)
        let inbox = MutableDataSource<String, Mail>(
          sections: [section("a", mails(1...6)), section("b", mails(7...9)), section("c", [])])
        let (tableView, dataSource) = makeStormTable(inbox)
        var updates = 0
        dataSource.onUpdate = { _ in updates += 1 }
        var nextID = 100
        var flushes = 0
        for _ in 0..<rng.int(1...60) {
          randomEdit(inbox, &rng, &nextID)
          if rng.chance(0.15) {
            if !turns.scheduled.isEmpty { flushes += 1 }
            turns.endTurn()
            #expect(tableView.shownTexts == texts(inbox.snapshot), "seed \(seed)")
          }
        }
        if !turns.scheduled.isEmpty { flushes += 1 }
        turns.endTurn()
        #expect(updates == flushes, "seed \(seed)")
        #expect(tableView.invalidUpdates.isEmpty, "seed \(seed)")
        #expect(tableView.shownTexts == texts(inbox.snapshot), "seed \(seed)")
        #expect(dataSource.snapshot == inbox.snapshot, "seed \(seed)")
      }
    }

    /// One random leaf edit of `inbox`.
    func randomEdit(
      _ inbox: MutableDataSource<String, Mail>, _ rng: inout SplitMix64, _ nextID: inout Int
    ) {
      let sections = inbox.snapshot.sections
      let section = rng.int(0..<sections.count)
      let count = sections[section].items.count
      switch rng.int(0..<5) {
      case 0:
        nextID += 1
        _ = inbox.insert(
          [Mail(id: nextID, subject: "m\(nextID)")],
          at: ItemPath(section: section, item: rng.int(0...count)))
      case 1 where count > 0:
        inbox.deleteItems(at: [ItemPath(section: section, item: rng.int(0..<count))])
      case 2 where count > 0:
        var mail = sections[section].items[rng.int(0..<count)]
        mail.subject += "'"
        _ = inbox.update(mail)
      case 3 where count > 0:
        let target = rng.int(0..<sections.count)
        let limit = sections[target].items.count - (target == section ? 1 : 0)
        inbox.moveItem(
          from: ItemPath(section: section, item: rng.int(0..<count)),
          to: ItemPath(section: target, item: rng.int(0...limit)))
      default:
        inbox.moveSection(from: section, to: rng.int(0..<sections.count))
      }
    }
  }
#endif
