#if canImport(UIKit) && !os(watchOS) || canImport(UIKitStandIn)
  public import DataSourceGraphSections
  import DataSourceGraphNodes
  public import DataSourceGraphUIKitPlatform

  /// A view that takes batch updates: `UITableView` and `UICollectionView`
  /// conform. ``ListViewRenderer`` drives it.
  ///
  /// Conform a view of your own (or a test double) to drive it with a
  /// ``ListViewRenderer``: the renderer calls ``performBatch(animated:_:completion:)``
  /// once per step of a `UIKitPlan`, with
  /// ``issue(_:itemUpdates:rowAnimation:)`` inside the block (which calls
  /// ``issue(_:itemUpdates:)`` unless the view implements it),
  /// ``reconfigure(itemsAt:animated:)`` after a step whose updates are
  /// reconfigured, and ``reloadEverything()`` for a reload.
  @MainActor public protocol BatchUpdatingView: AnyObject {
    /// Whether the view is in a window (UIKit: `window != nil`). Offscreen, a
    /// renderer reloads instead of animating (``ListUpdateOptions/reloadsWhenOffscreen``).
    var isInWindow: Bool { get }
    /// Runs `updates` as one batch update (`performBatchUpdates`), animated or
    /// not, and calls `completion` when the view has finished it (UIKit:
    /// after the animations; `false` if they were interrupted).
    func performBatch(
      animated: Bool, _ updates: @escaping () -> Void,
      completion: @escaping @MainActor (Bool) -> Void)
    /// Issues the operations of `batch`; call only inside
    /// ``performBatch(animated:_:completion:)``. Item updates are issued as
    /// reloads when `itemUpdates` is ``ItemUpdateStyle/reload``, and left out
    /// for ``reconfigure(itemsAt:animated:)`` when it is
    /// ``ItemUpdateStyle/reconfigure``.
    func issue<SectionID, Item>(_ batch: ChangeBatch<SectionID, Item>, itemUpdates: ItemUpdateStyle)
    /// Issues the operations of `batch` as ``issue(_:itemUpdates:)`` does,
    /// with `rowAnimation` for the rows and sections inserted, deleted and
    /// reloaded (``ListUpdateOptions/rowAnimation``); call only inside
    /// ``performBatch(animated:_:completion:)``. `UITableView` uses it; by
    /// default (a view without row animations, as `UICollectionView`) it
    /// calls ``issue(_:itemUpdates:)``.
    func issue<SectionID, Item>(
      _ batch: ChangeBatch<SectionID, Item>, itemUpdates: ItemUpdateStyle,
      rowAnimation: UITableView.RowAnimation)
    /// Reconfigures the cells of the items at `paths` in place (iOS 15's
    /// `reconfigureRows(at:)` / `reconfigureItems(at:)`: no new cell, no
    /// blink), outside any batch, in the index space of what the view shows.
    func reconfigure(itemsAt paths: [ItemPath], animated: Bool)
    /// Reloads everything (`reloadData()`), outside any batch.
    func reloadEverything()
  }

  extension BatchUpdatingView {
    /// Calls ``issue(_:itemUpdates:)``: a view without row animations.
    public func issue<SectionID, Item>(
      _ batch: ChangeBatch<SectionID, Item>, itemUpdates: ItemUpdateStyle,
      rowAnimation: UITableView.RowAnimation
    ) {
      issue(batch, itemUpdates: itemUpdates)
    }
  }

  extension IndexPath {
    /// The UIKit index path of `path`.
    init(_ path: ItemPath) { self.init(item: path.item, section: path.section) }
  }

  extension ItemPath {
    /// The path of a UIKit index path.
    init(_ indexPath: IndexPath) { self.init(section: indexPath.section, item: indexPath.item) }
  }

  /// Runs `body` with UIKit's animations on or off.
  @MainActor func withAnimations(_ animated: Bool, _ body: () -> Void) {
    if animated { body() } else { UIView.performWithoutAnimation(body) }
  }
#endif
