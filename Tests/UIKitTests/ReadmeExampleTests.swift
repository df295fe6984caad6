// Runs where the UIKit layer is built on its stand-in (not on Apple
// platforms with UIKit, where these checks of the stand-in do not exist).
#if canImport(UIKitStandIn)
  import DataSourceGraph
  import DataSourceGraphUIKit
  import Testing
  import UIKitStandIn

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
  }
#endif
