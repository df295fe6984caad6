// Snapshots, batches, the validator and the UIKit plan, as values: this
// target depends on the product DataSourceGraphSections and no other
// product of the library (no nodes: the values stand on their own).
import DataSourceGraphSections
import TestSupport  // check(_:_:), which stops on a wrong result in release too

struct Fruit: Identifiable, Equatable, CustomStringConvertible {
  var id: Int
  var name: String
  var description: String { name }
}

// The sectioned diff, and the central property.
let old = Snapshot(
  id: "fruit",
  items: [Fruit(id: 1, name: "Apple"), Fruit(id: 2, name: "Pear"), Fruit(id: 3, name: "Plum")])
let new = Snapshot(
  id: "fruit",
  items: [Fruit(id: 2, name: "Pear"), Fruit(id: 3, name: "Plum"), Fruit(id: 1, name: "Apple!")])
let batch = new.difference(from: old)
check(batch.itemMoves.count == 1 && batch.itemUpdates.count == 1, "Apple is moved and updated")
check(old.applying(batch) == new, "the batch takes old to new")
check(batch.violations(from: old, to: new).isEmpty, "the batch passes the validator")
check(
  batch.violations(from: old, to: new, mode: .uikitStep).map(\.rule) == [.r7],
  "one UIKit step cannot reload and move the same row (R7)")
do {
  let plan = try batch.uikitPlan(from: old, to: new)
  check(plan.steps.count == 2, "the UIKit plan takes two steps")
  check(plan.steps.last?.snapshot == new, "the plan ends on the new snapshot")
} catch {
  fatalError("check failed: no UIKit plan: \(error)")
}
