package import DataSourceGraphNodes
package import DataSourceGraphSections
package import Testing

/// Records every batch a leaf sends, checks it against the rules of UIKit's
/// batch updates and applies it to its own copy: what a screen fed by a
/// store's reports would show.
package final class CheckingMirror<SectionID: Hashable, Item: Identifiable & Equatable> {
  /// The content the batches so far lead to.
  package private(set) var snapshot: Snapshot<SectionID, Item>
  /// The number of batches received.
  package private(set) var batches = 0
  /// A batch that did not apply, or broke a rule, with the rules it broke.
  package private(set) var problems: [String] = []
  private var observation: ObservationToken?

  /// A mirror of `source`, from its content now.
  package init(_ source: MutableDataSource<SectionID, Item>) {
    snapshot = source.snapshot
    observation = source.observe { [unowned self] event in
      guard case .changed(let change) = event else { return }
      switch change {
      case .batch(let batch):
        batches += 1
        guard let next = snapshot.applying(batch) else {
          problems.append("a batch did not apply: \(batch)")
          return
        }
        let violations = batch.violations(from: snapshot, to: next)
        if !violations.isEmpty { problems.append("\(batch): \(violations)") }
        snapshot = next
      case .reloadAll(let all):
        snapshot = all
      }
    }
  }

  /// Records an issue unless a store's report was applied as a right one
  /// is: not fallen back, repaired at most by dropping implied moves, and
  /// `leaf` and this mirror both showing `content` with no problem.
  /// Returns whether it was, so that a random run stops at its first
  /// failure.
  @discardableResult
  package func expectApplied(
    _ outcome: MutableDataSource<SectionID, Item>.IndexReport.Outcome,
    by leaf: MutableDataSource<SectionID, Item>, showing content: Snapshot<SectionID, Item>,
    _ context: String, sourceLocation: SourceLocation = #_sourceLocation
  ) -> Bool {
    #expect(!outcome.fellBack, "\(context)", sourceLocation: sourceLocation)
    #expect(
      outcome.repairs.allSatisfy {
        if case .droppedImpliedMoves = $0 { true } else { false }
      }, "\(context)", sourceLocation: sourceLocation)
    #expect(leaf.snapshot == content, "\(context)", sourceLocation: sourceLocation)
    #expect(snapshot == content, "\(context)", sourceLocation: sourceLocation)
    #expect(problems.isEmpty, "\(context): \(problems)", sourceLocation: sourceLocation)
    return problems.isEmpty && leaf.snapshot == content
  }
}

extension MutableDataSource.IndexReport.Outcome {
  /// Whether the report was not used.
  package var fellBack: Bool {
    if case .fellBack = self { return true }
    return false
  }

  /// The mistakes set right, if the report was repaired.
  package var repairs: [MutableDataSource<SectionID, Item>.IndexReport.Repair] {
    if case .repaired(let repairs) = self { return repairs }
    return []
  }

  /// Why the report was not used, if it was not.
  package var fallbackReason: MutableDataSource<SectionID, Item>.IndexReport.Fallback.Reason? {
    if case .fellBack(let fallback) = self { return fallback.reason }
    return nil
  }

  /// The kind of outcome, in a few words, for tallies: the repairs' kinds,
  /// the reason of a fallback.
  package var kind: String {
    switch self {
    case .applied: "applied"
    case .repaired(let repairs): "repaired \(repairs.map { "\($0)".prefix(14) })"
    case .fellBack(let fallback): "fell back (\(fallback.reason))"
    case .deferred: "deferred"
    }
  }
}
