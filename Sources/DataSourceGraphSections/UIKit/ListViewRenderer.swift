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
  /// let renderer = ListViewRenderer(for: source, view: tableView)
  /// renderer.onStateChange = { state in placeholder.show(for: state) }
  /// observation = source.render(into: renderer)
  ///
  /// func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
  ///   renderer.snapshot.numberOfItems(inSection: section)
  /// }
  /// ```
  ///
  /// A change that does not apply to the snapshot held (the renderer got
  /// out of step with its source) stops a debug build with
  /// `assertionFailure`. In a release build the renderer resynchronises:
  /// it takes the source's current content, read through the reader that
  /// ``DataSource/render(into:)`` gives it (``Renderer/connect(to:)``), and
  /// calls `reloadData()`, so the next batches apply again. A renderer fed
  /// by hand, without `render(into:)`, has no reader: it keeps its snapshot
  /// and reloads the view from it. A batch that applies but that no UIKit
  /// plan can stage (the validator rejects it) becomes a `reloadData()` of
  /// the batch's result, also after an `assertionFailure` in debug builds.
  ///
  /// The renderer lives on the main actor, as its view does. Its
  /// conformance to the nonisolated ``Renderer`` protocol is a
  /// `@preconcurrency` conformance (SE-0423, Swift 6.0): the source must
  /// deliver on the main actor, which is checked at run time (a source
  /// delivering elsewhere stops the program at the first event instead of
  /// racing with UIKit). Swift 6.2's isolated conformances
  /// (`@MainActor Renderer`) would check it at compile time, but the package
  /// supports Swift 6.0.
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
    /// How many times a change did not apply and the renderer reloaded the
    /// view from the source's content (release builds; debug builds stop).
    public private(set) var resynchronizations = 0
    /// Reads the source's current content; set by `render(into:)`.
    private var currentContent: (() -> Snapshot<SectionID, Item>?)?

    /// Creates a renderer for `view`.
    public init(view: any BatchUpdatingView) {
      self.view = view
    }

    /// Creates a renderer for `view` with the section identities and items
    /// of `source`, so the types need not be spelled out.
    ///
    /// `source` only fixes the types: nothing is read from it and no
    /// observation starts. Connect the renderer with
    /// ``DataSource/render(into:)``.
    ///
    /// ```swift
    /// let screen = composite(inbox, archive).filter { !$0.isRead }
    /// let renderer = ListViewRenderer(for: screen, view: tableView)
    /// observation = screen.render(into: renderer)
    /// ```
    ///
    /// - Parameters:
    ///   - source: The node the view will show.
    ///   - view: The table or collection view to update; held weakly.
    public convenience init(
      for source: some DataSource<SectionID, Item>, view: any BatchUpdatingView
    ) {
      self.init(view: view)
    }

    /// Gets back in step after a change that did not apply: the source's
    /// content if it can be read, then `reloadData()`.
    private func resynchronize() {
      resynchronizations += 1
      if let content = currentContent?() { snapshot = content }
      view?.reloadEverything()
    }
  }

  extension ListViewRenderer: @preconcurrency Renderer {
    public func reset(to snapshot: Snapshot<SectionID, Item>, state: ContentState) {
      self.snapshot = snapshot
      self.state = state
      view?.reloadEverything()
      onStateChange?(state)
    }

    /// Runs the plan of `change`, one `performBatchUpdates` per step; see
    /// the type's discussion for a change that does not fit.
    ///
    /// - Complexity: In release builds, a batch that is safe in one step
    ///   costs O(*s* + *k* log *k* + Σ *m*) for *s* sections, *k* operations
    ///   and Σ *m* the items of the sections it changes (applying it, and
    ///   its plan: ``ChangeBatch/uikitPlan(from:to:)``), not O(*n*).
    public func apply(_ change: SnapshotChange<SectionID, Item>) {
      let old = snapshot
      guard let new = old.applyingNamed(change) else {
        assertionFailure("ListViewRenderer: a batch does not apply to the snapshot shown")
        resynchronize()
        return
      }
      guard case .batch(let batch) = change, let view else {
        snapshot = new
        view?.reloadEverything()
        return
      }
      let plan: UIKitPlan<SectionID, Item>
      do {
        plan = try batch.uikitPlan(from: old, to: new, newIsApplied: true)
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

    /// Keeps the reader of the source's content, to resynchronise with.
    public func connect(to currentContent: @escaping () -> Snapshot<SectionID, Item>?) {
      self.currentContent = currentContent
    }
  }
#endif
