// Runs where the UIKit layer is built on its stand-in (not on Apple
// platforms with UIKit, where these checks of the stand-in do not exist).
#if canImport(UIKitStandIn)
  import DataSourceGraphSections
  import DataSourceGraphNodes
  import DataSourceGraphUIKit
  import Foundation
  import TestSupport
  import Testing
  import UIKitStandIn

  /// The value an inbox header shows beside its title.
  struct InboxHeader: Hashable, Sendable {
    var unread: Int
  }

  /// A table view delegate that gives every section a header view of its
  /// own, configured by the data source.
  @MainActor
  final class HeaderDelegate: NSObject, UITableViewDelegate {
    let dataSource: TableViewDataSource<String, Mail>

    init(dataSource: TableViewDataSource<String, Mail>) {
      self.dataSource = dataSource
    }

    func tableView(_ tableView: UITableView, viewForHeaderInSection section: Int) -> UIView? {
      let view = tableView.dequeueReusableHeaderFooterView(withIdentifier: "header")
      if let view { dataSource.configureHeaderView(view, forSection: section) }
      return view
    }
  }

  /// Headers and footers are values: a change of a title or of a value
  /// reaches the visible header or footer view by configuring it again,
  /// never by reloading its section (no `reloadSections`, the same view,
  /// the same cells).
  @MainActor
  @Suite struct HeadersAndFootersTests {
    let window = makeWindow()

    /// What a header shows in these tests: its title and its value.
    static func label(_ section: SnapshotSection<String, Mail>) -> String {
      let value = section.headerValue.map { "\($0)" } ?? "-"
      return "\(section.header ?? "-")|\(value)"
    }

    /// A table whose delegate gives header views the data source configures.
    func makeTable(_ source: MutableDataSource<String, Mail>)
      -> (UITableView, TableViewDataSource<String, Mail>, HeaderDelegate)
    {
      let tableView = makeTableView(in: window)
      tableView.register(
        UITableViewHeaderFooterView.self, forHeaderFooterViewReuseIdentifier: "header")
      let dataSource = makeTableDataSource(tableView, source)
      dataSource.headerViewConfigurator = { view, section, _ in
        var content = view.defaultContentConfiguration()
        content.text = Self.label(section)
        view.contentConfiguration = content
      }
      let delegate = HeaderDelegate(dataSource: dataSource)
      tableView.delegate = delegate
      tableView.reloadData()
      return (tableView, dataSource, delegate)
    }

    /// A collection whose headers are configured by the data source's
    /// configurator (`configured`), or only made by its provider.
    func makeCollection(_ source: MutableDataSource<String, Mail>, configured: Bool = true)
      -> (UICollectionView, CollectionViewDataSource<String, Mail>)
    {
      let layout = UICollectionViewFlowLayout()
      layout.standInSupplementaryKinds = [
        UICollectionView.elementKindSectionHeader, UICollectionView.elementKindSectionFooter,
      ]
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
      let footer = UICollectionView.SupplementaryRegistration<UICollectionViewListCell>(
        elementKind: UICollectionView.elementKindSectionFooter
      ) { _, _, _ in }
      let dataSource = CollectionViewDataSource(collectionView: collectionView, source: source) {
        collectionView, indexPath, mail in
        collectionView.dequeueConfiguredReusableCell(using: cell, for: indexPath, item: mail)
      }
      if configured {
        dataSource.supplementaryViewConfigurator = { view, kind, indexPath, section in
          guard let header = view as? UICollectionViewListCell else { return }
          var content = header.defaultContentConfiguration()
          content.text =
            kind == UICollectionView.elementKindSectionHeader
            ? Self.label(section) : section.footer
          header.contentConfiguration = content
        }
      }
      dataSource.supplementaryViewProvider = {
        [unowned dataSource] collectionView, kind, indexPath, section in
        let registration = kind == UICollectionView.elementKindSectionHeader ? header : footer
        let view = collectionView.dequeueConfiguredReusableSupplementary(
          using: registration, for: indexPath)
        if configured {
          dataSource.configureSupplementaryView(view, ofKind: kind, at: indexPath)
        } else {
          var content = view.defaultContentConfiguration()
          content.text = Self.label(section)
          view.contentConfiguration = content
        }
        return view
      }
      collectionView.reloadData()
      collectionView.layoutIfNeeded()
      return (collectionView, dataSource)
    }

    /// The text of each section's header view in `collectionView`.
    func headerTexts(_ collectionView: UICollectionView) -> [String?] {
      collectionView.shownSupplementaryViews.map { views in
        let view = views[UICollectionView.elementKindSectionHeader] as? UICollectionViewListCell
        return (view?.contentConfiguration as? UIListContentConfiguration)?.text
      }
    }

    /// Whether `log` reloads a section.
    func reloadsASection(_ log: [UpdateLogEntry]) -> Bool {
      log.contains { if case .reloadSections = $0 { true } else { false } }
    }

    // MARK: Regressions

    /// A header-only change used to be a `reloadSections`, which made the
    /// header and every row of the section anew (RxDataSources #328, #252;
    /// IGListKit #1369).
    @Test func aHeaderOnlyChangeReloadsNoSectionOfATable() throws {
      let inbox = MutableDataSource(sections: [
        SnapshotSection(
          id: "inbox", header: "Inbox", headerValue: InboxHeader(unread: 2), items: mails(1...3))
      ])
      let (tableView, _, delegate) = makeTable(inbox)
      let header = try #require(tableView.headerView(forSection: 0))
      let cells = tableView.shownRows(inSection: 0)
      tableView.clearRecords()

      inbox.updateSection(at: 0, header: "Inbox", headerValue: InboxHeader(unread: 1))

      #expect(!reloadsASection(tableView.updateLog))
      #expect(tableView.updateLog.isEmpty)
      #expect(tableView.headerView(forSection: 0) === header)
      #expect(tableView.shownHeaderTexts == ["Inbox|InboxHeader(unread: 1)"])
      #expect(zip(tableView.shownRows(inSection: 0), cells).allSatisfy { $0 === $1 })
      #expect(tableView.prepareForReuseCount == 0)
      withExtendedLifetime(delegate) {}
    }

    /// The table's own title headers (no delegate) change their title in place.
    @Test func aTitleHeaderChangesItsTitleInPlace() throws {
      let inbox = MutableDataSource(sections: [
        SnapshotSection(id: "inbox", header: "Inbox", footer: "3 mails", items: mails(1...3))
      ])
      let tableView = makeTableView(in: window)
      let dataSource = makeTableDataSource(tableView, inbox)
      let header = try #require(tableView.headerView(forSection: 0))
      let footer = try #require(tableView.footerView(forSection: 0))
      tableView.clearRecords()

      inbox.updateSection(at: 0, header: "Unread", footer: "2 mails")

      #expect(!reloadsASection(tableView.updateLog))
      #expect(tableView.headerView(forSection: 0) === header)
      #expect(tableView.footerView(forSection: 0) === footer)
      #expect(tableView.shownHeaderTexts == ["Unread"])
      #expect(tableView.shownFooterTexts == ["2 mails"])
      #expect(dataSource.snapshot == inbox.snapshot)
    }

    /// A title header that must appear or disappear has no view to
    /// configure: that section alone is reloaded, after the batch update.
    @Test func aTitleThatAppearsOrDisappearsReloadsItsSection() {
      let inbox = MutableDataSource(sections: [
        SnapshotSection(id: "inbox", items: mails(1...2)),
        SnapshotSection(id: "later", header: "Later", items: mails(3...4)),
      ])
      let tableView = makeTableView(in: window)
      let dataSource = makeTableDataSource(tableView, inbox)
      #expect(tableView.headerView(forSection: 0) == nil)
      tableView.clearRecords()

      inbox.perform { sections in
        sections[0].header = "Inbox"
        sections[1].header = nil
      }

      #expect(
        tableView.updateLog.filter { if case .reloadSections = $0 { true } else { false } }
          == [.reloadSections([0, 1], animation: .automatic)])
      #expect(tableView.shownHeaderTexts == ["Inbox", nil])
      #expect(dataSource.snapshot == inbox.snapshot)
      #expect(tableView.invalidUpdates.isEmpty)
    }

    @Test func aHeaderOnlyChangeReloadsNoSectionOfACollection() throws {
      let album = MutableDataSource(sections: [
        SnapshotSection(id: "a", header: "A", headerValue: 1, items: mails(1...2)),
        SnapshotSection(id: "b", header: "B", items: mails(3...4)),
      ])
      let (collectionView, dataSource) = makeCollection(album)
      defer { withExtendedLifetime(dataSource) {} }
      let kind = UICollectionView.elementKindSectionHeader
      let header = try #require(
        collectionView.supplementaryView(forElementKind: kind, at: IndexPath(item: 0, section: 1)))
      let cells = collectionView.visibleCells
      collectionView.clearRecords()

      album.updateSection(at: 1, header: "B", headerValue: 7)

      #expect(!reloadsASection(collectionView.updateLog))
      #expect(
        collectionView.supplementaryView(forElementKind: kind, at: IndexPath(item: 0, section: 1))
          === header)
      #expect(headerTexts(collectionView) == ["A|1", "B|7"])
      #expect(zip(collectionView.visibleCells, cells).allSatisfy { $0 === $1 })
    }

    /// Without a configurator a collection view data source cannot reach
    /// the app's views: it reloads the section, as documented.
    @Test func withoutAConfiguratorACollectionReloadsTheSection() {
      let album = MutableDataSource(sections: [
        SnapshotSection(id: "a", header: "A", items: mails(1...2))
      ])
      let (collectionView, dataSource) = makeCollection(album, configured: false)
      defer { withExtendedLifetime(dataSource) {} }
      collectionView.clearRecords()
      album.updateSection(at: 0, header: "A", headerValue: 2)
      #expect(reloadsASection(collectionView.updateLog))
      #expect(headerTexts(collectionView) == ["A|2"])
    }

    /// A header and items of one section changing together: the items are
    /// batch updates, the header is configured after them.
    @Test func aHeaderAndItsItemsChangeInOneBatch() throws {
      let inbox = MutableDataSource(sections: [
        SnapshotSection(id: "inbox", header: "Inbox", headerValue: 3, items: mails(1...3))
      ])
      let (tableView, dataSource, delegate) = makeTable(inbox)
      let header = try #require(tableView.headerView(forSection: 0))
      tableView.clearRecords()
      inbox.perform { sections in
        sections[0].items.removeFirst()
        sections[0].headerValue = 2
      }
      #expect(!reloadsASection(tableView.updateLog))
      #expect(tableView.batchRecords.count == 1)
      #expect(tableView.headerView(forSection: 0) === header)
      #expect(tableView.shownHeaderTexts == ["Inbox|2"])
      #expect(tableView.shownTexts == texts(dataSource.snapshot))
      withExtendedLifetime(delegate) {}
    }

    /// A header that appears (here: of a section inserted after the change)
    /// is configured from what the view shows.
    @Test func aHeaderThatAppearsIsConfiguredFromTheSnapshot() {
      let inbox = MutableDataSource(sections: [
        SnapshotSection(id: "inbox", header: "Inbox", headerValue: 3, items: mails(1...3))
      ])
      let (tableView, _, delegate) = makeTable(inbox)
      inbox.updateSection(at: 0, header: "Inbox", headerValue: 4)
      inbox.insertSection(
        SnapshotSection(id: "later", header: "Later", headerValue: 9, items: mails(4...4)), at: 1)
      #expect(tableView.shownHeaderTexts == ["Inbox|4", "Later|9"])
      #expect(tableView.dataSourceQuestions.contains(.viewForHeader(inSection: 1)))
      withExtendedLifetime(delegate) {}
    }

    /// A header out of view has no view to configure: when the user
    /// scrolls to it, the table asks for it and it shows the change.
    @Test func aHeaderOutOfViewIsConfiguredWhenItAppears() throws {
      let inbox = MutableDataSource(
        sections: (0..<20).map { index in
          SnapshotSection(
            id: "s\(index)", header: "S\(index)", headerValue: 0,
            items: mails((index * 5)..<(index * 5 + 5)))
        })
      let (tableView, _, delegate) = makeTable(inbox)
      defer { withExtendedLifetime(delegate) {} }
      #expect(tableView.headerView(forSection: 0) != nil)
      #expect(tableView.headerView(forSection: 15) == nil)
      tableView.clearRecords()

      inbox.updateSection(at: 15, header: "S15", headerValue: 7)

      #expect(tableView.updateLog.isEmpty)
      #expect(tableView.headerView(forSection: 15) == nil)
      tableView.contentOffset.y = tableView.rect(forSection: 15).minY
      let header = try #require(tableView.headerView(forSection: 15))
      #expect(header.shownText == "S15|7")
      #expect(tableView.dataSourceQuestions.contains(.viewForHeader(inSection: 15)))
      #expect(tableView.headerView(forSection: 0) == nil)
    }

    /// A table's own title headers, out of view: a new title or value is
    /// taken when the header appears; only a title that appears or
    /// disappears reloads the section (a reload lays the table out again).
    @Test func titleHeadersOutOfViewAreReloadedOnlyWhenTheyAppearOrDisappear() throws {
      let inbox = MutableDataSource(
        sections: (0..<20).map { index in
          SnapshotSection(
            id: "s\(index)", header: "S\(index)", items: mails((index * 5)..<(index * 5 + 5)))
        })
      let tableView = makeTableView(in: window)
      let dataSource = makeTableDataSource(tableView, inbox)
      defer { withExtendedLifetime(dataSource) {} }
      #expect(tableView.headerView(forSection: 15) == nil)
      tableView.clearRecords()

      inbox.updateSection(at: 15, header: "Fifteen", headerValue: 1)
      #expect(tableView.updateLog.isEmpty)
      inbox.updateSection(at: 16, header: nil)
      #expect(
        tableView.updateLog.filter { if case .reloadSections = $0 { true } else { false } }
          == [.reloadSections([16], animation: .automatic)])

      tableView.contentOffset.y = tableView.rect(forSection: 15).minY
      let header = try #require(tableView.headerView(forSection: 15))
      #expect(header.shownText == "Fifteen")
      #expect(tableView.headerView(forSection: 16) == nil)
    }

    // MARK: Article

    @Test func theArticleExamples() throws {
      struct InboxHeader: Hashable, Sendable {
        var unread: Int
      }
      let inbox = MutableDataSource(sections: [
        SnapshotSection(
          id: "inbox", header: "Inbox", headerValue: InboxHeader(unread: 2),
          items: [Mail(id: 1, subject: "Hello")])
      ])
      let tableView = makeTableView(in: window)
      tableView.register(
        UITableViewHeaderFooterView.self, forHeaderFooterViewReuseIdentifier: "header")
      let dataSource = makeTableDataSource(tableView, inbox)
      dataSource.headerViewConfigurator = { view, section, _ in
        var content = view.defaultContentConfiguration()
        let unread = section.headerValue(as: InboxHeader.self)?.unread ?? 0
        content.text = "\(section.header ?? "") (\(unread))"
        view.contentConfiguration = content
      }
      let delegate = HeaderDelegate(dataSource: dataSource)
      tableView.delegate = delegate
      tableView.reloadData()
      tableView.clearRecords()

      inbox.updateSection(at: 0, header: "Inbox", headerValue: InboxHeader(unread: 1))

      #expect(tableView.shownHeaderTexts == ["Inbox (1)"])
      #expect(!reloadsASection(tableView.updateLog))
      withExtendedLifetime(delegate) {}
    }

    @Test func theArticleCollectionExample() throws {
      let album = MutableDataSource(sections: [
        SnapshotSection(
          id: "inbox", header: "Inbox", headerValue: InboxHeader(unread: 2), items: mails(1...2))
      ])
      let layout = UICollectionViewFlowLayout()
      layout.standInSupplementaryKinds = [UICollectionView.elementKindSectionHeader]
      let collectionView = UICollectionView(
        frame: CGRect(x: 0, y: 0, width: 320, height: 640), collectionViewLayout: layout)
      collectionView.onInvalidUpdate = { Issue.record("invalid update: \($0)") }
      window.addSubview(collectionView)
      let cell = UICollectionView.CellRegistration<UICollectionViewListCell, Mail> { _, _, _ in }
      let headerRegistration = UICollectionView.SupplementaryRegistration<
        UICollectionViewListCell
      >(elementKind: UICollectionView.elementKindSectionHeader) { _, _, _ in }
      let dataSource = CollectionViewDataSource(collectionView: collectionView, source: album) {
        collectionView, indexPath, mail in
        collectionView.dequeueConfiguredReusableCell(using: cell, for: indexPath, item: mail)
      }
      dataSource.supplementaryViewConfigurator = { view, kind, indexPath, section in
        guard let header = view as? UICollectionViewListCell else { return }
        var content = header.defaultContentConfiguration()
        let unread = section.headerValue(as: InboxHeader.self)?.unread ?? 0
        content.text = "\(section.header ?? "") (\(unread))"
        header.contentConfiguration = content
      }
      dataSource.supplementaryViewProvider = {
        [unowned dataSource] collectionView, kind, indexPath, _ in
        let view = collectionView.dequeueConfiguredReusableSupplementary(
          using: headerRegistration, for: indexPath)
        dataSource.configureSupplementaryView(view, ofKind: kind, at: indexPath)
        return view
      }
      collectionView.reloadData()
      collectionView.layoutIfNeeded()
      #expect(headerTexts(collectionView) == ["Inbox (2)"])
      let header = try #require(
        collectionView.supplementaryView(
          forElementKind: UICollectionView.elementKindSectionHeader,
          at: IndexPath(item: 0, section: 0)))
      collectionView.clearRecords()

      album.updateSection(at: 0, header: "Inbox", headerValue: InboxHeader(unread: 1))

      #expect(headerTexts(collectionView) == ["Inbox (1)"])
      #expect(!reloadsASection(collectionView.updateLog))
      #expect(
        collectionView.supplementaryView(
          forElementKind: UICollectionView.elementKindSectionHeader,
          at: IndexPath(item: 0, section: 0)) === header)
    }

    // MARK: Property

    /// Random edits of headers, values, items and sections, shown by a
    /// table and a collection view: no section is ever reloaded, every
    /// header shows its section's title and value, a section that stays
    /// keeps its header view, and a header-only change keeps every cell.
    @Test(.namesTheSeed)
    func headersAreNeverReloaded() async {
      await forEachSeed(1...40 as ClosedRange<UInt64>, headersAreNeverReloaded(seed:))
    }

    func headersAreNeverReloaded(seed: UInt64) {
      var rng = SplitMix64(seed: seed)
      var nextSection = 0
      var nextMail = 0
      func newSection() -> SnapshotSection<String, Mail> {
        nextSection += 1
        let ids = nextMail..<(nextMail + rng.int(0...3))
        nextMail = ids.upperBound
        return SnapshotSection(
          id: "s\(nextSection)", header: rng.chance(0.8) ? "h\(rng.int(0..<2))" : nil,
          headerValue: rng.chance(0.5) ? rng.int(0..<3) : nil, items: mails(ids))
      }
      let source = MutableDataSource(sections: (0..<rng.int(1...4)).map { _ in newSection() })
      let (tableView, _, delegate) = makeTable(source)
      let (collectionView, collectionDataSource) = makeCollection(source)
      defer { withExtendedLifetime((delegate, collectionDataSource)) {} }
      for step in 0..<30 {
        let before = source.snapshot
        let tableHeaders = Dictionary(
          zip(
            before.sections.map(\.id),
            tableView.shownHeaderViews.map { $0.map(ObjectIdentifier.init) }),
          uniquingKeysWith: { a, _ in a })
        let cells = tableView.visibleCells.map(ObjectIdentifier.init)
        var headerOnly = false
        tableView.clearRecords()
        collectionView.clearRecords()
        switch rng.int(0..<7) {
        case 6:
          // The user scrolls: headers that come into view are asked for and
          // configured from what the view shows.
          let height = max(0, tableView.contentSize.height - tableView.bounds.height)
          tableView.contentOffset.y = CGFloat(rng.int(0...Int(height)))
        case 0, 1:
          guard !before.sections.isEmpty else { continue }
          let index = rng.int(0..<before.sections.count)
          headerOnly = true
          source.updateSection(
            at: index, header: rng.chance(0.8) ? "h\(rng.int(0..<2))" : nil,
            footer: nil, headerValue: rng.chance(0.7) ? rng.int(0..<3) : nil)
        case 2:
          let fresh = newSection()
          source.insertSection(fresh, at: rng.int(0...before.sections.count))
        case 3:
          guard before.sections.count > 1 else { continue }
          source.deleteSection(at: rng.int(0..<before.sections.count))
        default:
          let seed = rng.next()
          nextMail += 1
          let mail = Mail(id: nextMail, subject: "m\(nextMail)")
          source.perform { sections in
            var local = SplitMix64(seed: seed)
            for s in sections.indices {
              if local.chance(0.3) { sections[s].items.shuffle(using: &local) }
              if local.chance(0.3) { sections[s].headerValue = local.int(0..<3) }
              if local.chance(0.2) { sections[s].items.removeAll { _ in local.chance(0.3) } }
            }
            if !sections.isEmpty, local.chance(0.5) {
              sections[local.int(0..<sections.count)].items.append(mail)
            }
            if sections.count > 1, local.chance(0.3) { sections.swapAt(0, sections.count - 1) }
          }
        }
        let after = source.snapshot
        let context = "step \(step)"
        #expect(!reloadsASection(tableView.updateLog), "\(context): \(tableView.updateLog)")
        #expect(
          !reloadsASection(collectionView.updateLog), "\(context): \(collectionView.updateLog)")
        #expect(tableView.invalidUpdates.isEmpty && collectionView.invalidUpdates.isEmpty)
        // A table shows header views for the sections in view only, each
        // one configured for what its section is now.
        let visible = CGRect(origin: tableView.contentOffset, size: tableView.bounds.size)
        let tableTexts = tableView.shownHeaderTexts
        for (s, section) in after.sections.enumerated() {
          // Overlapping the visible area, not only touching its edge (an
          // empty section without a header takes no space: it is never in view).
          let rect = tableView.rect(forSection: s)
          let inView = rect.minY < visible.maxY && rect.maxY > visible.minY
          #expect(
            tableTexts[s] == (inView ? Self.label(section) : nil),
            "\(context): section \(s) of \(after.sections.count), in view: \(inView)")
        }
        #expect(headerTexts(collectionView) == after.sections.map(Self.label), "\(context)")
        #expect(tableView.shownTexts == texts(after), "\(context)")
        if headerOnly {
          // Nothing moved: a header in view is the same view, configured again.
          for (s, section) in after.sections.enumerated() {
            guard let old = tableHeaders[section.id], old != nil else { continue }
            #expect(
              tableView.shownHeaderViews[s].map(ObjectIdentifier.init) == old,
              "\(context): section \(section.id) got a new header view")
          }
          #expect(tableView.visibleCells.map(ObjectIdentifier.init) == cells, "\(context)")
          #expect(tableView.batchRecords.isEmpty, "\(context)")
        }
      }
    }
  }
#endif
