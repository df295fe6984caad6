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

  /// Random graphs of leaves under filters, sorts and a composite, shown by
  /// two collection views: one with the data source's own title views (no
  /// provider), one with the app's views and a configurator. Random header
  /// and footer changes, alone or mixed with item and section edits, never
  /// reload a section; after every step each header and footer shows its
  /// section as the graph gives it; a header-only step keeps every
  /// supplementary view and every cell, and makes no batch update.
  @MainActor
  @Suite struct CollectionHeadersPropertyTests {
    let window = makeWindow()
    static let kinds = [
      UICollectionView.elementKindSectionHeader, UICollectionView.elementKindSectionFooter,
    ]

    /// What the configured views show: the title and the value.
    static func label<S: Hashable>(_ section: SnapshotSection<S, Mail>, _ kind: String) -> String? {
      kind == UICollectionView.elementKindSectionHeader
        ? "\(section.header ?? "-")|\(section.headerValue.map { "\($0)" } ?? "-")"
        : section.footer
    }

    /// A collection view over `source`, laid out: with the data source's
    /// own views, or with the app's views and a configurator (`configured`).
    func show<S: Hashable>(_ source: some DataSource<S, Mail>, configured: Bool)
      -> (UICollectionView, CollectionViewDataSource<S, Mail>)
    {
      let layout = UICollectionViewFlowLayout()
      layout.standInSupplementaryKinds = Self.kinds
      let collectionView = UICollectionView(
        frame: CGRect(x: 0, y: 0, width: 320, height: 640), collectionViewLayout: layout)
      collectionView.onInvalidUpdate = { Issue.record("invalid update: \($0)") }
      window.addSubview(collectionView)
      let cell = UICollectionView.CellRegistration<UICollectionViewListCell, Mail> { _, _, _ in }
      let dataSource = CollectionViewDataSource(collectionView: collectionView, source: source) {
        collectionView, indexPath, mail in
        collectionView.dequeueConfiguredReusableCell(using: cell, for: indexPath, item: mail)
      }
      if configured {
        let registrations = Self.kinds.map {
          UICollectionView.SupplementaryRegistration<UICollectionViewListCell>(elementKind: $0) {
            _, _, _ in
          }
        }
        dataSource.supplementaryViewConfigurator = { view, kind, _, section in
          guard let view = view as? UICollectionViewListCell else { return }
          var content = view.defaultContentConfiguration()
          content.text = Self.label(section, kind)
          view.contentConfiguration = content
        }
        dataSource.supplementaryViewProvider = {
          [unowned dataSource] collectionView, kind, indexPath, _ in
          let view = collectionView.dequeueConfiguredReusableSupplementary(
            using: registrations[kind == Self.kinds[0] ? 0 : 1], for: indexPath)
          dataSource.configureSupplementaryView(view, ofKind: kind, at: indexPath)
          return view
        }
      }
      collectionView.reloadData()
      collectionView.layoutIfNeeded()
      return (collectionView, dataSource)
    }

    /// The text of each section's view of each kind.
    static func shown(_ collectionView: UICollectionView) -> [[String?]] {
      collectionView.shownSupplementaryViews.map { views in
        kinds.map {
          ((views[$0] as? UICollectionViewListCell)?.contentConfiguration
            as? UIListContentConfiguration)?.text
        }
      }
    }

    /// A leaf of one to three sections with random titles and values.
    static func makeLeaf(_ name: String, _ rng: inout SplitMix64, mailIDs: inout Int)
      -> MutableDataSource<String, Mail>
    {
      MutableDataSource(
        sections: (0..<rng.int(1...3)).map { index in
          let ids = mailIDs..<(mailIDs + rng.int(0...3))
          mailIDs = ids.upperBound
          return SnapshotSection(
            id: "\(name)\(index)", header: rng.chance(0.8) ? "h\(rng.int(0..<3))" : nil,
            footer: rng.chance(0.3) ? "f\(rng.int(0..<3))" : nil,
            headerValue: rng.chance(0.5) ? rng.int(0..<3) : nil, items: mails(ids))
        })
    }

    /// `leaf` under a random chain of filters and sorts.
    static func wrap(_ leaf: MutableDataSource<String, Mail>, _ rng: inout SplitMix64)
      -> any DataSource<String, Mail>
    {
      var node: any DataSource<String, Mail> = leaf
      for _ in 0..<rng.int(0...2) {
        if rng.chance(0.5) {
          let modulus = rng.int(2...4)
          node = node.filter { $0.id % modulus != 0 }
        } else {
          node = node.sorted { $0.id > $1.id }
        }
      }
      return node
    }

    @Test(.namesTheSeed)
    func headerChangesNeverReloadASection() async {
      await forEachSeed(1...40 as ClosedRange<UInt64>, headerChangesNeverReloadASection(seed:))
    }

    func headerChangesNeverReloadASection(seed: UInt64) {
      var rng = SplitMix64(seed: seed)
      var mailIDs = 0
      let leaves = (0..<rng.int(1...3)).map { Self.makeLeaf("l\($0)", &rng, mailIDs: &mailIDs) }
      let graph = CompositeDataSource(leaves.map { Self.wrap($0, &rng) })
      let views = [false, true].map { show(graph, configured: $0) }
      defer { withExtendedLifetime(views) {} }
      for step in 0..<30 {
        let context = "step \(step)"
        let leaf = leaves[rng.int(0..<leaves.count)]
        let count = leaf.snapshot.sections.count
        let before = views.map { view in
          (
            supplements: view.0.shownSupplementaryViews.map { $0.mapValues(ObjectIdentifier.init) },
            cells: view.0.visibleCells.map(ObjectIdentifier.init)
          )
        }
        for (collectionView, _) in views { collectionView.clearRecords() }
        var headerOnly = false
        switch rng.int(0..<6) {
        case 0, 1:
          headerOnly = true
          let index = rng.int(0..<count)
          leaf.updateSection(
            at: index, header: rng.chance(0.8) ? "h\(rng.int(0..<3))" : nil,
            footer: rng.chance(0.3) ? "f\(rng.int(0..<3))" : nil,
            headerValue: rng.chance(0.7) ? rng.int(0..<3) : nil)
        case 2:
          let fresh = Self.makeLeaf("n\(step)-", &rng, mailIDs: &mailIDs).snapshot.sections[0]
          leaf.insertSection(fresh, at: rng.int(0...count))
        case 3:
          guard count > 1 else { continue }
          leaf.deleteSection(at: rng.int(0..<count))
        default:
          let local = rng.next()
          mailIDs += 1
          let mail = Mail(id: mailIDs, subject: "m\(mailIDs)")
          leaf.perform { sections in
            var rng = SplitMix64(seed: local)
            for s in sections.indices {
              if rng.chance(0.4) { sections[s].headerValue = rng.int(0..<3) }
              if rng.chance(0.2) { sections[s].header = "h\(rng.int(0..<3))" }
              if rng.chance(0.2) {
                sections[s].footer = rng.chance(0.5) ? "f\(rng.int(0..<3))" : nil
              }
              if rng.chance(0.3) { sections[s].items.shuffle(using: &rng) }
              if rng.chance(0.2) { sections[s].items.removeAll { _ in rng.chance(0.3) } }
            }
            sections[rng.int(0..<sections.count)].items.append(mail)
            if sections.count > 1, rng.chance(0.3) { sections.swapAt(0, sections.count - 1) }
          }
        }
        let after = graph.snapshot
        for (index, (collectionView, dataSource)) in views.enumerated() {
          let context = "\(context), \(index == 0 ? "own views" : "configured")"
          #expect(dataSource.snapshot == after, "\(context)")
          #expect(
            !CollectionHeadersTests.reloadsASection(collectionView.updateLog),
            "\(context): \(collectionView.updateLog)")
          #expect(collectionView.invalidUpdates.isEmpty, "\(context)")
          let expected = after.sections.map { section in
            Self.kinds.map { kind in
              index == 0
                ? (kind == Self.kinds[0] ? section.header : section.footer)
                : Self.label(section, kind)
            }
          }
          #expect(Self.shown(collectionView) == expected, "\(context)")
          if headerOnly {
            #expect(collectionView.batchRecords.isEmpty, "\(context)")
            #expect(
              collectionView.shownSupplementaryViews.map { $0.mapValues(ObjectIdentifier.init) }
                == before[index].supplements, "\(context)")
            #expect(
              collectionView.visibleCells.map(ObjectIdentifier.init) == before[index].cells,
              "\(context)")
          }
        }
      }
    }
  }
#endif
