/// Something that shows the content of a data source: a table view, a
/// terminal, a test's mirror.
///
/// A renderer is told three things, in the order the source produces them:
/// where to start (``reset(to:state:)``), how the content changed
/// (``apply(_:)``, a batch in UIKit's index semantics or a reload), and how
/// the content state changed (``stateDidChange(from:to:)``). Each batch
/// applies to the content the renderer last saw, so a renderer that keeps
/// its own copy stays equal to the source by applying what it is told
/// (``MirrorRenderer`` checks exactly that).
///
/// Connect a renderer to a node with ``DataSource/render(into:)``:
///
/// ```swift
/// let mirror = MirrorRenderer(for: source)
/// let observation = source.render(into: mirror)
/// source.append([Row(id: 1, title: "Hello")], toSection: 0)
/// assert(mirror.snapshot == source.snapshot)
/// ```
///
/// Renderers are not `Sendable`: like the graph, a renderer lives in one
/// isolation domain (for UIKit, the main actor).
public protocol Renderer<SectionID, Item>: AnyObject {
  /// The identity of a section.
  associatedtype SectionID: Hashable
  /// An item of the content.
  associatedtype Item: Identifiable & Equatable

  /// Forgets whatever was shown and shows `snapshot` in `state`.
  ///
  /// Called once when the renderer is connected to a source; a renderer
  /// may also be reset by hand (UIKit: `reloadData()`).
  func reset(to snapshot: Snapshot<SectionID, Item>, state: ContentState)

  /// Shows a change of the content: a batch that applies to the content
  /// last shown, or a whole new snapshot.
  func apply(_ change: SnapshotChange<SectionID, Item>)

  /// Shows a change of the content state. `old` is the state the source
  /// reported before, which is the state last shown.
  func stateDidChange(from old: ContentState, to new: ContentState)

  /// Gives the renderer a way to read the source's current content, to
  /// resynchronise with when a change does not fit what it shows (a
  /// `UITableView` then needs a `reloadData()` of the source's content,
  /// not of a stale copy). `currentContent` returns `nil` once the source
  /// is gone.
  ///
  /// ``DataSource/render(into:)`` calls it before ``reset(to:state:)``. The
  /// default implementation ignores it: a renderer that cannot get out of
  /// step (it redraws from each change) has no use for it.
  func connect(to currentContent: @escaping () -> Snapshot<SectionID, Item>?)
}

extension Renderer {
  /// Ignores the reader: see ``Renderer/connect(to:)``.
  public func connect(to currentContent: @escaping () -> Snapshot<SectionID, Item>?) {}
}

extension Renderer {
  /// Forwards an event of a data source to ``apply(_:)`` or
  /// ``stateDidChange(from:to:)``.
  public func receive(_ event: DataSourceEvent<SectionID, Item>) {
    switch event {
    case .changed(let change): apply(change)
    case .stateChanged(let old, let new): stateDidChange(from: old, to: new)
    }
  }
}

extension DataSource {
  /// Shows this node in `renderer`: connects the renderer to the node's
  /// current content (``Renderer/connect(to:)``, a reader that holds the
  /// node weakly), resets it to the node's snapshot and state, then
  /// forwards every change until the returned observation ends.
  ///
  /// The observation keeps the renderer alive; a renderer that stores the
  /// token itself should cancel it when it goes away, or capture nothing
  /// that owns the source.
  ///
  /// - Complexity: O(*n*) once, to build the snapshot the renderer starts
  ///   from; then whatever the renderer does per event.
  @inlinable
  public func render(into renderer: some Renderer<SectionID, Item>) -> ObservationToken {
    renderer.connect { [weak self] in self?.snapshot }
    renderer.reset(to: snapshot, state: contentState)
    return observe { event in renderer.receive(event) }
  }
}
