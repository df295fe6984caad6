import DataSourceGraphDiffing
import Testing

/// Hand-written cases with exact expectations, the overloads, and the example
/// of `Benchmarks/DIFFING-RESULTS.md`, compiled and run verbatim.
@Suite struct IdentityDifferenceExampleTests {
  @Test("The README example, verbatim")
  func readmeExample() {
    // --- README example begins ---
    struct Row: Identifiable, Equatable {
      var id: Int
      var title: String
    }
    let old = [Row(id: 1, title: "Milk"), Row(id: 2, title: "Eggs"), Row(id: 3, title: "Tea")]
    let new = [Row(id: 3, title: "Tea"), Row(id: 1, title: "Oat milk"), Row(id: 4, title: "Jam")]

    let difference = new.identityDifference(from: old)
    // UIKit semantics: deletes and move sources in `old`, inserts and move destinations in `new`.
    assert(difference.deletes == [1])  // Eggs
    assert(difference.inserts == [2])  // Jam
    // Tea moves up; Milk stays in place.
    assert(difference.moves == [IdentityDifference.Move(from: 2, to: 0)])
    assert(difference.updates == [IdentityDifference.Update(old: 0, new: 1)])  // Milk → Oat milk
    assert(difference.duplicates.isEmpty)
    assert(difference.applying(to: old, taking: new) == new)

    // Any identity and content equality, e.g. for types you do not own:
    let byName = ["b", "a", "c"].identityDifference(
      from: ["a", "b"], identifiedBy: { $0 }, contentEquals: { _, _ in true })
    assert(byName.inserts == [2] && byName.moves.count == 1)
    // --- README example ends ---
    #expect(difference.deletes == [1] && difference.inserts == [2])
    #expect(difference.moves == [IdentityDifference.Move(from: 2, to: 0)])
    #expect(difference.updates == [IdentityDifference.Update(old: 0, new: 1)])
    #expect(difference.applying(to: old, taking: new) == new)
    #expect(byName.inserts == [2] && byName.moves.count == 1)
  }

  @Test func movedAndUpdatedElementIsBoth() {
    let old = [Item(1), Item(2), Item(3)]
    let new = [Item(3, 9), Item(1), Item(2)]
    let difference = new.identityDifference(from: old)
    #expect(difference.moves == [IdentityDifference.Move(from: 2, to: 0)])
    #expect(difference.updates == [IdentityDifference.Update(old: 2, new: 0)])
  }

  @Test func identicalCollectionsGiveAnEmptyDifference() {
    let items = (0..<50).map { Item($0, $0 % 3) }
    #expect(items.identityDifference(from: items).isEmpty)
    #expect(items.editScript(from: items).isEmpty)
  }

  @Test("Identifiable & Hashable elements are matched by id, not by value")
  func identifiableAndHashableOverload() {
    // `Item` is Identifiable, Equatable and Hashable: the most constrained overload wins.
    let difference = [Item(1, 5)].identityDifference(from: [Item(1, 0)])
    #expect(difference.updates == [IdentityDifference.Update(old: 0, new: 0)])
    #expect(difference.deletes.isEmpty && difference.inserts.isEmpty)
    // Matched by whole value instead, through the closure-based entry point:
    let byValue = [Item(1, 5)].identityDifference(
      from: [Item(1, 0)], identifiedBy: { $0 }, contentEquals: { _, _ in true })
    #expect(byValue.deletes == [0] && byValue.inserts == [0])
  }

  @Test func collectionsOtherThanArrays() {
    let old = (0..<10).map { $0 }
    let new = old.reversed()  // ReversedCollection, not contiguous
    let difference = new.identityDifference(from: old[...])
    #expect(difference.applying(to: old, taking: new) == Array(new))
    #expect(difference.moves.count == 9)
  }

  @Test func closuresMayThrow() {
    struct Failure: Error {}
    #expect(throws: Failure.self) {
      _ = try [1].identityDifference(
        from: [2], identifiedBy: { _ -> Int in throw Failure() }, contentEquals: ==)
    }
  }

  /// The hashes a diff may make when it makes `own` of its own: under the
  /// library's internal checks its identity table checks itself after each
  /// add, hashing the identities again (about twice each, amortized), so
  /// the bound is met exactly in the release pass, which has no checks.
  static func hashBound(_ own: Int) -> Int {
    #if DATASOURCEGRAPH_INTERNAL_CHECKS
      4 * own
    #else
      own
    #endif
  }

  @Test("The few-edits path hashes each old identity once and the inserted ones")
  func hashFence() {
    let counter = Counter()
    let old = (0..<2_000).map { CountedID(value: $0, counter: counter) }
    var new = old
    new.remove(at: 1_500)
    new.insert(CountedID(value: -1, counter: counter), at: 10)
    new.swapAt(100, 1_000)
    counter.reset()
    let difference = new.identityDifference(from: old)
    #expect(difference.applying(to: old, taking: new) == new)
    #expect(counter.hashes <= Self.hashBound(old.count + 10), "hashes: \(counter.hashes)")
    #expect(counter.equalities <= 4 * (old.count + new.count), "equalities: \(counter.equalities)")
    // Many edits: one hash per identity and side, and a bounded Myers attempt.
    let reversed = Array(old.reversed())
    counter.reset()
    _ = reversed.identityDifference(from: old)
    #expect(counter.hashes <= Self.hashBound(2 * old.count), "hashes: \(counter.hashes)")
    #expect(
      counter.equalities <= 8 * (old.count + reversed.count) + 8192,
      "equalities: \(counter.equalities)")
  }
}

/// Counts hashing and comparisons, to catch a quadratic or hash-happy path.
final class Counter {
  var hashes = 0
  var equalities = 0
  func reset() {
    hashes = 0
    equalities = 0
  }
}

struct CountedID: Hashable {
  var value: Int
  var counter: Counter

  static func == (lhs: CountedID, rhs: CountedID) -> Bool {
    lhs.counter.equalities += 1
    return lhs.value == rhs.value
  }

  func hash(into hasher: inout Hasher) {
    counter.hashes += 1
    hasher.combine(value)
  }
}
