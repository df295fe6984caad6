import DataSourceGraphSections
import Testing

/// Short constructors and checks for the validator and plan tests.
enum Shots {
  /// A snapshot from `(section id, item ids)` pairs, in order. Items listed
  /// in `revised` get revision 1, headers come from `headers`.
  static func make(
    _ spec: KeyValuePairs<Int, [Int]>, revised: Set<Int> = [], headers: [Int: String] = [:]
  ) -> RowSnapshot {
    RowSnapshot(
      sections: spec.map { id, items in
        RowSection(
          id: id, header: headers[id],
          items: items.map { Row(id: $0, revision: revised.contains($0) ? 1 : 0) })
      })
  }

  static func path(_ section: Int, _ item: Int) -> ItemPath {
    ItemPath(section: section, item: item)
  }

  static func move(_ from: ItemPath, _ to: ItemPath) -> RowBatch.Move<ItemPath> {
    .init(from: from, to: to)
  }

  /// The rules in `violations`.
  static func rules(_ violations: [UIKitRule.Violation]) -> Set<UIKitRule> {
    Set(violations.map(\.rule))
  }

  /// Checks that the library's own diff and plan for `old → new` break no
  /// rule: the diff is valid in batch mode and reproduces `new`, and its
  /// plan is valid step by step, stages nothing it need not, and never
  /// falls back to a reload.
  static func expectDiffAndPlanAreSafe(
    _ old: RowSnapshot, _ new: RowSnapshot, _ context: String = "",
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let batch = new.difference(from: old)
    let violations = batch.violations(from: old, to: new)
    #expect(violations.isEmpty, "\(context) diff: \(violations)", sourceLocation: sourceLocation)
    #expect(old.applying(batch) == new, "\(context) reproduction", sourceLocation: sourceLocation)
    do {
      let plan = try batch.uikitPlan(from: old, to: new)
      let planViolations = plan.violations(from: old, to: new)
      #expect(
        planViolations.isEmpty, "\(context) plan: \(planViolations)", sourceLocation: sourceLocation
      )
      #expect(
        !plan.isReload, "\(context) plan fell back to a reload", sourceLocation: sourceLocation)
      let oneStep = batch.violations(from: old, to: new, mode: .uikitStep).isEmpty
      if batch.isEmpty {
        #expect(plan.steps.isEmpty, "\(context)", sourceLocation: sourceLocation)
      } else if oneStep {
        #expect(
          plan.steps.count == 1 && plan.steps[0].batch == batch, "\(context)",
          sourceLocation: sourceLocation)
      } else {
        #expect(
          plan.steps.count >= 2 && plan.steps.count <= 5, "\(context)",
          sourceLocation: sourceLocation)
      }
    } catch {
      Issue.record("\(context) plan threw \(error)", sourceLocation: sourceLocation)
    }
  }
}
