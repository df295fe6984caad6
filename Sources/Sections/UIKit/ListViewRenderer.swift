#if canImport(UIKit)
  import UIKit

  /// A renderer that applies batches to a `UITableView` or a
  /// `UICollectionView`, staged through a ``UIKitPlan`` so every
  /// `performBatchUpdates` is one UIKit accepts.
  ///
  /// The renderer holds the snapshot the view must show; your data source
  /// answers from it (R11, R21: it changes inside each update block, at the
  /// moment UIKit expects):
  ///
  /// ```swift
  /// let renderer = ListViewRenderer<String, Row>(view: tableView)
  /// renderer.onStateChange = { state in placeholder.show(for: state) }
  /// observation = source.render(into: renderer)
  ///
  /// func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
  ///   renderer.snapshot.numberOfItems(inSection: section)
  /// }
  /// ```
  ///
  /// A batch that does not apply to the snapshot held, or that the
  /// validator rejects, becomes a `reloadData()` of the source's content
  /// when it can be known, and an `assertionFailure` in debug builds.
  ///
  /// - Note: Written for Apple platforms and not compiled or tested on
  ///   Linux, where the project's CI runs. What it relies on is:
  ///   ``ChangeBatch/uikitPlan(from:to:)`` and the validator are tested
  ///   everywhere, and ``MirrorRenderer`` proves the snapshots it would
  ///   hold. Keep it small.
  @MainActor
  public final class ListViewRenderer<SectionID: Hashable, Item: Identifiable & Equatable> {
    /// The view updated; held weakly.
    public private(set) weak var view: (any BatchUpdatingView)?
    /// The content the view shows: answer the data source's questions from it.
    public private(set) var snapshot: Snapshot<SectionID, Item> = Snapshot()
    /// The content state, for a placeholder, a spinner or a banner.
    public private(set) var state: ContentState = .initial
    /// Called after every state change, with the new state.
    public var onStateChange: ((ContentState) -> Void)?

    /// Creates a renderer for `view`.
    public init(view: any BatchUpdatingView) {
      self.view = view
    }
  }

  extension ListViewRenderer: @MainActor Renderer {
    public func reset(to snapshot: Snapshot<SectionID, Item>, state: ContentState) {
      self.snapshot = snapshot
      self.state = state
      view?.reloadEverything()
      onStateChange?(state)
    }

    /// Runs the plan of `change`, one `performBatchUpdates` per step.
    public func apply(_ change: SnapshotChange<SectionID, Item>) {
      let old = snapshot
      guard let new = old.applying(change) else {
        assertionFailure("ListViewRenderer: a batch does not apply to the snapshot shown")
        return
      }
      guard case .batch(let batch) = change, let view else {
        snapshot = new
        view?.reloadEverything()
        return
      }
      let plan: UIKitPlan<SectionID, Item>
      do {
        plan = try batch.uikitPlan(from: old, to: new)
      } catch {
        assertionFailure("ListViewRenderer: \(error)")
        snapshot = new
        view.reloadEverything()
        return
      }
      for step in plan.steps {
        switch step.change {
        case .reloadAll(let all):
          snapshot = all
          view.reloadEverything()
        case .batch(let batch):
          view.performBatch {
            self.snapshot = step.snapshot
            view.issue(batch)
          }
        }
      }
    }

    public func stateDidChange(from old: ContentState, to new: ContentState) {
      state = new
      onStateChange?(new)
    }
  }
#endif
