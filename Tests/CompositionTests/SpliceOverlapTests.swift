import DataSourceGraphComposition
import DataSourceGraphNodes
import DataSourceGraphSections
import DataSourceGraphTesting
import Testing

/// A splice over two views of one source that share items: the base's
/// occurrence is shown, the spliced one hidden, and every batch applies.
@Suite struct SpliceOverlapTests {
  /// Follows a node: applies each batch to the last snapshot, checks it
  /// against UIKit's rules, and checks that the result, the node's
  /// snapshot and its reads agree, with no identity twice.
  final class Follower {
    let node: any DataSource<Int, Row>
    var last: Snapshot<Int, Row>
    var failures: [String] = []
    var observation: ObservationToken?

    init(_ node: any DataSource<Int, Row>) {
      self.node = node
      last = node.snapshot
      observation = node.observe { [unowned self] event in
        switch event {
        case .changed(.batch(let batch)):
          guard let next = last.applying(batch) else {
            failures.append("\(batch) does not apply to \(last.sections)")
            return
          }
          failures += batch.violations(from: last, to: next).map(\.description)
          last = next
        case .changed(.reloadAll(let snapshot)): last = snapshot
        case .stateChanged: break
        }
      }
      verify("initial")
    }

    /// Checks the node's reads, its snapshot and the followed snapshot.
    func verify(_ step: String) {
      let reads = node.readSnapshot()
      if reads.duplicates.itemIDs.count > 0 {
        failures.append("\(step): reads repeat \(reads.duplicates.itemIDs)")
      }
      if reads != node.snapshot { failures.append("\(step): reads \(reads) ≠ snapshot") }
      if last != reads { failures.append("\(step): followed \(last) ≠ reads \(reads)") }
      for (s, section) in reads.sections.enumerated() {
        for (i, item) in section.items.enumerated()
        where node.itemPath(for: item.id) != ItemPath(section: s, item: i) {
          failures.append("\(step): itemPath(for: \(item.id)) is wrong")
        }
      }
    }
  }

  static func rows(_ ids: [Int], value: Int = 0) -> [Row] { ids.map { Row(id: $0, value: value) } }

  static func items(_ node: any DataSource<Int, Row>) -> [Int] {
    node.readSnapshot().sections.flatMap(\.items).map(\.id)
  }

  @Test func theBaseShowsAnIdentityBothViewsHold() {
    let leaf = MutableDataSource<Int, Row>(sections: [
      SnapshotSection(id: 0, items: Self.rows([1, 2, 3]))
    ])
    let screen = leaf.filter { $0.id != 2 }.splicing(
      leaf.filter { $0.id >= 2 }, intoSection: 0, at: 1)
    let follower = Follower(screen)
    #expect(Self.items(screen) == [1, 2, 3])
    #expect(screen.hiddenDuplicates == [3])
    #expect(follower.failures.isEmpty, "\(follower.failures)")
  }

  @Test func anOverlapThatAppearsWhenAPredicateChangesIsHidden() {
    let leaf = MutableDataSource<Int, Row>(sections: [
      SnapshotSection(id: 0, items: [Row(id: 1, value: 0), Row(id: 2, value: 1)])
    ])
    let other = leaf.filter { $0.value != 0 }
    let screen = leaf.filter { $0.value == 0 }.splicing(other, intoSection: 0, at: 0)
    let mirror = MirrorRenderer<Int, Row>()
    let validating = ValidatingRenderer(mirror, trapsInDebugBuilds: false)
    let token = screen.render(into: validating)
    let follower = Follower(screen)
    other.isIncluded = { _ in true }
    follower.verify("all pass")
    #expect(Self.items(screen) == [2, 1])
    #expect(screen.hiddenDuplicates == [1])
    other.isIncluded = { $0.value != 0 }
    follower.verify("back")
    #expect(Self.items(screen) == [2, 1])
    #expect(follower.failures.isEmpty, "\(follower.failures)")
    #expect(mirror.failures.isEmpty, "\(mirror.failures)")
    #expect(validating.failures.isEmpty, "\(validating.failures)")
    #expect(mirror.snapshot == screen.snapshot)
    withExtendedLifetime(token) {}
  }

