import DataSourceGraphNodes
import DataSourceGraphSections
import Testing

/// A report of *k* changes costs about *k* hashes of identities, not the
/// *n* of a diff: a fence that counts them.
@Suite struct IndexReportCostTests {
  final class Counter {
    var hashes = 0
  }

  struct CountedID: Hashable {
    var value: Int
    let counter: Counter
    static func == (lhs: Self, rhs: Self) -> Bool { lhs.value == rhs.value }
    func hash(into hasher: inout Hasher) {
      counter.hashes += 1
      hasher.combine(value)
    }
  }

  struct CountedItem: Identifiable, Equatable {
    var id: CountedID
    var revision = 0
  }

  #if !DATASOURCEGRAPH_INTERNAL_CHECKS
    // The library's internal checks build identity tables (O(n) hashes) to
    // check every batch; the fence holds without them (CI's release pass).
    @Test func aReportHashesTheIdentitiesItNamesNotTheWholeLeaf() {
      let counter = Counter()
      let n = 20_000
      func item(_ value: Int, revision: Int = 0) -> CountedItem {
        CountedItem(id: CountedID(value: value, counter: counter), revision: revision)
      }
      var items = (0..<n).map { item($0) }
      let leaf = MutableDataSource(snapshot: Snapshot(id: 0, items: items))
      for round in 1...3 {
        // Ten deletions, ten insertions, ten modifications.
        let deletions = (0..<10).map { $0 * 1_000 + round }
        for offset in deletions.reversed() { items.remove(at: offset) }
        let insertions = (0..<10).map { $0 * 997 + 5 }
        for (k, offset) in insertions.enumerated() {
          items.insert(item(n * round + k), at: offset)
        }
        var modified: [Int] = []
        for k in 0..<10 {
          let offset = k * 1_500 + 700
          items[offset].revision += 1
          modified.append(offset)
        }
        let resulting = Snapshot(id: 0, items: items)
        // The modifications' old indices: the new ones read back through
        // the deletions and insertions.
        let old = leaf.snapshot
        let oldIndices = modified.map { offset in
          old.sections[0].items.firstIndex { $0.id == items[offset].id }!
        }
        counter.hashes = 0
        let outcome = leaf.apply(
          .init(deletions: deletions, insertions: insertions, modifications: oldIndices),
          resulting: resulting)
        #expect(outcome == .applied)
        // About 10 hashes a change, and 20 more since the leaf's position
        // table follows the report (one for each row deleted or inserted)
        // instead of being dropped and built from all 20,000 rows at the
        // next look-up by identity.
        #expect(counter.hashes <= 340, "round \(round): \(counter.hashes) hashes for 30 changes")
        #expect(leaf.snapshot == resulting)
        // A look-up by identity after the report builds no position table.
        #expect(leaf.itemPath(for: items[12_345].id) == ItemPath(section: 0, item: 12_345))
        #expect(leaf.positionTablesBuilt == 0, "round \(round)")
      }
    }
  #endif
}
