import DataSourceGraph
import DataSourceGraphSwiftUI
import DataSourceGraphUIKit
import Foundation
import Observation
import TestSupport

#if canImport(SwiftUI)
  import SwiftUI
#endif
#if canImport(UIKit) && !os(watchOS)
  import UIKit
#endif

// The platform layers' names, in a file of their own, beside UIKit's names
// (where UIKit has table and collection views), which would clash with
// ListScreenFrameworks' stand-ins of them. Every public name of the two
// layers is used below, unqualified, beside UIKit's, Foundation's and
// Observation's names. DataSourceGraphUIKit brings no UIKit name of its
// own: on Linux, where the library tests it on a stand-in for UIKit, none
// of the stand-in's names is visible here (`.ci/consumer-names` checks).

#if !os(macOS) && !os(watchOS)
  /// Every public type of the UIKit layer, in a type position (the layer is
  /// empty on macOS and watchOS, whose UIKit has no table and collection
  /// views).
  typealias EveryUIKitType = (
    any BatchUpdatingView,
    CollectionViewDataSource<String, Album>,
    ContentPlaceholder,
    ContentPlaceholders,
    ContentPresentation,
    ContentStateView,
    DiffableCollectionViewDataSource<String, Album>,
    DiffableTableViewDataSource<String, Album>,
    ItemUpdateStyle,
    ListEvents<String, Album>,
    ListUpdate,
    ListUpdateOptions,
    ListUpdateScheduling,
    ListViewDataSource<String, Album>,
    ListViewRenderer<String, Album>,
    any ScrollableListView,
    TableViewDataSource<String, Album>
  )
#endif

/// Every public type of the SwiftUI layer, in a type position.
@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
typealias EverySwiftUIType = (DataSourceModel<String, Album>)

#if canImport(SwiftUI)
  /// The SwiftUI views, where SwiftUI exists.
  @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
  typealias EverySwiftUIViewType = (
    DataSourceSections<String, Album, EmptyView>, ContentStatePlaceholder<String, Album>
  )
#endif

#if canImport(UIKit) && canImport(SwiftUI) && !os(watchOS)
  /// The SwiftUI view over a collection view, where UIKit has one.
  @available(iOS 17, tvOS 17, *)
  typealias EveryCollectionViewType = (
    DataSourceCollectionView<String, Album, Text, Text, EmptyView>
  )

  /// Every initializer and layout of `DataSourceCollectionView`, beside
  /// UIKit's and SwiftUI's names (typechecked for iOS).
  @available(iOS 17, tvOS 17, *)
  @MainActor
  func collectionViews(_ model: DataSourceModel<String, Album>) -> [any View] {
    let titles = DataSourceCollectionView(model) { album in Text(album.title) }
    let headers = DataSourceCollectionView(
      model, layout: .list(UICollectionLayoutListConfiguration(appearance: .plain))
    ) { album in
      Text(album.title)
    } header: { section in
      Text(section.header ?? "Albums")
    }
    let both = DataSourceCollectionView(
      model,
      layout: .custom {
        UICollectionViewCompositionalLayout.list(using: .init(appearance: .grouped))
      }
    ) { album in
      Text(album.title)
    } header: { section in
      Text(section.header ?? "Albums")
    } footer: { section in
      Text("\(section.items.count) albums")
    }
    let typed: EveryCollectionViewType = headers
    return [titles.contentStatePlaceholder(for: model), typed, both]
  }
#endif

/// Shows albums in a table view (where UIKit has one) and a SwiftUI model,
/// and checks both.
@MainActor
func useEveryPlatformName() {
  let albums = MutableDataSource<String, Album>(
    snapshot: Snapshot(id: "albums", items: [Album(id: UUID(), title: "Blue", released: Date())]))
  #if canImport(UIKit) && !os(watchOS)
    useTheUIKitLayer(albums)
  #endif
  let model = DataSourceModel(albums)
  _ = albums.append([Album(id: UUID(), title: "Yellow", released: Date())], toSection: 0)
  check(model.snapshot == albums.snapshot, "the SwiftUI model follows the source")
}

#if canImport(UIKit) && !os(watchOS)
  /// Shows albums in a table view, and checks it follows the source.
  @MainActor
  func useTheUIKitLayer(_ albums: MutableDataSource<String, Album>) {
    let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
    let tableView = UITableView(frame: window.bounds, style: .plain)
    window.addSubview(tableView)
    tableView.register(UITableViewCell.self, forCellReuseIdentifier: "album")
    let dataSource = TableViewDataSource(tableView: tableView, source: albums) {
      tableView, indexPath, album in
      let cell = tableView.dequeueReusableCell(withIdentifier: "album", for: indexPath)
      var content = cell.defaultContentConfiguration()
      content.text = album.title
      cell.contentConfiguration = content
      return cell
    }
    let placeholder = ContentStateView(role: .placeholder)
    dataSource.placeholderView = placeholder
    _ = albums.append([Album(id: UUID(), title: "Green", released: Date())], toSection: 0)
    check(tableView.numberOfRows(inSection: 0) == 2, "the table view shows both albums")
    check(placeholder.isHidden, "no placeholder over content")
    _ = albums.append([Album(id: UUID(), title: "Red", released: Date())], toSection: 0)
    check(dataSource.snapshot == albums.snapshot, "the table view's data source follows the source")
    var selected: [UUID] = []
    dataSource.events(for: albums).didSelect = { album, _ in selected.append(album.id) }
    tableView.delegate = dataSource
    dataSource.tableView(tableView, didSelectRowAt: IndexPath(row: 0, section: 0))
    check(selected == [albums.snapshot.sections[0].items[0].id], "a tap reaches the leaf's handler")
  }
#endif