  @Test func aSourceSplicedIntoItselfShowsEachItemOnce() {
    let leaf = MutableDataSource<Int, Row>(sections: [
      SnapshotSection(id: 0, items: Self.rows([1, 2]))
    ])
    let screen = leaf.splicing(leaf.filter { _ in true }, intoSection: 0, at: 0)
    let mirror = MirrorRenderer<Int, Row>()
    let token = screen.render(into: mirror)
    let follower = Follower(screen)
    _ = leaf.append(Self.rows([3]), toSection: 0)
    follower.verify("append")
    _ = leaf.insertSection(SnapshotSection(id: 1, items: Self.rows([4])), at: 0)
    follower.verify("insert section")
    leaf.deleteItems(at: [ItemPath(section: 1, item: 0)])
    follower.verify("delete")
    #expect(Self.items(screen) == [4, 2, 3])
    #expect(follower.failures.isEmpty, "\(follower.failures)")
    #expect(mirror.failures.isEmpty, "\(mirror.failures)")
    #expect(mirror.snapshot == screen.snapshot)
    withExtendedLifetime(token) {}
  }

  @Test func anItemTheBaseDeletesReappearsAmongTheSplicedOnes() {
    let feed = MutableDataSource<Int, Row>(sections: [
      SnapshotSection(id: 0, items: Self.rows([1, 2, 3, 4]))
    ])
    let featured = MutableDataSource<Int, Row>(sections: [
      SnapshotSection(id: 9, items: Self.rows([3, 10]))
    ])
    let screen = feed.splicing(featured, intoSection: 0, at: 1)
    let follower = Follower(screen)
    #expect(Self.items(screen) == [1, 10, 2, 3, 4])
    feed.deleteItems(at: [ItemPath(section: 0, item: 2)])
    follower.verify("feed deletes 3")
    #expect(Self.items(screen) == [1, 3, 10, 2, 4])
    _ = feed.insert(Self.rows([10]), at: ItemPath(section: 0, item: 0))
    follower.verify("feed inserts 10")
    #expect(Self.items(screen) == [10, 3, 1, 2, 4])
    _ = featured.append(Self.rows([2, 11]), toSection: 0)
    follower.verify("featured appends 2 and 11")
    #expect(Self.items(screen) == [10, 3, 11, 1, 2, 4])
    #expect(screen.hiddenDuplicates == [10, 2])
    featured.moveItem(from: ItemPath(section: 0, item: 3), to: ItemPath(section: 0, item: 0))
    follower.verify("featured moves 11 first")
    #expect(Self.items(screen) == [10, 11, 3, 1, 2, 4])
    #expect(follower.failures.isEmpty, "\(follower.failures)")
  }

  @Test func reorderingSplicedRowsSkipsTheHiddenOnes() throws {
    let feed = MutableDataSource<Int, Row>(sections: [
      SnapshotSection(id: 0, items: Self.rows([1, 2]))
    ])
    let featured = MutableDataSource<Int, Row>(sections: [
      SnapshotSection(id: 9, items: Self.rows([10, 2, 11, 12]))
    ])
    let screen = feed.splicing(featured, intoSection: 0, at: 1)
    let follower = Follower(screen)
    #expect(Self.items(screen) == [1, 10, 11, 12, 2])
    try screen.reorderItem(from: ItemPath(section: 0, item: 1), to: ItemPath(section: 0, item: 3))
    follower.verify("10 last")
    #expect(Self.items(screen) == [1, 11, 12, 10, 2])
    try screen.reorderItem(from: ItemPath(section: 0, item: 2), to: ItemPath(section: 0, item: 1))
    follower.verify("12 first")
    #expect(Self.items(screen) == [1, 12, 11, 10, 2])
    #expect(follower.failures.isEmpty, "\(follower.failures)")
  }
}
