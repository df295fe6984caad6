#if canImport(UIKit) && !os(watchOS) || canImport(UIKitStandIn)
  public import DataSourceGraphUIKitPlatform

  /// How an item whose content changed (same identity, new value) reaches
  /// its cell.
  public enum ItemUpdateStyle: Hashable, Sendable {
    /// The existing cell is configured again in place (iOS 15's
    /// `reconfigureRows(at:)` / `reconfigureItems(at:)`): no new cell, no
    /// blink, the cell keeps its state (selection, text being edited). The
    /// cell provider must dequeue the same kind of cell for the item.
    case reconfigure
    /// The cell is replaced by a new one (`reloadRows(at:with:)` /
    /// `reloadItems(at:)`), with a cross-fade: for an item whose new value
    /// needs another kind of cell.
    case reload
  }

  /// How a ``ListViewRenderer`` (and the data sources built on it) puts a
  /// change on screen.
  ///
  /// ```swift
  /// var options = ListUpdateOptions()
  /// options.itemUpdates = .reload
  /// options.rowAnimation = .fade
  /// options.maximumAnimatedChanges = 500
  /// ```
  public struct ListUpdateOptions: Hashable, Sendable {
    /// How updated items reach their cells. Default: ``ItemUpdateStyle/reconfigure``.
    public var itemUpdates: ItemUpdateStyle = .reconfigure
    /// The animation of the rows and sections a table view inserts, deletes
    /// and reloads (`insertRows(at:with:)` and the others; a diffable
    /// table data source's `defaultRowAnimation`). Default: `.automatic`.
    /// Moves and in-place reconfigurations take none (UIKit has none for
    /// them), and a change shown without animation (``animates``, or
    /// `animated: false` for one change) shows none whatever this says.
    ///
    /// A collection view has no row animation: there, this is not used,
    /// and how items appear and leave is the layout's (its
    /// `initialLayoutAttributesForAppearingItem(at:)` and
    /// `finalLayoutAttributesForDisappearingItem(at:)`); turn animation off
    /// with ``animates``. A view of your own (``BatchUpdatingView``) is
    /// given it with each batch.
    public var rowAnimation: UITableView.RowAnimation = .automatic
    /// Whether changes animate. Default: `true`. One change can say otherwise
    /// with ``ListViewRenderer/perform(animated:_:completion:)``.
    public var animates = true
    /// A batch with more operations than this is shown with `reloadData()`
    /// instead of an animation nobody could follow. Default: 1,000 (a move
    /// counts once).
    public var maximumAnimatedChanges = 1_000
    /// Whether a change that arrives while the view is in no window is shown
    /// with `reloadData()`: nobody sees the animation, and the view does not
    /// keep a batch update pending until it appears. Default: `true`. Turn it
    /// off for a long list that often sits offscreen (a tab in the
    /// background) and is slow to lay out again after a reload.
    public var reloadsWhenOffscreen = true
    /// Whether the user's place is kept through every change: the topmost
    /// row on screen (or the renderer's ``ListViewRenderer/anchorItemID``)
    /// stays at the same distance from the top of the visible area, whatever
    /// is inserted or deleted above it, through batch updates and
    /// `reloadData()` alike. Default: `true`. Turn it off to leave the
    /// offset as UIKit does (rows inserted above push what is seen down);
    /// one change at a time with
    /// ``ListViewRenderer/perform(animated:keepingVisiblePosition:_:completion:)``.
    /// See the article "Keeping the user's place".
    public var keepsVisiblePosition = true
    /// Whether the view follows its end, as a chat follows its newest
    /// message: when the view is scrolled to its end before a change (the
    /// bottom of the content on screen, within ``endTolerance``, or all of
    /// the content on screen), it is scrolled to the end after it, so rows
    /// arriving at the bottom are shown. Default: `false`.
    ///
    /// When the view is not at its end, the change keeps the user's place
    /// (``keepsVisiblePosition``) and the rows it inserts after the last
    /// row on screen, out of sight below, are counted in
    /// ``ListViewRenderer/rowsArrivedBelow`` until the view is at its end
    /// again (for a "3 new messages" button). The end is the end of the
    /// content, a table's footer view included, above the bottom content
    /// inset. See the article "Keeping the user's place".
    public var followsEnd = false
    /// How far above the end of the content the bottom of the visible area
    /// may be and still count as at the end, for ``followsEnd``. Default:
    /// 8 points.
    public var endTolerance: CGFloat = 8

    /// The defaults.
    public init() {}
  }

  /// How a change reached the view, as told by ``ListViewRenderer/onUpdate``.
  public enum ListUpdate: Hashable, Sendable {
    /// The change ran as `steps` batch updates (one per step of its
    /// `UIKitPlan`), `animated` or not, with `reconfigured` items
    /// reconfigured in place after them.
    case batches(steps: Int, animated: Bool, reconfigured: Int)
    /// The view was reloaded (`reloadData()`), for `reason`.
    case reloaded(ReloadReason)
    /// The change changed nothing the view shows (an empty batch).
    case nothing

    /// Why a renderer called `reloadData()`.
    public enum ReloadReason: Hashable, Sendable {
      /// The renderer was connected or reset (``ListViewRenderer/reset(to:state:)``).
      case reset
      /// The source sent a whole new snapshot (`SnapshotChange.reloadAll(_:)`).
      case reloadAll
      /// The view is in no window (``ListUpdateOptions/reloadsWhenOffscreen``).
      case offscreen
      /// The batch has more operations than ``ListUpdateOptions/maximumAnimatedChanges``.
      case tooManyChanges
      /// The batch did not apply to what the view shows; the renderer took
      /// the source's content again (release builds only; debug builds stop).
      case resynchronized
      /// The batch applied, but no UIKit plan could stage it: the plan is a
      /// reload, or the validator rejected the batch (debug builds stop).
      case unplannable
    }
  }
#endif
