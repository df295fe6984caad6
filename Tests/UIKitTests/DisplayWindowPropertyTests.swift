// Runs where the UIKit layer is built on its stand-in (not on Apple
// platforms with UIKit, where these checks of the stand-in do not exist).
#if canImport(UIKitStandIn)
  import Foundation
  import TestSupport
  import Testing
  import UIKitStandIn

  /// Random steps on a stand-in table or collection view (batch updates
  /// of deletes, inserts and reloads, moves, reconfigures, reloads,
  /// scrolls by every means, resizes): after every step the cells its
  /// delegate was told displayed (`willDisplay` less `didEndDisplaying`)
  /// are exactly the cells of the visible window, and while the calls
  /// come they alternate per cell, each `willDisplay` at the cell's index
  /// path, inside the window (`DisplayLog` checks these).
  @MainActor
  @Suite struct DisplayWindowPropertyTests {
    nonisolated static let seeds: [UInt64] = Array(1...60)
    nonisolated static let steps = 30

    @Test(.namesTheSeed)
    func theDelegateIsToldExactlyTheCellsOfTheWindow() async {
      await forEachSeed(Self.seeds) { seed in
        var rng = SplitMix64(seed: seed)
        var view = DisplayWindowView(table: rng.chance(0.5), rng: &rng)
        var displays = 0
        for step in 0...Self.steps {
          let action = step == 0 ? "load" : view.randomStep(&rng)
          let window = Set(view.visibleCells.map(ObjectIdentifier.init))
          let told = Set(view.log.displayed.keys)
          displays += told.count
          let failures = view.log.failures
          if !failures.isEmpty || told != window {
            Issue.record(
              "\(view.kind), step \(step) (\(action)): \(failures.prefix(3)); told \(told.count) cells displayed, the window has \(window.count) (\(view.visiblePaths))"
            )
            return
          }
        }
        #expect(displays > 0, "\(view.kind): no cell was ever displayed")
      }
    }
  }

  /// A stand-in table or collection view of rows of unique texts, its
  /// plain data source and a ``DisplayLog`` delegate, with random steps.
  @MainActor
  struct DisplayWindowView {
    let table: UITableView?
    let collection: UICollectionView?
    let tableSource: StandInTableSource?
    let collectionSource: StandInCollectionSource?
    let log: DisplayLog
    private var nextText: Int

    init(table isTable: Bool, rng: inout SplitMix64) {
      let frame = CGRect(x: 0, y: 0, width: 320, height: CGFloat(rng.int(0...300)))
      var sections: [[String]] = []
      var next = 0
      for _ in 0..<rng.int(1...3) {
        sections.append((0..<rng.int(0...12)).map { "r\(next + $0)" })
        next += 12
      }
      nextText = next
      let log = DisplayLog()
      self.log = log
      if isTable {
        let table = UITableView(frame: frame, style: .plain)
        table.register(UITableViewCell.self, forCellReuseIdentifier: "cell")
        let source = StandInTableSource(sections)
        table.delegate = log
        table.dataSource = source
        table.reloadData()
        (self.table, tableSource, self.collection, collectionSource) = (table, source, nil, nil)
      } else {
        let collection = UICollectionView(
          frame: frame, collectionViewLayout: UICollectionViewFlowLayout())
        let source = StandInCollectionSource(sections)
        collection.delegate = log
        collection.dataSource = source
        collection.layoutIfNeeded()
        (self.table, tableSource, self.collection, collectionSource) = (
          nil, nil, collection, source
        )
      }
    }

    var kind: String { table == nil ? "collection" : "table" }
    var view: StandInListView { (table as StandInListView?) ?? collection! }

    var sections: [[String]] {
      get { tableSource?.sections ?? collectionSource?.sections ?? [] }
      nonmutating set {
        tableSource?.sections = newValue
        collectionSource?.sections = newValue
      }
    }

    var visibleCells: [UIView] { table?.visibleCells ?? collection?.visibleCells ?? [] }

    var visiblePaths: [IndexPath] {
      table?.indexPathsForVisibleRows ?? collection?.indexPathsForVisibleItems ?? []
    }

    /// One random step; its description.
    mutating func randomStep(_ rng: inout SplitMix64) -> String {
      let highest = Int(max(0, view.contentSize.height - view.bounds.height))
      switch rng.int(0..<10) {
      case 0..<3: return batch(&rng)
      case 3: return move(&rng)
      case 4:
        let y = rng.int(0...highest)
        view.contentOffset = CGPoint(x: 0, y: y)
        return "contentOffset \(y)"
      case 5:
        let y = rng.int(0...highest)
        view.setContentOffset(CGPoint(x: 0, y: y), animated: rng.chance(0.5))
        return "setContentOffset \(y)"
      case 6: return scrollToRow(&rng)
      case 7:
        let height = rng.int(0...300)
        view.frame.size.height = CGFloat(height)
        view.layoutIfNeeded()
        return "height \(height)"
      case 8:
        guard let path = visiblePaths.randomElement(using: &rng) else { return "no reconfigure" }
        sections[path.section][path.item] += "~"
        table?.reconfigureRows(at: [path])
        collection?.reconfigureItems(at: [path])
        return "reconfigure \(path)"
      default:
        table?.reloadData()
        collection?.reloadData()
        collection?.layoutIfNeeded()
        return "reloadData"
      }
    }

    /// A batch update of random deletes, reloads and inserts in every
    /// section.
    private mutating func batch(_ rng: inout SplitMix64) -> String {
      var new = sections
      var deletes: [IndexPath] = []
      var reloads: [IndexPath] = []
      var inserts: [IndexPath] = []
      for (section, rows) in sections.enumerated() {
        var kept: [(text: String, inserted: Bool)] = []
        for (row, text) in rows.enumerated() {
          if rng.chance(0.15) {
            deletes.append(IndexPath(item: row, section: section))
          } else if rng.chance(0.1) {
            reloads.append(IndexPath(item: row, section: section))
            kept.append((text + "*", false))
          } else {
            kept.append((text, false))
          }
        }
        for _ in 0..<rng.int(0...3) {
          kept.insert(("r\(nextText)", true), at: rng.int(0...kept.count))
          nextText += 1
        }
        new[section] = kept.map(\.text)
        inserts += kept.indices.filter { kept[$0].inserted }.map {
          IndexPath(item: $0, section: section)
        }
      }
      let updates = { [self] in
        sections = new
        if let table {
          table.deleteRows(at: deletes, with: .automatic)
          table.reloadRows(at: reloads, with: .automatic)
          table.insertRows(at: inserts, with: .automatic)
        } else if let collection {
          collection.deleteItems(at: deletes)
          collection.reloadItems(at: reloads)
          collection.insertItems(at: inserts)
        }
      }
      table?.performBatchUpdates(updates)
      collection?.performBatchUpdates(updates)
      return "batch -\(deletes) ~\(reloads) +\(inserts)"
    }

    /// A move of a row, maybe to another section, outside a batch.
    private func move(_ rng: inout SplitMix64) -> String {
      let from = sections.indices.filter { !sections[$0].isEmpty }
      guard let fromSection = from.randomElement(using: &rng) else { return "no move" }
      let toSection = rng.int(0..<sections.count)
      let fromPath = IndexPath(item: rng.int(0..<sections[fromSection].count), section: fromSection)
      var new = sections
      let text = new[fromSection].remove(at: fromPath.item)
      let toPath = IndexPath(item: rng.int(0...new[toSection].count), section: toSection)
      new[toSection].insert(text, at: toPath.item)
      sections = new
      table?.moveRow(at: fromPath, to: toPath)
      collection?.moveItem(at: fromPath, to: toPath)
      return "move \(fromPath) to \(toPath)"
    }

    private func scrollToRow(_ rng: inout SplitMix64) -> String {
      let rows = sections.indices.flatMap { section in
        sections[section].indices.map { IndexPath(item: $0, section: section) }
      }
      guard let target = rows.randomElement(using: &rng) else { return "no row to scroll to" }
      let choice = rng.int(0..<4)
      if let table {
        let position: UITableView.ScrollPosition = [.none, .top, .middle, .bottom][choice]
        table.scrollToRow(at: target, at: position, animated: rng.chance(0.5))
      } else if let collection {
        let position: UICollectionView.ScrollPosition =
          [[], .top, .centeredVertically, .bottom][choice]
        collection.scrollToItem(at: target, at: position, animated: rng.chance(0.5))
      }
      return "scroll to \(target)"
    }
  }
#endif
