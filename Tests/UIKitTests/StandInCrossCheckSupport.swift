// Runs where the UIKit layer is built on its stand-in (not on Apple
// platforms with UIKit, where these checks of the stand-in do not exist).
#if canImport(UIKitStandIn)
  import DataSourceGraphSections
  import TestSupport
  import Testing
  import UIKitStandIn
  import DataSourceGraphNodes

  /// An item of the cross-check: an identity and a value that changes.
  struct CrossRow: Identifiable, Equatable, Sendable {
    var id: Int
    var value: Int
  }

  typealias CrossSnapshot = Snapshot<Int, CrossRow>
  typealias CrossBatch = ChangeBatch<Int, CrossRow>

  extension IndexPath {
    /// The index path of a library path.
    init(_ path: ItemPath) { self.init(row: path.item, section: path.section) }
  }

  /// The text a cell of the cross-check shows: identity and value.
  func crossText(_ row: CrossRow) -> String { "\(row.id)+\(row.value)" }

  /// A table data source answering from a snapshot; cells show
  /// ``crossText(_:)``, headers and footers the sections' own.
  @MainActor
  final class CrossSource: NSObject, UITableViewDataSource {
    var snapshot: CrossSnapshot

    init(_ snapshot: CrossSnapshot) {
      self.snapshot = snapshot
    }

    func numberOfSections(in tableView: UITableView) -> Int { snapshot.numberOfSections }

    func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
      snapshot.numberOfItems(inSection: section)
    }

    func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
      let cell = tableView.dequeueReusableCell(withIdentifier: "cell", for: indexPath)
      let row = snapshot.item(at: ItemPath(section: indexPath.section, item: indexPath.row))
      cell.textLabel?.text = crossText(row)
      return cell
    }

    func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int) -> String? {
      snapshot.sections[section].header
    }

    func tableView(_ tableView: UITableView, titleForFooterInSection section: Int) -> String? {
      snapshot.sections[section].footer
    }
  }

  extension UITableView {
    /// Issues `batch` the way the UIKit layer's renderer does (deletes,
    /// reloads and move sources at old positions, inserts and destinations
    /// at new ones; section lists go through `IndexSet`).
    func issueCrossBatch(_ batch: CrossBatch) {
      deleteSections(IndexSet(batch.sectionDeletes), with: .automatic)
      insertSections(IndexSet(batch.sectionInserts.map(\.index)), with: .automatic)
      for move in batch.sectionMoves { moveSection(move.from, toSection: move.to) }
      reloadSections(IndexSet(batch.sectionUpdates.map(\.from)), with: .automatic)
      deleteRows(at: batch.itemDeletes.map { IndexPath($0) }, with: .automatic)
      insertRows(at: batch.itemInserts.map { IndexPath($0.path) }, with: .automatic)
      for move in batch.itemMoves { moveRow(at: IndexPath(move.from), to: IndexPath(move.to)) }
      reloadRows(at: batch.itemUpdates.map { IndexPath($0.from) }, with: .automatic)
    }
  }

  /// Random snapshots and batches for the cross-check, over small alphabets
  /// so moves, empty sections and cross-section moves are common.
  struct CrossGenerator {
    var rng: SplitMix64

    /// A random snapshot: up to 4 sections of ids 0..<6, up to 12 items of
    /// ids 0..<12, values 0 or 1, some headers and footers.
    mutating func snapshot() -> CrossSnapshot {
      let sectionIDs = Array(Array(0..<6).shuffled(using: &rng).prefix(rng.int(0...4)))
      var items = [[CrossRow]](repeating: [], count: sectionIDs.count)
      if !sectionIDs.isEmpty {
        for id in Array(0..<12).shuffled(using: &rng) where rng.chance(0.6) {
          items[rng.int(0..<sectionIDs.count)].append(CrossRow(id: id, value: rng.int(0...1)))
        }
      }
      return CrossSnapshot(
        sections: sectionIDs.enumerated().map { index, id in
          SnapshotSection(
            id: id, header: rng.chance(0.4) ? "H\(rng.int(0...1))" : nil,
            footer: rng.chance(0.2) ? "F" : nil, items: items[index])
        })
    }

    /// A snapshot near `old`: a few item and section edits.
    mutating func edit(_ old: CrossSnapshot) -> CrossSnapshot {
      var sections = old.sections
      var used = Set(old.allItems.map(\.id))
      for _ in 0..<rng.int(1...5) {
        switch rng.int(0..<9) {
        case 0 where !sections.isEmpty:  // delete an item
          let s = rng.int(0..<sections.count)
          if !sections[s].items.isEmpty {
            let removed = sections[s].items.remove(at: rng.int(0..<sections[s].items.count))
            used.remove(removed.id)
          }
        case 1 where !sections.isEmpty:  // insert an item
          let s = rng.int(0..<sections.count)
          if let id = (0..<12).first(where: { !used.contains($0) && rng.chance(0.5) }) {
            used.insert(id)
            sections[s].items.insert(
              CrossRow(id: id, value: 0), at: rng.int(0...sections[s].items.count))
          }
        case 2 where !sections.isEmpty:  // move an item, maybe across sections
          let s = rng.int(0..<sections.count)
          let t = rng.int(0..<sections.count)
          if !sections[s].items.isEmpty {
            let row = sections[s].items.remove(at: rng.int(0..<sections[s].items.count))
            sections[t].items.insert(row, at: rng.int(0...sections[t].items.count))
          }
        case 3 where !sections.isEmpty:  // change a value
          let s = rng.int(0..<sections.count)
          if !sections[s].items.isEmpty {
            sections[s].items[rng.int(0..<sections[s].items.count)].value += 1
          }
        case 4 where !sections.isEmpty:  // delete a section
          let removed = sections.remove(at: rng.int(0..<sections.count))
          for row in removed.items { used.remove(row.id) }
        case 5:  // insert a section, maybe taking an item from another one
          let ids = Set(sections.map(\.id))
          if let id = (0..<6).first(where: { !ids.contains($0) && rng.chance(0.5) }) {
            var section = SnapshotSection<Int, CrossRow>(id: id, items: [])
            if let from = sections.indices.randomElement(using: &rng),
              !sections[from].items.isEmpty, rng.chance(0.5)
            {
              section.items.append(sections[from].items.removeFirst())
            }
            sections.insert(section, at: rng.int(0...sections.count))
          }
        case 6 where sections.count > 1:  // move a section
          let section = sections.remove(at: rng.int(0..<sections.count))
          sections.insert(section, at: rng.int(0...sections.count))
        case 7 where !sections.isEmpty:  // change a header
          let s = rng.int(0..<sections.count)
          sections[s].header = sections[s].header == nil ? "H9" : nil
        default:
          break
        }
      }
      return CrossSnapshot(sections: sections)
    }
  }
#endif
