// Runs where the UIKit layer is built on its stand-in.
#if canImport(UIKitStandIn)
  import DataSourceGraph
  import DataSourceGraphUIKit
  import Foundation
  import Testing
  import UIKitStandIn

  // The code of the UIKit layer's article "Routing cells' events to the
  // nodes that own them" (Sources/UIKit/Documentation.docc/RoutingEvents.md):
  // every Swift block of the article appears here verbatim (up to
  // indentation), between the markers; `.ci/docs` checks it. The test
  // checks that the code routes as the article says.

  /// A photo of the article.
  struct Photo: Identifiable, Equatable {
    var id: String
    var isHidden = false
  }

  /// The thumbnails the article's prefetch handlers load and cancel.
  @MainActor
  final class Thumbnails {
    var loading: [String] = []
    func load(_ ids: [String]) { loading += ids }
    func cancel(_ ids: [String]) { loading.removeAll { ids.contains($0) } }
  }

  @MainActor
  @Suite struct RoutingEventsArticleTests {
    let window = makeWindow()

    @Test func theArticleRoutesAsItSays() throws {
      let favorites = MutableDataSource<String, Photo>(
        sections: [SnapshotSection(id: "favorites", items: ["a", "b", "c"].map { Photo(id: $0) })])
      let recents = MutableDataSource<String, Photo>(
        sections: [
          SnapshotSection(
            id: "recents",
            items: [Photo(id: "x"), Photo(id: "hidden", isHidden: true), Photo(id: "y")])
        ])
      let tableView = makeTableView(in: window)
      tableView.register(UITableViewCell.self, forCellReuseIdentifier: "photo")
      var opened: [String] = []
      let thumbnails = Thumbnails()
      var playing = Set<String>()

      // Article: RoutingEvents — begin
      let screen = CompositeDataSource(favorites, recents.filter { !$0.isHidden })
      let dataSource = TableViewDataSource(tableView: tableView, source: screen) {
        tableView, indexPath, photo in
        tableView.dequeueReusableCell(withIdentifier: "photo", for: indexPath)
      }
      tableView.delegate = dataSource
      // Article: RoutingEvents — end

      // Article: RoutingEvents — begin
      dataSource.events(for: favorites).didSelect = { photo, indexPathInFavorites in
        opened.append("favorite \(photo.id) at \(indexPathInFavorites.item)")
      }
      dataSource.events.didSelect = { photo, indexPath in
        opened.append("other \(photo.id) at \(indexPath.section).\(indexPath.item)")
      }
      // Article: RoutingEvents — end
      tableView.simulateUserTap(at: IndexPath(row: 2, section: 0))
      tableView.simulateUserTap(at: IndexPath(row: 1, section: 1))
      #expect(opened == ["favorite c at 2", "other y at 1.1"])

      // Article: RoutingEvents — begin
      dataSource.events(for: recents).prefetch = { ids in thumbnails.load(ids) }
      dataSource.events(for: recents).cancelPrefetching = { ids in thumbnails.cancel(ids) }
      // Article: RoutingEvents — end
      tableView.simulatePrefetching(at: [
        IndexPath(row: 1, section: 1), IndexPath(row: 0, section: 0),
      ])
      tableView.simulatePrefetching(at: [IndexPath(row: 0, section: 1)])
      #expect(thumbnails.loading == ["y", "x"])
      tableView.simulatePrefetching(at: [IndexPath(row: 1, section: 1)], cancel: true)
      #expect(thumbnails.loading == ["x"])

      // Article: RoutingEvents — begin
      dataSource.events(for: recents).willDisplay = { photo, _ in playing.insert(photo.id) }
      dataSource.events(for: recents).didEndDisplaying = { photo, _ in playing.remove(photo.id) }
      // Article: RoutingEvents — end
      tableView.reloadData()
      #expect(playing == ["x", "y"])
      recents.deleteItems(withIDs: ["x"])
      dataSource.applyPendingChanges()
      #expect(playing == ["y"])

      // Article: RoutingEvents — begin
      dataSource.events(for: favorites).trailingSwipeActions = { photo, _ in
        let remove = UIContextualAction(style: .destructive, title: "Remove") { _, _, done in
          favorites.deleteItems(withIDs: [photo.id])
          done(true)
        }
        return UISwipeActionsConfiguration(actions: [remove])
      }
      dataSource.events(for: recents).contextMenu = { photo, _, _ in
        UIContextMenuConfiguration(
          identifier: NSString(string: photo.id), previewProvider: nil, actionProvider: nil)
      }
      // Article: RoutingEvents — end
      let swipe = try #require(
        tableView.simulateUserSwipe(leading: false, at: IndexPath(row: 0, section: 0)))
      swipe.actions[0].handler(swipe.actions[0], tableView, { _ in })
      dataSource.applyPendingChanges()
      #expect(favorites.snapshot.itemIDs == ["b", "c"])
      #expect(tableView.simulateUserSwipe(leading: false, at: IndexPath(row: 0, section: 1)) == nil)
      let menu = try #require(tableView.simulateUserContextMenu(at: IndexPath(row: 0, section: 1)))
      #expect((menu.identifier as? NSString) == NSString(string: "y"))
    }
  }
#endif
