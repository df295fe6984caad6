// Runs where the UIKit layer is built on its stand-in (not on Apple
// platforms with UIKit, where these checks of the stand-in do not exist).
#if canImport(UIKitStandIn)
  import Foundation
  import TestSupport
  import Testing
  import UIKitStandIn

  /// The stand-in's visible window: only the rows whose frame meets it are
  /// displayed, and the delegate hears of each row's cell entering it
  /// (`willDisplay`) and leaving it (`didEndDisplaying`) as the view
  /// scrolls, resizes, reloads and takes batch updates.
  @MainActor
  @Suite struct DisplayWindowTests {
    /// A table of `count` rows "r0", "r1"… of 44 points, `height` tall,
    /// its delegate set before it loads.
    func table(rows count: Int, height: CGFloat) -> (UITableView, StandInTableSource, DisplayLog) {
      let table = UITableView(frame: CGRect(x: 0, y: 0, width: 320, height: height), style: .plain)
      table.register(UITableViewCell.self, forCellReuseIdentifier: "cell")
      let source = StandInTableSource([(0..<count).map { "r\($0)" }])
      let log = DisplayLog()
      table.delegate = log
      table.dataSource = source
      table.reloadData()
      return (table, source, log)
    }

    @Test func scrollingBringsCellsIntoTheWindowAndOut() {
      let (table, source, log) = table(rows: 20, height: 100)
      defer { withExtendedLifetime(source) {} }
      // 0..<100 meets rows 0 (0..<44), 1 (44..<88) and 2 (88..<132).
      #expect(log.calls == ["will r0 0.0", "will r1 0.1", "will r2 0.2"])
      log.calls = []
      table.contentOffset = CGPoint(x: 0, y: 100)
      // 100..<200: rows 2, 3 and 4. The new ones first, then the old.
      #expect(log.calls == ["will r3 0.3", "will r4 0.4", "end 0.0", "end 0.1"])
      log.calls = []
      table.setContentOffset(CGPoint(x: 0, y: 100), animated: true)
      #expect(log.calls.isEmpty)
      table.scrollToRow(at: ip(0, 19), at: .bottom, animated: true)
      // The content is 880 points: 780..<880 meets rows 17, 18 and 19.
      #expect(table.contentOffset.y == 780)
      #expect(
        log.calls == [
          "will r17 0.17", "will r18 0.18", "will r19 0.19", "end 0.2", "end 0.3", "end 0.4",
        ])
      #expect(log.failures.isEmpty)
    }

    @Test func aBatchUpdateEndsTheRowsItPushesOutAndShowsThoseItBringsIn() {
      let (table, source, log) = table(rows: 10, height: 100)
      defer { withExtendedLifetime(source) {} }
      log.calls = []
      // An insert at the top pushes r2 out of the window, to row 3.
      source.sections = [["x"] + source.sections[0]]
      table.insertRows(at: [ip(0, 0)], with: .automatic)
      #expect(log.calls == ["will x 0.0", "end 0.3"])
      log.calls = []
      // A delete in the window brings r2 back in; the deleted row ends at
      // its old index path.
      source.sections[0].remove(at: 0)
      table.deleteRows(at: [ip(0, 0)], with: .automatic)
      #expect(log.calls == ["will r2 0.2", "end 0.0"])
      log.calls = []
      // A row moved within the window keeps its cell: nothing to tell.
      source.sections[0].swapAt(0, 1)
      table.moveRow(at: ip(0, 1), to: ip(0, 0))
      #expect(log.calls.isEmpty)
      #expect(log.failures.isEmpty)
    }

    @Test func aReloadedRowEndsItsOldCellAndDisplaysItsNewOne() {
      let (table, source, log) = table(rows: 10, height: 100)
      defer { withExtendedLifetime(source) {} }
      log.calls = []
      source.sections[0][1] = "r1*"
      source.sections[0][7] = "r7*"
      table.reloadRows(at: [ip(0, 1), ip(0, 7)], with: .automatic)
      // Only the row in the window is told: its new cell (r7's old one,
      // from the reuse pool) will display, then the old one ends, as in
      // UIKit.
      #expect(log.calls == ["will r1* 0.1", "end 0.1"])
      log.calls = []
      // With one reload the old cell serves the new row at once: its
      // display ends first, so calls still alternate per cell.
      source.sections[0][2] = "r2*"
      table.reloadRows(at: [ip(0, 2)], with: .automatic)
      #expect(log.calls == ["end 0.2", "will r2* 0.2"])
      #expect(log.failures.isEmpty)
    }

    @Test func aCollectionViewDisplaysTheItemsItsWindowMeets() {
      let collection = UICollectionView(
        frame: CGRect(x: 0, y: 0, width: 320, height: 120),
        collectionViewLayout: UICollectionViewFlowLayout())
      let source = StandInCollectionSource([(0..<10).map { "i\($0)" }])
      let log = DisplayLog()
      collection.delegate = log
      collection.dataSource = source
      collection.layoutIfNeeded()
      let height = collection.layoutAttributesForItem(at: IndexPath(item: 0, section: 0))?.frame
        .height
      #expect(height == 50)
      // 0..<120 meets items 0, 1 and 2.
      #expect(log.calls == ["will i0 0.0", "will i1 0.1", "will i2 0.2"])
      log.calls = []
      collection.scrollToItem(at: IndexPath(item: 9, section: 0), at: .bottom, animated: false)
      // 380..<500 meets items 7, 8 and 9.
      #expect(
        log.calls == ["will i7 0.7", "will i8 0.8", "will i9 0.9", "end 0.0", "end 0.1", "end 0.2"])
      log.calls = []
      // A window of no height displays nothing, once laid out.
      collection.frame.size.height = 0
      #expect(log.calls.isEmpty)
      collection.layoutIfNeeded()
      #expect(log.calls == ["end 0.7", "end 0.8", "end 0.9"])
      #expect(log.failures.isEmpty)
      withExtendedLifetime(source) {}
    }
  }

  /// A delegate of a table or a collection view that records the display
  /// calls (`will <text> <section>.<row>`, `end <section>.<row>`) and
  /// checks them as they come: calls alternate per cell, and a cell
  /// will display at its index path, inside the visible window.
  @MainActor
  final class DisplayLog: NSObject, UITableViewDelegate, UICollectionViewDelegate {
    var calls: [String] = []
    /// The cells displayed, as the calls told them, with the index path
    /// each was displayed at.
    private(set) var displayed: [ObjectIdentifier: IndexPath] = [:]
    /// What went wrong as the calls came.
    private(set) var failures: [String] = []

    func tableView(
      _ tableView: UITableView, willDisplay cell: UITableViewCell, forRowAt indexPath: IndexPath
    ) {
      willDisplay(
        cell, at: indexPath, text: cell.textLabel?.text, shownAt: tableView.indexPath(for: cell),
        window: tableView.indexPathsForVisibleRows ?? [])
    }

    func tableView(
      _ tableView: UITableView, didEndDisplaying cell: UITableViewCell,
      forRowAt indexPath: IndexPath
    ) {
      didEndDisplaying(cell, at: indexPath)
    }

    func collectionView(
      _ collectionView: UICollectionView, willDisplay cell: UICollectionViewCell,
      forItemAt indexPath: IndexPath
    ) {
      willDisplay(
        cell, at: indexPath, text: (cell.contentConfiguration as? UIListContentConfiguration)?.text,
        shownAt: collectionView.indexPath(for: cell),
        window: collectionView.indexPathsForVisibleItems)
    }

    func collectionView(
      _ collectionView: UICollectionView, didEndDisplaying cell: UICollectionViewCell,
      forItemAt indexPath: IndexPath
    ) {
      didEndDisplaying(cell, at: indexPath)
    }

    private func willDisplay(
      _ cell: UIView, at indexPath: IndexPath, text: String?, shownAt: IndexPath?,
      window: [IndexPath]
    ) {
      let place = "\(indexPath.section).\(indexPath.item)"
      calls.append("will \(text ?? "-") \(place)")
      let id = ObjectIdentifier(cell)
      if displayed[id] != nil { failures.append("willDisplay at \(place) of a displayed cell") }
      if shownAt != indexPath {
        failures.append(
          "willDisplay at \(place) of a cell at \(shownAt.map { "\($0)" } ?? "no row")")
      }
      if !window.contains(indexPath) {
        failures.append("willDisplay at \(place), out of the window")
      }
      displayed[id] = indexPath
    }

    private func didEndDisplaying(_ cell: UIView, at indexPath: IndexPath) {
      let place = "\(indexPath.section).\(indexPath.item)"
      calls.append("end \(place)")
      if displayed.removeValue(forKey: ObjectIdentifier(cell)) == nil {
        failures.append("didEndDisplaying at \(place) of a cell not displayed")
      }
    }
  }
#endif
