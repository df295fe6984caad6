// Runs where the UIKit layer is built on its stand-in (not on Apple
// platforms with UIKit, where these checks of the stand-in do not exist).
#if canImport(UIKitStandIn)
  import DataSourceGraphComposition
  import DataSourceGraphSections
  import DataSourceGraphNodes
  import DataSourceGraphUIKit
  import Foundation
  import TestSupport
  import Testing
  import UIKitStandIn

  /// A collection view data source's headers and footers without a
  /// configurator: its own title views (no provider) are refreshed in
  /// place; a view of the app's that it cannot reach is the one case a
  /// section is reloaded, and only while it is on screen.
  @MainActor
  @Suite struct CollectionHeadersTests {
    let window = makeWindow()

    static let header = UICollectionView.elementKindSectionHeader
    static let footer = UICollectionView.elementKindSectionFooter

    /// A collection view in `window` whose layout gives every section a
    /// header and a footer.
    func makeView() -> UICollectionView {
      let layout = UICollectionViewFlowLayout()
      layout.standInSupplementaryKinds = [Self.header, Self.footer]
      let collectionView = UICollectionView(
        frame: CGRect(x: 0, y: 0, width: 320, height: 640), collectionViewLayout: layout)
      collectionView.onInvalidUpdate = { Issue.record("invalid update: \($0)") }
      window.addSubview(collectionView)
      return collectionView
    }

    /// A data source over `source` in `collectionView`, with no provider
    /// (the data source's own title views), laid out.
    func show<S: Hashable>(_ source: some DataSource<S, Mail>, in collectionView: UICollectionView)
      -> CollectionViewDataSource<S, Mail>
    {
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
      return dataSource
    }

    /// The text each section's view of `kind` shows.
    static func texts(_ collectionView: UICollectionView, _ kind: String) -> [String?] {
      collectionView.shownSupplementaryViews.map {
        (($0[kind] as? UICollectionViewListCell)?.contentConfiguration
          as? UIListContentConfiguration)?.text
      }
    }

    /// Whether `log` reloads a section.
    static func reloadsASection(_ log: [UpdateLogEntry]) -> Bool {
      log.contains { if case .reloadSections = $0 { true } else { false } }
    }

    @Test func withoutAProviderTheTitlesAreRefreshedInPlace() throws {
      let inbox = MutableDataSource(sections: [
        SnapshotSection(id: "a", header: "A", footer: "2 mails", items: mails(1...2)),
        SnapshotSection(id: "b", header: "B", items: mails(3...4)),
      ])
      let collectionView = makeView()
      let dataSource = show(inbox, in: collectionView)
      defer { withExtendedLifetime(dataSource) {} }
      #expect(Self.texts(collectionView, Self.header) == ["A", "B"])
      #expect(Self.texts(collectionView, Self.footer) == ["2 mails", nil])
      let views = collectionView.shownSupplementaryViews.map { $0.mapValues(ObjectIdentifier.init) }
      let cells = collectionView.visibleCells.map(ObjectIdentifier.init)
      collectionView.clearRecords()

      inbox.updateSection(at: 0, header: "A!", footer: "3 mails", headerValue: 1)
      inbox.updateSection(at: 1, header: nil, footer: "empty soon")

      #expect(!Self.reloadsASection(collectionView.updateLog), "\(collectionView.updateLog)")
      #expect(collectionView.batchRecords.isEmpty, "a header-only change makes no batch update")
      #expect(Self.texts(collectionView, Self.header) == ["A!", nil])
      #expect(Self.texts(collectionView, Self.footer) == ["3 mails", "empty soon"])
      #expect(
        collectionView.shownSupplementaryViews.map { $0.mapValues(ObjectIdentifier.init) }
          == views)
      #expect(collectionView.visibleCells.map(ObjectIdentifier.init) == cells)
      #expect(collectionView.invalidUpdates.isEmpty)
    }

    /// The article's collection without a provider: its headers are the
    /// data source's, refreshed in place.
    @Test func theArticleDefaultHeadersExample() {
      let inbox = MutableDataSource(sections: [
        SnapshotSection(
          id: "inbox", header: "Inbox", headerValue: InboxHeader(unread: 2), items: mails(1...2))
      ])
      let mailCell = UICollectionView.CellRegistration<UICollectionViewListCell, Mail> {
        _, _, _ in
      }
      let layout = UICollectionViewFlowLayout()
      layout.headerReferenceSize = CGSize(width: 320, height: 44)
      let collectionView = UICollectionView(frame: .zero, collectionViewLayout: layout)
      let dataSource = CollectionViewDataSource(collectionView: collectionView, source: inbox) {
        collectionView, indexPath, mail in
        collectionView.dequeueConfiguredReusableCell(using: mailCell, for: indexPath, item: mail)
      }
      defer { withExtendedLifetime(dataSource) {} }
      collectionView.layoutIfNeeded()
      #expect(Self.texts(collectionView, Self.header) == ["Inbox"])
      collectionView.clearRecords()
      inbox.updateSection(at: 0, header: "Inbox · 1", headerValue: InboxHeader(unread: 1))
      #expect(Self.texts(collectionView, Self.header) == ["Inbox · 1"])
      #expect(!Self.reloadsASection(collectionView.updateLog))
    }

    /// A view of the app's, with no configurator, is reloaded only while it
    /// is on screen: after the change, in a batch update of its own, and
    /// the section shows the new header.
    @Test func aProvidedViewWithoutAConfiguratorIsReloadedAfterTheChange() {
      let inbox = MutableDataSource(sections: [
        SnapshotSection(id: "a", header: "A", items: mails(1...2))
      ])
      let collectionView = makeView()
      let registration = UICollectionView.SupplementaryRegistration<UICollectionViewListCell>(
        elementKind: Self.header
      ) { _, _, _ in }
      let dataSource = show(inbox, in: collectionView)
      defer { withExtendedLifetime(dataSource) {} }
      dataSource.supplementaryViewProvider = { collectionView, _, indexPath, section in
        let view = collectionView.dequeueConfiguredReusableSupplementary(
          using: registration, for: indexPath)
        var content = view.defaultContentConfiguration()
        content.text = section.header
        view.contentConfiguration = content
        return view
      }
      collectionView.reloadData()
      collectionView.layoutIfNeeded()
      collectionView.clearRecords()

      inbox.perform { sections in
        sections[0].header = "A2"
        sections[0].items.append(contentsOf: mails(3...3))
      }

      #expect(collectionView.batchRecords.count == 2, "the items, then the reload")
      #expect(Self.reloadsASection(collectionView.updateLog))
      #expect(Self.texts(collectionView, Self.header) == ["A2"])
    }

    /// `supplementaryLayoutChanges` reloads the sections it names, and only
    /// those; the others are configured in place.
    @Test func aLayoutChangeReloadsOnlyItsSection() {
      let inbox = MutableDataSource(sections: [
        SnapshotSection(id: "a", header: "A", items: mails(1...2)),
        SnapshotSection(id: "b", header: nil, items: mails(3...4)),
      ])
      let collectionView = makeView()
      let dataSource = show(inbox, in: collectionView)
      defer { withExtendedLifetime(dataSource) {} }
      dataSource.supplementaryLayoutChanges = { ($0.header == nil) != ($1.header == nil) }
      collectionView.clearRecords()

      inbox.perform { sections in
        sections[0].header = "A2"
        sections[1].header = "B"
      }

      let reloads = collectionView.updateLog.compactMap { entry -> [Int]? in
        if case .reloadSections(let sections, _) = entry { Array(sections) } else { nil }
      }
      #expect(reloads == [[1]], "\(collectionView.updateLog)")
      #expect(Self.texts(collectionView, Self.header) == ["A2", "B"])
    }
  }
#endif
