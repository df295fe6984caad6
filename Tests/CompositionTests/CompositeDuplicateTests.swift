import DataSourceGraphComposition
import DataSourceGraphNodes
import DataSourceGraphSections
import DataSourceGraphTesting
import TestSupport
import Testing

/// A composite whose children share item identities shows the first
/// occurrence and hides the others: its reads, its snapshot, its batches
/// and its state agree after every change.
@Suite struct CompositeDuplicateTests {
  struct T: Identifiable, Equatable {
    var id: Int
    var v = 0
  }

  typealias Leaf = MutableDataSource<Int, T>

  static func leaf(_ ids: [Int], section: Int = 0) -> Leaf {
    Leaf(snapshot: Snapshot(id: section, items: ids.map { T(id: $0) }))
  }

  /// A composite rendered into a mirror, with every batch checked against
  /// the snapshots before and after it.
  final class Screen {
    let composite: CompositeDataSource<T>
    let mirror: MirrorRenderer<CompositeSectionID, T>
    var observations: [ObservationToken] = []
    var last: Snapshot<CompositeSectionID, T>
    var batchFailures: [String] = []

    init(_ children: [any DataSource<Int, T>]) {
      composite = CompositeDataSource(children)
      mirror = MirrorRenderer(for: composite)
      last = composite.snapshot
      observations.append(composite.render(into: mirror))
      observations.append(
        composite.observe { [unowned self] event in
          guard case .changed(let change) = event else { return }
          let next = composite.snapshot
          if case .batch(let batch) = change {
            let violations = batch.violations(from: last, to: next)
            if !violations.isEmpty { batchFailures.append("\(batch): \(violations)") }
          }
          last = next
        })
    }

    /// The composite recomputed from scratch: the children's sections keyed
    /// by child key, first occurrence kept.
    var expected: Snapshot<CompositeSectionID, T> {
      Snapshot(
        sections: composite.children.indices.flatMap { c in
          let child = composite.children[c].base as! any DataSource<Int, T>
          let key = composite.key(ofChildAt: c)
          return (0..<child.numberOfSections).map { s in
            let section = child.section(at: s)
            return SnapshotSection(
              id: CompositeSectionID(child: key, section: section.id), header: section.header,
              footer: section.footer, items: section.items)
          }
        })
    }

    /// Every disagreement between the mirror, the reads, the snapshot and
    /// the recomputation.
    func problems() -> [String] {
      var found = mirror.failures + batchFailures
      let snapshot = composite.snapshot
      let expected = expected
      if snapshot != expected {
        found.append("snapshot \(snapshot.sections) != \(expected.sections)")
      }
      if mirror.snapshot != snapshot { found.append("mirror \(mirror.snapshot.sections)") }
      if composite.hiddenDuplicates != expected.duplicates.itemIDs {
        found.append("hidden \(composite.hiddenDuplicates) != \(expected.duplicates.itemIDs)")
      }
      if composite.hasContent != !expected.isEmpty { found.append("hasContent") }
      if composite.numberOfSections != expected.numberOfSections { found.append("sections") }
      for s in 0..<min(composite.numberOfSections, expected.numberOfSections) {
        guard composite.numberOfItems(inSection: s) == expected.numberOfItems(inSection: s) else {
          found.append("count of section \(s)")
          continue
        }
        for i in 0..<expected.numberOfItems(inSection: s) {
          let path = ItemPath(section: s, item: i)
          let item = expected.item(at: path)
          if composite.item(at: path) != item { found.append("item at \(path)") }
          if composite.itemPath(for: item.id) != path { found.append("path of \(item.id)") }
        }
      }
      for id in expected.duplicates.itemIDs
      where composite.itemPath(for: id) != expected.itemPath(for: id) {
        found.append("path of hidden \(id)")
      }
      return found
    }

    func expectInSync(sourceLocation: SourceLocation = #_sourceLocation) {
      #expect(problems() == [], sourceLocation: sourceLocation)
    }

    func tearDown() {
      for observation in observations { observation.cancel() }
    }
  }

