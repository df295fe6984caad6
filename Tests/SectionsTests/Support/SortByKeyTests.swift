import DataSourceGraphSections
import TestSupport
import Testing

/// `Array.sortByKey`, which sorts a batch's operations by their positions,
/// orders as a stable sort does: by key, and elements with equal keys in
/// the order they came; it calls the key at most twice per element.
@Suite struct SortByKeyTests {
  /// Random arrays (empty, one element, sorted, reversed, shuffled; keys
  /// from a small pool, so many repeat), against a stable sort of the
  /// elements with their first positions beside them.
  @Test(.namesTheSeed)
  func ordersAsAStableSort() async {
    await forEachSeed(1...200, ordersAsAStableSort(seed:))
  }

  func ordersAsAStableSort(seed: UInt64) {
    var rng = SplitMix64(seed: seed)
    let count = Int(rng.next() % 40)
    let pool = 1 + Int(rng.next() % 12)
    var keys = (0..<count).map { _ in Int(rng.next() % UInt64(pool)) }
    switch seed % 4 {
    case 0: keys.sort()
    case 1: keys.sort(by: >)
    default: break
    }
    // Each element: its key and where it first stood.
    let elements = keys.enumerated().map { (key: $0.element, origin: $0.offset) }
    var expected = elements
    // The model: by key, then by where the element stood.
    expected.sort { ($0.key, $0.origin) < ($1.key, $1.origin) }

    var sorted = elements
    var calls = 0
    sorted.sortByKey { element -> Int in
      calls += 1
      return element.key
    }
    #expect(sorted.map(\.key) == expected.map(\.key))
    #expect(sorted.map(\.origin) == expected.map(\.origin))
    #expect(calls <= 2 * count)
  }

  /// Operations of a batch in the order a node made them, several at one
  /// position: they come out by position, those at one position in the
  /// order they were made.
  @Test func keepsTheOrderOfOperationsAtOnePosition() {
    var inserts = [
      (path: ItemPath(section: 1, item: 0), name: "c"),
      (path: ItemPath(section: 0, item: 2), name: "a"),
      (path: ItemPath(section: 1, item: 0), name: "d"),
      (path: ItemPath(section: 0, item: 2), name: "b"),
    ]
    inserts.sortByKey { $0.path }
    #expect(inserts.map(\.name) == ["a", "b", "c", "d"])
  }
}
