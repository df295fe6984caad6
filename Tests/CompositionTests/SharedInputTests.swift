import DataSourceGraphComposition
import DataSourceGraphSections
import Testing

/// Screens whose nodes share a source: the reproductions of the bugs
/// found when one source fed two nodes, each kept as a regression test.
/// Every test renders the screen into a mirror and checks that the mirror
/// ends equal to the screen, with no failure and one batch per change.
@Suite struct SharedInputTests {
  struct T: Identifiable, Equatable {
    var id: Int
    var v = 0
  }

  static func leaf(_ items: [T]) -> MutableDataSource<Int, T> {
    MutableDataSource(snapshot: Snapshot(id: 0, items: items))
  }

  /// A mirror of `node` that checks, after every change, that it equals
  /// the node and recorded no failure.
  final class Screen<S: Hashable> {
    let node: any DataSource<S, T>
    let mirror: MirrorRenderer<S, T>
    let observation: ObservationToken

    init(_ node: some DataSource<S, T>) {
      self.node = node
      mirror = MirrorRenderer(for: node)
      observation = node.render(into: mirror)
    }

    func expectInSync(batches: Int, sourceLocation: SourceLocation = #_sourceLocation) {
      #expect(mirror.failures == [], sourceLocation: sourceLocation)
      #expect(mirror.snapshot == node.snapshot, sourceLocation: sourceLocation)
      #expect(mirror.batchCount == batches, sourceLocation: sourceLocation)
      #expect(mirror.state.isSameState(as: node.contentState), sourceLocation: sourceLocation)
    }
  }

  // MARK: 1. A fallback over a shared input

  /// The update made the primary gain content: it reached the screen but
  /// not the renderer (the fallback had switched against the input's new
  /// content).
  @Test func fallbackOverItsPrimarysInputPassesAnUpdateThatSwitches() {
    let all = Self.leaf([T(id: 1), T(id: 2)])
    let screen = Screen(all.filter { $0.v > 0 }.fallingBack(to: all))
    all.update(T(id: 1, v: 5))
    #expect(screen.node.items(inSection: 0) == [T(id: 1, v: 5)])
    screen.expectInSync(batches: 1)
  }

  /// The delete made the renderer end with `[3]` while the screen showed
  /// `[2, 3]`.
  @Test func fallbackOverItsPrimarysInputPassesADeleteThatSwitches() {
    let all = Self.leaf([T(id: 1, v: 5), T(id: 2), T(id: 3)])
    let screen = Screen(all.filter { $0.v > 0 }.fallingBack(to: all))
    all.deleteItems(at: [ItemPath(section: 0, item: 0)])
    #expect(screen.node.items(inSection: 0).map(\.id) == [2, 3])
    screen.expectInSync(batches: 1)
  }

  /// With a sorted fallback the same delete trapped with "Index out of
  /// range" inside the library (the fallback read the sort before the sort
  /// had taken the change in).
  @Test func fallbackOverASortOfItsPrimarysInputDoesNotTrap() {
    let all = Self.leaf([T(id: 1, v: 5), T(id: 2), T(id: 3)])
    let screen = Screen(all.filter { $0.v > 0 }.fallingBack(to: all.sorted { $0.id > $1.id }))
    all.deleteItems(at: [ItemPath(section: 0, item: 0)])
    #expect(screen.node.items(inSection: 0).map(\.id) == [3, 2])
    screen.expectInSync(batches: 1)
  }

  /// Over `x = CompositeDataSource(leaf)`, a reset sent the section delete twice.
  @Test func fallbackOverACompositeSendsAResetOnce() {
    let leaf = Self.leaf([T(id: 1, v: 5), T(id: 2)])
    let x = CompositeDataSource([leaf])
    let screen = Screen(x.filter { $0.v > 0 }.fallingBack(to: x))
    leaf.reset()
    #expect(screen.node.numberOfSections == 0)
    screen.expectInSync(batches: 1)
  }

  // MARK: 2. Two filters of one source in one composite

  /// The first child's insert arrived while the second still held the
  /// item: the batch did not apply.
  @Test func twoFiltersOfOneInboxMoveAnItemInOneBatch() {
    let inbox = Self.leaf([T(id: 1), T(id: 2, v: 1)])
    let screen = Screen(
      CompositeDataSource([inbox.filter { $0.v == 0 }, inbox.filter { $0.v != 0 }]))
    inbox.update(T(id: 2, v: 0))
    #expect(screen.node.snapshot.sections.map { $0.items.map(\.id) } == [[1, 2], []])
    screen.expectInSync(batches: 1)
    inbox.update(T(id: 1, v: 3))
    #expect(screen.node.snapshot.sections.map { $0.items.map(\.id) } == [[2], [1]])
    screen.expectInSync(batches: 2)
  }

  /// Paths that meet again: a leaf, a map of it and a sort of it in one
  /// composite take every change as one batch.
  @Test func reconvergingPathsTakeAChangeAsOneBatch() {
    let leaf = Self.leaf([T(id: 1), T(id: 2)])
    let screen = Screen(
      CompositeDataSource([
        leaf.filter { $0.v % 2 == 0 }, leaf.filter { $0.v % 2 == 1 }.sorted { $0.id > $1.id },
      ]))
    leaf.append([T(id: 3, v: 1), T(id: 4)], toSection: 0)
    leaf.update(T(id: 2, v: 1))
    leaf.deleteItems(at: [ItemPath(section: 0, item: 0)])
    #expect(screen.node.snapshot.sections.map { $0.items.map(\.id) } == [[4], [3, 2]])
    screen.expectInSync(batches: 3)
  }

  /// One source read by 40 filters of one composite: every filter takes
  /// the change in once, and the composite sends one batch.
  @Test func aSourceFeedingManyNodesTakesAChangeAsOneBatch() {
    let leaf = Self.leaf((0..<40).map { T(id: $0, v: $0) })
    let children: [any DataSource<Int, T>] = (0..<40).map { n in
      leaf.filter { $0.v == n }
    }
    let screen = Screen(CompositeDataSource(children))
    leaf.perform { sections in
      for i in sections[0].items.indices { sections[0].items[i].v = 39 - i }
    }
    #expect(screen.node.snapshot.sections.map { $0.items.map(\.id) } == (0..<40).map { [39 - $0] })
    screen.expectInSync(batches: 1)
  }

  /// A splice of a source into a filter of itself: when one change brought
  /// a batch from one input and only a state change from the other, the
  /// splice announced its new state before the batch that made it (found
  /// by the random DAG test, seed 211).
  @Test func aSpliceOverOneSourceSendsItsBatchBeforeItsState() {
    let leaf = MutableDataSource<Int, T>(snapshot: Snapshot(id: 0, items: [T(id: 1)]))
    var token: LoadToken<Int, T>?
    leaf.load { token = $0 }
    let splice = leaf.filter { $0.v == 0 }.splicing(
      leaf.filter { $0.v == 1 }, intoSection: 0, at: 0)
    var events: [String] = []
    let observation = splice.observe { event in
      switch event {
      case .changed: events.append("batch")
      case .stateChanged(let old, let new): events.append("\(old.kind) → \(new.kind)")
      }
    }
    let screen = Screen(splice)
    token?.succeed(with: Snapshot(id: 0, items: [T(id: 1), T(id: 2, v: 1)]))
    #expect(events == ["batch", "refreshing → content"])
    #expect(splice.items(inSection: 0).map(\.id) == [2, 1])
    screen.expectInSync(batches: 1)
    withExtendedLifetime(observation) {}
  }
}
