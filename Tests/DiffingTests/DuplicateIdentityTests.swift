import DataSourceGraphDiffing
import TestSupport
import Testing

/// Repeated identities: never a trap, a valid minimal diff, and a full report.
@Suite struct DuplicateIdentityTests {
  @Test func repeatedOnTheNewSide() {
    let difference = ["a", "b", "a"].identityDifference(from: ["a"])
    #expect(difference.duplicates == IdentityDifference.Duplicates(old: [], new: [0, 2]))
    #expect(difference.inserts == [1, 2])
    #expect(difference.deletes.isEmpty && difference.moves.isEmpty)
  }

  @Test func identicalSidesWithRepeatsAreEmptyButReported() {
    let items = [Item(1), Item(2), Item(1), Item(1)]
    let difference = items.identityDifference(from: items)
    #expect(difference.isEmpty)
    #expect(
      difference.duplicates == IdentityDifference.Duplicates(old: [0, 2, 3], new: [0, 2, 3]))
  }

  @Test func remainingOccurrencesArePairedInOrderAsMoves() {
    // Kept: one LCS of length 2; the two other "x" pair up as moves in order.
    let old = ["x", "x", "a", "b"]
    let new = ["a", "b", "x", "x"]
    let difference = new.identityDifference(from: old)
    #expect(difference.applying(to: old, taking: new) == new)
    #expect(
      old.count - difference.deletes.count - difference.moves.count == naiveLCSLength(old, new))
    #expect(difference.deletes.isEmpty && difference.inserts.isEmpty)
    #expect(difference.moves.count == 2)
  }

  @Test func excessOccurrencesAreDeletesOrInserts() {
    let old = [Item(7), Item(7), Item(7), Item(1)]
    let new = [Item(1), Item(7)]
    let difference = new.identityDifference(from: old)
    #expect(violations(of: difference, from: old, to: new).isEmpty)
    #expect(difference.deletes.count == 2)
    #expect(difference.inserts.isEmpty)
  }

  @Test("Many repeats on big inputs fall back to Myers and stay minimal")
  func tinyAlphabetOnBigInputs() {
    var rng = SplitMix64(seed: 99)
    let old = (0..<400).map { _ in Item(Int.random(in: 0..<2, using: &rng)) }
    let new = (0..<400).map { _ in Item(Int.random(in: 0..<2, using: &rng)) }
    let difference = new.identityDifference(from: old)
    #expect(violations(of: difference, from: old, to: new).isEmpty)
  }
}
