import DataSourceGraphNodes
import DataSourceGraphSections
import SectionsTestSupport
import TestSupport
import Testing

/// Seeded random snapshot pairs (small identity pools, empty sections,
/// cross-section moves, section moves, header changes): the diff passes the
/// validator, and its UIKit plan passes it step by step and composes to the
/// new snapshot.
@Suite struct UIKitPlanPropertyTests {
  static let seeds: [UInt64] = PropertyDepth.seeds(debug: 1...24, release: 1...300)
  static let pairsPerSeed = PropertyDepth.steps(debug: 40, release: 200)

  /// Small pools make moves, duplicates (dropped) and empty sections common.
  static func generator(_ seed: UInt64) -> SnapshotGenerator {
    SnapshotGenerator(seed: seed, sectionPool: 4 + Int(seed % 3), itemPool: 6 + Int(seed % 11))
  }

  @Test(.namesTheSeed)
  func diffIsValidAndPlanIsValidStepByStep() async {
    await forEachSeed(Self.seeds, diffIsValidAndPlanIsValidStepByStep(seed:))
  }

  func diffIsValidAndPlanIsValidStepByStep(seed: UInt64) {
    var generator = Self.generator(seed &* 7_919)
    var staged = 0
    for round in 0..<Self.pairsPerSeed {
      let old = generator.snapshot()
      let new = generator.chance(0.6) ? generator.variation(of: old) : generator.snapshot()
      let context = "seed \(seed) round \(round)\nold \(old.sections)\nnew \(new.sections)"
      let batch = new.difference(from: old)
      let violations = batch.violations(from: old, to: new, mode: .batch)
      #expect(violations.isEmpty, "\(context)\n\(violations)")
      #expect(old.applying(batch) == new, "\(context)")
      guard let plan = try? batch.uikitPlan(from: old, to: new) else {
        Issue.record("plan threw: \(context)")
        continue
      }
      #expect(!plan.isReload, "\(context)")
      var current = old
      for (index, step) in plan.steps.enumerated() {
        guard let stepBatch = step.batch else {
          Issue.record("step \(index) is a reload: \(context)")
          break
        }
        #expect(!stepBatch.isEmpty, "\(context) step \(index) is empty")
        let stepViolations = stepBatch.violations(
          from: current, to: step.snapshot, mode: .uikitStep)
        #expect(stepViolations.isEmpty, "\(context)\nstep \(index): \(stepViolations)")
        #expect(current.applying(stepBatch) == step.snapshot, "\(context) step \(index)")
        current = step.snapshot
      }
      #expect(current == new, "\(context)")
      #expect(plan.violations(from: old, to: new).isEmpty, "\(context)")
      if batch.violations(from: old, to: new, mode: .uikitStep).isEmpty {
        #expect(plan.steps.count == (batch.isEmpty ? 0 : 1), "\(context)")
        #expect(batch.isEmpty || plan.steps[0].batch == batch, "\(context)")
      } else {
        staged += 1
        #expect((2...5).contains(plan.steps.count), "\(context)")
      }
    }
    // The generator must exercise staging, or the property says little.
    #expect(staged > 0, "seed \(seed): no pair needed staging")
  }

  /// The plan is minimal among the groupings of its stages: merging any
  /// two neighbouring steps into one (the diff between their ends) gives a
  /// batch UIKit cannot take in one step.
  @Test(.namesTheSeed)
  func mergingTwoNeighbouringStepsBreaksARule() async {
    await forEachSeed(Self.seeds, mergingTwoNeighbouringStepsBreaksARule(seed:))
  }

  func mergingTwoNeighbouringStepsBreaksARule(seed: UInt64) {
    var generator = Self.generator(seed &+ 40_000)
    var checked = 0
    for round in 0..<Self.pairsPerSeed {
      let old = generator.snapshot()
      let new = generator.variation(of: old)
      guard let plan = try? new.difference(from: old).uikitPlan(from: old, to: new),
        plan.steps.count >= 2
      else { continue }
      var before = old
      for k in 0..<(plan.steps.count - 1) {
        let after = plan.steps[k + 1].snapshot
        let merged = after.difference(from: before)
        let violations = merged.violations(from: before, to: after, mode: .uikitStep)
        #expect(
          !violations.isEmpty, "seed \(seed) round \(round): steps \(k) and \(k + 1) merge safely")
        checked += 1
        before = plan.steps[k].snapshot
      }
    }
    #expect(checked > 0, "seed \(seed): no staged plan")
  }

  /// The validator never crashes on garbage, and when it finds nothing the
  /// batch really does take old to new.
  @Test(.namesTheSeed)
  func validatorIsTotalAndSound() async {
    await forEachSeed(Self.seeds, validatorIsTotalAndSound(seed:))
  }

  func validatorIsTotalAndSound(seed: UInt64) {
    var generator = Self.generator(seed &+ 90_000)
    var rng = SplitMix64(seed: seed)
    func index(_ n: Int) -> Int { Int.random(in: -1...(n + 1), using: &rng) }
    for round in 0..<Self.pairsPerSeed {
      let old = generator.snapshot()
      let new = generator.variation(of: old)
      var batch = new.difference(from: old)
      // Corrupt one list a little: drop, duplicate or shift an operation.
      switch Int.random(in: 0..<8, using: &rng) {
      case 0 where !batch.itemDeletes.isEmpty: batch.itemDeletes.append(batch.itemDeletes[0])
      case 1 where !batch.itemMoves.isEmpty: batch.itemMoves.removeLast()
      case 2 where !batch.itemInserts.isEmpty: batch.itemInserts[0].path.item += 1
      case 3 where !batch.sectionMoves.isEmpty:
        batch.sectionMoves[0].from = index(old.numberOfSections)
      case 4:
        batch.itemDeletes.append(ItemPath(section: index(old.numberOfSections), item: index(3)))
      case 5: batch.sectionDeletes.append(index(old.numberOfSections))
      case 6 where !batch.itemUpdates.isEmpty: batch.itemUpdates[0].to.item = index(3)
      default:
        batch.itemMoves.append(
          .init(
            from: ItemPath(section: index(old.numberOfSections), item: index(3)),
            to: ItemPath(section: index(new.numberOfSections), item: index(3))))
      }
      let violations = batch.violations(from: old, to: new)
      if violations.isEmpty {
        #expect(old.applying(batch) == new, "seed \(seed) round \(round)")
      } else {
        #expect(throws: UIKitRule.ValidationError.self) { try batch.uikitPlan(from: old, to: new) }
      }
      _ = batch.violations(from: old, to: new, mode: .uikitStep)
    }
  }
}
