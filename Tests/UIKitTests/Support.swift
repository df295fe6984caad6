// Runs where the UIKit layer is built on its stand-in (not on Apple
// platforms with UIKit, where these checks of the stand-in do not exist).
#if canImport(UIKitStandIn)
  import DataSourceGraphSections
  import DataSourceGraphNodes
  import DataSourceGraphUIKit
  import Foundation
  import Testing
  import UIKitStandIn

  /// A mail of the adapter tests.
  struct Mail: Identifiable, Equatable, Sendable {
    var id: Int
    var subject: String
  }

  /// A failure of a load in the tests.
  struct Offline: Error, CustomStringConvertible {
    var description: String { "offline" }
  }

  /// The cell text the tests' cell providers write: identity and subject.
  func text(_ mail: Mail) -> String { "\(mail.id):\(mail.subject)" }

  /// What a view must show for `snapshot`: the text of every item, by section.
  func texts(_ snapshot: Snapshot<String, Mail>) -> [[String?]] {
    snapshot.sections.map { $0.items.map { text($0) } }
  }

  /// A section of mails.
  func section(_ id: String, header: String? = nil, _ mails: [Mail]) -> SnapshotSection<
    String, Mail
  > {
    SnapshotSection(id: id, header: header, items: mails)
  }

  /// Mails `ids`, each with subject "m<id>".
  func mails(_ ids: some Sequence<Int>) -> [Mail] { ids.map { Mail(id: $0, subject: "m\($0)") } }

  /// A window for the tests' views (a view holds its window weakly: keep it).
  @MainActor
  func makeWindow() -> UIWindow { UIWindow(frame: CGRect(x: 0, y: 0, width: 320, height: 640)) }

  /// A table view in `window` (none: offscreen), with a cell class
  /// registered as "cell", that records an issue for every invalid update.
  @MainActor
  func makeTableView(in window: UIWindow?) -> UITableView {
    let tableView = UITableView(frame: CGRect(x: 0, y: 0, width: 320, height: 640), style: .plain)
    tableView.register(UITableViewCell.self, forCellReuseIdentifier: "cell")
    tableView.onInvalidUpdate = { Issue.record("invalid update: \($0)") }
    window?.addSubview(tableView)
    return tableView
  }

  /// A table view data source whose cells show `text(_:)` of their mail.
  @MainActor
  func makeTableDataSource(
    _ tableView: UITableView, _ source: some DataSource<String, Mail>
  ) -> TableViewDataSource<String, Mail> {
    TableViewDataSource(tableView: tableView, source: source, cellProvider: mailCell)
  }

  /// A "cell" cell of `tableView` that shows `text(_:)` of `mail`: the
  /// tests' cell provider.
  @MainActor
  func mailCell(_ tableView: UITableView, _ indexPath: IndexPath, _ mail: Mail) -> UITableViewCell {
    let cell = tableView.dequeueReusableCell(withIdentifier: "cell", for: indexPath)
    var content = cell.defaultContentConfiguration()
    content.text = text(mail)
    cell.contentConfiguration = content
    return cell
  }

  /// A collection view in `window` showing `source`, each cell its mail's
  /// text, laid out; it records an issue for every invalid update.
  @MainActor
  func makeCollection<S: Hashable>(in window: UIWindow, _ source: some DataSource<S, Mail>) -> (
    UICollectionView, CollectionViewDataSource<S, Mail>
  ) {
    let collectionView = UICollectionView(
      frame: CGRect(x: 0, y: 0, width: 320, height: 640),
      collectionViewLayout: UICollectionViewFlowLayout())
    collectionView.onInvalidUpdate = { Issue.record("invalid update: \($0)") }
    window.addSubview(collectionView)
    let cell = UICollectionView.CellRegistration<UICollectionViewListCell, Mail> {
      cell, _, mail in
      var content = cell.defaultContentConfiguration()
      content.text = text(mail)
      cell.contentConfiguration = content
    }
    let dataSource = CollectionViewDataSource(collectionView: collectionView, source: source) {
      collectionView, indexPath, mail in
      collectionView.dequeueConfiguredReusableCell(using: cell, for: indexPath, item: mail)
    }
    collectionView.layoutIfNeeded()
    return (collectionView, dataSource)
  }
#endif
