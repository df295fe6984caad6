public import Foundation

extension UICollectionView {
  /// Where an item ends up when the view scrolls to it.
  public struct ScrollPosition: OptionSet, Hashable, Sendable {
    /// The raw bits.
    public let rawValue: UInt
    /// Creates a position from raw bits.
    public init(rawValue: UInt) { self.rawValue = rawValue }
    /// The item at the top.
    public static let top = ScrollPosition(rawValue: 1 << 0)
    /// The item centred vertically.
    public static let centeredVertically = ScrollPosition(rawValue: 1 << 1)
    /// The item at the bottom.
    public static let bottom = ScrollPosition(rawValue: 1 << 2)
    /// The item at the left.
    public static let left = ScrollPosition(rawValue: 1 << 3)
    /// The item centred horizontally.
    public static let centeredHorizontally = ScrollPosition(rawValue: 1 << 4)
    /// The item at the right.
    public static let right = ScrollPosition(rawValue: 1 << 5)
  }

  /// Whether items can be selected (`true` by default); when `false`,
  /// selecting and deselecting have no effect.
  public var allowsSelection: Bool {
    get { core.selection.allowsSelection }
    set { core.selection.allowsSelection = newValue }
  }

  /// Whether more than one item can be selected (`false` by default).
  public var allowsMultipleSelection: Bool {
    get { core.selection.allowsMultipleSelection }
    set { core.selection.allowsMultipleSelection = newValue }
  }

  /// The index paths of the selected items (empty when none is). A batch
  /// update carries a selected item's selection to its new index path; a
  /// deleted or reloaded item loses it (a reconfigured one keeps it);
  /// `reloadData()` clears it (see `ListSelection`).
  public var indexPathsForSelectedItems: [IndexPath]? {
    core.selectedPaths.map { IndexPath(item: $0.row, section: $0.section) }
  }

  /// Selects the item at `indexPath` (with single selection, instead of
  /// the former one); `nil` clears the selection. Tells no delegate. The
  /// stand-in does not scroll. An item that does not exist is an invalid
  /// update; while a `reloadData()` waits for layout, nothing is selected.
  public func selectItem(
    at indexPath: IndexPath?, animated: Bool, scrollPosition: ScrollPosition
  ) {
    core.select(indexPath)
  }

  /// Deselects the item at `indexPath`. Tells no delegate.
  public func deselectItem(at indexPath: IndexPath, animated: Bool) {
    core.deselect(indexPath)
  }
}
