// The diff engine alone: this target depends on the product
// DataSourceGraphDiffing and no other product of the library. Built in
// debug, it also proves the engine links on Linux without the C math library.
import DataSourceGraphDiffing
import TestSupport  // check(_:_:), which stops on a wrong result in release too

let old = [1, 2, 3]
let new = [3, 1, 2]
let difference = new.identityDifference(from: old)
print(difference)
check(difference.deletes.isEmpty && difference.inserts.isEmpty, "no deletes, no inserts")
check(
  difference.moves == [IdentityDifference.Move(from: 2, to: 0)],
  "3 moves to the front, 1 and 2 stay")
check(difference.applying(to: old, taking: new) == new, "the difference takes old to new")

// Elements that are their own identity, compared by value: an update.
struct Row: Identifiable, Equatable {
  var id: Int
  var title: String
}
let rows = [Row(id: 1, title: "Milk"), Row(id: 2, title: "Eggs")]
let edited = [Row(id: 2, title: "Eggs"), Row(id: 1, title: "Oat milk")]
let rowDifference = edited.identityDifference(from: rows)
check(rowDifference.updates == [IdentityDifference.Update(old: 0, new: 1)], "Milk is updated")
check(rowDifference.moves.count == 1, "one move")

// Many edits: past Myers' budget, the O(N log N) path with its square root.
let many = Array(0..<10_000)
let reversed = Array(many.reversed())
let reversal = reversed.identityDifference(from: many)
check(reversal.moves.count == 9_999, "a reversal keeps one element and moves the rest")
check(reversal.applying(to: many, taking: reversed) == reversed, "the reversal applies")

// Repeated identities never trap, and are reported.
let repeated = [1, 1, 2].identityDifference(from: [1, 2])
check(repeated.inserts == [1], "the second 1 is an insert")
check(
  repeated.duplicates == IdentityDifference.Duplicates(old: [], new: [0, 1]), "both 1s are reported"
)

// The building blocks.
let script: EditScript = Array("CBABAC").editScript(from: Array("ABCABBA"), by: ==)
check(script.deletes.count + script.inserts.count == 5, "the edit script has 5 edits")
check(longestIncreasingSubsequence([3, 1, 4, 1, 5, 9, 2, 6]) == [1, 2, 4, 7], "patience sorting")
check(longestIncreasingSubsequence([2, 1], weights: [0, 1]) == [1], "the weighted choice")
