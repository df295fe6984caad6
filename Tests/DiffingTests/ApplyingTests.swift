import DataSourceGraphDiffing
import Testing

@Suite struct ApplyingTests {
  let old = ["a", "b", "c"]
  let new = ["c", "a", "d"]

  @Test func appliesTheUIKitModel() {
    let difference = IdentityDifference(
      deletes: [1], inserts: [2], moves: [IdentityDifference.Move(from: 2, to: 0)])
    #expect(difference.applying(to: old, taking: new) == new)
  }

  @Test func updatesTakeTheNewElement() {
    let difference = IdentityDifference(updates: [IdentityDifference.Update(old: 1, new: 1)])
    #expect(difference.applying(to: [1, 2, 3], taking: [1, 20, 3]) == [1, 20, 3])
  }

  @Test("A difference that does not fit gives nil")
  func misfits() {
    let misfits = [
      IdentityDifference(deletes: [3], inserts: [2]),  // out of range
      IdentityDifference(deletes: [1, 1], inserts: [1, 2]),  // a delete twice
      IdentityDifference(deletes: [1]),  // counts disagree
      // delete and move source
      IdentityDifference(
        deletes: [1], inserts: [2], moves: [IdentityDifference.Move(from: 1, to: 0)]),
      // insert and move target
      IdentityDifference(
        deletes: [1], inserts: [0], moves: [IdentityDifference.Move(from: 2, to: 0)]),
      // update of a delete
      IdentityDifference(
        deletes: [1], inserts: [2], updates: [IdentityDifference.Update(old: 1, new: 1)]),
      // update not where its element lands
      IdentityDifference(updates: [IdentityDifference.Update(old: 0, new: 2)]),
    ]
    for difference in misfits {
      #expect(difference.applying(to: old, taking: new) == nil, "\(difference)")
    }
  }

  @Test func emptySides() {
    let fromEmpty = new.identityDifference(from: [String]())
    #expect(fromEmpty.inserts == [0, 1, 2] && fromEmpty.deletes.isEmpty && fromEmpty.moves.isEmpty)
    let toEmpty = [String]().identityDifference(from: old)
    #expect(toEmpty.deletes == [0, 1, 2] && toEmpty.inserts.isEmpty && toEmpty.moves.isEmpty)
    #expect([String]().identityDifference(from: [String]()).isEmpty)
  }
}
