/// A renderer that applies every batch to its own copy of the content, so
/// a test can check that what a renderer sees equals the source.
///
/// ```swift
/// let mirror = MirrorRenderer(for: source)
/// let observation = source.render(into: mirror)
/// // … edit the graph …
/// #expect(mirror.snapshot == source.snapshot)
/// #expect(mirror.failures.isEmpty, "\(mirror.failures)")
/// ```
///
/// A batch that does not apply to the copy (see
/// ``Snapshot/applying(_:)-(ChangeBatch<SectionID,Item>)``) is recorded in
/// ``failures`` and leaves the copy as it was; so does a state change whose
/// `old` state is not the state last shown. Nothing traps: the mirror is a
/// witness, and the test decides.
public final class MirrorRenderer<SectionID: Hashable, Item: Identifiable & Equatable>: Renderer {
  /// The content as the renderer sees it.
  public var snapshot: Snapshot<SectionID, Item> { _snapshot }
  @usableFromInline var _snapshot: Snapshot<SectionID, Item>
  /// The content state as the renderer sees it.
  public private(set) var state: ContentState
  /// Every change received, in order, applied or not.
  public var changes: [SnapshotChange<SectionID, Item>] { _changes }
  @usableFromInline var _changes: [SnapshotChange<SectionID, Item>] = []
  /// Every state change received, in order.
  public private(set) var states: [ContentState] = []
  /// What did not fit: a batch that does not apply, a state change that
  /// does not start from the state last shown. Empty when all is well.
  public var failures: [String] { _failures }
  @usableFromInline var _failures: [String] = []

  /// Creates a mirror showing `snapshot` in `state`.
  public init(snapshot: Snapshot<SectionID, Item> = Snapshot(), state: ContentState = .initial) {
    _snapshot = snapshot
    self.state = state
  }

  /// Creates an empty mirror for the section identities and items of
  /// `source`, so the types need not be spelled out.
  ///
  /// `source` only fixes the types: nothing is read from it and no
  /// observation starts. Connect the mirror with
  /// ``DataSource/render(into:)``, which resets it to the source's content.
  ///
  /// ```swift
  /// let screen = CompositeDataSource(inbox, archive).filter { !$0.isRead }
  /// let mirror = MirrorRenderer(for: screen)  // MirrorRenderer<CompositeSectionID, Mail>
  /// let observation = screen.render(into: mirror)
  /// ```
  ///
  /// - Parameter source: The node the mirror will show.
  public convenience init(for source: some DataSource<SectionID, Item>) {
    self.init()
  }

  /// The number of batches received (reloads not counted).
  public var batchCount: Int {
    changes.reduce(0) { count, change in
      if case .batch = change { count + 1 } else { count }
    }
  }

  public func reset(to snapshot: Snapshot<SectionID, Item>, state: ContentState) {
    _snapshot = snapshot
    self.state = state
  }

  /// Applies `change` to the copy, or records a failure if it does not fit.
  ///
  /// - Complexity: O(*s* + *k* log *k* + Σ *m*) for *s* sections, *k*
  ///   operations and Σ *m* the items of the sections the batch changes:
  ///   the sections it does not touch are shared with the previous
  ///   snapshot, and no identity table is built. The batch is checked to
  ///   bring in no identity the snapshot has only if the identity table was
  ///   built (always, in O(*n*), with the library's internal checks)
  ///   (``Snapshot/itemPath(for:)`` builds it).
  @inlinable
  public func apply(_ change: SnapshotChange<SectionID, Item>) {
    _changes.append(change)
    guard let next = _snapshot.applyingNamed(change) else {
      _failures.append(
        "change #\(_changes.count) does not apply to the mirrored snapshot of "
          + "\(_snapshot.numberOfSections) sections and \(_snapshot.numberOfItems) items")
      return
    }
    _snapshot = next
  }

  public func stateDidChange(from old: ContentState, to new: ContentState) {
    states.append(new)
    if !old.isSameState(as: state) {
      _failures.append(
        "state change #\(states.count) starts from \(old), but the mirror shows \(state)")
    }
    state = new
  }
}