  func ids(_ screen: Screen) -> [[Int]] {
    screen.composite.snapshot.sections.map { $0.items.map(\.id) }
  }

  // MARK: At rest

  @Test func aDuplicateInALaterChildIsHidden() {
    let pinned = Self.leaf([7])
    let feed = Self.leaf([1, 7, 2])
    let screen = Screen([pinned, feed])
    #expect(ids(screen) == [[7], [1, 2]])
    #expect(screen.composite.hiddenDuplicates == [7])
    #expect(screen.composite.itemPath(for: 7) == ItemPath(section: 0, item: 0))
    screen.expectInSync()
    screen.tearDown()
  }

  // MARK: Inserts

  @Test func anInsertThatAnEarlierChildShowsIsHiddenWithoutOutput() {
    let pinned = Self.leaf([7])
    let feed = Self.leaf([1, 2])
    let screen = Screen([pinned, feed])
    feed.insert([T(id: 7)], at: ItemPath(section: 0, item: 1))
    #expect(screen.mirror.changeCount == 0)
    #expect(ids(screen) == [[7], [1, 2]])
    screen.expectInSync()
    screen.tearDown()
  }

  @Test func anInsertThatALaterChildShowsMovesTheRowEarlier() {
    let pinned = Self.leaf([3])
    let feed = Self.leaf([1, 7, 2])
    let screen = Screen([pinned, feed])
    pinned.insert([T(id: 7)], at: ItemPath(section: 0, item: 0))
    #expect(ids(screen) == [[7, 3], [1, 2]])
    #expect(screen.mirror.batchCount == 1)
    screen.expectInSync()
    screen.tearDown()
  }

  // MARK: Deletes

  @Test func deletingTheShownOccurrenceRevealsTheHiddenOne() {
    let pinned = Self.leaf([7, 3])
    let feed = Self.leaf([1, 7, 2])
    let screen = Screen([pinned, feed])
    pinned.deleteItems(withIDs: [7])
    #expect(ids(screen) == [[3], [1, 7, 2]])
    #expect(screen.composite.hiddenDuplicates == [])
    screen.expectInSync()
    screen.tearDown()
  }

  @Test func deletingAHiddenOccurrenceEmitsNothing() {
    let pinned = Self.leaf([7])
    let feed = Self.leaf([1, 7, 2])
    let screen = Screen([pinned, feed])
    feed.deleteItems(withIDs: [7])
    #expect(screen.mirror.changeCount == 0)
    screen.expectInSync()
    pinned.deleteItems(withIDs: [7])
    #expect(ids(screen) == [[], [1, 2]])
    screen.expectInSync()
    screen.tearDown()
  }

  @Test func deletingTheShownOneOfThreeRevealsTheNext() {
    let a = Self.leaf([7])
    let b = Self.leaf([1, 7])
    let c = Self.leaf([7, 2])
    let screen = Screen([a, b, c])
    a.deleteItems(withIDs: [7])
    #expect(ids(screen) == [[], [1, 7], [2]])
    screen.expectInSync()
    b.deleteItems(withIDs: [7])
    #expect(ids(screen) == [[], [1], [7, 2]])
    screen.expectInSync()
    screen.tearDown()
  }

  // MARK: Moves and updates

  @Test func movesWithinAChildThatHidesItems() {
    let pinned = Self.leaf([7])
    let feed = Self.leaf([1, 7, 2, 3])
    let screen = Screen([pinned, feed])
    feed.moveItem(from: ItemPath(section: 0, item: 1), to: ItemPath(section: 0, item: 3))
    #expect(screen.mirror.changeCount == 0)
    screen.expectInSync()
    feed.moveItem(from: ItemPath(section: 0, item: 0), to: ItemPath(section: 0, item: 2))
    #expect(ids(screen) == [[7], [2, 3, 1]])
    screen.expectInSync()
    screen.tearDown()
  }

