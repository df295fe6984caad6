import DataSourceGraphComposition
import DataSourceGraphNodes
import DataSourceGraphSections
import TestSupport
import Testing

/// A global path maps to the leaf that owns it and back.
@Suite struct LeafLookupTests {
  @Test(.namesTheSeed)
  func everyItemMapsToItsLeafAndBack() async throws {
    try await forEachSeed(1...20 as ClosedRange<UInt64>, everyItemMapsToItsLeafAndBack(seed:))
  }

  func everyItemMapsToItsLeafAndBack(seed: UInt64) throws {
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
    let screen = CompositeDataSource(leaves.map { $0 as any DataSource<Int, Row> })
      .filter { $0.value % 3 != 0 }
      .sorted { $0.value < $1.value }
      .removingEmptySections()
      .joined()
    let snapshot = screen.snapshot
    for (i, item) in snapshot.sections[0].items.enumerated() {
      let path = ItemPath(section: 0, item: i)
      let location = try #require(screen.leafLocation(at: path), "seed \(seed)")
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
    let screen = CompositeDataSource(a, b)
    let location = screen.leafSection(at: 2)
    #expect(location?.source === b)
    #expect(location?.position == 0)
    #expect(screen.joined().leafSection(at: 0) == nil)
  }

  /// Review B5: look-ups go through a splice, to the base or to the spliced
  /// source, and back.
  @Test(.namesTheSeed)
  func lookUpsGoThroughASplice() async throws {
    try await forEachSeed(1...20 as ClosedRange<UInt64>, lookUpsGoThroughASplice(seed:))
  }

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
        let location = try #require(screen.leafLocation(at: path), "seed \(seed)")
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
    #expect(screen.leafLocation(at: ItemPath(section: 0, item: 0))?.source === base)
  }

  /// A path outside the node maps to no leaf: `nil`, never a trap inside a
  /// combinator (negative indices, a section or an item past the end).
  @Test func leafLocationIsNilForAPathOutsideTheNode() {
    let a = MutableDataSource<String, Row>(sections: [
      SnapshotSection(id: "a", items: [Row(id: 1, value: 1), Row(id: 2, value: 3)])
    ])
    let b = MutableDataSource<String, Row>(sections: [SnapshotSection(id: "b")])
    let screen = CompositeDataSource(a, b).filter { $0.value % 3 != 0 }.sorted {
      $0.value < $1.value
    }
    let outside = [
      ItemPath(section: -1, item: 0), ItemPath(section: 0, item: -1),
      ItemPath(section: 0, item: 1),  // filtered out: the screen shows one item there
      ItemPath(section: 1, item: 0),  // an empty section
      ItemPath(section: 2, item: 0), ItemPath(section: .max, item: .max),
    ]
    for path in outside {
      #expect(screen.leafLocation(at: path) == nil, "\(path)")
    }
    #expect(screen.leafLocation(at: ItemPath(section: 0, item: 0))?.source === a)
    // Nothing on an empty node.
    #expect(MutableDataSource<String, Row>().leafLocation(at: ItemPath(section: 0, item: 0)) == nil)
  }

  /// A switched-off input shows nothing, so none of its items has a leaf on
  /// screen.
  @Test func leafLocationIsNilForAHiddenInput() {
    let a = MutableDataSource<String, Row>(sections: [
      SnapshotSection(id: "a", items: [Row(id: 1, value: 1)])
    ])
    let hidden = a.switched(isEnabled: false)
    #expect(hidden.leafLocation(at: ItemPath(section: 0, item: 0)) == nil)
    #expect(hidden.leafSection(at: 0) == nil)
    hidden.isEnabled = true
    #expect(hidden.leafLocation(at: ItemPath(section: 0, item: 0))?.source === a)
    #expect(hidden.leafSection(at: 0)?.source === a)
  }

  /// A section index outside the node maps to no leaf: `nil`.
  @Test func leafSectionIsNilForAnIndexOutsideTheNode() {
    let a = MutableDataSource<String, Row>(sections: [SnapshotSection(id: "a0")])
    let b = MutableDataSource<String, Row>(sections: [SnapshotSection(id: "b0")])
    let screen = CompositeDataSource(a, b).removingEmptySections()
    for index in [-1, 0, 2, .max] {
      #expect(screen.leafSection(at: index) == nil, "\(index): every section is empty")
    }
    let both = CompositeDataSource(a, b)
    for index in [-1, 2, .max] {
      #expect(both.leafSection(at: index) == nil, "\(index)")
    }
    #expect(both.leafSection(at: 1)?.source === b)
  }

  /// On a leaf, a look-up returns the leaf itself, and `nil` outside it.
  @Test func lookUpsOnALeafReturnTheLeaf() {
    let leaf = MutableDataSource<String, Row>(sections: [
      SnapshotSection(id: "a", items: [Row(id: 1, value: 1)])
    ])
    let location = leaf.leafLocation(at: ItemPath(section: 0, item: 0))
    #expect(location?.source === leaf && location?.position == ItemPath(section: 0, item: 0))
    #expect(leaf.leafSection(at: 0)?.source === leaf && leaf.leafSection(at: 0)?.position == 0)
    #expect(leaf.leafLocation(at: ItemPath(section: 0, item: 1)) == nil)
    #expect(leaf.leafSection(at: 1) == nil)
  }

  /// A path outside the leaf has no place on screen: `nil`, not a trap in
  /// the filter's bit vectors.
  @Test func pathOfAPathOutsideTheLeafIsNil() {
    let leaf = MutableDataSource<String, Row>(sections: [
      SnapshotSection(id: "a", items: [Row(id: 1, value: 1)])
    ])
    let screen = CompositeDataSource(leaf).filter { _ in true }
    for path in [
      ItemPath(section: 0, item: 1), ItemPath(section: 1, item: 0),
      ItemPath(section: -1, item: 0), ItemPath(section: 0, item: -1),
    ] {
      #expect(screen.path(of: path, in: leaf) == nil, "\(path)")
    }
    #expect(
      screen.path(of: ItemPath(section: 0, item: 0), in: leaf) == ItemPath(section: 0, item: 0))
  }
}
