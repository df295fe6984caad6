import DataSourceGraphComposition
import DataSourceGraphNodes
import DataSourceGraphSections
import TestSupport
import Testing

/// A graph of the library's nodes cannot show an identity twice, so its
/// snapshots skip the check for repeats and build their identity table on
/// the first read by identity; a node written outside the library may
/// repeat identities, and every snapshot above it still drops the repeats.
@Suite struct SnapshotUniquenessTests {
  /// Whether a snapshot's identity table is left for the first read by
  /// identity. The library's internal checks build it at once to verify
  /// the snapshot, so this is checked only in builds without them.
  static func leavesTheTableForLater(_ snapshot: Snapshot<Int, Row>) -> Bool {
    #if DATASOURCEGRAPH_INTERNAL_CHECKS
      true
    #else
      snapshot.builtPathLookup == nil
    #endif
  }

  static func leaf(_ seed: UInt64, _ n: Int) -> MutableDataSource<Int, Row> {
    var rng = SplitMix64(seed: seed)
    let sections = (0..<rng.int(1...3)).map { s in
      SnapshotSection(
        id: s,
        items: (0..<rng.int(0...20)).map { _ in
          Row(id: rng.int(0..<(n * 12)), value: rng.int(0..<5))
        })
    }
    return MutableDataSource(sections: sections)
  }

  /// Over random leaves whose items repeat across leaves (which the
  /// composite hides): the snapshots of a composite, a filter, a flatten,
  /// a sort and an erased node equal the same sections checked by
  /// `Snapshot(sections:)`, report nothing dropped, answer look-ups by
  /// identity as the checked snapshot does, and build no identity table
  /// before one is read.
  @Test(.namesTheSeed)
  func snapshotsOfTheLibrarysNodesNeedNoCheckForRepeats() async {
    await forEachSeed(1...30, snapshotsOfTheLibrarysNodesNeedNoCheckForRepeats(seed:))
  }

  func snapshotsOfTheLibrarysNodesNeedNoCheckForRepeats(seed: UInt64) {
    let leaves = (0..<3).map { Self.leaf(seed &* 31 &+ UInt64($0), 3) }
    let composite = CompositeDataSource(leaves.map { $0 as any DataSource<Int, Row> })
    let filter = composite.filter { $0.value != 0 }
    let flatten = filter.joined()
    let sort = flatten.sorted { $0.value < $1.value }
    let erased = sort.eraseToAnyDataSource()
    func check(_ snapshot: Snapshot<some Hashable, Row>, _ node: String) {
      let checked = Snapshot(sections: snapshot.sections)
      #expect(snapshot == checked, "seed \(seed): \(node)")
      #expect(checked.duplicates.isEmpty, "seed \(seed): \(node) repeats an identity")
      #expect(snapshot.duplicates.isEmpty, "seed \(seed): \(node)")
      for item in checked.allItems {
        #expect(snapshot.itemPath(for: item.id) == checked.itemPath(for: item.id))
      }
    }
    check(composite.snapshot, "composite")
    check(filter.snapshot, "filter")
    for node in [flatten.snapshot, sort.snapshot, erased.snapshot] {
      #expect(Self.leavesTheTableForLater(node), "seed \(seed)")
      check(node, "flatten, sort or erased")
    }
  }

  /// A node written outside the library that shows an item twice and a
  /// section identity twice: the snapshots of the library's nodes above it
  /// drop the repeats, as `Snapshot(sections:)` does.
  @Test func repeatsOfANodeWrittenOutsideTheLibraryAreDroppedAbove() {
    let fixed = FixedSource(
      name: "Fixed",
      sections: [
        (0, [Row(id: 1, value: 1), Row(id: 2, value: 1), Row(id: 1, value: 2)]),
        (0, [Row(id: 3, value: 1)]),
      ])
    let filter = fixed.filter { _ in true }
    #expect(filter.snapshot.allItems.map(\.id) == [1, 2])
    #expect(filter.snapshot.duplicates.sectionIDs == [0])
    #expect(filter.snapshot.duplicates.itemIDs == [1])
    let sort = filter.sorted { $0.id > $1.id }
    #expect(sort.snapshot.allItems.map(\.id) == [2, 1])
    let composite = CompositeDataSource([fixed as any DataSource<Int, Row>])
    #expect(composite.snapshot.numberOfSections == 1)
    #expect(Set(composite.snapshot.allItems.map(\.id)).count == composite.snapshot.numberOfItems)
  }
}