  @Test func anUpdateOfAHiddenItemEmitsNothing() {
    let pinned = Self.leaf([7])
    let feed = Self.leaf([1, 7])
    let screen = Screen([pinned, feed])
    feed.update(T(id: 7, v: 1))
    #expect(screen.mirror.changeCount == 0)
    screen.expectInSync()
    pinned.update(T(id: 7, v: 2))
    #expect(screen.composite.item(at: ItemPath(section: 0, item: 0)).v == 2)
    screen.expectInSync()
    pinned.deleteItems(withIDs: [7])
    #expect(screen.composite.item(at: ItemPath(section: 1, item: 1)).v == 1)
    screen.expectInSync()
    screen.tearDown()
  }

  /// Hundreds of items inserted and deleted leave stale entries in the
  /// identity table until it is rebuilt; the composite stays exact
  /// throughout.
  @Test func manyInsertsAndDeletesKeepTheIdentityTableExact() {
    let pinned = Self.leaf([7])
    let feed = Self.leaf([7, 1])
    let screen = Screen([pinned, feed])
    for round in 0..<4 {
      let ids = (0..<100).map { 1000 * (round + 1) + $0 }
      feed.append(ids.map { T(id: $0) }, toSection: 0)
      pinned.append([T(id: ids[3])], toSection: 0)
      screen.expectInSync()
      feed.deleteItems(withIDs: ids)
      pinned.deleteItems(withIDs: [ids[3]])
      screen.expectInSync()
    }
    pinned.deleteItems(withIDs: [7])
    #expect(ids(screen) == [[], [7, 1]])
    screen.expectInSync()
    screen.tearDown()
  }

  // MARK: Children

  @Test func insertingAChildTakesOrGivesUpFirstOccurrences() {
    let a = Self.leaf([1, 2])
    let b = Self.leaf([3, 4])
    let screen = Screen([a, b])
    screen.composite.insertChild(Self.leaf([4, 5, 1]), at: 1)
    #expect(ids(screen) == [[1, 2], [4, 5], [3]])
    screen.expectInSync()
    screen.composite.insertChild(Self.leaf([3, 2]), at: 0)
    #expect(ids(screen) == [[3, 2], [1], [4, 5], []])
    screen.expectInSync()
    screen.tearDown()
  }

  @Test func removingAChildRevealsWhatItShowed() {
    let a = Self.leaf([1, 2])
    let b = Self.leaf([2, 3])
    let c = Self.leaf([1, 3, 4])
    let screen = Screen([a, b, c])
    #expect(ids(screen) == [[1, 2], [3], [4]])
    screen.composite.removeChild(at: 0)
    #expect(ids(screen) == [[2, 3], [1, 4]])
    screen.expectInSync()
    screen.composite.removeChild(at: 1)
    screen.expectInSync()
    screen.tearDown()
  }

  @Test func movingAChildMovesFirstOccurrences() {
    let a = Self.leaf([1, 2])
    let b = Self.leaf([3])
    let c = Self.leaf([2, 3, 4])
    let screen = Screen([a, b, c])
    screen.composite.moveChild(from: 2, to: 0)
    #expect(ids(screen) == [[2, 3, 4], [1], []])
    screen.expectInSync()
    screen.composite.moveChild(from: 0, to: 2)
    #expect(ids(screen) == [[1, 2], [3], [4]])
    screen.expectInSync()
    screen.composite.moveChild(from: 1, to: 0)
    screen.expectInSync()
    screen.tearDown()
  }

  @Test func aChildsReloadReassignsItsIdentities() {
    let a = Self.leaf([1, 2])
    let b = Self.leaf([2, 3])
    let screen = Screen([a, b])
    a.replace(with: Snapshot(id: 5, items: [T(id: 3), T(id: 9)]))
    #expect(ids(screen) == [[3, 9], [2]])
    screen.expectInSync()
    a.perform { $0 = [] }
    screen.expectInSync()
    screen.tearDown()
  }

  @Test func aChildsSectionInsertAndDelete() {
    let a = Self.leaf([1])
    let b = Self.leaf([2, 3])
    let screen = Screen([a, b])
    a.insertSection(SnapshotSection(id: 1, items: [T(id: 3), T(id: 4)]), at: 1)
    #expect(ids(screen) == [[1], [3, 4], [2]])
    screen.expectInSync()
    b.insertSection(SnapshotSection(id: 2, items: [T(id: 4), T(id: 5)]), at: 0)
    #expect(ids(screen) == [[1], [3, 4], [5], [2]])
    screen.expectInSync()
    a.deleteSection(at: 1)
    #expect(ids(screen) == [[1], [4, 5], [2, 3]])
    screen.expectInSync()
    screen.tearDown()
  }

