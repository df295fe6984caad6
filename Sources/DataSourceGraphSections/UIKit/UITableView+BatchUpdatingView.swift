#if canImport(UIKit)
  public import UIKit

  extension UITableView: BatchUpdatingView {
    public func performBatch(_ updates: () -> Void) {
      withoutActuallyEscaping(updates) { updates in
        performBatchUpdates(updates, completion: nil)
      }
    }

    /// Issues `batch` with `.automatic` animations: deletes, reloads and
    /// move sources at old positions, inserts and destinations at new ones.
    public func issue<SectionID, Item>(_ batch: ChangeBatch<SectionID, Item>) {
      deleteSections(IndexSet(batch.sectionDeletes), with: .automatic)
      insertSections(IndexSet(batch.sectionInserts.map(\.index)), with: .automatic)
      for move in batch.sectionMoves { moveSection(move.from, toSection: move.to) }
      reloadSections(IndexSet(batch.sectionUpdates.map(\.from)), with: .automatic)
      deleteRows(at: batch.itemDeletes.map { IndexPath($0) }, with: .automatic)
      insertRows(at: batch.itemInserts.map { IndexPath($0.path) }, with: .automatic)
      for move in batch.itemMoves { moveRow(at: IndexPath(move.from), to: IndexPath(move.to)) }
      reloadRows(at: batch.itemUpdates.map { IndexPath($0.from) }, with: .automatic)
    }

    public func reloadEverything() { reloadData() }
  }
#endif
