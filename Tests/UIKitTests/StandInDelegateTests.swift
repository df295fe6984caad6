// Runs where the UIKit layer is built on its stand-in (not on Apple
// platforms with UIKit, where these checks of the stand-in do not exist).
#if canImport(UIKitStandIn)
  import Testing
  import UIKitStandIn

  /// A table delegate that records the display calls, each with the number
  /// of batch updates the table had finished then.
  @MainActor
  final class DisplayRecorder: NSObject, UITableViewDelegate {
    var calls: [String] = []
    func tableView(
      _ tableView: UITableView, willDisplay cell: UITableViewCell, forRowAt indexPath: IndexPath
    ) {
      calls.append(
        "will \(cell.textLabel?.text ?? "-") \(indexPath.section).\(indexPath.row) #\(tableView.batchRecords.count)"
      )
    }
    func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
      calls.append("select \(indexPath.section).\(indexPath.row)")
    }
    func tableView(_ tableView: UITableView, didDeselectRowAt indexPath: IndexPath) {
      calls.append("deselect \(indexPath.section).\(indexPath.row)")
    }
    func tableView(
      _ tableView: UITableView, didEndDisplaying cell: UITableViewCell,
      forRowAt indexPath: IndexPath
    ) {
      // The path only: the stand-in may hand a leaving cell out again at
      // once (UIKit waits for its animation), so its text can be new.
      calls.append("end \(indexPath.section).\(indexPath.row) #\(tableView.batchRecords.count)")
    }
  }

  /// The stand-in's delegate calls of cells coming and going, and of the
  /// user's taps, as UIKit makes them.
  @MainActor
  @Suite struct StandInDelegateTests {
    @Test func cellsThatComeAndGoAreToldOnceTheBatchUpdateIsOver() {
      let (table, source) = standInTable([["a", "b", "c"]])
      let recorder = DisplayRecorder()
      table.delegate = recorder
      source.sections = [["a", "x", "c", "y"]]
      table.performBatchUpdates {
        table.deleteRows(at: [ip(0, 1)], with: .automatic)
        table.insertRows(at: [ip(0, 1), ip(0, 3)], with: .automatic)
      }
      // Told after the batch is recorded (the count is 1), the leaving
      // cell at its old index path, then the new ones at theirs.
      #expect(recorder.calls == ["end 0.1 #1", "will x 0.1 #1", "will y 0.3 #1"])
    }

    @Test func aReloadEndsEveryCellAndDisplaysEveryNewOne() {
      let (table, source) = standInTable([["a", "b"], ["c"]])
      let recorder = DisplayRecorder()
      table.delegate = recorder
      withExtendedLifetime(source) { table.reloadData() }
      #expect(
        recorder.calls == [
          "end 0.0 #0", "end 0.1 #0", "end 1.0 #0", "will a 0.0 #0", "will b 0.1 #0",
          "will c 1.0 #0",
        ])
    }

    @Test func aMovedOrReconfiguredCellIsToldNothing() {
      let (table, source) = standInTable([["a", "b", "c"]])
      let recorder = DisplayRecorder()
      table.delegate = recorder
      source.sections = [["c", "a", "b"]]
      table.moveRow(at: ip(0, 2), to: ip(0, 0))
      table.reconfigureRows(at: [ip(0, 1)])
      #expect(recorder.calls.isEmpty)
    }

    @Test func aTapSelectsAsUIKitDoesAndTellsTheDelegate() {
      let (table, source) = standInTable([["a", "b", "c"]])
      defer { withExtendedLifetime(source) {} }
      let recorder = DisplayRecorder()
      table.delegate = recorder
      // Single selection: the former selection goes; a tap on the selected
      // row selects it again.
      for row in [0, 2, 2] { table.simulateUserTap(at: ip(0, row)) }
      #expect(recorder.calls == ["select 0.0", "deselect 0.0", "select 0.2", "select 0.2"])
      #expect(table.indexPathsForSelectedRows == [ip(0, 2)])
      // Multiple selection: a tap on a selected row deselects it.
      recorder.calls = []
      table.allowsMultipleSelection = true
      for row in [0, 1, 2] { table.simulateUserTap(at: ip(0, row)) }
      #expect(recorder.calls == ["select 0.0", "select 0.1", "deselect 0.2"])
      #expect(table.indexPathsForSelectedRows == [ip(0, 0), ip(0, 1)])
      // No selection allowed: a tap tells nothing.
      recorder.calls = []
      table.allowsSelection = false
      table.simulateUserTap(at: ip(0, 2))
      #expect(recorder.calls.isEmpty)
    }

    @Test func theUsersActionsReachOnlyRowsTheViewHas() {
      let (table, source) = standInTable([["a"]])
      defer { withExtendedLifetime(source) {} }
      let recorder = DisplayRecorder()
      table.delegate = recorder
      #expect(table.simulateUserTap(at: ip(0, 0)))
      #expect(!table.simulateUserTap(at: ip(0, 1)))
      #expect(!table.simulateUserTap(at: ip(1, 0)))
      // No prefetching data source: nothing to tell.
      #expect(!table.simulatePrefetching(at: [ip(0, 0)]))
    }
  }
#endif