  // MARK: One source, several children

  /// Two filters of one source and the source itself: one edit of the
  /// source reaches three children in one wave.
  @Test func childrenOfOneSourceChangeInOneWave() {
    let all = Self.leaf([1, 2, 3, 4])
    let screen = Screen([all.filter { $0.v > 0 }, all, all.filter { $0.id.isMultiple(of: 2) }])
    #expect(ids(screen) == [[], [1, 2, 3, 4], []])
    all.update(T(id: 3, v: 1))
    #expect(ids(screen) == [[3], [1, 2, 4], []])
    screen.expectInSync()
    all.insert([T(id: 6, v: 1)], at: ItemPath(section: 0, item: 0))
    #expect(ids(screen) == [[6, 3], [1, 2, 4], []])
    screen.expectInSync()
    all.deleteItems(withIDs: [3])
    all.update(T(id: 6))
    #expect(ids(screen) == [[], [6, 1, 2, 4], []])
    screen.expectInSync()
    screen.tearDown()
  }

  @Test(.namesTheSeed)
  func randomEditsOfASharedSource() async {
    await forEachSeed(0..<30, randomEditsOfASharedSource(seed:))
  }

  func randomEditsOfASharedSource(seed: UInt64) {
    var rng = SplitMix64(seed: seed &* 0x2545_F491 &+ 3)
    let all = Leaf(
      snapshot: Snapshot(sections: [
        SnapshotSection(id: 0, items: (0..<4).map { T(id: $0) }),
        SnapshotSection(id: 1, items: (4..<7).map { T(id: $0, v: 1) }),
      ]))
    let children: [any DataSource<Int, T>] = [
      all.filter { $0.v.isMultiple(of: 2) }, all, all.filter { $0.id.isMultiple(of: 3) },
      all.filter { $0.v > 1 },
    ]
    let screen = Screen((0..<rng.int(2...4)).map { _ in children[rng.int(0..<children.count)] })
    var nextID = 100
    for step in 0..<80 {
      let paths = (0..<all.numberOfSections).flatMap { s in
        (0..<all.numberOfItems(inSection: s)).map { ItemPath(section: s, item: $0) }
      }
      switch rng.int(0..<6) {
      case 0:
        nextID += 1
        let s = rng.int(0..<all.numberOfSections)
        all.insert(
          [T(id: nextID, v: rng.int(0..<3))],
          at: ItemPath(section: s, item: rng.int(0...all.numberOfItems(inSection: s))))
      case 1:
        if !paths.isEmpty { all.deleteItems(at: [paths[rng.int(0..<paths.count)]]) }
      case 2:
        guard !paths.isEmpty else { break }
        let from = paths[rng.int(0..<paths.count)]
        let s = rng.int(0..<all.numberOfSections)
        let room = all.numberOfItems(inSection: s) - (s == from.section ? 1 : 0)
        all.moveItem(from: from, to: ItemPath(section: s, item: rng.int(0...room)))
      case 3, 4:
        guard !paths.isEmpty else { break }
        var item = all.item(at: paths[rng.int(0..<paths.count)])
        item.v = rng.int(0..<3)
        all.update(item)
      default:
        if rng.chance(0.5), screen.composite.children.count > 1 {
          screen.composite.removeChild(at: rng.int(0..<screen.composite.children.count))
        } else if rng.chance(0.5) {
          screen.composite.insertChild(
            children[rng.int(0..<children.count)],
            at: rng.int(0...screen.composite.children.count))
        } else {
          let count = screen.composite.children.count
          screen.composite.moveChild(from: rng.int(0..<count), to: rng.int(0..<count))
        }
      }
      let problems = screen.problems()
      if !problems.isEmpty {
        Issue.record("seed \(seed), step \(step): \(problems)")
        break
      }
    }
    screen.tearDown()
  }

