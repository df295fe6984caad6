extension UIKitRule {
  /// The error thrown when a batch or a plan breaks rules of UIKit's batch
  /// updates: every violation found, not just the first.
  ///
  /// ```swift
  /// do {
  ///   try batch.validate(from: old, to: new, mode: .uikitStep)
  /// } catch {
  ///   print(error)  // one line per violation
  /// }
  /// ```
  public struct ValidationError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Every violation, ordered by rule number (stable within a rule).
    public var violations: [UIKitRule.Violation]

    /// Creates an error from its violations.
    public init(violations: [UIKitRule.Violation]) {
      self.violations = violations
    }

    /// The rules broken, without repeats, in ascending order.
    public var rules: [UIKitRule] { Array(Set(violations.map(\.rule))).sorted() }

    /// One line per violation.
    public var description: String {
      "\(violations.count) UIKit rule violation(s):\n"
        + violations.map { "  \($0)" }.joined(separator: "\n")
    }
  }
}
