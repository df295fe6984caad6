import DataSourceGraphComposition
import DataSourceGraphNodes
import DataSourceGraphSections
import TestSupport
import Testing

/// Composed screens as a user first writes them: a node stored behind
/// `AnyDataSource`, composites that nest and take one more leaf, a map to
/// items of another identity, a flatten that names only what it shows.
@MainActor
@Suite struct ComposedScreenTests {
  /// A view model whose identity is a `String`, from a `Row` (an `Int`).
  struct Title: Identifiable, Equatable {
    var id: String
    var value: Int
  }

  static func leaf(_ section: String, _ ids: [Int]) -> MutableDataSource<String, Row> {
    MutableDataSource(snapshot: Snapshot(id: section, items: ids.map { Row(id: $0, value: 0) }))
  }

  /// Named regression: adding a leaf to a screen that is already a
  /// composite failed to compile ("cannot convert value of type 'String' to
  /// expected argument type 'CompositeSectionID'").
  @Test func aCompositeTakesOneMoreLeafAsFirstWritten() {
    let pinned = Self.leaf("pinned", [1])
    let feed = Self.leaf("feed", [2, 3])
    let suggestions = Self.leaf("suggestions", [4])
    let home = CompositeDataSource(pinned, feed)
    let screen = CompositeDataSource(home, suggestions)
    #expect(screen.snapshot.itemIDs == [1, 2, 3, 4])
    #expect(
      screen.sectionID(at: 2)
        == CompositeSectionID(child: 1, section: "suggestions"))
    #expect(
      screen.sectionID(at: 0)
        == CompositeSectionID(child: 0, section: CompositeSectionID(child: 0, section: "pinned")))
    home.appendChild(Self.leaf("more", [5]))
    #expect(screen.snapshot.itemIDs == [1, 2, 3, 5, 4])
    let leafOfInts = MutableDataSource<Int, Row>(
      snapshot: Snapshot(id: 9, items: [Row(id: 6, value: 0)]))
    screen.appendChild(leafOfInts)  // another section identity type
    #expect(screen.snapshot.itemIDs == [1, 2, 3, 5, 4, 6])
    #expect(screen.sectionIndex(for: CompositeSectionID(child: 2, section: 9)) == 4)
    #expect(screen.leafLocation(at: ItemPath(section: 4, item: 0))?.source === leafOfInts)
  }

  /// A nested composite, seeded random edits of its leaves: the screen
  /// matches a composite of the same leaves recomputed from scratch, and
  /// every batch takes the previous snapshot to the next.
  @Test(.namesTheSeed)
  func aNestedCompositeFollowsItsLeaves() async {
    await forEachSeed(1...20 as ClosedRange<UInt64>, aNestedCompositeFollowsItsLeaves(seed:))
  }

  func aNestedCompositeFollowsItsLeaves(seed: UInt64) {
    var rng = SplitMix64(seed: seed)
    var next = 0
    let leaves = (0..<4).map { index in
      Self.leaf(
        "s\(index)",
        (0..<rng.int(0...3)).map { _ in
          next += 1
          return next
        })
    }
    let inner = CompositeDataSource(leaves[0], leaves[1])
    let screen = CompositeDataSource(inner, leaves[2], leaves[3].eraseToAnyDataSource())
    var shown = screen.snapshot
    let token = screen.observe { event in
      guard case .changed(let change) = event else { return }
      shown = shown.applying(change) ?? Snapshot()
    }
    for step in 0..<30 {
      let leaf = leaves[rng.int(0..<leaves.count)]
      if rng.chance(0.6) || leaf.numberOfItems == 0 {
        next += 1
        _ = leaf.append([Row(id: next, value: step)], toSection: 0)
      } else {
        leaf.deleteItems(at: [ItemPath(section: 0, item: rng.int(0..<leaf.numberOfItems))])
      }
      let expected = leaves.flatMap { $0.snapshot.itemIDs }
      #expect(screen.snapshot.itemIDs == expected, "seed \(seed), step \(step)")
      #expect(shown == screen.snapshot, "seed \(seed), step \(step)")
    }
    withExtendedLifetime(token) {}
  }

  /// A screen stored behind `AnyDataSource` reads and tells its observers
  /// what the node does, and erasing twice wraps once.
  @Test func anErasedNodeIsAViewOfItsBase() {
    let leaf = Self.leaf("main", [1, 2])
    let node = leaf.filter { $0.id != 2 }
    let stored: AnyDataSource<String, Row> = node.eraseToAnyDataSource()
    #expect(stored.base === node)
    #expect(AnyDataSource(stored).base === node)
    #expect(stored.snapshot == node.snapshot)
    var batches = 0
    let token = stored.observe { if case .changed = $0 { batches += 1 } }
    _ = leaf.append([Row(id: 3, value: 0)], toSection: 0)
    #expect(batches == 1 && stored.snapshot.itemIDs == [1, 3])
    #expect(stored.leafLocation(at: ItemPath(section: 0, item: 1))?.source === leaf)
    withExtendedLifetime(token) {}
  }

  /// A map to items of another identity type, seeded random edits: every
  /// item is found where it is shown, and an identity not shown is not.
  @Test(.namesTheSeed)
  func aMapToAnotherIdentityFindsEveryItem() async {
    await forEachSeed(1...20 as ClosedRange<UInt64>, aMapToAnotherIdentityFindsEveryItem(seed:))
  }

  func aMapToAnotherIdentityFindsEveryItem(seed: UInt64) {
    var rng = SplitMix64(seed: seed)
    let leaf = Self.leaf("main", [1, 2, 3])
    let titles: MappedDataSource<String, Title> = leaf.map {
      Title(id: "#\($0.id)", value: $0.value)
    }
    var next = 3
    for step in 0..<25 {
      switch rng.int(0..<3) {
      case 0:
        next += 1
        _ = leaf.insert(
          [Row(id: next, value: step)],
          at: ItemPath(section: 0, item: rng.int(0...leaf.numberOfItems)))
      case 1 where leaf.numberOfItems > 0:
        leaf.deleteItems(at: [ItemPath(section: 0, item: rng.int(0..<leaf.numberOfItems))])
      default:
        if leaf.numberOfItems > 1 {
          leaf.moveItem(
            from: ItemPath(section: 0, item: 0),
            to: ItemPath(section: 0, item: leaf.numberOfItems - 1))
        }
      }
      for (index, item) in titles.snapshot.sections[0].items.enumerated() {
        #expect(titles.itemPath(for: item.id) == ItemPath(section: 0, item: index), "seed \(seed)")
      }
      #expect(titles.itemPath(for: "#0") == nil, "seed \(seed)")
    }
  }

  /// A flatten names its own section identity and its items only.
  @Test func aFlattenNamesOnlyWhatItShows() {
    let screen = CompositeDataSource(Self.leaf("a", [1]), Self.leaf("b", [2]))
    let all: FlattenedDataSource<Int, Row> = screen.joined()
    let named: FlattenedDataSource<String, Row> = screen.joined(into: "all", header: "All")
    #expect(all.snapshot.itemIDs == [1, 2] && all.sectionID(at: 0) == 0)
    #expect(named.supplements(ofSection: 0).header == "All")
  }
}
