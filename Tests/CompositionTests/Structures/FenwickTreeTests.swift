import DataSourceGraphComposition
import TestSupport
import Testing

/// A Fenwick tree answers as the plain array of its counts: prefix sums,
/// the slot of a unit, the total, through random adds, sets, inserts and
/// removes of slots (zero counts among them, which `locate` skips).
@Suite struct FenwickTreeTests {
  @Test(.namesTheSeed)
  func answersAsItsCounts() async {
    await forEachSeed(1...40, answersAsItsCounts(seed:))
  }

  func answersAsItsCounts(seed: UInt64) {
    var rng = SplitMix64(seed: seed)
    var model = (0..<rng.int(0..<40)).map { _ in rng.int(0..<4) }
    var tree = FenwickTree(model)
    for _ in 0..<300 {
      switch rng.int(0..<10) {
      case 0..<4 where !model.isEmpty:
        let i = rng.int(0..<model.count)
        let delta = rng.int(-model[i]...3)
        tree.add(delta, at: i)
        model[i] += delta
      case 4..<6 where !model.isEmpty:
        let i = rng.int(0..<model.count)
        let value = rng.int(0..<5)
        tree.set(value, at: i)
        model[i] = value
      case 6..<8:
        let i = rng.int(0...model.count)
        let value = rng.int(0..<5)
        tree.insert(value, at: i)
        model.insert(value, at: i)
      case 8 where !model.isEmpty:
        let i = rng.int(0..<model.count)
        tree.remove(at: i)
        model.remove(at: i)
      default:
        model = (0..<rng.int(0..<40)).map { _ in rng.int(0..<4) }
        tree.reset(model)
      }
      expectTree(tree, answersAs: model)
    }
  }

  private func expectTree(_ tree: FenwickTree, answersAs model: [Int]) {
    #expect(tree.values == model)
    #expect(tree.count == model.count)
    #expect(tree.total == model.reduce(0, +))
    var sum = 0
    for i in 0...model.count {
      #expect(tree.prefixSum(i) == sum, "prefixSum(\(i)) of \(model)")
      if i < model.count { sum += model[i] }
    }
    // Unit k lies in the slot whose range of units holds it.
    var before = 0
    for (slot, count) in model.enumerated() {
      for unit in before..<(before + count) {
        let located = tree.locate(unit)
        #expect(located.slot == slot, "locate(\(unit)) of \(model)")
        #expect(located.before == before, "locate(\(unit)) of \(model)")
      }
      before += count
    }
  }
}
