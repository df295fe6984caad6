// Scenario S: the sectioned workload measured beside DifferenceKit's
// `StagedChangeset` (100 sections × 1,000 items, cross-section moves, churn
// and two section moves), deterministic for a seed.
import BenchmarkSupport
import DataSourceGraphSections

/// Scenario S from `seed`: 100 sections × 1,000 items with identities
/// `0..<100_000` at revision 0, then, in the new snapshot, in this order:
///
/// 1. 5% of the items (5,000, each at most once) move to a random position
///    of a random other section;
/// 2. 3% of the items (3,000, none of the moved ones) are deleted;
/// 3. 3% new items (3,000, identities from 100,000 on) are inserted at
///    random positions of random sections;
/// 4. two distinct sections move, each to a random other index;
/// 5. when `updates` is above zero, that fraction of the old item count
///    (1,000 for 0.01) of the surviving old items gets revision 1, moved or
///    not.
///
/// - Parameters:
///   - seed: The state of the `SplitMix64` that draws every choice.
///   - updates: The fraction of items whose content changes; 0 for plain S.
/// - Returns: The old and the new snapshot.
func scenarioS(
  seed: UInt64 = 42, updates: Double = 0
) -> (old: Snapshot<Int, Row<Int>>, new: Snapshot<Int, Row<Int>>) {
  let sectionCount = 100
  let perSection = 1_000
  let total = sectionCount * perSection
  var g = SplitMix64(state: seed)
  func draw(_ bound: Int) -> Int { Int(g.next() % UInt64(bound)) }

  let old: [SnapshotSection<Int, Row<Int>>] = (0..<sectionCount).map { s in
    SnapshotSection(
      id: s, items: (0..<perSection).map { i in Row(id: s * perSection + i, revision: 0) })
  }
  var new = old
  // Old identities already moved, deleted or updated (each changes once).
  var touched = Set<Int>()

  // 1. Moves to a random position of a random other section.
  var moved = 0
  while moved < total * 5 / 100 {
    let s = draw(sectionCount)
    guard !new[s].items.isEmpty else { continue }
    let i = draw(new[s].items.count)
    guard touched.insert(new[s].items[i].id).inserted else { continue }
    let item = new[s].items.remove(at: i)
    let t = (s + 1 + draw(sectionCount - 1)) % sectionCount
    new[t].items.insert(item, at: draw(new[t].items.count + 1))
    moved += 1
  }

  // 2. Deletes, among the items that did not move.
  var deleted = 0
  while deleted < total * 3 / 100 {
    let s = draw(sectionCount)
    guard !new[s].items.isEmpty else { continue }
    let i = draw(new[s].items.count)
    guard touched.insert(new[s].items[i].id).inserted else { continue }
    new[s].items.remove(at: i)
    deleted += 1
  }

  // 3. Inserts of new identities.
  for n in 0..<(total * 3 / 100) {
    let s = draw(sectionCount)
    new[s].items.insert(Row(id: total + n, revision: 0), at: draw(new[s].items.count + 1))
  }

  // 4. Two distinct sections move, each to another index.
  var movedSections = Set<Int>()
  while movedSections.count < 2 {
    let from = draw(sectionCount)
    guard movedSections.insert(new[from].id).inserted else { continue }
    let section = new.remove(at: from)
    let to = (from + 1 + draw(sectionCount - 1)) % sectionCount
    new.insert(section, at: to)
  }

  // 5. Updates of surviving old items, moved ones included.
  var updated = Set<Int>()
  while updated.count < Int(Double(total) * updates) {
    let s = draw(sectionCount)
    guard !new[s].items.isEmpty else { continue }
    let i = draw(new[s].items.count)
    let id = new[s].items[i].id
    guard id < total, updated.insert(id).inserted else { continue }
    new[s].items[i].revision += 1
  }
  return (Snapshot(sections: old), Snapshot(sections: new))
}
