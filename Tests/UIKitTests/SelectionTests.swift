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

  /// Selection kept by identity, through a table or collection view data
  /// source: named cases of what the property test
  /// (`SelectionPropertyTests`) checks at random.
  @MainActor
  @Suite struct SelectionTests {
    let window = makeWindow()
    let inbox = MutableDataSource<String, Mail>(sections: [section("inbox", mails(1...5))])

    /// A table in the window showing `source`, with multiple selection
    /// when `multiple`, and what `onSelectedItemsRemoved` reported.
    func makeTable<S: Hashable>(
      _ source: some DataSource<S, Mail>, multiple: Bool = true
    ) -> (UITableView, TableViewDataSource<S, Mail>, Removals) {
      let tableView = makeTableView(in: window)
      tableView.allowsMultipleSelection = multiple
      let dataSource = TableViewDataSource(tableView: tableView, source: source) {
        tableView, indexPath, mail in
        let cell = tableView.dequeueReusableCell(withIdentifier: "cell", for: indexPath)
        var content = cell.defaultContentConfiguration()
        content.text = text(mail)
        cell.contentConfiguration = content
        return cell
      }
      let removals = Removals()
      dataSource.onSelectedItemsRemoved = { removals.reports.append($0) }
      return (tableView, dataSource, removals)
    }

    /// What `onSelectedItemsRemoved` reported, in order.
    final class Removals {
      var reports: [Set<Int>] = []
    }

    @Test func aMovedItemStaysSelected() {
      let (tableView, dataSource, removals) = makeTable(inbox)
      dataSource.selectedItemIDs = [2, 4]
      inbox.moveItem(from: ItemPath(section: 0, item: 1), to: ItemPath(section: 0, item: 4))
      #expect(dataSource.selectedItemIDs == [2, 4])
      #expect(tableView.indexPathsForSelectedRows == [ip(0, 2), ip(0, 4)])
      #expect(removals.reports.isEmpty)
    }

    /// UIKit deselects a reloaded row; the data source selects it again.
    @Test func aReloadedRowStaysSelected() {
      let (tableView, dataSource, removals) = makeTable(inbox)
      dataSource.options.itemUpdates = .reload
      #expect(dataSource.selectItem(withID: 3, animated: false))
      tableView.clearRecords()
      inbox.update(Mail(id: 3, subject: "changed"))
      #expect(tableView.updateLog.contains(.reloadRows([ip(0, 2)], animation: .automatic)))
      #expect(dataSource.selectedItemIDs == [3])
      #expect(removals.reports.isEmpty)
    }

    @Test func aReconfiguredRowKeepsItsSelectionWithoutHelp() {
      let (tableView, dataSource, _) = makeTable(inbox)
      dataSource.selectItem(withID: 3, animated: false)
      let cell = tableView.cellForRow(at: ip(0, 2))
      inbox.update(Mail(id: 3, subject: "changed"))
      #expect(tableView.cellForRow(at: ip(0, 2)) === cell)
      #expect(dataSource.selectedItemIDs == [3])
    }

    /// A change too large to animate becomes `reloadData()`, which clears
    /// UIKit's selection: the items still shown are selected again.
    @Test func aReloadFallbackKeepsTheSelectionOfItemsStillShown() {
      let (tableView, dataSource, removals) = makeTable(inbox)
      dataSource.options.maximumAnimatedChanges = 1
      dataSource.selectedItemIDs = [1, 5]
      tableView.clearRecords()
      inbox.replace(with: Snapshot(sections: [section("inbox", mails([5, 9, 8, 1, 7]))]))
      #expect(tableView.reloadDataCount == 1)
      #expect(dataSource.selectedItemIDs == [1, 5])
      #expect(tableView.indexPathsForSelectedRows == [ip(0, 0), ip(0, 3)])
      #expect(removals.reports.isEmpty)
    }

    @Test func anItemThatLeavesIsDeselectedAndReportedOnce() {
      let (tableView, dataSource, removals) = makeTable(inbox)
      dataSource.selectedItemIDs = [2, 3, 4]
      inbox.deleteItems(withIDs: [2, 4])
      #expect(dataSource.selectedItemIDs == [3])
      #expect(tableView.indexPathsForSelectedRows == [ip(0, 1)])
      #expect(removals.reports == [[2, 4]])
      // It is not selected again when it comes back.
      inbox.append(mails([2]), toSection: 0)
      #expect(dataSource.selectedItemIDs == [3])
      #expect(removals.reports == [[2, 4]])
    }

    /// An item a filter hides has left the view.
    @Test func anItemAFilterHidesLeavesTheSelection() {
      let hidden = Box(ids: [])
      let screen = inbox.filter { !hidden.ids.contains($0.id) }
      let (_, dataSource, removals) = makeTable(screen)
      dataSource.selectedItemIDs = [1, 2]
      hidden.ids = [2]
      inbox.update(Mail(id: 2, subject: "hidden"))
      #expect(dataSource.selectedItemIDs == [1])
      #expect(removals.reports == [[2]])
    }

    final class Box: @unchecked Sendable {
      var ids: Set<Int>
      init(ids: Set<Int>) { self.ids = ids }
    }

    @Test func singleSelectionKeepsOneItem() {
      let (tableView, dataSource, removals) = makeTable(inbox, multiple: false)
      #expect(dataSource.selectItem(withID: 2, animated: true))
      #expect(dataSource.selectItem(withID: 4, animated: true))
      #expect(dataSource.selectedItemIDs == [4])
      inbox.moveItem(from: ItemPath(section: 0, item: 3), to: ItemPath(section: 0, item: 0))
      #expect(tableView.indexPathsForSelectedRows == [ip(0, 0)])
      dataSource.deselectItem(withID: 4, animated: false)
      #expect(dataSource.selectedItemIDs.isEmpty)
      #expect(!dataSource.selectItem(withID: 99, animated: false))
      #expect(removals.reports.isEmpty)
    }

    @Test func settingTheSelectionSelectsExactlyTheItemsShown() {
      let (tableView, dataSource, _) = makeTable(inbox)
      dataSource.selectedItemIDs = [1, 2]
      dataSource.selectedItemIDs = [2, 3, 42]
      #expect(dataSource.selectedItemIDs == [2, 3])
      #expect(tableView.indexPathsForSelectedRows == [ip(0, 1), ip(0, 2)])
      tableView.allowsSelection = false
      #expect(!dataSource.selectItem(withID: 4, animated: false))
    }

    /// The node refuses a move the user made; the view is reloaded and the
    /// moved row, selected, stays selected.
    @Test func aRefusedUserMoveKeepsTheSelection() {
      let archive = MutableDataSource<String, Mail>(sections: [section("archive", mails(6...7))])
      let (tableView, dataSource, removals) = makeTable(CompositeDataSource(inbox, archive))
      dataSource.reordersItems = true
      dataSource.selectedItemIDs = [1, 6]
      tableView.clearRecords()
      #expect(tableView.simulateUserMove(from: ip(0, 0), to: ip(1, 1)))
      #expect(tableView.reloadDataCount == 1)
      #expect(dataSource.selectedItemIDs == [1, 6])
      #expect(tableView.indexPathsForSelectedRows == [ip(0, 0), ip(1, 0)])
      #expect(removals.reports.isEmpty)
    }

    @Test func anAcceptedUserMoveCarriesTheSelection() {
      let (tableView, dataSource, _) = makeTable(inbox)
      dataSource.reordersItems = true
      dataSource.selectedItemIDs = [1]
      tableView.clearRecords()
      #expect(tableView.simulateUserMove(from: ip(0, 0), to: ip(0, 3)))
      #expect(tableView.reloadDataCount == 0)
      #expect(tableView.indexPathsForSelectedRows == [ip(0, 3)])
      #expect(dataSource.selectedItemIDs == [1])
    }

    /// With changes held for the end of the turn, selecting an item just
    /// added shows the changes first.
    @Test func selectingShowsWaitingChangesFirst() {
      let (_, dataSource, _) = makeTable(inbox)
      var flush: (@MainActor @Sendable () -> Void)?
      dataSource.scheduling = .custom { flush = $0 }
      inbox.append(mails([9]), toSection: 0)
      #expect(dataSource.indexPath(for: 9) == nil)
      #expect(dataSource.selectItem(withID: 9, animated: false))
      #expect(dataSource.selectedItemIDs == [9])
      flush?()
    }

    @Test func aCollectionViewKeepsItsSelectionThroughAReload() {
      let (view, dataSource) = makeCollection(in: window, inbox)
      view.allowsMultipleSelection = true
      var removed: [Set<Int>] = []
      dataSource.onSelectedItemsRemoved = { removed.append($0) }
      dataSource.selectedItemIDs = [2, 4]
      dataSource.options.maximumAnimatedChanges = 0
      view.clearRecords()
      inbox.replace(with: Snapshot(sections: [section("inbox", mails([4, 3, 1]))]))
      #expect(view.reloadDataCount == 1)
      #expect(dataSource.selectedItemIDs == [4])
      #expect(view.indexPathsForSelectedItems == [IndexPath(item: 0, section: 0)])
      #expect(removed == [[2]])
    }
  }
#endif
