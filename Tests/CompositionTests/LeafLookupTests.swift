import DataSourceGraphComposition
import DataSourceGraphSections
import TestSupport
import Testing

/// A global path maps to the leaf that owns it and back.
@Suite struct LeafLookupTests {
  @Test(arguments: 1...20 as ClosedRange<UInt64>)
  func everyItemMapsToItsLeafAndBack(seed: UInt64) {
    var rng = SplitMix64(seed: seed)
    var next = 0
    let leaves = (0..<rng.int(1...5)).map { leaf in
      MutableDataSource<Int, Row>(
        sections: (0..<rng.int(0...3)).map { s in
          SnapshotSection(
            id: s,
            items: (0..<rng.int(0...5)).map { _ in
              next += 1
              return Row(id: next, value: rng.int(0..<10))
            })
        })
    }
    let screen = composite(leaves.map { $0 as any DataSource<Int, Row> })
      .filter { $0.value % 3 != 0 }
      .sorted { $0.value < $1.value }
      .removingEmptySections()
      .flatten()
    let snapshot = screen.snapshot
    for (i, item) in snapshot.sections[0].items.enumerated() {
      let path = ItemPath(section: 0, item: i)
      let location = screen.leafLocation(at: path)
      let leaf = location.source as! MutableDataSource<Int, Row>
      #expect(leaf.item(at: location.position) == item, "seed \(seed)")
      #expect(screen.path(of: location.position, in: leaf) == path, "seed \(seed)")
    }
    // Items filtered out have no place on screen.
    for leaf in leaves {
      for (s, section) in leaf.sections.enumerated() {
        for (i, item) in section.items.enumerated() where item.value % 3 == 0 {
          #expect(screen.path(of: ItemPath(section: s, item: i), in: leaf) == nil)
        }
      }
    }
  }

  @Test func sectionsMapToTheirLeaf() {
    let a = MutableDataSource<String, Row>(sections: [
      SnapshotSection(id: "a0"), SnapshotSection(id: "a1"),
    ])
    let b = MutableDataSource<String, Row>(sections: [SnapshotSection(id: "b0")])
    let screen = composite(a, b)
    let location = screen.leafSection(at: 2)
    #expect(location?.source === b)
    #expect(location?.position == 0)
    #expect(screen.flatten().leafSection(at: 0) == nil)
  }

  /// Review B5: look-ups go through a splice, to the base or to the spliced
  /// source, and back.
  @Test(arguments: 1...20 as ClosedRange<UInt64>)
  func lookUpsGoThroughASplice(seed: UInt64) throws {
    var rng = SplitMix64(seed: seed)
    var next = 0
    func rows(_ count: Int) -> [Row] {
      (0..<count).map { _ in
        next += 1
        return Row(id: next, value: rng.int(0..<10))
      }
    }
    let base = MutableDataSource<Int, Row>(
      sections: (0..<rng.int(1...3)).map { SnapshotSection(id: $0, items: rows(rng.int(0...5))) })
    let banner = MutableDataSource<String, Row>(
      sections: (0..<rng.int(1...2)).map {
        SnapshotSection(id: "b\($0)", items: rows(rng.int(0...3)))
      })
    let target = rng.int(0..<base.sections.count)
    let screen = base.splicing(banner, intoSection: target, at: rng.int(0...4)).filter {
      $0.value % 4 != 0
    }
    for (s, section) in screen.snapshot.sections.enumerated() {
      for (i, item) in section.items.enumerated() {
        let path = ItemPath(section: s, item: i)
        let location = screen.leafLocation(at: path)
        if let leaf = location.source as? MutableDataSource<Int, Row> {
          #expect(leaf === base, "seed \(seed)")
          #expect(leaf.item(at: location.position) == item, "seed \(seed)")
          #expect(screen.path(of: location.position, in: leaf) == path, "seed \(seed)")
        } else {
          let leaf = try #require(
            location.source as? MutableDataSource<String, Row>, "seed \(seed)")
          #expect(leaf === banner, "seed \(seed)")
          #expect(leaf.item(at: location.position) == item, "seed \(seed)")
          #expect(screen.path(of: location.position, in: leaf) == path, "seed \(seed)")
        }
      }
      #expect(screen.leafSection(at: s)?.source === base, "seed \(seed)")
      #expect(screen.leafSection(at: s)?.position == s, "seed \(seed)")
    }
    // Every banner item that passes is on screen, in the target section.
    for (s, section) in banner.sections.enumerated() {
      for (i, item) in section.items.enumerated() {
        let found = screen.path(of: ItemPath(section: s, item: i), in: banner)
        #expect(found == screen.itemPath(for: item.id), "seed \(seed)")
        #expect(found.map(\.section) == (item.value % 4 != 0 ? target : nil), "seed \(seed)")
      }
    }
  }

  @Test func aSpliceIntoAMissingSectionShowsNoSplicedItem() {
    let base = MutableDataSource<Int, Row>(sections: [
      SnapshotSection(id: 0, items: [Row(id: 1, value: 0)])
    ])
    let banner = MutableDataSource<Int, Row>(sections: [
      SnapshotSection(id: 0, items: [Row(id: 2, value: 0)])
    ])
    let screen = base.splicing(banner, intoSection: 7, at: 0)
    #expect(screen.path(of: ItemPath(section: 0, item: 0), in: banner) == nil)
    #expect(
      screen.path(of: ItemPath(section: 0, item: 0), in: base) == ItemPath(section: 0, item: 0))
    #expect(screen.leafLocation(at: ItemPath(section: 0, item: 0)).source === base)
  }
}
