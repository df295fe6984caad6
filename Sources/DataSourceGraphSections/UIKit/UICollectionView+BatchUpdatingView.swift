#if canImport(UIKit)
  public import UIKit

  extension UICollectionView: BatchUpdatingView {
    public func performBatch(_ updates: () -> Void) {
      withoutActuallyEscaping(updates) { updates in
        performBatchUpdates(updates, completion: nil)
      }
    }

    /// Issues `batch`: deletes, reloads and move sources at old positions,
    /// inserts and destinations at new ones.
    public func issue<SectionID, Item>(_ batch: ChangeBatch<SectionID, Item>) {
      deleteSections(IndexSet(batch.sectionDeletes))
      insertSections(IndexSet(batch.sectionInserts.map(\.index)))
      for move in batch.sectionMoves { moveSection(move.from, toSection: move.to) }
      reloadSections(IndexSet(batch.sectionUpdates.map(\.from)))
      deleteItems(at: batch.itemDeletes.map { IndexPath($0) })
      insertItems(at: batch.itemInserts.map { IndexPath($0.path) })
      for move in batch.itemMoves { moveItem(at: IndexPath(move.from), to: IndexPath(move.to)) }
      reloadItems(at: batch.itemUpdates.map { IndexPath($0.from) })
    }

    public func reloadEverything() { reloadData() }
  }
#endif
