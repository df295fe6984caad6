// Runs where the UIKit layer is built on its stand-in (not on Apple
// platforms with UIKit, where these checks of the stand-in do not exist).
#if canImport(UIKitStandIn)
  import DataSourceGraphSections
  import DataSourceGraphNodes
  import DataSourceGraphUIKit
  import Foundation
  import Testing
  import UIKitStandIn

  /// Focus kept by identity: VoiceOver stays on its item when the item's
  /// cell changes, new items are announced, and the focus engine's
  /// preferred index path follows the last focused item.
  @MainActor
  @Suite struct FocusTests {
    let window = makeWindow()
    let inbox = MutableDataSource<String, Mail>(sections: [section("inbox", mails(1...4))])

    /// Whether VoiceOver's focused element is in the cell at `path`.
    func focusIsOnRow(_ path: IndexPath, of tableView: UITableView) -> Bool {
      guard let cell = tableView.cellForRow(at: path),
        let focused = UIAccessibility.focusedElement(using: .notificationVoiceOver) as AnyObject?
      else { return false }
      var view = focused as? UIView
      if view == nil {
        view = (focused as? UIAccessibilityElement)?.accessibilityContainer as? UIView
      }
      while let current = view {
        if current === cell { return true }
        view = current.superview
      }
      return false
    }

    @Test func voiceOverStaysOnAReloadedRow() {
      let tableView = makeTableView(in: window)
      let dataSource = makeTableDataSource(tableView, inbox)
      dataSource.options.itemUpdates = .reload
      StandInVoiceOver.run {
        StandInVoiceOver.focus(tableView.cellForRow(at: ip(0, 2))!.contentView)
        inbox.update(Mail(id: 3, subject: "changed"))
        #expect(focusIsOnRow(ip(0, 2), of: tableView))
        #expect(StandInVoiceOver.posted.count == 1)
        #expect(StandInVoiceOver.posted.first?.notification == .layoutChanged)
      }
    }

    /// A move keeps the cell, and the focus with it: nothing is posted.
    @Test func voiceOverFollowsAMovedRowWithoutANotification() {
      let tableView = makeTableView(in: window)
      withExtendedLifetime(makeTableDataSource(tableView, inbox)) {
        StandInVoiceOver.run {
          let element = UIAccessibilityElement(
            accessibilityContainer: tableView.cellForRow(at: ip(0, 0))!)
          StandInVoiceOver.focus(element)
          inbox.moveItem(from: ItemPath(section: 0, item: 0), to: ItemPath(section: 0, item: 3))
          #expect(focusIsOnRow(ip(0, 3), of: tableView))
          #expect(StandInVoiceOver.posted.isEmpty)
        }
      }
    }

    /// `reloadData()` gives every row a new cell: the focus is put back on
    /// its item's.
    @Test func voiceOverStaysOnItsItemThroughAReload() {
      let tableView = makeTableView(in: window)
      let dataSource = makeTableDataSource(tableView, inbox)
      dataSource.options.maximumAnimatedChanges = 0
      tableView.clearRecords()
      StandInVoiceOver.run {
        StandInVoiceOver.focus(tableView.cellForRow(at: ip(0, 1))!)
        inbox.replace(with: Snapshot(sections: [section("inbox", mails([4, 2, 9]))]))
        #expect(tableView.reloadDataCount == 1)
        #expect(focusIsOnRow(ip(0, 1), of: tableView))
      }
    }

    @Test func aFocusedItemThatLeavesPostsNothing() {
      let tableView = makeTableView(in: window)
      withExtendedLifetime(makeTableDataSource(tableView, inbox)) {
        StandInVoiceOver.run {
          StandInVoiceOver.focus(tableView.cellForRow(at: ip(0, 1))!)
          inbox.deleteItems(withIDs: [2])
          #expect(UIAccessibility.focusedElement(using: nil) == nil)
          #expect(StandInVoiceOver.posted.isEmpty)
        }
      }
    }

    @Test func newItemsAreAnnouncedWhileVoiceOverRuns() {
      let tableView = makeTableView(in: window)
      let dataSource = makeTableDataSource(tableView, inbox)
      dataSource.insertionAnnouncement = { count in
        count == 1 ? "1 new message" : "\(count) new messages"
      }
      inbox.append(mails(5...5), toSection: 0)
      StandInVoiceOver.run {
        inbox.append(mails(6...8), toSection: 0)
        // A move is not new.
        inbox.moveItem(from: ItemPath(section: 0, item: 0), to: ItemPath(section: 0, item: 2))
        inbox.insertSection(section("more", mails(9...9)), at: 1)
        #expect(StandInVoiceOver.announcements == ["3 new messages", "1 new message"])
      }
    }

    /// The focus engine's preferred index path follows the last focused
    /// item, by identity; `nil` once it left.
    @Test func thePreferredFocusFollowsTheLastFocusedItem() {
      let tableView = makeTableView(in: window)
      let dataSource = makeTableDataSource(tableView, inbox)
      #expect(dataSource.indexPathForPreferredFocusedView == nil)
      dataSource.focusDidMove(to: ip(0, 2))
      dataSource.focusDidMove(to: nil)
      #expect(dataSource.lastFocusedItemID == 3)
      inbox.moveItem(from: ItemPath(section: 0, item: 2), to: ItemPath(section: 0, item: 0))
      #expect(dataSource.indexPathForPreferredFocusedView == ip(0, 0))
      inbox.deleteItems(withIDs: [3])
      #expect(dataSource.indexPathForPreferredFocusedView == nil)
      dataSource.lastFocusedItemID = 4
      #expect(dataSource.indexPathForPreferredFocusedView == ip(0, 2))
    }
  }
#endif
