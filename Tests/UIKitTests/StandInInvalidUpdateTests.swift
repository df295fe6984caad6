// Runs where the UIKit layer is built on its stand-in (not on Apple
// platforms with UIKit, where these checks of the stand-in do not exist).
#if canImport(UIKitStandIn)
  import Testing
  import UIKitStandIn

  /// One batch UIKit refuses: the table before, what the data source says
  /// after the block, the calls, and UIKit's exception.
  struct StandInInvalidCase: Sendable, CustomTestStringConvertible {
    var name: String
    var old: [[String]]
    var new: [[String]]
    var calls: @MainActor @Sendable (UITableView) -> Void
    var kind: InvalidUpdate.Kind
    var message: String

    var testDescription: String { name }
  }

  /// Every kind of "Invalid update" the stand-in raises, with UIKit's
  /// message, and the recovery that follows.
  @Suite @MainActor struct StandInInvalidUpdateTests {
    nonisolated static let cases: [StandInInvalidCase] = [
      StandInInvalidCase(
        name: "row count (data source not updated)", old: [["a", "b", "c"]],
        new: [["a", "b", "c"]], calls: { $0.deleteRows(at: [ip(0, 0)], with: .fade) },
        kind: .rowCount,
        message:
          "Invalid update: invalid number of rows in section 0. The number of rows contained in an existing section after the update (3) must be equal to the number of rows contained in that section before the update (3), plus or minus the number of rows inserted or deleted from that section (0 inserted, 1 deleted) and plus or minus the number of rows moved into or out of that section (0 moved in, 0 moved out)."
      ),
      StandInInvalidCase(
        name: "row count with moves", old: [["a", "b"], ["c"]], new: [["a"], ["c", "b", "x"]],
        calls: { $0.moveRow(at: ip(0, 1), to: ip(1, 1)) }, kind: .rowCount,
        message:
          "Invalid update: invalid number of rows in section 1. The number of rows contained in an existing section after the update (3) must be equal to the number of rows contained in that section before the update (1), plus or minus the number of rows inserted or deleted from that section (0 inserted, 0 deleted) and plus or minus the number of rows moved into or out of that section (1 moved in, 0 moved out)."
      ),
      StandInInvalidCase(
        name: "section count", old: [["a"]], new: [["a"], []],
        calls: {
          $0.insertSections([0], with: .fade)
          $0.deleteSections([0], with: .fade)
        },
        kind: .sectionCount,
        message:
          "Invalid update: invalid number of sections. The number of sections contained in the table view after the update (2) must be equal to the number of sections contained in the table view before the update (1), plus or minus the number of sections inserted or deleted (1 inserted, 1 deleted)."
      ),
      StandInInvalidCase(
        name: "delete past the end", old: [Array(repeating: "r", count: 16)],
        new: [Array(repeating: "r", count: 15)],
        calls: { $0.deleteRows(at: [ip(0, 16)], with: .fade) }, kind: .rowOutOfRange,
        message:
          "attempt to delete row 16 from section 0 which only contains 16 rows before the update"
      ),
      StandInInvalidCase(
        name: "reload in new coordinates", old: [Array(repeating: "r", count: 20)],
        new: [Array(repeating: "r", count: 21)],
        calls: {
          $0.insertRows(at: [ip(0, 0)], with: .fade)
          $0.reloadRows(at: [ip(0, 20)], with: .fade)
        },
        kind: .rowOutOfRange,
        message:
          "attempt to delete row 20 from section 0 which only contains 20 rows before the update"
      ),
      StandInInvalidCase(
        name: "insert past the end", old: [Array(repeating: "r", count: 8)],
        new: [Array(repeating: "r", count: 8)],
        calls: { $0.insertRows(at: [ip(0, 8)], with: .fade) }, kind: .rowOutOfRange,
        message:
          "attempt to insert row 8 into section 0, but there are only 8 rows in section 0 after the update"
      ),
      StandInInvalidCase(
        name: "delete from a missing section", old: [], new: [],
        calls: { $0.deleteRows(at: [ip(0, 0)], with: .fade) }, kind: .sectionOutOfRange,
        message:
          "attempt to delete row 0 from section 0, but there are only 0 sections before the update"
      ),
      StandInInvalidCase(
        name: "insert a missing section", old: [["a"]], new: [["a"]],
        calls: { $0.insertSections([1], with: .fade) }, kind: .sectionOutOfRange,
        message: "attempt to insert section 1 but there are only 1 sections after the update"
      ),
      StandInInvalidCase(
        name: "move from a missing row", old: [["a"], ["b"], []], new: [["a", "x"], ["b"], []],
        calls: { $0.moveRow(at: ip(2, 0), to: ip(0, 1)) }, kind: .rowOutOfRange,
        message:
          "attempt to move index path (2 - 0) that does not exist - there are only 0 rows in section 2 before the update"
      ),
      StandInInvalidCase(
        name: "move to a missing row", old: [["a", "b"], ["c"]], new: [["a", "b"], ["c"]],
        calls: { $0.moveRow(at: ip(1, 0), to: ip(0, 2)) }, kind: .rowOutOfRange,
        message:
          "attempt to move index path (1 - 0) to index path (0 - 2) that does not exist - there are only 2 rows in section 0 after the update"
      ),
      StandInInvalidCase(
        name: "delete and reload", old: [["a", "b"]], new: [["b"]],
        calls: {
          $0.deleteRows(at: [ip(0, 0)], with: .fade)
          $0.reloadRows(at: [ip(0, 0)], with: .fade)
        },
        kind: .deleteAndReload, message: "attempt to delete and reload the same index path (0 - 0)"),
      StandInInvalidCase(
        name: "delete and move", old: [["a", "b"]], new: [["b"]],
        calls: {
          $0.deleteRows(at: [ip(0, 0)], with: .fade)
          $0.moveRow(at: ip(0, 0), to: ip(0, 0))
        },
        kind: .deleteAndMove,
        message: "attempt to perform a delete and a move from the same index path (0 - 0)"),
      StandInInvalidCase(
        name: "insert and move", old: [["a", "b"]], new: [["b", "x", "a"]],
        calls: {
          $0.insertRows(at: [ip(0, 1)], with: .fade)
          $0.moveRow(at: ip(0, 0), to: ip(0, 1))
        },
        kind: .insertAndMove,
        message: "attempt to perform an insert and a move to the same index path (0 - 1)"),
      StandInInvalidCase(
        name: "move and reload", old: [["a", "b", "c"]], new: [["b", "c", "a*"]],
        calls: {
          $0.moveRow(at: ip(0, 0), to: ip(0, 2))
          $0.reloadRows(at: [ip(0, 0)], with: .fade)
        },
        kind: .moveAndReload,
        message: "attempt to perform a delete and a move from the same index path (0 - 0)"),
      StandInInvalidCase(
        name: "delete twice", old: [["a", "b", "c"]], new: [["c"]],
        calls: { $0.deleteRows(at: [ip(0, 0), ip(0, 1), ip(0, 0)], with: .fade) },
        kind: .duplicate,
        message: "attempt to delete index path (0 - 0) more than once in one update"),
      StandInInvalidCase(
        name: "move from a deleted section", old: [["a"], ["b"]], new: [["b", "a"]],
        calls: {
          $0.deleteSections([0], with: .fade)
          $0.moveRow(at: ip(0, 0), to: ip(0, 1))
        },
        kind: .moveFromDeletedSection, message: "cannot move a row from a deleted section (0)"),
      StandInInvalidCase(
        name: "move into an inserted section", old: [["a", "b"]], new: [["a"], ["b"]],
        calls: {
          $0.insertSections([1], with: .fade)
          $0.moveRow(at: ip(0, 1), to: ip(1, 0))
        },
        kind: .moveIntoInsertedSection,
        message: "cannot move a row into a newly inserted section (1)"),
      StandInInvalidCase(
        name: "section move from a deleted section", old: [["a"], ["b"]], new: [["a"]],
        calls: {
          $0.deleteSections([1], with: .fade)
          $0.moveSection(1, toSection: 0)
        },
        kind: .deleteAndMove,
        message: "attempt to perform a delete and a move from the same section (1)"),
      StandInInvalidCase(
        name: "section move to an inserted section", old: [["a"], ["b"]],
        new: [["b"], ["x"], ["a"]],
        calls: {
          $0.insertSections([1], with: .fade)
          $0.moveSection(0, toSection: 1)
        },
        kind: .insertAndMove,
        message: "attempt to perform an insert and a move to the same section (1)"),
      StandInInvalidCase(
        name: "reconfigure a missing row", old: [["a"]], new: [["a"]],
        calls: { $0.reconfigureRows(at: [ip(0, 1)]) }, kind: .reconfigureNonexistent,
        message:
          "attempt to reconfigure index path (0 - 1) that does not exist - there are only 1 rows in section 0 before the update"
      ),
    ]

    @Test(arguments: cases)
    func raisesWithUIKitsMessage(_ invalid: StandInInvalidCase) {
      let (table, source) = standInTable(invalid.old)
      var finished: [Bool] = []
      table.performBatchUpdates(
        {
          source.sections = invalid.new
          invalid.calls(table)
        }, completion: { finished.append($0) })
      #expect(table.invalidUpdates.first?.kind == invalid.kind, "\(table.invalidUpdates)")
      #expect(table.invalidUpdates.first?.message == invalid.message)
      #expect(table.invalidUpdates.allSatisfy { $0.batch == 0 })
      // Recovered: reloaded from the data source, the batch marked invalid.
      #expect(table.shownTexts == invalid.new.map { $0.map(Optional.some) })
      #expect(table.updateLog.contains(.reloadData(.recovery)))
      #expect(table.batchRecords.map(\.valid) == [false])
      table.finishAnimations()
      #expect(finished == [false])
    }

    @Test func collectionViewSpeaksOfItems() {
      let view = UICollectionView(frame: .zero, collectionViewLayout: UICollectionViewFlowLayout())
      let source = StandInCollectionSource([["a", "b"]])
      view.dataSource = source
      view.reloadData()
      view.performBatchUpdates {
        source.sections = [["a", "b"]]
        view.deleteItems(at: [IndexPath(item: 2, section: 0)])
      }
      #expect(
        view.invalidUpdates.map(\.message) == [
          "attempt to delete item 2 from section 0 which only contains 2 items before the update"
        ])
      view.performBatchUpdates {
        source.sections = [["a"], ["b"]]
        view.insertSections([1])
        view.moveItem(at: IndexPath(item: 1, section: 0), to: IndexPath(item: 0, section: 1))
      }
      #expect(
        view.invalidUpdates.last?.message == "cannot move an item into a newly inserted section (1)"
      )
      view.performBatchUpdates {
        source.sections = [["a"], ["b", "c", "d"]]
        view.insertItems(at: [IndexPath(item: 1, section: 1)])
      }
      #expect(
        view.invalidUpdates.last?.message.hasPrefix(
          "Invalid update: invalid number of items in section 1. The number of items contained in an existing section after the update (3)"
        ) == true)
      #expect(view.invalidUpdates.map(\.batch) == [0, 1, 2])
    }

    @Test func handlersHearEveryInvalidUpdate() {
      let (table, source) = standInTable([["a"]])
      var heard: [InvalidUpdate.Kind] = []
      table.onInvalidUpdate = { heard.append($0.kind) }
      table.performBatchUpdates {
        source.sections = [["a", "b"]]
      }
      #expect(heard == [.rowCount])
      #expect(
        table.invalidUpdates.first?.description.hasPrefix("[rowCount] Invalid update") == true)
    }

    @Test func reloadDataInsideABatchIsRefused() {
      let (table, source) = standInTable([["a"]])
      table.performBatchUpdates {
        source.sections = [["a", "b"]]
        table.reloadData()
        table.insertRows(at: [ip(0, 1)], with: .fade)
      }
      #expect(table.invalidUpdates.map(\.kind) == [.reloadDataDuringUpdate])
      #expect(table.shownTexts == [["a", "b"]])
    }

    @Test func unregisteredIdentifierIsRefused() {
      let (table, source) = standInTable([["a"]])
      source.identifier = "nothing"
      table.reloadData()
      #expect(table.invalidUpdates.first?.kind == .unregisteredReuseIdentifier)
      #expect(
        table.invalidUpdates.first?.message
          == "unable to dequeue a cell with identifier nothing - must register a nib or a class for the identifier or connect a prototype cell in a storyboard"
      )
      #expect(table.shownTexts == [["a"]])
    }

    @Test func reconfigureWithAnotherIdentifierIsRefused() {
      let (table, source) = standInTable([["a"]])
      table.register(UITableViewCell.self, forCellReuseIdentifier: "other")
      source.identifier = "other"
      table.reconfigureRows(at: [ip(0, 0)])
      #expect(table.invalidUpdates.map(\.kind) == [.reconfigureDifferentCell])
      #expect(
        table.invalidUpdates.first?.message
          == "Attempted to dequeue a cell for a different registration or reuse identifier than the existing cell when reconfiguring an item, which is not allowed."
      )
    }
  }
#endif
