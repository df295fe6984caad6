// Runs where the UIKit layer is built on its stand-in.
#if canImport(UIKitStandIn)
  import DataSourceGraph
  import DataSourceGraphUIKit
  import Foundation
  import Synchronization
  import Testing
  import UIKitStandIn

  // The code of the umbrella's article "Coming from diffable data sources"
  // (Sources/DataSourceGraph/Documentation.docc/ComingFromDiffableDataSources.md):
  // every Swift block of the article appears here verbatim (up to
  // indentation; the article's `import UIKit` is the stand-in here),
  // between the markers; `.ci/docs` checks it. The tests check that the
  // code shows and prints what the article says.

  // Article: ComingFromDiffableDataSources — begin
  struct Movie: Hashable {
    var title: String
    var year: Int
  }

  let casablanca = Movie(title: "Casablanca", year: 1942)
  let vertigo = Movie(title: "Vertigo", year: 1958)
  let alien = Movie(title: "Alien", year: 1979)
  let dune = Movie(title: "Dune", year: 2021)
  // Article: ComingFromDiffableDataSources — end

  // Article: ComingFromDiffableDataSources — begin
  typealias MovieDataSource = DiffableTableViewDataSource<String, ValueItem<Movie>>

  @MainActor
  func showMovies(in tableView: UITableView) -> MovieDataSource {
    let dataSource = MovieDataSource(tableView: tableView) {
      tableView, indexPath, movie in
      let cell = tableView.dequeueReusableCell(withIdentifier: "movie", for: indexPath)
      var content = cell.defaultContentConfiguration()
      content.text = "\(movie.title) (\(movie.year))"
      cell.contentConfiguration = content
      return cell
    }
    dataSource.defaultRowAnimation = .fade

    var snapshot = Snapshot<String, ValueItem<Movie>>()
    snapshot.appendSections(["classics", "new"])
    snapshot.appendItems([casablanca, vertigo], toSection: "classics")
    snapshot.appendItems([dune])  // to the last section, as diffable does
    dataSource.apply(snapshot, animatingDifferences: false)
    return dataSource
  }
  // Article: ComingFromDiffableDataSources — end

  // Article: ComingFromDiffableDataSources — begin
  @MainActor
  func update(_ dataSource: MovieDataSource) {
    var next = dataSource.snapshot
    next.deleteItems([vertigo])
    next.insertItems([alien], beforeItem: dune)
    next.reconfigureItems([dune])  // its cell is configured again
    next.insertSections(["soon"], afterSection: "new")
    dataSource.apply(next, rowAnimation: .left) {
      print(dataSource.itemIdentifier(for: IndexPath(row: 1, section: 1))!.title)  // Dune
    }
    print(dataSource.indexPath(for: casablanca)!)  // [0, 0]
    print(next.sectionID(containingItem: alien)!)  // new
  }
  // Article: ComingFromDiffableDataSources — end

  // Article: ComingFromDiffableDataSources — begin
  struct Message: Identifiable, Equatable {
    var id: Int
    var text: String
  }

  func buildMessages() -> Snapshot<String, Message> {
    var messages = Snapshot<String, Message>()
    messages.appendSections(["today"])
    messages.appendItems([Message(id: 1, text: "Hi"), Message(id: 2, text: "Lunch?")])
    messages.reconfigureItems([Message(id: 2, text: "Lunch at one?")])  // the new value
    messages.reloadItems([1])  // by identity: the next apply updates its cell
    let skipped = messages.moveItem(3, afterItem: 1)  // there is no message 3: nothing moves
    print(skipped.itemIDs)  // [3]
    messages.appendItems([Message(id: 1, text: "Hi again")])  // 1 is there: left out
    print(messages.duplicates.itemIDs)  // [1]
    return messages
  }
  // Article: ComingFromDiffableDataSources — end

  // Article: ComingFromDiffableDataSources — begin
  @MainActor
  func showInbox(in tableView: UITableView) -> TableViewDataSource<CompositeSectionID, Message> {
    let pinned = MutableDataSource<String, Message>(
      snapshot: Snapshot(id: "pinned", items: [Message(id: 1, text: "Hi")]))
    let recent = MutableDataSource<String, Message>()
    let inbox: CompositeDataSource<Message> = CompositeDataSource(pinned, recent)
    let dataSource: TableViewDataSource<CompositeSectionID, Message> = TableViewDataSource(
      tableView: tableView, source: inbox
    ) { tableView, indexPath, message in
      let cell = tableView.dequeueReusableCell(withIdentifier: "message", for: indexPath)
      var content = cell.defaultContentConfiguration()
      content.text = message.text
      cell.contentConfiguration = content
      return cell
    }
    // dataSource.apply(snapshot) does not compile: change the leaves instead.
    dataSource.perform(rowAnimation: .fade) {
      recent.replace(with: Snapshot(id: "recent", items: [Message(id: 2, text: "Lunch?")]))
    }
    return dataSource
  }
  // Article: ComingFromDiffableDataSources — end

  /// What the article's code printed, in order.
  private let printed = Mutex<[String]>([])

  /// Records what the article's code prints (in this file only).
  private func print(_ value: Any) {
    printed.withLock { $0.append("\(value)") }
  }

  @MainActor
  @Suite(.serialized) struct DiffableArticleTests {
    let window = makeWindow()

    @Test func theMoviesShowAndPrintWhatTheArticleSays() throws {
      printed.withLock { $0 = [] }
      let tableView = makeTableView(in: window)
      tableView.register(UITableViewCell.self, forCellReuseIdentifier: "movie")
      let dataSource = showMovies(in: tableView)
      #expect(dataSource.snapshot.itemIDs == [casablanca, vertigo, dune])
      #expect(dataSource.snapshot.sectionIDs == ["classics", "new"])
      #expect(tableView.shownTexts == [["Casablanca (1942)", "Vertigo (1958)"], ["Dune (2021)"]])
      var updates: [ListUpdate] = []
      dataSource.onUpdate = { updates.append($0) }
      let start = tableView.updateLog.count

      update(dataSource)

      #expect(printed.withLock { $0 } == ["[0, 0]", "new"])
      tableView.finishAnimations()  // the completion runs once the view has shown the change
      #expect(printed.withLock { $0 } == ["[0, 0]", "new", "Dune"])
      #expect(
        tableView.shownTexts == [["Casablanca (1942)"], ["Alien (1979)", "Dune (2021)"], []])
      // The row animation of the one apply; dune, equal, is reconfigured.
      #expect(tableView.updateLog[start...].rowAnimations.allSatisfy { $0 == .left })
      #expect(!tableView.updateLog[start...].rowAnimations.isEmpty)
      #expect(updates == [.batches(steps: 1, animated: true, reconfigured: 1)])
      #expect(dataSource.defaultRowAnimation == .fade)
    }

    @Test func theMessagesSayWhatWasLeftOut() {
      printed.withLock { $0 = [] }
      let messages = buildMessages()
      #expect(printed.withLock { $0 } == ["[3]", "[1]"])
      #expect(
        messages.allItems == [Message(id: 1, text: "Hi"), Message(id: 2, text: "Lunch at one?")])
      #expect(messages.markedItemIDs == [1, 2])
      // Against the same messages unmarked, both are updates.
      let plain = Snapshot(sections: messages.sections)
      #expect(messages.difference(from: plain).itemUpdates.map(\.item.id) == [1, 2])
    }

    @Test func theInboxIsADataSourceOverAComposite() {
      let tableView = makeTableView(in: window)
      tableView.register(UITableViewCell.self, forCellReuseIdentifier: "message")
      tableView.layoutIfNeeded()
      let dataSource = showInbox(in: tableView)
      #expect(tableView.shownTexts == [["Hi"], ["Lunch?"]])
      #expect(tableView.updateLog.contains(.insertSections(IndexSet([1]), animation: .fade)))
      #expect(dataSource.snapshot.numberOfItems == 2)
    }
  }
#endif
