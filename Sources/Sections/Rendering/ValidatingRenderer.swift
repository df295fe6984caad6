/// A renderer that checks every batch against UIKit's batch-update rules
/// (<doc:UIKitBatchUpdateRules>, through ``ChangeBatch/violations(from:to:mode:)``)
/// before passing it on to the renderer it wraps, and fails loudly in debug
/// builds when one breaks a rule.
///
/// Put it in front of a table view adapter while developing, so a bad
/// batch stops at the line that produced it instead of as an
/// `NSInternalInconsistencyException` later:
///
/// ```swift
/// let checked = ValidatingRenderer(TextListRenderer(for: source) { $0.title })
/// let observation = source.render(into: checked)
/// ```
///
/// It keeps its own copy of the content to validate against. For a batch
/// that breaks a rule:
///
/// - in a debug build, with ``trapsInDebugBuilds`` (the default), it stops
///   with `assertionFailure` and a message listing every violation (rule,
///   section, counts);
/// - otherwise (a release build, or ``trapsInDebugBuilds`` off) it records
///   the violations in ``failures`` and protects the wrapped renderer: a
///   batch that still applies reaches it as a reload of the result
///   (``SnapshotChange/reloadAll(_:)``), which is always safe; a batch that
///   does not apply at all is dropped, and both renderers keep the content
///   from before until the next valid change or reset.
public final class ValidatingRenderer<Base: Renderer>: Renderer {
  public typealias SectionID = Base.SectionID
  public typealias Item = Base.Item

  /// The renderer that receives the checked changes.
  public let base: Base
  /// Which reading of a batch is checked: ``UIKitRule/ValidationMode/batch`` (this
  /// library's batches, the default) or ``UIKitRule/ValidationMode/uikitStep`` (what
  /// one `performBatchUpdates` may hold, for a renderer that does not stage
  /// batches through a ``UIKitPlan``).
  public let mode: UIKitRule.ValidationMode
  /// Whether a violation stops a debug build (`assertionFailure`). Turn it
  /// off to collect ``failures`` instead, as tests do.
  public var trapsInDebugBuilds: Bool
  /// The content as the wrapped renderer was told it.
  public private(set) var snapshot: Snapshot<SectionID, Item>
  /// Every rejected batch, as the error listing its violations, in order.
  public private(set) var failures: [UIKitRule.ValidationError] = []

  /// Wraps `base`; the section identity and item types are `base`'s, so
  /// they follow from it: `ValidatingRenderer(MirrorRenderer(for: screen))`.
  ///
  /// - Parameters:
  ///   - base: The renderer that receives the checked changes.
  ///   - mode: The rules to check; ``UIKitRule/ValidationMode/batch`` by default.
  ///   - trapsInDebugBuilds: Whether a violation stops a debug build.
  public init(
    _ base: Base, mode: UIKitRule.ValidationMode = .batch, trapsInDebugBuilds: Bool = true
  ) {
    self.base = base
    self.mode = mode
    self.trapsInDebugBuilds = trapsInDebugBuilds
    snapshot = Snapshot()
  }

  public func reset(to snapshot: Snapshot<SectionID, Item>, state: ContentState) {
    self.snapshot = snapshot
    base.reset(to: snapshot, state: state)
  }

  /// Checks `change` and passes it on, or reports it (see the type's
  /// discussion).
  ///
  /// - Complexity: Expected O(*n* + *s* + *k* log *k*) for the check (see
  ///   ``ChangeBatch/violations(from:to:mode:)``), plus the wrapped
  ///   renderer's work.
  public func apply(_ change: SnapshotChange<SectionID, Item>) {
    guard case .batch(let batch) = change else {
      if case .reloadAll(let all) = change { snapshot = all }
      base.apply(change)
      return
    }
    let old = snapshot
    guard let new = old.applying(batch) else {
      report(
        UIKitRule.ValidationError(violations: [
          UIKitRule.Violation(
            rule: .r4,
            message:
              "the batch does not apply to the content shown (\(old.numberOfSections) sections, "
              + "\(old.numberOfItems) items): an index is out of range, used twice, or names "
              + "the wrong identity")
        ]), dropped: true)
      return
    }
    let violations = batch.violations(from: old, to: new, mode: mode)
    snapshot = new
    if violations.isEmpty {
      base.apply(change)
    } else {
      report(UIKitRule.ValidationError(violations: violations), dropped: false)
      base.apply(.reloadAll(new))
    }
  }

  public func stateDidChange(from old: ContentState, to new: ContentState) {
    base.stateDidChange(from: old, to: new)
  }

  /// Passes the reader on to the wrapped renderer.
  public func connect(to currentContent: @escaping () -> Snapshot<SectionID, Item>?) {
    base.connect(to: currentContent)
  }

  private func report(_ error: UIKitRule.ValidationError, dropped: Bool) {
    failures.append(error)
    if trapsInDebugBuilds {
      assertionFailure(
        "ValidatingRenderer: a batch breaks UIKit's rules; "
          + (dropped ? "it was dropped. " : "it was turned into a reload. ") + error.description)
    }
  }
}
