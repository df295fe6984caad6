// Runs where the UIKit layer is built on its stand-in (not on Apple
// platforms with UIKit, where these checks of the stand-in do not exist).
#if canImport(UIKitStandIn)
  import Foundation
  import Testing
  import UIKitStandIn

  /// The stand-in's selection and VoiceOver behave as UIKit's: selection
  /// follows its row through a batch update (moves carry it, deletes and
  /// reloads drop it silently, reconfigures keep it), `reloadData()` clears
  /// it, single selection replaces; VoiceOver's focus leaves a recycled
  /// cell and follows `layoutChanged`.
  @MainActor
  @Suite struct StandInSelectionTests {
    @Test func aMoveCarriesTheSelectionAndADeleteDropsIt() {
      let (table, source) = standInTable([["a", "b", "c", "d"]])
      table.allowsMultipleSelection = true
      table.selectRow(at: ip(0, 1), animated: false, scrollPosition: .none)
      table.selectRow(at: ip(0, 3), animated: false, scrollPosition: .none)
      table.performBatchUpdates {
        source.sections = [["d", "a", "c"]]
        table.deleteRows(at: [ip(0, 1)], with: .automatic)
        table.moveRow(at: ip(0, 3), to: ip(0, 0))
      }
      #expect(table.invalidUpdates.isEmpty)
      #expect(table.indexPathsForSelectedRows == [ip(0, 0)])
    }

    @Test func aReloadedRowLosesItsSelectionAndAReconfiguredOneKeepsIt() {
      let (table, source) = standInTable([["a", "b"]])
      table.allowsMultipleSelection = true
      table.selectRow(at: ip(0, 0), animated: false, scrollPosition: .none)
      table.selectRow(at: ip(0, 1), animated: false, scrollPosition: .none)
      source.sections = [["a2", "b2"]]
      table.performBatchUpdates { table.reloadRows(at: [ip(0, 0)], with: .automatic) }
      table.reconfigureRows(at: [ip(0, 1)])
      #expect(table.invalidUpdates.isEmpty)
      #expect(table.shownTexts == [["a2", "b2"]])
      #expect(table.indexPathsForSelectedRows == [ip(0, 1)])
    }

    @Test func reloadDataAndADeletedSectionClearTheSelection() {
      let (table, source) = standInTable([["a"], ["b"]])
      table.allowsMultipleSelection = true
      table.selectRow(at: ip(0, 0), animated: false, scrollPosition: .none)
      table.selectRow(at: ip(1, 0), animated: false, scrollPosition: .none)
      table.performBatchUpdates {
        source.sections = [["b"]]
        table.deleteSections(IndexSet([0]), with: .automatic)
      }
      #expect(table.indexPathsForSelectedRows == [ip(0, 0)])
      table.reloadData()
      #expect(table.indexPathsForSelectedRows == nil)
      // A recycled cell comes back unselected.
      #expect(table.cellForRow(at: ip(0, 0)) != nil)
      #expect(table.indexPathForSelectedRow == nil)
    }

    @Test func singleSelectionReplacesAndNilClears() {
      let (table, _) = standInTable([["a", "b", "c"]])
      table.selectRow(at: ip(0, 0), animated: true, scrollPosition: .none)
      table.selectRow(at: ip(0, 2), animated: true, scrollPosition: .top)
      #expect(table.indexPathsForSelectedRows == [ip(0, 2)])
      table.deselectRow(at: ip(0, 2), animated: true)
      #expect(table.indexPathsForSelectedRows == nil)
      table.allowsMultipleSelection = true
      table.selectRow(at: ip(0, 0), animated: false, scrollPosition: .none)
      table.selectRow(at: ip(0, 1), animated: false, scrollPosition: .none)
      table.selectRow(at: nil, animated: false, scrollPosition: .none)
      #expect(table.indexPathsForSelectedRows == nil)
    }

    @Test func noSelectionWhenSelectionIsNotAllowed() {
      let (table, _) = standInTable([["a"]])
      table.allowsSelection = false
      table.selectRow(at: ip(0, 0), animated: false, scrollPosition: .none)
      #expect(table.indexPathsForSelectedRows == nil)
    }

    @Test func selectingARowThatDoesNotExistIsAnInvalidUpdate() {
      let (table, source) = standInTable([["a"]])
      table.selectRow(at: ip(0, 1), animated: false, scrollPosition: .none)
      #expect(table.invalidUpdates.map(\.kind) == [.selectNonexistent])
      table.performBatchUpdates {
        source.sections = [["a", "b"]]
        table.insertRows(at: [ip(0, 1)], with: .automatic)
        table.selectRow(at: ip(0, 0), animated: false, scrollPosition: .none)
      }
      #expect(table.invalidUpdates.map(\.kind) == [.selectNonexistent, .selectNonexistent])
      #expect(table.indexPathsForSelectedRows == nil)
    }

    @Test func aCollectionViewSelectsNothingWhileItsReloadWaits() {
      let view = UICollectionView(
        frame: CGRect(x: 0, y: 0, width: 320, height: 480),
        collectionViewLayout: UICollectionViewFlowLayout())
      let source = StandInCollectionSource([["a", "b"]])
      view.dataSource = source
      view.reloadData()
      view.selectItem(at: IndexPath(item: 1, section: 0), animated: false, scrollPosition: [])
      #expect(view.indexPathsForSelectedItems == [])
      view.layoutIfNeeded()
      view.selectItem(at: IndexPath(item: 1, section: 0), animated: false, scrollPosition: [])
      #expect(view.indexPathsForSelectedItems == [IndexPath(item: 1, section: 0)])
      view.reloadData()
      #expect(view.indexPathsForSelectedItems == [])
    }

    @Test func voiceOverLosesARecycledCellAndFollowsLayoutChanged() {
      let window = makeWindow()
      let (table, source) = standInTable([["a", "b"]])
      window.addSubview(table)
      StandInVoiceOver.run {
        #expect(UIAccessibility.isVoiceOverRunning)
        let label = UIAccessibilityElement(accessibilityContainer: table.cellForRow(at: ip(0, 0))!)
        StandInVoiceOver.focus(label)
        #expect(
          UIAccessibility.focusedElement(using: .notificationVoiceOver) as AnyObject? === label)
        source.sections = [["a2", "b"]]
        table.performBatchUpdates { table.reloadRows(at: [ip(0, 0)], with: .automatic) }
        #expect(UIAccessibility.focusedElement(using: nil) == nil)
        let cell = table.cellForRow(at: ip(0, 1))!
        UIAccessibility.post(notification: .layoutChanged, argument: cell)
        #expect(UIAccessibility.focusedElement(using: nil) as AnyObject? === cell)
        UIAccessibility.post(notification: .announcement, argument: "hello")
        #expect(StandInVoiceOver.announcements == ["hello"])
      }
      #expect(!UIAccessibility.isVoiceOverRunning)
      #expect(UIAccessibility.focusedElement(using: nil) == nil)
    }
  }
#endif
