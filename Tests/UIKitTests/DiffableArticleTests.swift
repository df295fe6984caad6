// Runs where the UIKit layer is built on its stand-in.
#if canImport(UIKitStandIn)
  import DataSourceGraph
  import DataSourceGraphUIKit
  import Foundation
  import Testing
  import UIKitStandIn

  // The code of the umbrella's article "Coming from diffable data sources"
  // (Sources/DataSourceGraph/Documentation.docc/ComingFromDiffableDataSources.md):
  // every Swift block of the article appears here verbatim (up to
  // indentation), between the markers; `.ci/docs` checks it. The test
  // checks that the code shows and prints what the article says.

  // Article: ComingFromDiffableDataSources — begin
  struct Movie: Hashable {
    var title: String
    var year: Int
  }
  // Article: ComingFromDiffableDataSources — end

  /// What the article's code printed, in order.
  @MainActor private var printed: [String] = []

  /// Records what the article's code prints (in this file only).
  @MainActor private func print(_ value: Any) {
    printed.append("\(value)")
  }

  @MainActor
  @Suite struct DiffableArticleTests {
    let window = makeWindow()

    @Test func theArticleShowsAndPrintsWhatItSays() throws {
      printed = []
      let casablanca = Movie(title: "Casablanca", year: 1942)
      let vertigo = Movie(title: "Vertigo", year: 1958)
      let dune = Movie(title: "Dune", year: 2021)
      let tableView = makeTableView(in: window)
      tableView.register(UITableViewCell.self, forCellReuseIdentifier: "movie")

      // Article: ComingFromDiffableDataSources — begin
      let dataSource = TableViewDataSource<String, ValueItem<Movie>>(tableView: tableView) {
        tableView, indexPath, movie in
        let cell = tableView.dequeueReusableCell(withIdentifier: "movie", for: indexPath)
        var content = cell.defaultContentConfiguration()
        content.text = "\(movie.title) (\(movie.year))"
        cell.contentConfiguration = content
        return cell
      }

      var snapshot = Snapshot<String, ValueItem<Movie>>()
      snapshot.appendSections(["classics", "new"])
      snapshot.appendItems([casablanca, vertigo], toSection: "classics")
      snapshot.appendItems([dune])  // to the last section, as diffable does
      dataSource.apply(snapshot, animatingDifferences: false)
      // Article: ComingFromDiffableDataSources — end

      #expect(dataSource.snapshot.itemIDs == [casablanca, vertigo, dune])
      #expect(dataSource.snapshot.sectionIDs == ["classics", "new"])
      #expect(tableView.numberOfRows(inSection: 0) == 2)
      #expect(tableView.numberOfRows(inSection: 1) == 1)
      var updates: [ListUpdate] = []
      dataSource.onUpdate = { updates.append($0) }

      // Article: ComingFromDiffableDataSources — begin
      var next = dataSource.snapshot
      next.deleteItems([vertigo])
      next.reconfigureItems([dune])  // its cell is configured again
      dataSource.apply(next) {
        print(dataSource.itemIdentifier(for: IndexPath(row: 0, section: 1))!.title)  // Dune
      }
      print(dataSource.indexPath(for: casablanca)!)  // [0, 0]
      // Article: ComingFromDiffableDataSources — end

      #expect(printed == ["[0, 0]"])
      tableView.finishAnimations()  // the completion runs once the view has shown the change
      #expect(printed == ["[0, 0]", "Dune"])
      #expect(tableView.numberOfRows(inSection: 0) == 1)
      // The reconfigured value is an update of the same identity.
      let batch = next.difference(from: snapshot)
      #expect(batch.itemDeletes == [ItemPath(section: 0, item: 1)])
      #expect(batch.itemUpdates.map(\.item.value) == [dune])
      #expect(!updates.isEmpty)
    }
  }
#endif
