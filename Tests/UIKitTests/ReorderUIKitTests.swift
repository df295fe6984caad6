// Runs where the UIKit layer is built on its stand-in (not on Apple
// platforms with UIKit, where these checks of the stand-in do not exist).
#if canImport(UIKitStandIn)
  import DataSourceGraphComposition
  import DataSourceGraphSections
  import DataSourceGraphNodes
  import DataSourceGraphUIKit
  import Foundation
  import Testing
  import UIKitStandIn

  /// A drag to reorder on a table or collection view, simulated the way
  /// UIKit does it (the view moves its row, then tells its data source):
  /// the data source makes the move in the leaf that owns the row and
  /// issues no batch update for it (the view shows it already), or, when
  /// the node refuses, puts the view back with a reload.
  @MainActor
  @Suite struct ReorderUIKitTests {
    let window = makeWindow()
    let inbox = MutableDataSource<String, Mail>(
      sections: [section("new", mails(1...3)), section("old", mails(4...5))], name: "Inbox")
    let archive = MutableDataSource<String, Mail>(
      sections: [section("archive", mails(6...7))], name: "Archive")

    static func path(_ section: Int, _ row: Int) -> IndexPath {
      IndexPath(row: row, section: section)
    }

    /// What a view must show for `snapshot`, whatever its section
    /// identities.
    static func texts<S: Hashable>(_ snapshot: Snapshot<S, Mail>) -> [[String?]] {
      snapshot.sections.map { $0.items.map { text($0) } }
    }

    /// A table view in the window showing `source`, each cell its mail's
    /// text, that records an issue for every invalid update.
    func makeTable<S: Hashable>(_ source: some DataSource<S, Mail>) -> (
      UITableView, TableViewDataSource<S, Mail>
    ) {
      let tableView = makeTableView(in: window)
      let dataSource = TableViewDataSource(tableView: tableView, source: source) {
        tableView, indexPath, mail in
        let cell = tableView.dequeueReusableCell(withIdentifier: "cell", for: indexPath)
        var content = cell.defaultContentConfiguration()
        content.text = text(mail)
        cell.contentConfiguration = content
        return cell
      }
      return (tableView, dataSource)
    }

    /// `texts` with the row at `from` moved so that it ends at `to`.
    static func moved(_ texts: [[String?]], from: IndexPath, to: IndexPath) -> [[String?]] {
      var texts = texts
      let text = texts[from.section].remove(at: from.row)
      texts[to.section].insert(text, at: to.row)
      return texts
    }

    // MARK: Table views

    @Test func aDraggedRowLandsInItsLeafWithoutABatchUpdate() {
      let screen = CompositeDataSource(inbox, archive).filter { $0.id != 2 }
      let (tableView, dataSource) = makeTable(screen)
      dataSource.reordersItems = true
      var shown = tableView.shownTexts
      tableView.clearRecords()
      // Within a section, across the hidden row; then to another section
      // of the same leaf.
      for (from, to) in [(Self.path(0, 1), Self.path(0, 0)), (Self.path(0, 0), Self.path(1, 2))] {
        #expect(tableView.simulateUserMove(from: from, to: to))
        shown = Self.moved(shown, from: from, to: to)
        #expect(tableView.shownTexts == shown)
        #expect(Self.texts(screen.snapshot) == shown)
        #expect(dataSource.snapshot == screen.snapshot)
      }
      #expect(inbox.snapshot.sections.map { $0.items.map(\.id) } == [[1, 2], [4, 5, 3]])
      #expect(tableView.batchRecords.isEmpty)
      #expect(tableView.reloadDataCount == 0)
      #expect(tableView.invalidUpdates.isEmpty)
      // Later changes reach the view as batch updates again.
      inbox.append(mails(8...8), toSection: 0)
      #expect(tableView.batchRecords.count == 1)
      #expect(tableView.shownTexts == Self.texts(screen.snapshot))
    }

    @Test func reorderingIsOffByDefault() {
      let (tableView, dataSource) = makeTable(inbox)
      #expect(!dataSource.tableView(tableView, canMoveRowAt: Self.path(0, 0)))
      #expect(!tableView.simulateUserMove(from: Self.path(0, 0), to: Self.path(0, 1)))
      #expect(tableView.shownTexts == Self.texts(inbox.snapshot))
      #expect(inbox.snapshot.sections[0].items.map(\.id) == [1, 2, 3])
    }

    @Test func aSortedScreenOffersNoReorderControl() {
      let screen = inbox.sorted { $0.id > $1.id }
      let (tableView, dataSource) = makeTable(screen)
      dataSource.reordersItems = true
      #expect(!dataSource.tableView(tableView, canMoveRowAt: Self.path(0, 0)))
      #expect(!tableView.simulateUserMove(from: Self.path(0, 0), to: Self.path(0, 1)))
    }

    /// The user drops a row of the inbox among the archive's: the node
    /// refuses, the view is put back with a reload and the app is told.
    @Test func aRefusedMovePutsTheRowBack() {
      let screen = CompositeDataSource(inbox, archive)
      screen.name = "Mail"
      let (tableView, dataSource) = makeTable(screen)
      dataSource.reordersItems = true
      var refusals: [ReorderRefusal] = []
      dataSource.onReorderRefusal = { refusals.append($0) }
      let before = tableView.shownTexts
      tableView.clearRecords()
      #expect(tableView.simulateUserMove(from: Self.path(0, 0), to: Self.path(2, 1)))
      #expect(refusals == [.crossesInputs(node: "Mail")])
      #expect(tableView.shownTexts == before)
      #expect(tableView.reloadDataCount == 1)
      #expect(tableView.batchRecords.isEmpty)
      #expect(Self.texts(screen.snapshot) == before)
    }

    /// A leaf of the app's own, at the top, that makes a move as a delete
    /// and an insert: two changes, not a move; what they lead to is what
    /// the view shows, so nothing is issued.
    @Test func aMoveMadeAsOtherChangesNeedsNoUpdate() {
      let leaf = DeleteInsertSource(mails: [section("a", mails(1...3)), section("b", mails(4...4))])
      let (tableView, dataSource) = makeTable(leaf)
      dataSource.reordersItems = true
      var updates: [ListUpdate] = []
      dataSource.onUpdate = { updates.append($0) }
      #expect(dataSource.tableView(tableView, canMoveRowAt: Self.path(0, 0)))
      tableView.clearRecords()
      #expect(tableView.simulateUserMove(from: Self.path(0, 0), to: Self.path(1, 1)))
      #expect(tableView.shownTexts == [["2:m2", "3:m3"], ["4:m4", "1:m1"]])
      #expect(Self.texts(leaf.snapshot) == tableView.shownTexts)
      #expect(updates.count == 2)
      #expect(tableView.batchRecords.isEmpty)
      #expect(tableView.reloadDataCount == 0)
    }

    /// An observer adds a row when the move is made: the node then shows
    /// more than the move, and the view reloads to show it.
    @Test func aMoveThatChangesMoreReloadsTheView() {
      let (tableView, dataSource) = makeTable(inbox)
      dataSource.reordersItems = true
      var added = false
      let token = inbox.observe { [inbox] event in
        guard case .changed = event, !added else { return }
        added = true
        inbox.append(mails(9...9), toSection: 1)
      }
      defer { token.cancel() }
      tableView.clearRecords()
      #expect(tableView.simulateUserMove(from: Self.path(0, 0), to: Self.path(0, 2)))
      #expect(tableView.shownTexts == Self.texts(inbox.snapshot))
      #expect(inbox.snapshot.sections.map { $0.items.map(\.id) } == [[2, 3, 1], [4, 5, 9]])
      #expect(tableView.reloadDataCount == 1)
      #expect(tableView.invalidUpdates.isEmpty)
    }

    // MARK: The stand-in's check

    /// A data source that takes a move in and then moves the row again
    /// with a batch update, as a naive one would: the stand-in catches the
    /// second move (within a section, where UIKit raises nothing; across
    /// sections, where it raises).
    @Test func theStandInCatchesADoubleMove() {
      let tableView = UITableView(frame: CGRect(x: 0, y: 0, width: 320, height: 640), style: .plain)
      tableView.register(UITableViewCell.self, forCellReuseIdentifier: "cell")
      window.addSubview(tableView)
      var problems: [InvalidUpdate.Kind] = []
      tableView.onInvalidUpdate = { problems.append($0.kind) }
      let naive = NaiveDataSource(rows: [["a", "b", "c"], ["d"]])
      tableView.dataSource = naive
      tableView.reloadData()
      #expect(tableView.simulateUserMove(from: Self.path(0, 0), to: Self.path(0, 2)))
      #expect(problems == [.divergedFromDataSource])
      // The stand-in reloaded: the view shows the data source again.
      #expect(tableView.shownTexts == naive.rows)
      problems.removeAll()
      #expect(tableView.simulateUserMove(from: Self.path(0, 0), to: Self.path(1, 0)))
      #expect(!problems.isEmpty && problems.allSatisfy { $0 == .rowCount })
      #expect(tableView.shownTexts == naive.rows)
      // Without the batch update, the same moves are fine.
      naive.movesAgain = false
      problems.removeAll()
      #expect(tableView.simulateUserMove(from: Self.path(0, 0), to: Self.path(0, 1)))
      #expect(tableView.simulateUserMove(from: Self.path(1, 0), to: Self.path(0, 0)))
      #expect(problems.isEmpty)
      #expect(tableView.shownTexts == naive.rows)
    }

    // MARK: Collection views

    @Test func aCollectionViewMoveLandsInItsLeaf() {
      let screen = CompositeDataSource(inbox, archive.map { $0 })
      let (collectionView, dataSource) = makeCollection(in: window, screen)
      dataSource.reordersItems = true
      #expect(dataSource.collectionView(collectionView, canMoveItemAt: Self.path(2, 0)))
      collectionView.clearRecords()
      let before = collectionView.shownTexts
      #expect(collectionView.simulateUserMove(from: Self.path(2, 1), to: Self.path(2, 0)))
      #expect(
        collectionView.shownTexts == Self.moved(before, from: Self.path(2, 1), to: Self.path(2, 0)))
      #expect(archive.snapshot.sections[0].items.map(\.id) == [7, 6])
      #expect(collectionView.batchRecords.isEmpty)
      #expect(collectionView.reloadDataCount == 0)
      #expect(collectionView.invalidUpdates.isEmpty)
    }

    @Test func aRefusedCollectionViewMovePutsTheItemBack() {
      let screen = CompositeDataSource(inbox, archive)
      let (collectionView, dataSource) = makeCollection(in: window, screen)
      dataSource.reordersItems = true
      var refusals: [ReorderRefusal] = []
      dataSource.onReorderRefusal = { refusals.append($0) }
      let before = collectionView.shownTexts
      collectionView.clearRecords()
      #expect(collectionView.simulateUserMove(from: Self.path(2, 0), to: Self.path(0, 0)))
      #expect(refusals == [.crossesInputs(node: nil)])
      #expect(collectionView.shownTexts == before)
      #expect(collectionView.reloadDataCount == 1)
      #expect(inbox.snapshot.sections[0].items.map(\.id) == [1, 2, 3])
    }
  }

  /// A source of the app's own that moves an item by deleting it and
  /// inserting it again (through a `MutableDataSource` it wraps).
  final class DeleteInsertSource: ReorderableDataSource {
    let base: MutableDataSource<String, Mail>

    init(mails sections: [SnapshotSection<String, Mail>]) {
      base = MutableDataSource(sections: sections)
    }

    var numberOfSections: Int { base.numberOfSections }
    func sectionID(at index: Int) -> String { base.sectionID(at: index) }
    func supplements(ofSection index: Int) -> SectionSupplements {
      base.supplements(ofSection: index)
    }
    func sectionIndex(for id: String) -> Int? { base.sectionIndex(for: id) }
    func numberOfItems(inSection section: Int) -> Int { base.numberOfItems(inSection: section) }
    func item(at path: ItemPath) -> Mail { base.item(at: path) }
    func itemPath(for id: Int) -> ItemPath? { base.itemPath(for: id) }
    var snapshot: Snapshot<String, Mail> { base.snapshot }
    var contentState: ContentState { base.contentState }
    func observe(_ handler: @escaping (DataSourceEvent<String, Mail>) -> Void) -> ObservationToken {
      base.observe(handler)
    }

    func moveItem(from source: ItemPath, to destination: ItemPath) {
      let mail = base.item(at: source)
      base.deleteItems(at: [source])
      base.insert([mail], at: destination)
    }
  }

  /// A table view data source over an array of texts that takes a move in
  /// and, while `movesAgain`, also issues it as a batch update: the
  /// mistake the stand-in's check is for.
  @MainActor
  final class NaiveDataSource: NSObject, UITableViewDataSource {
    var rows: [[String?]]
    var movesAgain = true

    init(rows: [[String?]]) { self.rows = rows }

    func numberOfSections(in tableView: UITableView) -> Int { rows.count }
    func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
      rows[section].count
    }
    func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
      let cell = tableView.dequeueReusableCell(withIdentifier: "cell", for: indexPath)
      var content = cell.defaultContentConfiguration()
      content.text = rows[indexPath.section][indexPath.row]
      cell.contentConfiguration = content
      return cell
    }
    func tableView(_ tableView: UITableView, canMoveRowAt indexPath: IndexPath) -> Bool { true }
    func tableView(
      _ tableView: UITableView, moveRowAt sourceIndexPath: IndexPath,
      to destinationIndexPath: IndexPath
    ) {
      let row = rows[sourceIndexPath.section].remove(at: sourceIndexPath.row)
      rows[destinationIndexPath.section].insert(row, at: destinationIndexPath.row)
      guard movesAgain else { return }
      tableView.performBatchUpdates {
        tableView.moveRow(at: sourceIndexPath, to: destinationIndexPath)
      }
    }
  }
#endif