  // MARK: Random

  @Test(.namesTheSeed)
  func randomEditsKeepTheCompositeEqualToItsRecomputation() async {
    await forEachSeed(0..<60, randomEditsKeepTheCompositeEqualToItsRecomputation(seed:))
  }

  func randomEditsKeepTheCompositeEqualToItsRecomputation(seed: UInt64) {
    var rng = SplitMix64(seed: seed &* 0x9E37_79B9 &+ 17)
    let pool = 12
    var nextSection = 100
    func randomItems(_ rng: inout SplitMix64) -> [T] {
      var ids: [Int] = []
      for _ in 0..<rng.int(0...4) {
        let id = rng.int(0..<pool)
        if !ids.contains(id) { ids.append(id) }
      }
      return ids.map { T(id: $0) }
    }
    func newLeaf(_ rng: inout SplitMix64) -> Leaf {
      nextSection += 1
      return Leaf(snapshot: Snapshot(id: nextSection, items: randomItems(&rng)))
    }
    var leaves = (0..<rng.int(2...4)).map { _ in newLeaf(&rng) }
    let screen = Screen(leaves)
    for step in 0..<120 {
      let leaf = leaves[rng.int(0..<leaves.count)]
      let sections = leaf.numberOfSections
      switch rng.int(0..<10) {
      case 0, 1:
        guard sections > 0 else { break }
        let s = rng.int(0..<sections)
        let id = rng.int(0..<pool)
        if leaf.itemPath(for: id) == nil {
          leaf.insert(
            [T(id: id)],
            at: ItemPath(section: s, item: rng.int(0...leaf.numberOfItems(inSection: s))))
        }
      case 2, 3:
        let paths = (0..<sections).flatMap { s in
          (0..<leaf.numberOfItems(inSection: s)).map { ItemPath(section: s, item: $0) }
        }
        if !paths.isEmpty { leaf.deleteItems(at: [paths[rng.int(0..<paths.count)]]) }
      case 4:
        let paths = (0..<sections).flatMap { s in
          (0..<leaf.numberOfItems(inSection: s)).map { ItemPath(section: s, item: $0) }
        }
        guard !paths.isEmpty else { break }
        let from = paths[rng.int(0..<paths.count)]
        let s = rng.int(0..<sections)
        let room = leaf.numberOfItems(inSection: s) - (s == from.section ? 1 : 0)
        leaf.moveItem(from: from, to: ItemPath(section: s, item: rng.int(0...room)))
      case 5:
        let id = rng.int(0..<pool)
        if let path = leaf.itemPath(for: id) {
          leaf.update(T(id: id, v: leaf.item(at: path).v + 1))
        }
      case 6:
        nextSection += 1
        leaf.insertSection(
          SnapshotSection(
            id: nextSection, items: randomItems(&rng).filter { leaf.itemPath(for: $0.id) == nil }),
          at: rng.int(0...sections))
      case 7:
        if sections > 0, rng.chance(0.5) {
          leaf.deleteSection(at: rng.int(0..<sections))
        } else {
          nextSection += 1
          leaf.replace(with: Snapshot(id: nextSection, items: randomItems(&rng)))
        }
      case 8:
        let composite = screen.composite
        if leaves.count > 1, rng.chance(0.4) {
          let index = rng.int(0..<leaves.count)
          composite.removeChild(at: index)
          leaves.remove(at: index)
        } else if leaves.count < 4 {
          let index = rng.int(0...leaves.count)
          let child = newLeaf(&rng)
          composite.insertChild(child, at: index)
          leaves.insert(child, at: index)
        }
      default:
        let from = rng.int(0..<leaves.count)
        let to = rng.int(0..<leaves.count)
        screen.composite.moveChild(from: from, to: to)
        leaves.insert(leaves.remove(at: from), at: to)
      }
      let problems = screen.problems()
      if !problems.isEmpty {
        Issue.record("seed \(seed), step \(step): \(problems)")
        break
      }
    }
    screen.tearDown()
  }
}
