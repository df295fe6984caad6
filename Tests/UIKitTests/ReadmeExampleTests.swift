// Runs where the UIKit layer is built on its stand-in (not on Apple
// platforms with UIKit, where these checks of the stand-in do not exist).
#if canImport(UIKitStandIn)
  import DataSourceGraph
  import DataSourceGraphUIKit
  import Testing
  import UIKitStandIn

  /// The README's code prints what it shows; the tests here check those
  /// values themselves, so its output stays out of the test log.
  private func print(_ items: Any..., separator: String = " ") {}

  /// The README's UIKit block, verbatim inside a function (its `Mail` is
  /// local), run against the UIKit stand-in.
  @MainActor
  @Suite struct ReadmeUIKitExampleTests {
    @Test func theUIKitBlockShowsTheInbox() {
      struct Mail: Identifiable, Equatable, Sendable {
        var id: Int
        var subject: String
      }

      let inbox = MutableDataSource<String, Mail>(name: "Inbox")
      let tableView = UITableView(frame: .zero, style: .plain)
      tableView.register(UITableViewCell.self, forCellReuseIdentifier: "mail")

      let dataSource = TableViewDataSource(tableView: tableView, source: inbox) {
        tableView, indexPath, mail in
        let cell = tableView.dequeueReusableCell(withIdentifier: "mail", for: indexPath)
        var content = cell.defaultContentConfiguration()
        content.text = mail.subject
        cell.contentConfiguration = content
        return cell
      }

      // Loading, empty and error instead of the list, each with a retry button
      // that reloads the node; content stays visible while it refreshes.
      let placeholder = ContentStateView(role: .placeholder)
      tableView.backgroundView = placeholder
      dataSource.placeholderView = placeholder

      inbox.load { token in
        _ = token.succeed(with: Snapshot(id: "inbox", items: [Mail(id: 1, subject: "Lunch?")]))
      }

      // One change without animation, and a call back once it is on screen.
      dataSource.perform(animated: false) {
        _ = inbox.append([Mail(id: 2, subject: "Minutes")], toSection: 0)
      } completion: {
        print("shown:", dataSource.snapshot.sections[0].items.map(\.subject))
      }

      #expect(tableView.shownTexts == [["Lunch?", "Minutes"]])
      #expect(placeholder.isHidden)
      #expect(tableView.invalidUpdates.isEmpty)
      #expect(dataSource.state.kind == .content)
    }

    /// The README's screen-behaviour block, verbatim inside a function (its
    /// `Message` is local), run against the UIKit stand-in.
    @Test func theScreenBehaviourBlockKeepsTheSelectionOnItsItem() {
      struct Message: Identifiable, Equatable, Sendable {
        var id: Int
        var text: String
      }

      let chat = MutableDataSource<String, Message>(
        snapshot: Snapshot(
          id: "chat", items: (1...3).map { Message(id: $0, text: "Message \($0)") }))
      let tableView = UITableView(frame: .zero, style: .plain)
      tableView.register(UITableViewCell.self, forCellReuseIdentifier: "message")
      let dataSource = TableViewDataSource(tableView: tableView, source: chat) {
        tableView, indexPath, message in
        let cell = tableView.dequeueReusableCell(withIdentifier: "message", for: indexPath)
        var content = cell.defaultContentConfiguration()
        content.text = message.text
        cell.contentConfiguration = content
        return cell
      }
      tableView.delegate = dataSource  // cell events go to the nodes that own the rows

      // The row read stays put when rows come or go above it (the default).
      dataSource.options.keepsVisiblePosition = true

      // Selection by identity: kept through moves, reloads and reloadData.
      dataSource.selectedItemIDs = [2]
      dataSource.onSelectedItemsRemoved = { ids in print("no longer shown:", ids.sorted()) }

      // VoiceOver keeps its focus on its item, and hears what arrived.
      dataSource.insertionAnnouncement = { count in "\(count) new messages" }

      // Taps and prefetching reach the node that owns the rows, however composed.
      dataSource.events(for: chat).didSelect = { message, indexPath in print("open", message.text) }
      dataSource.events(for: chat).prefetch = { ids in print("prefetch", ids) }

      _ = chat.insert([Message(id: 0, text: "Earlier")], at: ItemPath(section: 0, item: 0))
      print(dataSource.selectedItemIDs, dataSource.indexPath(for: 2)!)  // [2] [0, 2]

      #expect(dataSource.selectedItemIDs == [2])
      #expect(dataSource.indexPath(for: 2) == IndexPath(row: 2, section: 0))
      #expect(tableView.indexPathsForSelectedRows == [IndexPath(row: 2, section: 0)])
      #expect(tableView.delegate === dataSource)
      #expect(tableView.invalidUpdates.isEmpty)
    }
  }
#endif
