// Runs where the UIKit layer is built on its stand-in.
#if canImport(UIKitStandIn)
  import DataSourceGraphComposition
  import DataSourceGraphNodes
  import DataSourceGraphSections
  import DataSourceGraphUIKit
  import Foundation
  import TestSupport
  import Testing
  import UIKitStandIn

  /// The data sources that own their leaf (`DiffableTableViewDataSource`,
  /// `DiffableCollectionViewDataSource`): `apply`, the row animation per
  /// data source and per change, and the marks of a snapshot reaching the
  /// view.
  ///
  /// `apply` on a data source over a graph does not compile (it is only on
  /// these two types), which no test can show; the tests below use the
  /// valid paths: `apply` on a data source that owns its leaf, and edits of
  /// the leaves of a graph, with a row animation, on the other.
  @MainActor
  @Suite struct DiffableDataSourceTests {
    let window = makeWindow()

    func makeTable(leaf: MutableDataSource<String, Mail> = MutableDataSource()) -> (
      UITableView, DiffableTableViewDataSource<String, Mail>
    ) {
      let tableView = makeTableView(in: window)
      let dataSource = DiffableTableViewDataSource(
        tableView: tableView, leaf: leaf, cellProvider: mailCell)
      tableView.layoutIfNeeded()
      return (tableView, dataSource)
    }

    /// Sections "a" [1, 2] and "b" [3].
    var twoSections: Snapshot<String, Mail> {
      var snapshot = Snapshot<String, Mail>()
      snapshot.appendSections(["a", "b"])
      snapshot.appendItems(mails(1...2), toSection: "a")
      snapshot.appendItems(mails([3]), toSection: "b")
      return snapshot
    }

    @Test func applyShowsTheSnapshotWithTheDefaultRowAnimation() {
      let (tableView, dataSource) = makeTable()
      #expect(dataSource.defaultRowAnimation == .automatic)
      dataSource.apply(twoSections)
      #expect(tableView.shownTexts == texts(twoSections))
      #expect(dataSource.leaf.snapshot == twoSections)
      #expect(
        tableView.updateLog.contains(.insertSections(IndexSet([0, 1]), animation: .automatic)))

      dataSource.defaultRowAnimation = .fade
      #expect(dataSource.options.rowAnimation == .fade)
      var next = dataSource.snapshot
      next.insertItems(mails([4]), beforeItem: 1)
      next.deleteSections(["b"])
      let start = tableView.updateLog.count
      dataSource.apply(next)
      #expect(tableView.shownTexts == texts(next))
      #expect(
        tableView.updateLog[start...].contains(
          .insertRows([IndexPath(row: 0, section: 0)], animation: .fade)))
      #expect(tableView.updateLog[start...].rowAnimations == [.fade, .fade])
    }

    @Test func oneApplyChoosesItsOwnRowAnimation() {
      let (tableView, dataSource) = makeTable()
      dataSource.defaultRowAnimation = .fade
      dataSource.apply(twoSections, animatingDifferences: false)
      var next = dataSource.snapshot
      next.deleteItems([2])
      var start = tableView.updateLog.count
      var completed = false
      dataSource.apply(next, rowAnimation: .left) { completed = true }
      #expect(tableView.updateLog[start...].rowAnimations == [.left])
      tableView.finishAnimations()
      #expect(completed)
      // The next one takes the data source's again.
      next.appendItems(mails([5]), toSection: "b")
      start = tableView.updateLog.count
      dataSource.apply(next)
      #expect(tableView.updateLog[start...].rowAnimations == [.fade])
      #expect(tableView.shownTexts == texts(next))
    }

    /// A reload of equal content reaches the view: its row is reconfigured
    /// (the default item-update style) or reloaded with the row animation.
    @Test func aReloadedItemReachesItsRowEvenWithEqualContent() {
      let (tableView, dataSource) = makeTable()
      dataSource.apply(twoSections, animatingDifferences: false)
      var next = dataSource.snapshot
      next.reloadItems([2])
      var start = tableView.updateLog.count
      dataSource.apply(next)
      #expect(
        Array(tableView.updateLog[start...]).contains(
          .reconfigureRows([IndexPath(row: 1, section: 0)])))
      #expect(dataSource.leaf.snapshot.markedItemIDs.isEmpty)

      dataSource.options.itemUpdates = .reload
      next = dataSource.snapshot
      next.reconfigureItems([3])
      start = tableView.updateLog.count
      dataSource.apply(next, rowAnimation: .fade)
      #expect(
        Array(tableView.updateLog[start...]).contains(
          .reloadRows([IndexPath(row: 0, section: 1)], animation: .fade)))
    }

    /// A data source over a leaf the app made: the leaf's own edits reach
    /// the view too, and `apply` replaces its content.
    @Test func aLeafGivenIsTheOneShownAndApplied() {
      let leaf = MutableDataSource<String, Mail>(snapshot: twoSections, name: "Inbox")
      let (tableView, dataSource) = makeTable(leaf: leaf)
      #expect(dataSource.leaf === leaf)
      #expect(tableView.shownTexts == texts(twoSections))
      leaf.deleteItems(withIDs: [1])
      #expect(tableView.shownTexts == [["2:m2"], ["3:m3"]])
      var next = leaf.snapshot
      next.moveItem(3, beforeItem: 2)
      dataSource.apply(next, animatingDifferences: false)
      #expect(tableView.shownTexts == [["3:m3", "2:m2"], []])
      #expect(dataSource.itemIdentifier(for: IndexPath(row: 0, section: 0)) == 3)
      #expect(dataSource.indexPath(for: 2) == IndexPath(row: 1, section: 0))
      #expect(dataSource.sectionIdentifier(for: 1) == "b")
      #expect(dataSource.sectionIdentifier(for: 2) == nil)
      #expect(dataSource.index(for: "b") == 1)
      #expect(dataSource.index(for: "z") == nil)
    }

    /// A data source over a composite has no `apply`; its leaves change,
    /// and one change can choose its row animation.
    @Test func aDataSourceOverACompositeTakesARowAnimationPerChange() {
      let pinned = MutableDataSource<String, Mail>(
        snapshot: Snapshot(id: "pinned", items: mails([1])))
      let recent = MutableDataSource<String, Mail>(
        snapshot: Snapshot(id: "recent", items: mails([2])))
      let tableView = makeTableView(in: window)
      let dataSource: TableViewDataSource<CompositeSectionID, Mail> = TableViewDataSource(
        tableView: tableView, source: CompositeDataSource(pinned, recent), cellProvider: mailCell)
      tableView.layoutIfNeeded()
      dataSource.defaultRowAnimation = .top
      var start = tableView.updateLog.count
      dataSource.perform(rowAnimation: .bottom) { recent.append(mails([3]), toSection: 0) }
      #expect(tableView.updateLog[start...].rowAnimations == [.bottom])
      start = tableView.updateLog.count
      pinned.deleteItems(withIDs: [1])
      dataSource.applyPendingChanges()
      #expect(tableView.updateLog[start...].rowAnimations == [.top])
      #expect(tableView.shownTexts == [[], ["2:m2", "3:m3"]])
    }

    /// A collection view has no row animation: `apply` takes none, and its
    /// calls carry none.
    @Test func aCollectionAppliesWithoutRowAnimations() {
      let collectionView = UICollectionView(
        frame: CGRect(x: 0, y: 0, width: 320, height: 640),
        collectionViewLayout: UICollectionViewFlowLayout())
      collectionView.onInvalidUpdate = { Issue.record("invalid update: \($0)") }
      window.addSubview(collectionView)
      collectionView.register(UICollectionViewCell.self, forCellWithReuseIdentifier: "cell")
      let dataSource = DiffableCollectionViewDataSource<String, Mail>(
        collectionView: collectionView
      ) { collectionView, indexPath, _ in
        collectionView.dequeueReusableCell(withReuseIdentifier: "cell", for: indexPath)
      }
      collectionView.layoutIfNeeded()
      dataSource.options.rowAnimation = .fade  // not used by a collection view
      dataSource.apply(twoSections, animatingDifferences: false)
      var next = dataSource.snapshot
      next.insertItems(mails([9]), afterItem: 3)
      let start = collectionView.updateLog.count
      var completed = false
      dataSource.apply(next) { completed = true }
      #expect(
        Array(collectionView.updateLog[start...]).contains(
          .insertRows([IndexPath(item: 1, section: 1)], animation: nil)))
      collectionView.finishAnimations()
      #expect(completed)
      #expect(dataSource.snapshot == next)
      #expect(collectionView.numberOfItems(inSection: 1) == 2)
    }

    /// Seeded random snapshots, built from the one shown with diffable's
    /// calls (marks included), applied with random animations: the table
    /// shows each one, takes every batch as valid (an invalid one is
    /// recorded as an issue), issues its rows and sections with the row
    /// animation chosen, and reconfigures the marked items that stay (in
    /// place, as they change section, or both).
    @Test(.namesTheSeed)
    func randomAppliesReachTheTable() async {
      await forEachSeed(1...40 as ClosedRange<UInt64>, randomAppliesReachTheTable(seed:))
    }

    func randomAppliesReachTheTable(seed: UInt64) {
      var rng = SplitMix64(seed: seed)
      let (tableView, dataSource) = makeTable()
      let animations: [UITableView.RowAnimation] = [
        .fade, .right, .left, .top, .bottom, .none, .middle, .automatic,
      ]
      var nextMail = 100
      for _ in 0..<12 {
        var next = dataSource.snapshot
        for _ in 0..<rng.int(1...4) {
          let ids = next.itemIDs
          let sections = next.sectionIDs
          switch rng.int(0..<7) {
          case 0: next.appendSections(["s\(rng.int(0..<5))"])
          case 1 where !sections.isEmpty:
            nextMail += 1
            next.appendItems(mails([nextMail]), toSection: sections[rng.int(0..<sections.count)])
          case 2 where !ids.isEmpty:
            nextMail += 1
            next.insertItems(mails([nextMail]), beforeItem: ids[rng.int(0..<ids.count)])
          case 3 where ids.count > 1:
            next.moveItem(ids[rng.int(0..<ids.count)], afterItem: ids[rng.int(0..<ids.count)])
          case 4 where !ids.isEmpty: next.deleteItems([ids[rng.int(0..<ids.count)]])
          case 5 where !ids.isEmpty: next.reloadItems([ids[rng.int(0..<ids.count)]])
          case 6 where sections.count > 1:
            next.moveSection(
              sections[rng.int(0..<sections.count)],
              beforeSection: sections[rng.int(0..<sections.count)])
          default: next.reloadSections(sections.prefix(1))
          }
        }
        let animation = animations[rng.int(0..<animations.count)]
        let shown = dataSource.snapshot
        let staying = next.markedItemIDs.filter { id in
          guard let old = shown.sectionID(containingItem: id),
            let new = next.sectionID(containingItem: id)
          else { return false }
          return next.sectionIndex(for: old) != nil && shown.sectionIndex(for: new) != nil
        }
        let start = tableView.updateLog.count
        var updates: [ListUpdate] = []
        dataSource.onUpdate = { updates.append($0) }
        dataSource.apply(next, animatingDifferences: rng.chance(0.7), rowAnimation: animation)
        tableView.finishAnimations()
        #expect(tableView.shownTexts == texts(next))
        #expect(tableView.updateLog[start...].rowAnimations.allSatisfy { $0 == animation })
        // Items keep their content here: the updates are the marks.
        switch updates.last {
        case .batches(_, _, let reconfigured): #expect(reconfigured == staying.count)
        case .nothing: #expect(staying.isEmpty)
        case .reloaded, nil: break
        }
      }
    }
  }
#endif
