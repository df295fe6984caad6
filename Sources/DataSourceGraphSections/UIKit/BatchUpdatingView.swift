#if canImport(UIKit)
  import UIKit

  /// A view that takes batch updates: `UITableView` and `UICollectionView`
  /// conform. ``ListViewRenderer`` drives it.
  ///
  /// Not compiled or tested on Linux (no UIKit there); the logic it relies
  /// on (plans, validation, applying) is tested on every platform.
  @MainActor public protocol BatchUpdatingView: AnyObject {
    /// Runs `updates` as one batch update (`performBatchUpdates`).
    func performBatch(_ updates: () -> Void)
    /// Issues the operations of `batch`; call only inside ``performBatch(_:)``.
    func issue<SectionID, Item>(_ batch: ChangeBatch<SectionID, Item>)
    /// Reloads everything (`reloadData()`), outside any batch.
    func reloadEverything()
  }

  extension IndexPath {
    /// The UIKit index path of `path`.
    init(_ path: ItemPath) { self.init(item: path.item, section: path.section) }
  }
#endif
