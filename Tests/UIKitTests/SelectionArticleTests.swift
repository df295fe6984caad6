// Runs where the UIKit layer is built on its stand-in.
#if canImport(UIKitStandIn)
  import DataSourceGraphSections
  import DataSourceGraphNodes
  import DataSourceGraphUIKit
  import Foundation
  import Testing
  import UIKitStandIn

  // The code of the UIKit module's article "Selection and focus"
  // (Sources/UIKit/Documentation.docc/SelectionAndFocus.md): every Swift
  // block of the article appears here verbatim (up to indentation);
  // `.ci/doc-blocks` checks it. The tests check that it prints what the
  // article says.

  /// What the article's code printed, in order.
  @MainActor private var printed: [String] = []

  /// Records what the article's code prints (in this file only).
  @MainActor private func print(_ value: Any) {
    printed.append("\(value)")
  }

  @MainActor
  @Suite struct SelectionArticleTests {
    let window = makeWindow()
    let inbox = MutableDataSource<String, Mail>(sections: [section("inbox", mails(1...5))])

    @Test func theSelectionBlocksPrintWhatTheArticleSays() {
      printed = []
      let tableView = makeTableView(in: window)
      let dataSource = makeTableDataSource(tableView, inbox)

      // Article: SelectionAndFocus — begin
      tableView.allowsMultipleSelection = true
      dataSource.selectedItemIDs = [1, 3]
      inbox.moveItem(from: ItemPath(section: 0, item: 0), to: ItemPath(section: 0, item: 2))
      print(dataSource.selectedItemIDs.sorted())  // [1, 3]
      print(tableView.indexPathsForSelectedRows!)  // [[0, 1], [0, 2]]
      // Article: SelectionAndFocus — end

      // Article: SelectionAndFocus — begin
      dataSource.onSelectedItemsRemoved = { removed in
        print("no longer shown: \(removed.sorted())")
      }
      inbox.deleteItems(withIDs: [3])  // no longer shown: [3]
      // Article: SelectionAndFocus — end

      #expect(printed == ["[1, 3]", "[[0, 1], [0, 2]]", "no longer shown: [3]"])
    }

    @Test func theAnnouncementBlockAnnouncesNewMessages() {
      let tableView = makeTableView(in: window)
      let dataSource = makeTableDataSource(tableView, inbox)

      // Article: SelectionAndFocus — begin
      dataSource.insertionAnnouncement = { count in
        count == 1 ? "1 new message" : "\(count) new messages"
      }
      // Article: SelectionAndFocus — end

      StandInVoiceOver.run {
        inbox.append(mails(6...7), toSection: 0)
        #expect(StandInVoiceOver.announcements == ["2 new messages"])
      }
    }

    @Test func theFocusEngineBlockPrintsWhatTheArticleSays() {
      printed = []
      let tableView = makeTableView(in: window)
      let dataSource = makeTableDataSource(tableView, inbox)

      // Article: SelectionAndFocus — begin
      dataSource.focusDidMove(to: IndexPath(row: 1, section: 0))  // mail 2
      inbox.insert([Mail(id: 7, subject: "Lunch?")], at: ItemPath(section: 0, item: 0))
      print(dataSource.indexPathForPreferredFocusedView!)  // [0, 2]
      // Article: SelectionAndFocus — end

      #expect(printed == ["[0, 2]"])
      #expect(dataSource.lastFocusedItemID == 2)
    }
  }
#endif
