// Runs where the UIKit layer is built on its stand-in (not on Apple
// platforms with UIKit, where these checks of the stand-in do not exist).
#if canImport(UIKitStandIn)
  import DataSourceGraphSections
  import DataSourceGraphNodes
  import DataSourceGraphUIKit
  import Foundation
  import Testing
  import UIKitStandIn

  /// `TableViewDataSource` against the UIKit stand-in: what the table view
  /// asks, what it is told, and what it shows.
  @MainActor
  @Suite struct TableViewDataSourceTests {
    let window = makeWindow()
    let inbox = MutableDataSource<String, Mail>(
      sections: [section("today", header: "Today", mails(1...3)), section("older", mails(4...5))])

    @Test func theTableShowsTheNodeAtOnce() {
      let tableView = makeTableView(in: window)
      let dataSource = makeTableDataSource(tableView, inbox)
      #expect(tableView.dataSource === dataSource)
      #expect(tableView.reloadDataCount == 1)
      #expect(tableView.shownTexts == texts(inbox.snapshot))
      #expect(tableView.shownHeaderTitles == ["Today", nil])
      #expect(dataSource.snapshot == inbox.snapshot)
      #expect(dataSource.item(at: IndexPath(row: 1, section: 1)) == Mail(id: 5, subject: "m5"))
      #expect(dataSource.item(at: IndexPath(row: 9, section: 1)) == nil)
      #expect(dataSource.indexPath(for: 4) == IndexPath(row: 0, section: 1))
    }

    @Test func editsReachTheTableAsBatchUpdates() {
      let tableView = makeTableView(in: window)
      let dataSource = makeTableDataSource(tableView, inbox)
      tableView.clearRecords()
      _ = inbox.append(mails(6...7), toSection: 0)
      inbox.deleteItems(withIDs: [4])
      inbox.moveItem(from: ItemPath(section: 0, item: 0), to: ItemPath(section: 1, item: 0))
      inbox.moveSection(from: 1, to: 0)
      #expect(tableView.batchRecords.count == 4)
      #expect(tableView.batchRecords.allSatisfy { $0.valid })
      // The move of the top row and the section move above it change what
      // is above the row kept in place: they do not animate (see
      // KeepingThePlaceTests).
      #expect(tableView.batchRecords.map { $0.animated } == [true, true, false, false])
      #expect(tableView.reloadDataCount == 0)
      #expect(tableView.shownTexts == texts(inbox.snapshot))
      #expect(dataSource.snapshot == inbox.snapshot)
      #expect(tableView.invalidUpdates.isEmpty)
    }

    @Test func anUpdatedItemIsReconfiguredInItsCell() throws {
      let tableView = makeTableView(in: window)
      let dataSource = makeTableDataSource(tableView, inbox)
      let cell = try #require(tableView.cellForRow(at: IndexPath(row: 1, section: 0)))
      tableView.clearRecords()
      _ = inbox.update(Mail(id: 2, subject: "edited"))
      #expect(tableView.updateLog.contains(.reconfigureRows([IndexPath(row: 1, section: 0)])))
      #expect(!tableView.updateLog.contains { if case .reloadRows = $0 { true } else { false } })
      #expect(tableView.cellForRow(at: IndexPath(row: 1, section: 0)) === cell)
      #expect(tableView.prepareForReuseCount == 0)
      #expect(tableView.shownTexts == texts(inbox.snapshot))
      #expect(dataSource.snapshot == inbox.snapshot)
    }

    @Test func anUpdatedItemIsReloadedWhenTheOptionsSaySo() throws {
      let tableView = makeTableView(in: window)
      let dataSource = makeTableDataSource(tableView, inbox)
      dataSource.options.itemUpdates = .reload
      let cell = try #require(tableView.cellForRow(at: IndexPath(row: 1, section: 0)))
      tableView.clearRecords()
      _ = inbox.update(Mail(id: 2, subject: "edited"))
      #expect(
        tableView.updateLog.contains(
          .reloadRows([IndexPath(row: 1, section: 0)], animation: .automatic)))
      #expect(
        !tableView.updateLog.contains { if case .reconfigureRows = $0 { true } else { false } })
      // The row's cell went back to the reuse pool and was dequeued again.
      #expect(tableView.prepareForReuseCount == 1)
      _ = cell
      #expect(tableView.shownTexts == texts(inbox.snapshot))
    }

    @Test func anItemUpdatedAndMovedReachesItsNewPlaceWithItsNewValue() {
      for style in [ItemUpdateStyle.reconfigure, .reload] {
        let window = makeWindow()
        let inbox = MutableDataSource<String, Mail>(sections: [section("all", mails(1...5))])
        let tableView = makeTableView(in: window)
        let dataSource = makeTableDataSource(tableView, inbox)
        dataSource.options.itemUpdates = style
        var moved = inbox.snapshot.sections[0].items.array
        let first = moved.removeFirst()
        moved.append(Mail(id: first.id, subject: "edited"))
        inbox.replace(with: Snapshot(sections: [section("all", moved)]))
        #expect(tableView.shownTexts == texts(inbox.snapshot), "\(style)")
        #expect(tableView.invalidUpdates.isEmpty)
      }
    }

    @Test func performWithoutAnimationCallsBackWhenTheTableHasFinished() {
      let tableView = makeTableView(in: window)
      let dataSource = makeTableDataSource(tableView, inbox)
      tableView.clearRecords()
      var finished = false
      dataSource.perform(animated: false) {
        _ = inbox.append(mails(6...6), toSection: 1)
        _ = inbox.update(Mail(id: 1, subject: "edited"))
      } completion: {
        finished = true
      }
      #expect(tableView.batchRecords.map(\.animated) == [false, false])
      if tableView.pendingCompletionCount > 0 {
        #expect(!finished)
        tableView.finishAnimations()
      }
      #expect(finished)
      _ = inbox.append(mails(7...7), toSection: 1)
      #expect(tableView.batchRecords.last?.animated == true)
    }

    @Test func animatedChangesCallBackOnlyAfterTheirAnimations() {
      let tableView = makeTableView(in: window)
      let dataSource = makeTableDataSource(tableView, inbox)
      var finished = 0
      dataSource.perform {
        _ = inbox.append(mails(6...6), toSection: 1)
      } completion: {
        finished += 1
      }
      #expect(tableView.pendingCompletionCount == 1)
      #expect(finished == 0)
      tableView.finishAnimations()
      #expect(finished == 1)
      dataSource.perform {
      } completion: {
        finished += 1
      }
      #expect(finished == 2, "nothing changed: called at once")
    }

    @Test func optionsTurnAnimationsOff() {
      let tableView = makeTableView(in: window)
      let dataSource = makeTableDataSource(tableView, inbox)
      dataSource.options.animates = false
      _ = inbox.append(mails(6...6), toSection: 1)
      #expect(tableView.batchRecords.last?.animated == false)
    }

    @Test func aTableInNoWindowIsReloaded() {
      let tableView = makeTableView(in: nil)
      let dataSource = makeTableDataSource(tableView, inbox)
      var updates: [ListUpdate] = []
      dataSource.onUpdate = { updates.append($0) }
      _ = inbox.append(mails(6...6), toSection: 1)
      #expect(updates == [.reloaded(.offscreen)])
      #expect(tableView.batchRecords.isEmpty)
      #expect(tableView.reloadDataCount == 2)
      #expect(tableView.shownTexts == texts(inbox.snapshot))

      dataSource.options.reloadsWhenOffscreen = false
      _ = inbox.append(mails(7...7), toSection: 1)
      #expect(updates.last == .batches(steps: 1, animated: true, reconfigured: 0))
      #expect(tableView.shownTexts == texts(inbox.snapshot))
    }

    @Test func aChangeTooLargeToAnimateIsReloaded() {
      let tableView = makeTableView(in: window)
      let dataSource = makeTableDataSource(tableView, inbox)
      dataSource.options.maximumAnimatedChanges = 2
      var updates: [ListUpdate] = []
      dataSource.onUpdate = { updates.append($0) }
      _ = inbox.append(mails(6...7), toSection: 1)
      _ = inbox.append(mails(8...10), toSection: 1)
      #expect(
        updates == [
          .batches(steps: 1, animated: true, reconfigured: 0), .reloaded(.tooManyChanges),
        ])
      #expect(tableView.shownTexts == texts(inbox.snapshot))
    }

    @Test func aWholeNewSnapshotIsReloaded() {
      let tableView = makeTableView(in: window)
      let dataSource = makeTableDataSource(tableView, inbox)
      var updates: [ListUpdate] = []
      dataSource.onUpdate = { updates.append($0) }
      inbox.reset(to: Snapshot(sections: [section("new", mails(20...21))]))
      #expect(
        updates.contains(.reloaded(.reloadAll))
          || updates.contains { if case .batches = $0 { true } else { false } })
      #expect(tableView.shownTexts == texts(inbox.snapshot))
    }

    @Test func titlesComeFromTheSectionsOrTheProviders() {
      let tableView = makeTableView(in: window)
      let dataSource = makeTableDataSource(tableView, inbox)
      #expect(tableView.shownHeaderTitles == ["Today", nil])
      dataSource.headerTitleProvider = { section, index in "\(index): \(section.id)" }
      dataSource.footerTitleProvider = { section, _ in "\(section.items.count) mails" }
      dataSource.indexTitleProvider = { section in section.id == "older" ? "O" : nil }
      tableView.reloadData()
      #expect(tableView.shownHeaderTitles == ["0: today", "1: older"])
      #expect(tableView.shownFooterTitles == ["3 mails", "2 mails"])
      #expect(tableView.shownSectionIndexTitles == ["O"])
      #expect(dataSource.tableView(tableView, sectionForSectionIndexTitle: "O", at: 0) == 1)
      #expect(dataSource.tableView(tableView, sectionForSectionIndexTitle: "?", at: 5) == 0)
    }

    @Test func theDataSourceOwnsItsNodeAndEndsItsObservation() {
      weak var weakSource: MutableDataSource<String, Mail>?
      weak var weakDataSource: TableViewDataSource<String, Mail>?
      let tableView = makeTableView(in: window)
      do {
        let source = MutableDataSource<String, Mail>(sections: [section("all", mails(1...2))])
        weakSource = source
        let dataSource = makeTableDataSource(tableView, source)
        weakDataSource = dataSource
        #expect(weakSource != nil)
        _ = dataSource
      }
      #expect(weakDataSource == nil)
      #expect(weakSource == nil)
    }

    @Test func theNodeOutlivesItsScreenWithoutBeingObserved() {
      let tableView = makeTableView(in: window)
      do {
        let dataSource = makeTableDataSource(tableView, inbox)
        _ = dataSource
      }
      _ = inbox.append(mails(6...6), toSection: 0)
      #expect(tableView.batchRecords.isEmpty)
    }
  }
#endif
