extension UIKitPlan where Item: Equatable {
  /// Every rule the plan breaks when it takes `old` to `new`: each batch
  /// step is checked in ``UIKitRule/ValidationMode/uikitStep`` against the snapshot of
  /// the step before it and its own (R22, R4 per step), a reload step must
  /// carry the snapshot it reloads, and the last step must show `new` (R21).
  ///
  /// ```swift
  /// let plan = try batch.uikitPlan(from: old, to: new)
  /// plan.violations(from: old, to: new).isEmpty  // true
  /// ```
  ///
  /// - Returns: Every violation, each with its ``UIKitRule/Violation/step``.
  /// - Complexity: O(*p* · (*n* + *k* log *k*)), where *p* is the number of
  ///   steps, *n* the number of items and *k* the largest step's size.
  @inlinable
  public func violations(
    from old: Snapshot<SectionID, Item>, to new: Snapshot<SectionID, Item>
  ) -> [UIKitRule.Violation] {
    var found: [UIKitRule.Violation] = []
    var current = old
    for (index, step) in steps.enumerated() {
      switch step.change {
      case .batch(let batch):
        for var violation in batch.violations(from: current, to: step.snapshot, mode: .uikitStep) {
          violation.step = index
          found.append(violation)
        }
      case .reloadAll(let snapshot):
        if snapshot != step.snapshot {
          found.append(
            UIKitRule.Violation(
              rule: .r21, step: index,
              message:
                "the step reloads one snapshot but carries another: the data source must show exactly what the view reloads"
            ))
        }
      }
      current = step.snapshot
    }
    if current != new {
      found.append(
        UIKitRule.Violation(
          rule: .r21, step: steps.isEmpty ? nil : steps.count - 1,
          message:
            "the plan ends at a snapshot other than the new one (\(current.numberOfSections) sections, \(current.numberOfItems) items; expected \(new.numberOfSections) sections, \(new.numberOfItems) items)"
        ))
    }
    return found
  }
}
