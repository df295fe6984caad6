/// A change split into the steps UIKit can take safely: each step is one
/// `performBatchUpdates` (or one `reloadData()`), with the snapshot the data
/// source must show from inside that step on (R20–R22 in
/// <doc:UIKitBatchUpdateRules>).
///
/// Every step is valid on its own in ``UIKitRule/ValidationMode/uikitStep`` against
/// the snapshot of the step before, and the last step shows the new
/// snapshot. A renderer runs the steps in order, one at a time:
///
/// ```swift
/// let plan = try batch.uikitPlan(from: old, to: new)
/// for step in plan.steps {
///   // tableView.performBatchUpdates { dataSource.snapshot = step.snapshot; … step.change … }
/// }
/// ```
public struct UIKitPlan<SectionID: Hashable, Item: Identifiable> {
  /// One `performBatchUpdates` (for ``SnapshotChange/batch(_:)``) or one
  /// `reloadData()` (for ``SnapshotChange/reloadAll(_:)``).
  public struct Step {
    /// What to tell the view: a batch in the index spaces of the previous
    /// step's snapshot and of ``snapshot``, or a reload.
    public var change: SnapshotChange<SectionID, Item>
    /// The snapshot the data source must return from inside this step on
    /// (R21): set it synchronously inside the update block.
    public var snapshot: Snapshot<SectionID, Item>

    /// Creates a step.
    @inlinable
    public init(change: SnapshotChange<SectionID, Item>, snapshot: Snapshot<SectionID, Item>) {
      self.change = change
      self.snapshot = snapshot
    }

    /// The step's batch, or `nil` for a reload.
    @inlinable
    public var batch: ChangeBatch<SectionID, Item>? {
      if case .batch(let batch) = change { batch } else { nil }
    }
  }

  /// The steps, in the order they must run. Empty when there is nothing to
  /// change.
  public var steps: [Step]

  /// Creates a plan from its steps.
  @inlinable
  public init(steps: [Step]) {
    self.steps = steps
  }

  /// Whether the plan is a single reload (``SnapshotChange/reloadAll(_:)``).
  @inlinable
  public var isReload: Bool {
    steps.count == 1 && steps[0].batch == nil
  }
}

extension UIKitPlan: Sendable where SectionID: Sendable, Item: Sendable, Item.ID: Sendable {}
extension UIKitPlan.Step: Sendable where SectionID: Sendable, Item: Sendable, Item.ID: Sendable {}
