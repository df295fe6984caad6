extension ChangeBatch where Item: Equatable {
  /// Every rule of UIKit's batch updates (<doc:UIKitBatchUpdateRules>) that this batch
  /// breaks when it takes `old` to `new`; empty when it is valid.
  ///
  /// Checked on every batch: index ranges (R9); paths and sections used
  /// twice (R6, R8); operations inside inserted or deleted sections
  /// (R12–R15); index spaces, by identity: deletes, update sources and move
  /// sources name old positions, inserts and destinations new ones (R2, R3,
  /// R17); row counts of every surviving section and the section count (R10);
  /// moves the other changes imply (R18); identities the batch brings in
  /// are unique (R23); updates keep their identity (R24); and reproduction,
  /// `old.applying(self) == new` (R4). In ``UIKitRule/ValidationMode/uikitStep`` also
  /// R7, R16 and R19 (see ``UIKitRule/ValidationMode``). Rules about runtime behaviour
  /// hold by construction; ``UIKitRule/enforcementNote`` says how.
  ///
  /// ```swift
  /// let batch = new.difference(from: old)
  /// batch.violations(from: old, to: new).isEmpty               // true
  /// batch.violations(from: old, to: new, mode: .uikitStep)     // [] or R7/R16/R19
  /// ```
  ///
  /// - Parameters:
  ///   - old: The snapshot the batch starts from.
  ///   - new: The snapshot the batch must lead to.
  ///   - mode: ``UIKitRule/ValidationMode/batch`` for this library's batches,
  ///     ``UIKitRule/ValidationMode/uikitStep`` for what one `performBatchUpdates` may
  ///     contain.
  /// - Returns: Every violation, ordered by rule number.
  /// - Complexity: Expected O(*n* + *s* + *k* log *k*), where *n* is the
  ///   number of items of both snapshots, *s* the number of sections and *k*
  ///   the number of operations in the batch.
  @inlinable
  public func violations(
    from old: Snapshot<SectionID, Item>, to new: Snapshot<SectionID, Item>,
    mode: UIKitRule.ValidationMode = .batch
  ) -> [UIKitRule.Violation] {
    var validator = BatchValidator(batch: self, old: old, new: new, mode: mode)
    return validator.run()
  }

  /// The violations a plan or a renderer checks before it acts on a batch:
  /// every check with the library's internal checks
  /// (`DATASOURCEGRAPH_INTERNAL_CHECKS`); otherwise every check but those
  /// that would build an identity table (``ValidationDepth/named``), so a
  /// renderer's snapshots, made by applying batches, never build one and
  /// the time grows with the batch and the sections it touches.
  @inlinable
  func namedViolations(
    from old: Snapshot<SectionID, Item>, to new: Snapshot<SectionID, Item>,
    mode: UIKitRule.ValidationMode, newIsApplied: Bool = false
  ) -> [UIKitRule.Violation] {
    #if DATASOURCEGRAPH_INTERNAL_CHECKS
      violations(from: old, to: new, mode: mode)
    #else
      violations(from: old, to: new, mode: mode, depth: newIsApplied ? .applied : .named)
    #endif
  }

  /// The violations of a batch whose `new` was made by applying it to
  /// `old` (`Snapshot.applyingNamed(_:)`), for a node that builds its batch
  /// from input it does not trust (a store's index report): every check but
  /// the reproduction (R4), which holds by construction, and those that
  /// would build an identity table; every check with the library's internal
  /// checks (`DATASOURCEGRAPH_INTERNAL_CHECKS`).
  ///
  /// - Complexity: O(*s* + *k* log *k* + Σ *m*), as
  ///   ``violations(from:to:mode:)`` without the identity tables.
  @inlinable
  package func appliedViolations(
    from old: Snapshot<SectionID, Item>, to new: Snapshot<SectionID, Item>
  ) -> [UIKitRule.Violation] {
    namedViolations(from: old, to: new, mode: .batch, newIsApplied: true)
  }

  @inlinable
  func violations(
    from old: Snapshot<SectionID, Item>, to new: Snapshot<SectionID, Item>,
    mode: UIKitRule.ValidationMode, depth: ValidationDepth
  ) -> [UIKitRule.Violation] {
    var validator = BatchValidator(batch: self, old: old, new: new, mode: mode, depth: depth)
    return validator.run()
  }

  /// Throws if the batch breaks any rule of UIKit's batch updates when it
  /// takes `old` to `new`; see ``violations(from:to:mode:)``.
  ///
  /// - Throws: A ``UIKitRule/ValidationError`` listing every violation.
  /// - Complexity: As ``violations(from:to:mode:)``.
  @inlinable
  public func validate(
    from old: Snapshot<SectionID, Item>, to new: Snapshot<SectionID, Item>,
    mode: UIKitRule.ValidationMode = .batch
  ) throws(UIKitRule.ValidationError) {
    let found = violations(from: old, to: new, mode: mode)
    guard found.isEmpty else { throw UIKitRule.ValidationError(violations: found) }
  }
}
