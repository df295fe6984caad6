import DataSourceGraphNodes
import DataSourceGraphSections
import SectionsTestSupport
import TestSupport
import Testing

/// Building a snapshot with diffable's calls, and `ValueItem`s.
@Suite struct SnapshotBuildingTests {
  struct Row: Identifiable, Equatable {
    var id: Int
    var value = 0
  }

  /// Seeded random calls, against an oracle: the sections built by hand,
  /// then `Snapshot(sections:)`, whose duplicates are those the calls left
  /// out.
  @Test(.namesTheSeed)
  func buildingMatchesTheSectionsItDescribes() async {
    await forEachSeed(1...30 as ClosedRange<UInt64>, buildingMatchesTheSectionsItDescribes(seed:))
  }

  func buildingMatchesTheSectionsItDescribes(seed: UInt64) {
    var rng = SplitMix64(seed: seed)
    var snapshot = Snapshot<Int, Row>()
    var sections: [SnapshotSection<Int, Row>] = []
    var droppedItems: [Int] = []
    var droppedSections: [Int] = []
    for _ in 0..<30 {
      switch rng.int(0..<5) {
      case 0:
        let ids = (0..<rng.int(1...2)).map { _ in rng.int(0..<6) }
        snapshot.appendSections(ids)
        for id in ids {
          if sections.contains(where: { $0.id == id }) {
            droppedSections.append(id)
          } else {
            sections.append(SnapshotSection(id: id))
          }
        }
      case 1 where !sections.isEmpty:
        let target = rng.chance(0.5) ? nil : sections[rng.int(0..<sections.count)].id
        let items = (0..<rng.int(0...3)).map { _ in Row(id: rng.int(0..<20)) }
        snapshot.appendItems(items, toSection: target)
        let index =
          target.flatMap { id in sections.firstIndex { $0.id == id } } ?? sections.count - 1
        for item in items {
          if sections.contains(where: { $0.items.contains { $0.id == item.id } }) {
            droppedItems.append(item.id)
          } else {
            sections[index].items.append(item)
          }
        }
      case 2:
        let ids = (0..<rng.int(0...3)).map { _ in rng.int(0..<20) }
        snapshot.deleteItems(ids)
        for s in sections.indices { sections[s].items.removeAll { ids.contains($0.id) } }
      case 3:
        let changed = (0..<rng.int(0...3)).map { _ in
          Row(id: rng.int(0..<20), value: rng.int(1..<9))
        }
        snapshot.reconfigureItems(changed)
        for item in changed {
          for s in sections.indices {
            if let i = sections[s].items.firstIndex(where: { $0.id == item.id }) {
              sections[s].items[i] = item
            }
          }
        }
      default:
        let ids = sections.isEmpty ? [] : [sections[rng.int(0..<sections.count)].id]
        snapshot.deleteSections(ids)
        sections.removeAll { ids.contains($0.id) }
      }
      #expect(snapshot == Snapshot(sections: sections), "seed \(seed)")
      #expect(snapshot.duplicates.itemIDs == droppedItems, "seed \(seed)")
      #expect(snapshot.duplicates.sectionIDs == droppedSections, "seed \(seed)")
    }
  }

  /// Named regression (found by the property test above, seed 29):
  /// appending an identity that a later section shows left out the shown
  /// one, since a rebuilt snapshot keeps the first occurrence in section
  /// order. The new occurrence is the one left out.
  @Test func appendingAnIdentityShownInALaterSectionKeepsTheShownOne() {
    var snapshot = Snapshot<Int, Row>()
    snapshot.appendSections([0, 1])
    snapshot.appendItems([Row(id: 7)], toSection: 1)
    snapshot.appendItems([Row(id: 7, value: 1)], toSection: 0)
    #expect(snapshot.itemPath(for: 7) == ItemPath(section: 1, item: 0))
    #expect(snapshot.item(at: ItemPath(section: 1, item: 0)).value == 0)
    #expect(snapshot.duplicates.itemIDs == [7])
  }

  /// A `ValueItem` is its value: appended as values, deleted by value,
  /// and a reconfigured one is an update of the same identity.
  @Test func valueItemsAreTheirOwnIdentity() {
    var snapshot = Snapshot<String, ValueItem<String>>()
    snapshot.appendSections(["tags"])
    snapshot.appendItems(["jazz", "live", "jazz"], toSection: "tags")
    #expect(snapshot.itemIDs == ["jazz", "live"])
    #expect(snapshot.duplicates.itemIDs == ["jazz"])
    #expect(snapshot.item(at: ItemPath(section: 0, item: 1)).count == 4)  // read through
    var next = snapshot
    next.reconfigureItems(["live", "absent"])
    let batch = next.difference(from: snapshot)
    #expect(batch.itemUpdates.map(\.item.value) == ["live"])
    #expect(batch.itemInserts.isEmpty && batch.itemDeletes.isEmpty)
    next.deleteItems(["jazz"])
    #expect(next.itemIDs == ["live"])
  }

  /// Appending with no section, or to a section that is not there, leaves
  /// the items out and says so (diffable's snapshot stops the app).
  @Test func appendingWithNoSectionLeavesTheItemsOut() {
    var snapshot = Snapshot<String, ValueItem<Int>>()
    #expect(snapshot.appendItems([1, 2]) == Snapshot.Skipped(itemIDs: [1, 2]))
    snapshot.appendSections(["a"])
    #expect(snapshot.appendItems([3], toSection: "b").itemIDs == [3])
    #expect(snapshot.isEmpty && snapshot.duplicates.isEmpty)
    #expect(snapshot.appendItems([4, 4]).itemIDs == [4])
    #expect(snapshot.itemIDs == [4] && snapshot.duplicates.itemIDs == [4])
  }
}
