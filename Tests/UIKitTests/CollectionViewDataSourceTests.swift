// Runs where the UIKit layer is built on its stand-in (not on Apple
// platforms with UIKit, where these checks of the stand-in do not exist).
#if canImport(UIKitStandIn)
  import DataSourceGraphSections
  import DataSourceGraphNodes
  import DataSourceGraphUIKit
  import Foundation
  import Testing
  import UIKitStandIn

  /// `CollectionViewDataSource` against the UIKit stand-in: cells through a
  /// cell registration, supplementary views through the provider, index
  /// titles, and every change as batch updates.
  @MainActor
  @Suite struct CollectionViewDataSourceTests {
    let window = makeWindow()
    let album = MutableDataSource<String, Mail>(
      sections: [section("a", header: "A", mails(1...3)), section("b", header: "B", mails(4...5))])

    /// A collection view in the window with header views, and its data
    /// source whose cells and headers show their mail and section.
    func makeCollection() -> (UICollectionView, CollectionViewDataSource<String, Mail>) {
      let layout = UICollectionViewFlowLayout()
      layout.standInSupplementaryKinds = [UICollectionView.elementKindSectionHeader]
      let collectionView = UICollectionView(
        frame: CGRect(x: 0, y: 0, width: 320, height: 640), collectionViewLayout: layout)
      collectionView.onInvalidUpdate = { Issue.record("invalid update: \($0)") }
      window.addSubview(collectionView)
      let cell = UICollectionView.CellRegistration<UICollectionViewListCell, Mail> {
        cell, _, mail in
        var content = cell.defaultContentConfiguration()
        content.text = text(mail)
        cell.contentConfiguration = content
      }
      let header = UICollectionView.SupplementaryRegistration<UICollectionViewListCell>(
        elementKind: UICollectionView.elementKindSectionHeader
      ) { _, _, _ in }
      let dataSource = CollectionViewDataSource(collectionView: collectionView, source: album) {
        collectionView, indexPath, mail in
        collectionView.dequeueConfiguredReusableCell(using: cell, for: indexPath, item: mail)
      }
      dataSource.supplementaryViewProvider = { collectionView, _, indexPath, section in
        let view = collectionView.dequeueConfiguredReusableSupplementary(
          using: header, for: indexPath)
        var content = view.defaultContentConfiguration()
        content.text = section.header
        view.contentConfiguration = content
        return view
      }
      collectionView.reloadData()
      collectionView.layoutIfNeeded()
      return (collectionView, dataSource)
    }

    /// The header text each section shows.
    func headers(_ collectionView: UICollectionView) -> [String?] {
      collectionView.shownSupplementaryViews.map { views in
        let header = views[UICollectionView.elementKindSectionHeader] as? UICollectionViewListCell
        return (header?.contentConfiguration as? UIListContentConfiguration)?.text
      }
    }

    @Test func theCollectionShowsTheNodeWithItsHeaders() {
      let (collectionView, dataSource) = makeCollection()
      #expect(collectionView.dataSource === dataSource)
      #expect(collectionView.shownTexts == texts(album.snapshot))
      #expect(headers(collectionView) == ["A", "B"])
      #expect(dataSource.item(at: IndexPath(item: 2, section: 0)) == Mail(id: 3, subject: "m3"))
      #expect(dataSource.indexPath(for: 5) == IndexPath(item: 1, section: 1))
    }

    @Test func editsReachTheCollectionAsBatchUpdates() throws {
      let (collectionView, dataSource) = makeCollection()
      let reconfigured = try #require(
        collectionView.cellForItem(at: IndexPath(item: 0, section: 1)))
      collectionView.clearRecords()
      _ = album.append(mails(6...8), toSection: 0)
      album.deleteItems(withIDs: [2])
      _ = album.update(Mail(id: 4, subject: "edited"))
      album.insertSection(section("c", header: "C", mails(9...9)), at: 1)
      album.updateSection(at: 0, header: "A!", footer: nil)
      #expect(collectionView.batchRecords.count == 5)
      #expect(collectionView.batchRecords.allSatisfy { $0.valid })
      #expect(collectionView.updateLog.contains(.reconfigureRows([IndexPath(item: 0, section: 1)])))
      #expect(collectionView.cellForItem(at: IndexPath(item: 0, section: 2)) === reconfigured)
      #expect(collectionView.shownTexts == texts(album.snapshot))
      #expect(headers(collectionView) == ["A!", "C", "B"])
      #expect(dataSource.snapshot == album.snapshot)
      #expect(collectionView.invalidUpdates.isEmpty)
    }

    @Test func indexTitlesLeadToTheirSections() {
      let (collectionView, dataSource) = makeCollection()
      dataSource.indexTitleProvider = { $0.header }
      collectionView.reloadData()
      #expect(collectionView.shownIndexTitles == ["A", "B"])
      #expect(
        dataSource.collectionView(collectionView, indexPathForIndexTitle: "B", at: 1)
          == IndexPath(item: 0, section: 1))
    }

    @Test func aChangeWithoutAnimationCallsBackAfterTheCollectionFinished() {
      let (collectionView, dataSource) = makeCollection()
      collectionView.clearRecords()
      var finished = false
      dataSource.perform(animated: false) {
        album.moveSection(from: 1, to: 0)
      } completion: {
        finished = true
      }
      #expect(collectionView.batchRecords.map(\.animated) == [false])
      collectionView.finishAnimations()
      #expect(finished)
      #expect(collectionView.shownTexts == texts(album.snapshot))
    }

    /// Regression: the data source reloads its view when it is made, before
    /// an app can set `supplementaryViewProvider`; the stand-in's collection
    /// view used to ask for headers at once (UIKit asks at the next layout
    /// pass) and the data source stopped for want of a provider.
    @Test func aProviderSetAfterTheDataSourceIsMadeIsTheOneAsked() {
      let (collectionView, dataSource) = makeCollection()
      #expect(dataSource.supplementaryViewProvider != nil)
      #expect(headers(collectionView) == ["A", "B"])
      #expect(collectionView.invalidUpdates.isEmpty)
    }

    /// Regression (review): an empty section had an index title leading to
    /// item 0 of it, an index path UIKit cannot scroll to.
    @Test func anEmptySectionGetsNoIndexTitle() {
      let (collectionView, dataSource) = makeCollection()
      album.insertSection(section("empty", header: "E", []), at: 1)
      dataSource.indexTitleProvider = { $0.header }
      collectionView.reloadData()
      #expect(collectionView.shownIndexTitles == ["A", "B"])
      #expect(
        dataSource.collectionView(collectionView, indexPathForIndexTitle: "B", at: 1)
          == IndexPath(item: 0, section: 2))
    }
  }
#endif
