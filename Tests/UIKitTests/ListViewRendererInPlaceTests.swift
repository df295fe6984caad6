#if canImport(UIKitStandIn)
  import DataSourceGraphSections
  import DataSourceGraphNodes
  import DataSourceGraphComposition
  import DataSourceGraphUIKit
  import Testing
  import UIKitStandIn

  /// A change of items only (no section inserted, deleted, moved or
  /// updated): the renderer edits its snapshot's storage where it is, in the
  /// steps of the change's UIKit plan, known from the change alone, with no
  /// copy of the section.
  @MainActor
  @Suite struct ListViewRendererInPlaceTests {
    /// How the data source showed each change, oldest first.
    final class UpdateLog {
      var updates: [ListUpdate] = []
    }

    let window = makeWindow()
    let inbox = MutableDataSource(snapshot: Snapshot(id: "inbox", items: mails(0..<300)))
    let log = UpdateLog()

    /// A table in the window showing `source`, laid out, each change shown
    /// at once and logged.
    func table(showing source: some DataSource<String, Mail>) -> (
      UITableView, TableViewDataSource<String, Mail>
    ) {
      let tableView = makeTableView(in: window)
      let dataSource = makeTableDataSource(tableView, source)
      dataSource.scheduling = .immediate
      dataSource.onUpdate = { [log] in log.updates.append($0) }
      tableView.layoutIfNeeded()
      return (tableView, dataSource)
    }

    /// The address of the items of section 0 that `dataSource` shows: the
    /// same before and after a change when its storage was edited where it
    /// is, not copied.
    func storage(of dataSource: TableViewDataSource<String, Mail>) -> UnsafeRawPointer? {
      dataSource.snapshot.sections[0].items.withContiguousStorageIfAvailable {
        $0.baseAddress.map(UnsafeRawPointer.init)
      } ?? nil
    }

    @Test func anUpdateIsShownInPlace() {
      let (tableView, dataSource) = table(showing: inbox)
      inbox.update(Mail(id: 3, subject: "first"))  // the section becomes the renderer's own
      let before = storage(of: dataSource)
      inbox.update(Mail(id: 4, subject: "second"))
      #expect(storage(of: dataSource) == before, "the section was copied")
      #expect(dataSource.snapshot == inbox.snapshot)
      #expect(log.updates.last == .batches(steps: 1, animated: true, reconfigured: 1))
      tableView.layoutIfNeeded()
      #expect(texts(of: tableView, row: 4) == "4:second")
    }

    /// A selected row stays selected through an update shown in place.
    @Test func theSelectionStaysThroughAnUpdateInPlace() {
      let (tableView, dataSource) = table(showing: inbox)
      tableView.selectRow(at: IndexPath(row: 2, section: 0), animated: false, scrollPosition: .none)
      inbox.update(Mail(id: 2, subject: "changed"))
      #expect(tableView.indexPathsForSelectedRows == [IndexPath(row: 2, section: 0)])
      #expect(dataSource.snapshot == inbox.snapshot)
    }

    /// A sorted field changes: the item is updated and moved. The renderer
    /// shows it in the plan's two steps (the reload where the item was,
    /// then the move), editing its content where it is.
    @Test func anUpdatedAndMovedItemIsTwoStepsInPlace() {
      let sorted = inbox.sorted { $0.subject < $1.subject }
      let (tableView, dataSource) = table(showing: sorted)
      inbox.update(Mail(id: 5, subject: "m5'"))  // in place: the renderer's own section
      let before = storage(of: dataSource)
      inbox.update(Mail(id: 1, subject: "z"))  // from near the top to the bottom
      #expect(storage(of: dataSource) == before, "the section was copied")
      #expect(dataSource.snapshot == sorted.snapshot)
      #expect(log.updates.last == .batches(steps: 2, animated: true, reconfigured: 1))
      #expect(tableView.numberOfRows(inSection: 0) == 300)
    }

    /// An insert and a delete are shown in place, in one batch update each.
    @Test func insertsAndDeletesAreShownInPlace() {
      let (tableView, dataSource) = table(showing: inbox)
      inbox.deleteItems(at: [ItemPath(section: 0, item: 7)])  // the renderer's own section
      let before = storage(of: dataSource)
      inbox.deleteItems(at: [ItemPath(section: 0, item: 3)])
      #expect(storage(of: dataSource) == before, "the section was copied")
      _ = inbox.insert([Mail(id: 1_000, subject: "new")], at: ItemPath(section: 0, item: 2))
      #expect(dataSource.snapshot == inbox.snapshot)
      let oneStep = ListUpdate.batches(steps: 1, animated: true, reconfigured: 0)
      #expect(log.updates.suffix(2) == [oneStep, oneStep])
      tableView.layoutIfNeeded()
      #expect(texts(of: tableView, row: 2) == "1000:new")
    }

    /// A change of items too large to follow is a `reloadData()` of the
    /// content edited where it is.
    @Test func aChangeTooLargeToFollowIsReloadedInPlace() {
      let (tableView, dataSource) = table(showing: inbox)
      dataSource.options.maximumAnimatedChanges = 10
      inbox.update(Mail(id: 5, subject: "first"))  // the renderer's own section
      let before = storage(of: dataSource)
      inbox.perform { sections in
        for i in 0..<20 { sections[0].items[i * 3].subject = "updated" }
      }
      #expect(storage(of: dataSource) == before, "the section was copied")
      #expect(dataSource.snapshot == inbox.snapshot)
      #expect(log.updates.last == .reloaded(.tooManyChanges))
      tableView.layoutIfNeeded()
      #expect(texts(of: tableView, row: 3) == "3:updated")
    }

    /// One change in a turn waits for the end of the turn without a copy of
    /// the content (the view's questions are answered from what it shows),
    /// then is shown in place; a second change in the turn makes the
    /// content the changes lead to, and the two are composed.
    @Test func aChangeWaitingForTheEndOfTheTurnIsShownInPlace() {
      let turns = ManualTurns()
      let (tableView, dataSource) = table(showing: inbox)
      dataSource.scheduling = turns.scheduling
      inbox.update(Mail(id: 5, subject: "first"))
      turns.endTurn()
      let before = storage(of: dataSource)
      inbox.deleteItems(at: [ItemPath(section: 0, item: 3)])
      #expect(dataSource.snapshot.numberOfItems == 300, "shown before the end of the turn")
      turns.endTurn()
      #expect(storage(of: dataSource) == before, "the section was copied")
      #expect(dataSource.snapshot == inbox.snapshot)

      inbox.deleteItems(at: [ItemPath(section: 0, item: 0)])
      inbox.update(Mail(id: 9, subject: "second"))
      #expect(dataSource.snapshot.numberOfItems == 299)
      turns.endTurn()
      #expect(dataSource.snapshot == inbox.snapshot)
      #expect(tableView.numberOfRows(inSection: 0) == 298)
    }

    /// The text of the cell at `row` of section 0, if it is on screen.
    func texts(of tableView: UITableView, row: Int) -> String? {
      guard let cell = tableView.cellForRow(at: IndexPath(row: row, section: 0)) else { return nil }
      return (cell.contentConfiguration as? UIListContentConfiguration)?.text
    }
  }
#endif
