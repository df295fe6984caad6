import Composition
import Sections
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
          Section(id: s, items: (0..<rng.int(0...5)).map { _ in
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
    let a = MutableDataSource<String, Row>(sections: [Section(id: "a0"), Section(id: "a1")])
    let b = MutableDataSource<String, Row>(sections: [Section(id: "b0")])
    let screen = composite(a, b)
    let location = screen.leafSection(at: 2)
    #expect(location?.source === b)
    #expect(location?.position == 0)
    #expect(screen.flatten().leafSection(at: 0) == nil)
  }
}
