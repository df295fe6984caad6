extension UIKitRule {
  /// Which reading of a batch the validator checks.
  public enum ValidationMode: Hashable, Sendable {
    /// A ``ChangeBatch`` as this library defines it: an item may be both
    /// updated and moved, and items may change inside moved or reloaded
    /// sections, because ``Snapshot/applying(_:)-(ChangeBatch<SectionID,Item>)``
    /// handles them and a ``UIKitPlan`` stages them.
    case batch
    /// What one `performBatchUpdates` may contain: everything of ``batch``,
    /// plus R7 (no item both reloaded and moved), R16 (no item change inside a
    /// moved section) and R19 (no section reload beside a section move, and
    /// no item change inside a reloaded section).
    case uikitStep
  }
}
