import DataSourceGraphNodes
import DataSourceGraphSections
import SectionsTestSupport
import Testing

/// The README's code prints what it shows; the tests here check those
/// values themselves, so its output stays out of the test log.
private func print(_ items: Any..., separator: String = " ") {}

/// The README's example for the validator and the UIKit plan, verbatim.
@Suite struct ValidatorReadmeExampleTests {
  @Test func readmeExample() throws {
    struct Fruit: Identifiable, Equatable {
      var id: Int
      var name: String
    }

    let old = Snapshot(
      id: "fruit",
      items: [
        Fruit(id: 1, name: "Apple"), Fruit(id: 2, name: "Pear"), Fruit(id: 3, name: "Plum"),
      ])
    let new = Snapshot(
      id: "fruit",
      items: [
        Fruit(id: 2, name: "Pear"), Fruit(id: 3, name: "Plum"), Fruit(id: 1, name: "Apple!"),
      ])
    let batch = new.difference(from: old)  // move 1 to the end, and update it

    let found = batch.violations(from: old, to: new)  // []: valid, and old.applying(batch) == new
    let unsafe = batch.violations(from: old, to: new, mode: .uikitStep)
    // [[R7] attempt to perform a delete and a move from the same index path (0 - 0): …]
    print(unsafe)

    let plan = try batch.uikitPlan(from: old, to: new)
    for step in plan.steps {  // 2 steps: reload 1 in place, then move it
      // collectionView.performBatchUpdates { dataSource.snapshot = step.snapshot; apply(step.change) }
      _ = step
    }
    #expect(plan.violations(from: old, to: new).isEmpty)

    #expect(found.isEmpty)
    #expect(unsafe.map(\.rule) == [.r7])
    #expect(plan.steps.count == 2)
  }
}
