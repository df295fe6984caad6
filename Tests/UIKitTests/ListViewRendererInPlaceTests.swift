#if canImport(UIKitStandIn)
  import DataSourceGraphSections
  import DataSourceGraphNodes
  import DataSourceGraphUIKit
  import Testing
  import UIKitStandIn

  /// An update of items where they are, shown at once: the renderer
  /// replaces the items in its snapshot's storage in one batch update, with
  /// no plan and no copy of the section.
  @MainActor
  @Suite struct ListViewRendererInPlaceTests {
    @Test func anUpdateIsShownInPlace() {
      let window = makeWindow()
      let tableView = makeTableView(in: window)
      let inbox = MutableDataSource(snapshot: Snapshot(id: "inbox", items: mails(0..<500)))
      let dataSource = makeTableDataSource(tableView, inbox)
      dataSource.scheduling = .immediate
      var updates: [ListUpdate] = []
      dataSource.onUpdate = { updates.append($0) }
      inbox.update(Mail(id: 3, subject: "first"))  // the section becomes the renderer's own
      let before = dataSource.snapshot.sections[0].items.withUnsafeBufferPointer { $0.baseAddress }
      inbox.update(Mail(id: 4, subject: "second"))
      let after = dataSource.snapshot.sections[0].items.withUnsafeBufferPointer { $0.baseAddress }
      #expect(before == after, "the section was copied")
      #expect(dataSource.snapshot == inbox.snapshot)
      #expect(updates.last == .batches(steps: 1, animated: true, reconfigured: 1))
      tableView.layoutIfNeeded()
      #expect(texts(of: tableView, row: 4) == "4:second")
    }

    /// A selected row stays selected through an update shown in place.
    @Test func theSelectionStaysThroughAnUpdateInPlace() {
      let window = makeWindow()
      let tableView = makeTableView(in: window)
      let inbox = MutableDataSource(snapshot: Snapshot(id: "inbox", items: mails(0..<20)))
      let dataSource = makeTableDataSource(tableView, inbox)
      dataSource.scheduling = .immediate
      tableView.layoutIfNeeded()
      tableView.selectRow(at: IndexPath(row: 2, section: 0), animated: false, scrollPosition: .none)
      inbox.update(Mail(id: 2, subject: "changed"))
      #expect(tableView.indexPathsForSelectedRows == [IndexPath(row: 2, section: 0)])
      #expect(dataSource.snapshot == inbox.snapshot)
    }

    /// The text of the cell at `row` of section 0, if it is on screen.
    func texts(of tableView: UITableView, row: Int) -> String? {
      guard let cell = tableView.cellForRow(at: IndexPath(row: row, section: 0)) else { return nil }
      return (cell.contentConfiguration as? UIListContentConfiguration)?.text
    }
  }
#endif
