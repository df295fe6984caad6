extension UIKitRule {
  /// One way a batch breaks a rule of UIKit's batch updates: the rule, where,
  /// the counts involved, and a message in UIKit's own words where UIKit has
  /// them.
  ///
  /// ```swift
  /// for violation in batch.violations(from: old, to: new) {
  ///   print(violation)
  ///   // [R10] Invalid update: invalid number of rows in section 2. …
  /// }
  /// ```
  public struct Violation: Hashable, Sendable, CustomStringConvertible {
    /// The rule the batch breaks.
    public var rule: UIKitRule
    /// The index of the section concerned, if any: an old index for
    /// old-side operations (deletes, move sources, reloads), a new index for
    /// new-side ones (inserts, move destinations), as the message says.
    public var section: Int?
    /// The item paths concerned, in the order the message names them.
    public var paths: [ItemPath]
    /// The counts of a row- or section-count violation (R10).
    public var counts: Counts?
    /// The index of the plan step, when a ``UIKitPlan`` was checked.
    public var step: Int?
    /// What is wrong, in UIKit's words where it has them.
    public var message: String

    /// The numbers of UIKit's count check (R10): after must equal before
    /// plus inserted minus deleted plus moved in minus moved out.
    public struct Counts: Hashable, Sendable {
      /// Rows (or sections) before the update.
      public var before: Int
      /// Rows (or sections) after the update.
      public var after: Int
      /// Rows (or sections) inserted.
      public var inserted: Int
      /// Rows (or sections) deleted.
      public var deleted: Int
      /// Rows moved into the section from another one (0 for sections).
      public var movedIn: Int
      /// Rows moved out of the section to another one (0 for sections).
      public var movedOut: Int

      /// Creates a set of counts.
      public init(
        before: Int, after: Int, inserted: Int, deleted: Int, movedIn: Int = 0, movedOut: Int = 0
      ) {
        self.before = before
        self.after = after
        self.inserted = inserted
        self.deleted = deleted
        self.movedIn = movedIn
        self.movedOut = movedOut
      }

      /// Whether the counts add up.
      public var isConsistent: Bool { after == before + inserted - deleted + movedIn - movedOut }
    }

    /// Creates a violation.
    public init(
      rule: UIKitRule, section: Int? = nil, paths: [ItemPath] = [], counts: Counts? = nil,
      step: Int? = nil, message: String
    ) {
      self.rule = rule
      self.section = section
      self.paths = paths
      self.counts = counts
      self.step = step
      self.message = message
    }

    /// `"[R10] Invalid update: …"`, prefixed with the plan step if any:
    /// `"step 2: [R16] …"`.
    public var description: String {
      (step.map { "step \($0): " } ?? "") + "[\(rule)] " + message
    }
  }
}
