public import DataSourceGraphNodes
public import DataSourceGraphSections

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
/// `Snapshot.applying(_:)-(ChangeBatch<SectionID,Item>)`) is recorded in
/// ``failures`` and leaves the copy as it was; so does a state change whose
/// `old` state is not the state last shown. Nothing traps: the mirror is a
/// witness, and the test decides.
public final class MirrorRenderer<SectionID: Hashable, Item: Identifiable & Equatable>: Renderer {
  /// The content as the renderer sees it.
  public var snapshot: Snapshot<SectionID, Item> { _snapshot }
  @usableFromInline var _snapshot: Snapshot<SectionID, Item>
  /// The content state as the renderer sees it.
  public private(set) var state: ContentState
  /// The changes received, in order, applied or not, when the mirror was
  /// created with `recordingChanges: true`; otherwise always empty, so a
  /// mirror that follows a long run of edits holds its snapshot and
  /// nothing more. ``changeCount`` and ``batchCount`` count them either
  /// way.
  public var changes: [SnapshotChange<SectionID, Item>] { _changes }
  @usableFromInline var _changes: [SnapshotChange<SectionID, Item>] = []
  /// Whether ``changes`` keeps every change received.
  public let recordsChanges: Bool
  /// The number of changes received, applied or not.
  public var changeCount: Int { _changeCount }
  @usableFromInline var _changeCount = 0
  /// The number of batches received, applied or not (reloads not counted).
  public var batchCount: Int { _batchCount }
  @usableFromInline var _batchCount = 0
  /// Every state change received, in order.
  public private(set) var states: [ContentState] = []
  /// What did not fit: a batch that does not apply, a state change that
  /// does not start from the state last shown. Empty when all is well.
  public var failures: [String] { _failures }
  @usableFromInline var _failures: [String] = []

  /// Creates a mirror showing `snapshot` in `state`.
  ///
  /// ```swift
  /// let mirror = MirrorRenderer<String, Row>(recordingChanges: true)
  /// let observation = source.render(into: mirror)
  /// source.append([Row(id: 1, title: "Hello")], toSection: 0)
  /// mirror.changes.count  // 1
  /// ```
  ///
  /// - Parameters:
  ///   - snapshot: The content shown at first; empty by default.
  ///   - state: The content state shown at first.
  ///   - recordingChanges: Whether ``changes`` keeps every change received
  ///     (memory grows with every change); `false` by default.
  public init(
    snapshot: Snapshot<SectionID, Item> = Snapshot(), state: ContentState = .initial,
    recordingChanges: Bool = false
  ) {
    _snapshot = snapshot
    self.state = state
    recordsChanges = recordingChanges
  }

  /// Creates an empty mirror for the section identities and items of
  /// `source`, so the types need not be spelled out.
  ///
  /// `source` only fixes the types: nothing is read from it and no
  /// observation starts. Connect the mirror with
  /// `DataSource.render(into:)`, which resets it to the source's content.
  ///
  /// ```swift
  /// let screen = CompositeDataSource(inbox, archive).filter { !$0.isRead }
  /// let mirror = MirrorRenderer(for: screen)  // MirrorRenderer<CompositeSectionID, Mail>
  /// let observation = screen.render(into: mirror)
  /// ```
  ///
  /// - Parameters:
  ///   - source: The node the mirror will show.
  ///   - recordingChanges: Whether ``changes`` keeps every change received;
  ///     `false` by default.
  public convenience init(
    for source: some DataSource<SectionID, Item>, recordingChanges: Bool = false
  ) {
    self.init(recordingChanges: recordingChanges)
  }

  public func reset(to snapshot: Snapshot<SectionID, Item>, state: ContentState) {
    _snapshot = snapshot
    self.state = state
  }

  /// Applies `change` to the copy, or records a failure if it does not fit.
  ///
  /// The copy is edited in place: a batch of updates costs O(*k*) for its
  /// *k* updates (the mirror's sections are its own once a batch has
  /// touched them; a section still shared with the snapshot the mirror was
  /// reset to is copied once).
  ///
  /// - Complexity: O(*k*) for a batch that only updates items where they
  ///   are; otherwise O(*s* + *k* log *k* + Σ *m*) for *s* sections, *k*
  ///   operations and Σ *m* the items of the sections the batch changes:
  ///   the sections it does not touch are shared with the previous
  ///   snapshot, and no identity table is built. The batch is checked to
  ///   bring in no identity the snapshot has only if the identity table was
  ///   built (always, in O(*n*), with the library's internal checks)
  ///   (`Snapshot.itemPath(for:)` builds it).
  @inlinable
  public func apply(_ change: SnapshotChange<SectionID, Item>) {
    _changeCount += 1
    if case .batch = change { _batchCount += 1 }
    if recordsChanges { _changes.append(change) }
    guard _snapshot.applyNamed(change) else {
      _failures.append(
        "change #\(_changeCount) does not apply to the mirrored snapshot of "
          + "\(_snapshot.numberOfSections) sections and \(_snapshot.numberOfItems) items")
      return
    }
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
