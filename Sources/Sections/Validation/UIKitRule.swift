/// The rules of UIKit's batch updates, numbered R1–R27 as in
/// <doc:UIKitBatchUpdateRules> (which gives each one's sources), each with
/// a one-line summary and how this library enforces it.
///
/// A ``UIKitRule/Violation`` names the rule it breaks:
///
/// ```swift
/// let violations = batch.violations(from: old, to: new)
/// violations.first?.rule  // UIKitRule.r10
/// UIKitRule.r10.summary   // "Row and section counts must add up …"
/// ```
public enum UIKitRule: Int, CaseIterable, Hashable, Comparable, Sendable, CustomStringConvertible {
  case r1 = 1
  case r2, r3, r4, r5, r6, r7, r8, r9, r10
  case r11, r12, r13, r14, r15, r16, r17, r18, r19, r20
  case r21, r22, r23, r24, r25, r26, r27

  /// How a rule is enforced.
  public enum Enforcement: Hashable, Sendable {
    /// Checked on every batch, in both ``UIKitRule/ValidationMode``s.
    case batch
    /// Checked only in ``UIKitRule/ValidationMode/uikitStep``: a ``ChangeBatch`` may
    /// break it, a ``UIKitPlan`` step may not.
    case uikitStep
    /// Checked on a ``UIKitPlan`` as a whole (``UIKitPlan/violations(from:to:)``).
    case plan
    /// Not a property of a batch: it holds by how the library is built
    /// (the text of ``UIKitRule/enforcementNote`` says how).
    case construction
  }

  /// The rule's number, 1 to 27.
  @inlinable public var number: Int { rawValue }

  /// Orders rules by number.
  @inlinable public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }

  /// `"R10"`.
  public var description: String { "R\(rawValue)" }

  /// The rule in one line.
  public var summary: String {
    switch self {
    case .r1: "Call order inside a batch does not matter; deletes are processed before inserts."
    case .r2: "Deletes and reloads use old index paths; inserts use new index paths."
    case .r3: "A move goes from an old index path to a new one; likewise for sections."
    case .r4: "Applying the batch by UIKit's model (removals, then insertions) gives the new data."
    case .r5: "Nested begin/endUpdates blocks act as one batch."
    case .r6: "No index path or section is used twice on either side of a batch."
    case .r7: "An item cannot be both moved and reloaded in one batch."
    case .r8: "The same index path must never be deleted twice."
    case .r9: "Every index must be in range of the state it refers to."
    case .r10: "Row counts of every surviving section, and the section count, must add up."
    case .r11: "The view must read the old counts before and the new counts after the batch."
    case .r12: "Items inside an inserted or deleted section are never listed on their own."
    case .r13: "An item cannot be moved out of a deleted section."
    case .r14: "An item cannot be moved into an inserted section."
    case .r15: "A section move cannot start at a deleted section or end at an inserted one."
    case .r16: "Item changes inside a moved section are unreliable in the same batch."
    case .r17: "With section changes, item deletes use old and item inserts new section numbers."
    case .r18: "No move that the deletes and inserts already imply."
    case .r19:
      "Reloads are fragile: never beside a move of the same item, nor sections beside section moves."
    case .r20: "Changes that crash in one batch are split into ordered steps."
    case .r21: "Each step carries the data the data source must show during that step."
    case .r22: "Each step's indices are relative to the previous step's data."
    case .r23: "Section and item identities must be unique."
    case .r24: "An update changes an item's content, never its identity."
    case .r25: "Applying happens in one isolation domain (the main actor for UIKit)."
    case .r26: "Identities in a section snapshot must be unique."
    case .r27: "Only one batch may be in flight at a time, computed from the state the view shows."
    }
  }

  /// How this library enforces the rule.
  public var enforcement: Enforcement {
    switch self {
    case .r7, .r16, .r19: .uikitStep
    case .r20, .r21, .r22: .plan
    case .r1, .r5, .r11, .r25, .r26, .r27: .construction
    default: .batch
    }
  }

  /// Why a rule that cannot be checked on one batch holds anyway, or what
  /// the validator checks for it.
  public var enforcementNote: String {
    switch self {
    case .r1:
      "A ChangeBatch is a set of operations without call order; applying and the validator read it as sets."
    case .r5:
      "A plan step is one batch; a renderer wraps each step in exactly one performBatchUpdates."
    case .r11:
      "Runtime: a renderer sets the step's snapshot inside the update block; the validator's counts (R10) are checked against the old snapshot the batch claims to start from."
    case .r20:
      "ChangeBatch.uikitPlan(from:to:) splits a batch that is not safe in one step."
    case .r21:
      "Every UIKitPlan step carries its snapshot; the plan check applies each step to the previous snapshot."
    case .r22:
      "Every plan step is validated against the previous step's snapshot, so its indices are in that space."
    case .r25:
      "Isolation model: a graph lives in one isolation domain; only Sendable values (snapshots, batches) cross domains."
    case .r26:
      "Snapshots keep identities unique across all sections, hence within each section (see R23)."
    case .r27:
      "Runtime: a renderer applies plan steps one after another; a batch computed against a stale state fails R10 or R4 here."
    case .r7, .r16, .r19:
      "Checked in UIKitRule.ValidationMode.uikitStep; a plain ChangeBatch may carry these, its UIKit plan stages them."
    default:
      "Checked on every batch."
    }
  }
}
