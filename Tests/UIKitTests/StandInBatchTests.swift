// Runs where the UIKit layer is built on its stand-in (not on Apple
// platforms with UIKit, where these checks of the stand-in do not exist).
#if canImport(UIKitStandIn)
  import Testing
  import UIKitStandIn

  /// Valid batch updates: what the table asks, what it shows after, which
  /// cells it keeps, and what it records.
  @Suite @MainActor struct StandInBatchTests {
    @Test func reloadDataAsksEverything() {
      let (table, source) = standInTable([])
      source.sections = [["a", "b"], ["c"]]
      source.headers = ["A", nil]
      source.indexTitles = ["A", "C"]
      table.clearRecords()
      table.reloadData()
      #expect(
        table.dataSourceQuestions == [
          .numberOfSections, .numberOfRows(inSection: 0), .numberOfRows(inSection: 1),
          .titleForHeader(inSection: 0), .titleForFooter(inSection: 0), .cell(ip(0, 0)),
          .cell(ip(0, 1)), .titleForHeader(inSection: 1), .titleForFooter(inSection: 1),
          .cell(ip(1, 0)), .indexTitles,
        ])
      #expect(table.shownTexts == [["a", "b"], ["c"]])
      #expect(table.shownHeaderTitles == ["A", nil])
      #expect(table.shownSectionIndexTitles == ["A", "C"])
      #expect(table.reloadDataCount == 1)
      #expect(table.updateLog == [.reloadData(.explicit)])
      #expect(table.numberOfSections == 2 && table.numberOfRows(inSection: 0) == 2)
      #expect(table.indexPathsForVisibleRows == [ip(0, 0), ip(0, 1), ip(1, 0)])
    }

    @Test func aCorrectBatchPassesAndTheRowsFollow() throws {
      let (table, source) = standInTable([["a", "b", "c"], ["d"]])
      let a = try #require(table.cellForRow(at: ip(0, 0)))
      let c = try #require(table.cellForRow(at: ip(0, 2)))
      let b = try #require(table.cellForRow(at: ip(0, 1)))
      var finished: [Bool] = []
      table.clearRecords()
      table.performBatchUpdates(
        {
          source.sections = [["x", "a"], ["c", "d"]]
          table.deleteRows(at: [ip(0, 1)], with: .fade)
          table.insertRows(at: [ip(0, 0)], with: .top)
          table.moveRow(at: ip(0, 2), to: ip(1, 0))
        }, completion: { finished.append($0) })
      #expect(table.invalidUpdates.isEmpty)
      #expect(table.shownTexts == [["x", "a"], ["c", "d"]])
      // Moves carry their cell, survivors keep theirs; only the insert asks.
      #expect(table.cellForRow(at: ip(0, 1)) === a)
      #expect(table.cellForRow(at: ip(1, 0)) === c)
      #expect(
        table.dataSourceQuestions == [
          .numberOfSections, .numberOfRows(inSection: 0), .numberOfRows(inSection: 1),
          .cell(ip(0, 0)),
        ])
      // The deleted row's cell went back to the pool and served the insert.
      #expect(table.cellForRow(at: ip(0, 0)) === b)
      #expect(table.prepareForReuseCount == 1 && (b as? StandInCountingCell)?.reuseCount == 1)
      #expect(
        table.updateLog == [
          .batchBegan(animated: true), .deleteRows([ip(0, 1)], animation: .fade),
          .insertRows([ip(0, 0)], animation: .top), .moveRow(ip(0, 2), to: ip(1, 0)),
          .batchEnded(animated: true, valid: true),
        ])
      #expect(table.batchRecords.first?.countsBefore == [3, 1])
      #expect(table.batchRecords.first?.countsAfter == [2, 2])
      #expect(finished.isEmpty && table.pendingCompletionCount == 1)
      table.finishAnimations()
      #expect(finished == [true])
    }

    @Test func sectionsMoveWithTheirRowsAndTitles() throws {
      let (table, source) = standInTable([["a"], ["b"], ["c"]])
      source.headers = ["A", "B", "C"]
      table.reloadData()
      let b = try #require(table.cellForRow(at: ip(1, 0)))
      table.performBatchUpdates {
        source.sections = [["b"], ["n"], ["c*"]]
        source.headers = ["B", "N", "C*"]
        table.deleteSections([0], with: .fade)
        table.moveSection(1, toSection: 0)
        table.insertSections([1], with: .fade)
        table.reloadSections([2], with: .fade)
      }
      #expect(table.invalidUpdates.isEmpty)
      #expect(table.shownTexts == [["b"], ["n"], ["c*"]])
      #expect(table.shownHeaderTitles == ["B", "N", "C*"])
      #expect(table.cellForRow(at: ip(0, 0)) === b)
    }

    @Test func reloadGivesANewCellAndReconfigureKeepsIt() throws {
      let (table, source) = standInTable([["a", "b"]])
      let a = try #require(table.cellForRow(at: ip(0, 0)))
      let b = try #require(table.cellForRow(at: ip(0, 1)))
      source.sections = [["a*", "b*"]]
      table.clearRecords()
      table.reconfigureRows(at: [ip(0, 0)])
      #expect(table.cellForRow(at: ip(0, 0)) === a && a.textLabel?.text == "a*")
      #expect(table.dequeueRecords.map(\.outcome) == [.existing])
      #expect(table.prepareForReuseCount == 0)
      #expect(table.batchRecords.isEmpty)
      table.reloadRows(at: [ip(0, 1)], with: .automatic)
      #expect(table.shownTexts == [["a*", "b*"]])
      // The reloaded row's old cell was recycled and reused for it.
      #expect(table.dequeueRecords.map(\.outcome) == [.existing, .reused])
      #expect(table.cellForRow(at: ip(0, 1)) === b && table.prepareForReuseCount == 1)
      #expect(table.invalidUpdates.isEmpty)
    }

    @Test func reconfigureInsideABatchNamesOldIndexPaths() throws {
      let (table, source) = standInTable([["a", "b"]])
      let a = try #require(table.cellForRow(at: ip(0, 0)))
      table.performBatchUpdates {
        source.sections = [["x", "a*", "b"]]
        table.insertRows(at: [ip(0, 0)], with: .fade)
        table.reconfigureRows(at: [ip(0, 0)])
      }
      #expect(table.invalidUpdates.isEmpty)
      #expect(table.cellForRow(at: ip(0, 1)) === a)
      #expect(table.shownTexts == [["x", "a*", "b"]])
    }

    @Test func theFirstBatchReadsTheCountsBeforeTheBlock() {
      let table = UITableView(frame: .zero, style: .grouped)
      table.register(UITableViewCell.self, forCellReuseIdentifier: "cell")
      let source = StandInTableSource([["a"]])
      table.dataSource = source
      #expect(!table.isLoaded)
      var questionsBeforeBlock: [DataSourceQuestion] = []
      table.performBatchUpdates {
        questionsBeforeBlock = table.dataSourceQuestions
        source.sections = [["a", "b"]]
        table.insertRows(at: [ip(0, 1)], with: .fade)
      }
      #expect(
        Array(questionsBeforeBlock.prefix(2)) == [.numberOfSections, .numberOfRows(inSection: 0)])
      #expect(table.updateLog.first == .reloadData(.initialLoad))
      #expect(table.invalidUpdates.isEmpty)
      #expect(table.shownTexts == [["a", "b"]])
      #expect(table.reloadDataCount == 0)
    }

    @Test func aViewThatLoadedLateReadsTheNewCounts() {
      // The UIKit trap (R11): the model changes before the batch, the view
      // has never loaded, so "before" is already the new state.
      let table = UITableView(frame: .zero, style: .plain)
      table.register(UITableViewCell.self, forCellReuseIdentifier: "cell")
      let source = StandInTableSource([["a"]])
      table.dataSource = source
      source.sections = [["a", "b"]]
      table.performBatchUpdates { table.insertRows(at: [ip(0, 1)], with: .fade) }
      #expect(table.invalidUpdates.map(\.kind) == [.rowCount])
    }

    @Test func nestedUpdatesAreOneBatch() {
      let (table, source) = standInTable([["a"]])
      table.beginUpdates()
      source.sections = [["a", "b", "c"]]
      table.insertRows(at: [ip(0, 1)], with: .fade)
      table.performBatchUpdates { table.insertRows(at: [ip(0, 2)], with: .fade) }
      #expect(table.batchRecords.isEmpty)
      table.endUpdates()
      #expect(table.batchRecords.count == 1 && table.invalidUpdates.isEmpty)
      #expect(table.shownTexts == [["a", "b", "c"]])
    }

    @Test func batchesRecordWhetherTheyWereAnimated() {
      let (table, source) = standInTable([["a"]])
      UIView.performWithoutAnimation {
        table.performBatchUpdates {
          source.sections = [["a", "b"]]
          table.insertRows(at: [ip(0, 1)], with: .none)
        }
      }
      source.sections = [["a"]]
      table.deleteRows(at: [ip(0, 1)], with: .fade)
      #expect(table.batchRecords.map(\.animated) == [false, true])
      #expect(UIView.areAnimationsEnabled)
      #expect(table.shownTexts == [["a"]])
    }

    @Test func layoutLoadsTheTableOnce() {
      let table = UITableView(frame: CGRect(x: 0, y: 0, width: 10, height: 10), style: .plain)
      table.register(UITableViewCell.self, forCellReuseIdentifier: "cell")
      let source = StandInTableSource([["a"]])
      table.dataSource = source
      table.layoutIfNeeded()
      table.layoutIfNeeded()
      #expect(table.updateLog == [.reloadData(.initialLoad)])
      #expect(table.visibleCells.count == 1 && table.visibleCells[0].superview === table)
    }

    @Test func collectionViewAsksForSupplementaryViews() throws {
      let layout = UICollectionViewFlowLayout()
      layout.headerReferenceSize = CGSize(width: 10, height: 10)
      let view = UICollectionView(frame: .zero, collectionViewLayout: layout)
      let source = StandInCollectionSource([["a"], ["b", "c"]])
      view.dataSource = source
      view.reloadData()
      let header = UICollectionView.elementKindSectionHeader
      #expect(view.shownTexts == [["a"], ["b", "c"]])
      #expect(view.dataSourceQuestions.contains(.supplementaryView(kind: header, ip(1, 0))))
      #expect(view.supplementaryView(forElementKind: header, at: ip(1, 0))?.tag == 1)
      let b = try #require(view.cellForItem(at: IndexPath(item: 0, section: 1)))
      view.performBatchUpdates {
        source.sections = [["n"], ["a"], ["b", "c"]]
        view.insertSections([0])
      }
      #expect(view.invalidUpdates.isEmpty)
      #expect(view.shownTexts == [["n"], ["a"], ["b", "c"]])
      #expect(view.cellForItem(at: IndexPath(item: 0, section: 2)) === b)
      #expect(view.shownSupplementaryViews.map { $0[header]?.tag } == [0, 0, 1])
      view.reconfigureItems(at: [IndexPath(item: 0, section: 2)])
      #expect(view.cellForItem(at: IndexPath(item: 0, section: 2)) === b)
      #expect(view.invalidUpdates.isEmpty)
    }

    @Test func collectionViewRefusesACellNotDequeued() {
      final class Source: NSObject, UICollectionViewDataSource {
        func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int)
          -> Int
        { 1 }
        func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath)
          -> UICollectionViewCell
        { UICollectionViewCell(frame: .zero) }
      }
      let view = UICollectionView(frame: .zero, collectionViewLayout: UICollectionViewLayout())
      view.collectionViewLayout.standInSupplementaryKinds = ["badge"]
      let source = Source()
      view.dataSource = source
      view.reloadData()
      #expect(view.invalidUpdates.isEmpty, "a collection view's reload waits for layout")
      view.layoutIfNeeded()
      #expect(view.invalidUpdates.map(\.kind) == [.missingDataSourceMethod, .notDequeued])
    }
  }
#endif
