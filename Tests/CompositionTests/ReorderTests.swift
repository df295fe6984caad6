import DataSourceGraphComposition
import DataSourceGraphNodes
import DataSourceGraphSections
import Testing

/// The README's code prints what it shows; the tests here check those
/// values themselves, so its output stays out of the test log.
private func print(_ items: Any..., separator: String = " ") {}

/// Moving a row of a composed screen moves the item in the leaf that owns
/// it, so that the screen shows it where it was dropped; or is refused
/// with the reason. One example per combinator and per refusal.
@Suite struct ReorderTests {
  static func path(_ section: Int, _ item: Int) -> ItemPath {
    ItemPath(section: section, item: item)
  }

  /// Rows `ids`, each with value `id % 10`.
  static func rows(_ ids: [Int]) -> [Row] { ids.map { Row(id: $0, value: $0 % 10) } }

  /// A leaf with one section per list of identities, sections 0, 1, ….
  static func leaf(_ sections: [[Int]], name: String? = nil) -> MutableDataSource<Int, Row> {
    MutableDataSource(
      sections: sections.enumerated().map { SnapshotSection(id: $0, items: rows($1)) }, name: name)
  }

  /// The identities of `node`'s rows, section by section.
  static func ids<S: Hashable>(_ node: some DataSource<S, Row>) -> [[Int]] {
    node.snapshot.sections.map { $0.items.map(\.id) }
  }

  /// `ids` with the row at `from` moved so that it ends at `to`.
  static func moved(_ ids: [[Int]], from: ItemPath, to: ItemPath) -> [[Int]] {
    var ids = ids
    let id = ids[from.section].remove(at: from.item)
    ids[to.section].insert(id, at: to.item)
    return ids
  }

  /// Moves the row at `from` of `node` to `to` and checks that the node
  /// shows it there with every other row in its order and its sections,
  /// and that it emitted one batch that applies and passes the validator:
  /// one item move and nothing else.
  static func expectMove<S: Hashable>(
    _ node: some DataSource<S, Row>, from: ItemPath, to: ItemPath,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let old = node.snapshot
    var changes: [SnapshotChange<S, Row>] = []
    let token = node.observe { event in
      if case .changed(let change) = event { changes.append(change) }
    }
    defer { token.cancel() }
    #expect(node.canReorderItem(at: from), sourceLocation: sourceLocation)
    #expect(node.reorderRefusal(from: from, to: to) == nil, sourceLocation: sourceLocation)
    do {
      try node.reorderItem(from: from, to: to)
    } catch {
      Issue.record("refused: \(error)", sourceLocation: sourceLocation)
      return
    }
    let expected = moved(old.sections.map { $0.items.map(\.id) }, from: from, to: to)
    #expect(ids(node) == expected, sourceLocation: sourceLocation)
    #expect(node.snapshot.sections.map(\.id) == old.sections.map(\.id))
    guard changes.count == 1, case .batch(let batch) = changes[0] else {
      Issue.record("expected one batch, got \(changes)", sourceLocation: sourceLocation)
      return
    }
    #expect(
      batch.itemMoves.count == 1 && batch.count == 1, "\(batch)", sourceLocation: sourceLocation)
    #expect(old.applying(batch) == node.snapshot, sourceLocation: sourceLocation)
    #expect(batch.violations(from: old, to: node.snapshot).isEmpty, sourceLocation: sourceLocation)
  }

  /// Checks that moving the row at `from` of `node` to `to` is refused
  /// with `refusal`, and changes nothing.
  static func expectRefusal<S: Hashable>(
    _ node: some DataSource<S, Row>, from: ItemPath, to: ItemPath, _ refusal: ReorderRefusal,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let old = node.snapshot
    var events = 0
    let token = node.observe { _ in events += 1 }
    defer { token.cancel() }
    #expect(node.reorderRefusal(from: from, to: to) == refusal, sourceLocation: sourceLocation)
    #expect(throws: refusal, sourceLocation: sourceLocation) {
      try node.reorderItem(from: from, to: to)
    }
    #expect(node.snapshot == old, sourceLocation: sourceLocation)
    #expect(events == 0, sourceLocation: sourceLocation)
  }

  // MARK: README

  /// The README's "Reordering" example, verbatim between the markers.
  @Test func readmeReorderExample() throws {
    // README: Reordering — begin
    struct Chore: Identifiable, Equatable {
      var id: String
      var isDone = false
    }

    let today = MutableDataSource<String, Chore>(
      snapshot: Snapshot(
        id: "today", items: [Chore(id: "wash"), Chore(id: "call", isDone: true), Chore(id: "pay")]
      ), name: "Today")
    let later = MutableDataSource<String, Chore>(
      snapshot: Snapshot(id: "later", items: [Chore(id: "read")]), name: "Later")
    let lists = CompositeDataSource(today, later)
    lists.name = "Chores"
    let chores = lists.filter { !$0.isDone }  // shows wash, pay | read

    // The user drags "pay" above "wash": the move lands in `today`.
    try chores.reorderItem(from: ItemPath(section: 0, item: 1), to: ItemPath(section: 0, item: 0))
    print(today.snapshot.sections[0].items.map(\.id))  // ["pay", "wash", "call"]

    // Across the composite's children: refused, nothing changes.
    let refusal = chores.reorderRefusal(
      from: ItemPath(section: 0, item: 0), to: ItemPath(section: 1, item: 0))
    print(refusal!)  // The move would take the row from one part of “Chores” to another.
    // README: Reordering — end
    #expect(today.snapshot.sections[0].items.map(\.id) == ["pay", "wash", "call"])
    #expect(chores.snapshot.sections.map { $0.items.map(\.id) } == [["pay", "wash"], ["read"]])
    #expect(
      refusal?.description == "The move would take the row from one part of “Chores” to another.")
  }

  // MARK: Leaves

  @Test func aLeafMovesWithinAndAcrossSections() {
    let leaf = Self.leaf([[1, 2, 3], [4]])
    Self.expectMove(leaf, from: Self.path(0, 0), to: Self.path(0, 2))
    #expect(Self.ids(leaf) == [[2, 3, 1], [4]])
    Self.expectMove(leaf, from: Self.path(0, 1), to: Self.path(1, 1))
    #expect(Self.ids(leaf) == [[2, 1], [4, 3]])
  }

  @Test func aMoveToTheSamePlaceDoesNothing() {
    let leaf = Self.leaf([[1, 2, 3]])
    let screen = leaf.sorted { $0.id < $1.id }
    var events = 0
    let token = screen.observe { _ in events += 1 }
    defer { token.cancel() }
    // Even through a sort: nothing would move.
    #expect(screen.reorderRefusal(from: Self.path(0, 1), to: Self.path(0, 1)) == nil)
    #expect(throws: Never.self) {
      try screen.reorderItem(from: Self.path(0, 1), to: Self.path(0, 1))
    }
    #expect(events == 0)
    #expect(Self.ids(leaf) == [[1, 2, 3]])
  }

  // MARK: One-input combinators

  /// The row lands just before the row that will follow it on screen, so
  /// the hidden items stay where they were around it.
  @Test func aFilterMovesTheLeafItemNextToItsNewNeighbour() {
    let leaf = Self.leaf([[1, 2, 3, 4, 5]])
    let odd = leaf.filter { $0.id % 2 == 1 }
    Self.expectMove(odd, from: Self.path(0, 2), to: Self.path(0, 0))
    #expect(Self.ids(leaf) == [[5, 1, 2, 3, 4]])
    // To the end: just after the row that will precede it.
    Self.expectMove(odd, from: Self.path(0, 0), to: Self.path(0, 2))
    #expect(Self.ids(leaf) == [[1, 2, 3, 5, 4]])
    Self.expectMove(odd, from: Self.path(0, 0), to: Self.path(0, 1))
    #expect(Self.ids(leaf) == [[2, 3, 1, 5, 4]])
  }

  @Test func aFilterMovesIntoASectionItShowsEmpty() {
    let leaf = Self.leaf([[1, 3], [2, 4]])
    let odd = leaf.filter { $0.id % 2 == 1 }
    Self.expectMove(odd, from: Self.path(0, 1), to: Self.path(1, 0))
    #expect(Self.ids(leaf) == [[1], [2, 4, 3]])
  }

  @Test func aMapMovesItsInput() {
    let leaf = Self.leaf([[1, 2, 3]])
    let screen = leaf.map { Row(id: $0.id, value: $0.value * 2) }
    Self.expectMove(screen, from: Self.path(0, 0), to: Self.path(0, 2))
    #expect(Self.ids(leaf) == [[2, 3, 1]])
  }

  /// Moving across the flattened sections is a move between sections of
  /// the leaf.
  @Test func aFlattenMovesAcrossItsInputSections() {
    let leaf = Self.leaf([[1, 2], [3, 4], []])
    let screen = leaf.joined()
    Self.expectMove(screen, from: Self.path(0, 0), to: Self.path(0, 2))
    #expect(Self.ids(leaf) == [[2], [3, 1, 4], []])
    Self.expectMove(screen, from: Self.path(0, 0), to: Self.path(0, 3))
    #expect(Self.ids(leaf) == [[], [3, 1, 4, 2], []])
    Self.expectMove(screen, from: Self.path(0, 3), to: Self.path(0, 0))
    #expect(Self.ids(leaf) == [[], [2, 3, 1, 4], []])
  }

  @Test func aRemoveEmptyMovesBetweenTheSectionsItShows() {
    let leaf = Self.leaf([[1, 2], [], [3]])
    let screen = leaf.removingEmptySections()
    Self.expectMove(screen, from: Self.path(0, 0), to: Self.path(1, 1))
    #expect(Self.ids(leaf) == [[2], [], [3, 1]])
  }

  @Test func aRemoveEmptyRefusesToEmptyASection() {
    let leaf = Self.leaf([[1], [2]], name: "Lists")
    let screen = leaf.removingEmptySections()
    Self.expectRefusal(
      screen, from: Self.path(0, 0), to: Self.path(1, 0), .removesSection(node: "Lists"))
    // Under a flatten too: a remove-empty shown along two ways (here, a
    // composite of it and of its flatten) would lose a section where it
    // shows them.
    Self.expectRefusal(
      screen.joined(), from: Self.path(0, 0), to: Self.path(0, 1),
      .removesSection(node: "Lists"))
    // The row that follows in the flatten is in the same section: fine.
    let two = Self.leaf([[1, 3], [2]])
    Self.expectMove(
      two.removingEmptySections().joined(), from: Self.path(0, 0), to: Self.path(0, 1))
    #expect(Self.ids(two) == [[3], [1, 2]])
    #expect(
      ReorderRefusal.removesSection(node: "Lists").description
        == "Moving the last row out of its section would remove the section: “Lists” hides empty sections."
    )
  }

  @Test func aSortRefusesEveryMove() {
    let leaf = Self.leaf([[1, 2, 3], [4]], name: "Inbox")
    let screen = leaf.sorted { $0.id < $1.id }.filter { _ in true }
    #expect(!screen.canReorderItem(at: Self.path(0, 0)))
    Self.expectRefusal(screen, from: Self.path(0, 0), to: Self.path(0, 2), .sorted(node: "Inbox"))
    Self.expectRefusal(screen, from: Self.path(0, 0), to: Self.path(1, 0), .sorted(node: "Inbox"))
    #expect(
      String(describing: ReorderRefusal.sorted(node: "Inbox"))
        == "The rows of “Inbox” are sorted: a moved row would be put back.")
  }

  @Test func aSwitchMovesWhileItShowsItsInput() {
    let leaf = Self.leaf([[1, 2]])
    let screen = leaf.switched()
    Self.expectMove(screen, from: Self.path(0, 0), to: Self.path(0, 1))
    screen.isEnabled = false
    Self.expectRefusal(
      screen, from: Self.path(0, 0), to: Self.path(0, 1), .outside(Self.path(0, 0)))
    #expect(Self.ids(leaf) == [[2, 1]])
  }

  // MARK: Several inputs

  @Test func aCompositeMovesWithinAChild() {
    let a = Self.leaf([[1, 2, 3]], name: "A")
    let b = Self.leaf([[4, 5], []], name: "B")
    let screen = CompositeDataSource(a, b)
    Self.expectMove(screen, from: Self.path(0, 2), to: Self.path(0, 0))
    #expect(Self.ids(a) == [[3, 1, 2]])
    // Between sections of one child, into one it shows empty.
    Self.expectMove(screen, from: Self.path(1, 0), to: Self.path(2, 0))
    #expect(Self.ids(b) == [[5], [4]])
  }

  @Test func aCompositeRefusesAMoveBetweenChildren() {
    let a = Self.leaf([[1, 2]])
    let b = Self.leaf([[3]])
    let screen = CompositeDataSource(a, b)
    screen.name = "Mail"
    Self.expectRefusal(
      screen, from: Self.path(0, 0), to: Self.path(1, 0), .crossesInputs(node: "Mail"))
    #expect(
      ReorderRefusal.crossesInputs(node: "Mail").description
        == "The move would take the row from one part of “Mail” to another.")
  }

  /// A child's items the composite hides (an earlier child shows them)
  /// are passed over like a filter's.
  @Test func aCompositeMovesAroundTheDuplicatesItHides() {
    let a = Self.leaf([[2]])
    let b = Self.leaf([[1, 2, 3]])
    let screen = CompositeDataSource(a, b)
    #expect(Self.ids(screen) == [[2], [1, 3]])
    Self.expectMove(screen, from: Self.path(1, 0), to: Self.path(1, 1))
    #expect(Self.ids(b) == [[2, 3, 1]])
  }

  /// Two filters of one leaf, composed: each row moves within its child,
  /// never into the other, though both are the same leaf.
  @Test func aSharedLeafMovesOnlyWithinTheChildThatShowsTheRow() {
    let leaf = Self.leaf([[1, 2, 3, 4, 5, 6]])
    let screen = CompositeDataSource(leaf.filter { $0.id % 2 == 0 }, leaf.filter { $0.id % 2 == 1 })
    #expect(Self.ids(screen) == [[2, 4, 6], [1, 3, 5]])
    Self.expectMove(screen, from: Self.path(1, 2), to: Self.path(1, 0))
    #expect(Self.ids(leaf) == [[5, 1, 2, 3, 4, 6]])
    Self.expectRefusal(
      screen, from: Self.path(0, 0), to: Self.path(1, 1), .crossesInputs(node: nil))
  }

  @Test func aFallbackMovesInTheSourceItShows() {
    let primary = Self.leaf([[]])
    let fallback = Self.leaf([[7, 8, 9]])
    let screen = primary.fallingBack(to: fallback)
    Self.expectMove(screen, from: Self.path(0, 0), to: Self.path(0, 2))
    #expect(Self.ids(fallback) == [[8, 9, 7]])
    primary.append(Self.rows([1, 2]), toSection: 0)
    Self.expectMove(screen, from: Self.path(0, 1), to: Self.path(0, 0))
    #expect(Self.ids(primary) == [[2, 1]])
    #expect(Self.ids(fallback) == [[8, 9, 7]])
  }

  @Test func aSegmentedSourceMovesInItsSelectedChild() {
    let first = Self.leaf([[1, 2]])
    let second = Self.leaf([[3, 4, 5]])
    let screen = SegmentedDataSource(first, second, selectedIndex: 1)
    Self.expectMove(screen, from: Self.path(0, 0), to: Self.path(0, 2))
    #expect(Self.ids(second) == [[4, 5, 3]])
    #expect(Self.ids(first) == [[1, 2]])
  }

  // MARK: Splice

  /// A feed with a banner of two rows after its first two rows.
  static func splice() -> (
    feed: MutableDataSource<Int, Row>, banner: MutableDataSource<Int, Row>,
    screen: SplicedDataSource<Int, Row>
  ) {
    let feed = leaf([[1, 2, 3, 4], [5]], name: "Feed")
    let banner = leaf([[100], [101]], name: "Banner")
    return (feed, banner, feed.splicing(banner, intoSection: 0, at: 2))
  }

  @Test func aSpliceMovesItsSplicedRowsAmongThemselves() {
    let (_, banner, screen) = Self.splice()
    #expect(Self.ids(screen) == [[1, 2, 100, 101, 3, 4], [5]])
    // Across the banner's sections: they are flattened.
    Self.expectMove(screen, from: Self.path(0, 3), to: Self.path(0, 2))
    #expect(Self.ids(banner) == [[101, 100], []])
    Self.expectRefusal(
      screen, from: Self.path(0, 2), to: Self.path(0, 0), .crossesInputs(node: "Feed"))
  }

  @Test func aSpliceMovesBaseRowsThatKeepTheBannerInPlace() {
    let (feed, _, screen) = Self.splice()
    // Within the rows after the banner, and within those before it.
    Self.expectMove(screen, from: Self.path(0, 5), to: Self.path(0, 4))
    Self.expectMove(screen, from: Self.path(0, 0), to: Self.path(0, 1))
    #expect(Self.ids(feed) == [[2, 1, 4, 3], [5]])
    // From another section to the top: a row before the banner would be
    // pushed after it.
    Self.expectRefusal(
      screen, from: Self.path(1, 0), to: Self.path(0, 0),
      .unreachable(Self.path(0, 0), node: "Feed"))
    // Into the banner's place.
    Self.expectRefusal(
      screen, from: Self.path(0, 5), to: Self.path(0, 3),
      .unreachable(Self.path(0, 3), node: "Feed"))
    // Across the banner: a row would cross it the other way.
    Self.expectRefusal(
      screen, from: Self.path(0, 0), to: Self.path(0, 5),
      .unreachable(Self.path(0, 5), node: "Feed"))
    // Out of and into the section after the banner: nothing crosses it.
    Self.expectMove(screen, from: Self.path(0, 5), to: Self.path(1, 1))
    Self.expectMove(screen, from: Self.path(1, 0), to: Self.path(0, 5))
    #expect(Self.ids(feed) == [[2, 1, 4, 5], [3]])
  }

  /// A target section with fewer base rows than the splice index shows
  /// the banner at its end: base rows move before it.
  @Test func aSpliceAtTheEndOfAShortSection() {
    let feed = Self.leaf([[1], [2, 3]])
    let banner = Self.leaf([[100]])
    let screen = feed.splicing(banner, intoSection: 0, at: 5)
    #expect(Self.ids(screen) == [[1, 100], [2, 3]])
    Self.expectMove(screen, from: Self.path(1, 1), to: Self.path(0, 0))
    #expect(Self.ids(screen) == [[3, 1, 100], [2]])
    Self.expectMove(screen, from: Self.path(0, 0), to: Self.path(1, 1))
    Self.expectRefusal(
      screen, from: Self.path(1, 0), to: Self.path(0, 2),
      .unreachable(Self.path(0, 2), node: nil))
  }

  /// A splice keeps its other base rows on their side of the spliced
  /// rows, even one a filter above hides: the move that only a hidden row
  /// crossing the banner could make is refused.
  @Test func aFilteredSpliceRefusesAMoveAHiddenRowWouldMake() {
    let feed = Self.leaf([[1, 2, 3]], name: "Feed")
    let banner = Self.leaf([[100]])
    // 1 is hidden: the screen shows 100 (after base row 1), 2, 3.
    let screen = feed.splicing(banner, intoSection: 0, at: 1).filter { $0.id != 1 }
    #expect(Self.ids(screen) == [[100, 2, 3]])
    // 3 to the top would need 1 to cross to after the banner.
    Self.expectRefusal(
      screen, from: Self.path(0, 2), to: Self.path(0, 0),
      .unreachable(Self.path(0, 0), node: "Feed"))
    Self.expectMove(screen, from: Self.path(0, 2), to: Self.path(0, 1))
    #expect(Self.ids(feed) == [[1, 3, 2]])
  }

  // MARK: Other refusals

  @Test func pathsOutsideTheNodeAreRefused() {
    let leaf = Self.leaf([[1, 2], [3]])
    let screen = leaf.filter { $0.id != 2 }
    for source in [Self.path(0, 1), Self.path(-1, 0), Self.path(2, 0), Self.path(0, -1)] {
      Self.expectRefusal(screen, from: source, to: Self.path(0, 0), .outside(source))
      #expect(!screen.canReorderItem(at: source))
    }
    // Once the row has left section 0, it has no room for index 1.
    for destination in [Self.path(0, 1), Self.path(2, 0), Self.path(1, 2), Self.path(1, -1)] {
      Self.expectRefusal(screen, from: Self.path(0, 0), to: destination, .outside(destination))
    }
    #expect(
      ReorderRefusal.outside(Self.path(2, 0)).description
        == "There is no row or place at section 2, item 0.")
  }

  /// An outline's child rows are made from their parent: no source holds
  /// them. Its parent rows are its input's, but the outline does not map
  /// moves (a parent moves with its children).
  @Test func anOutlinesRowsAreNotMoved() {
    let leaf = Self.leaf([[1, 2]])
    let screen = leaf.outlined(
      children: { $0.id == 1 ? Self.rows([10, 11]) : [] }, expandedItems: [1])
    #expect(screen.snapshot.sections[0].items.map(\.id) == [1, 10, 11, 2])
    #expect(!screen.canReorderItem(at: Self.path(0, 1)))
    #expect(!screen.canReorderItem(at: Self.path(0, 0)))
    #expect(
      screen.reorderRefusal(from: Self.path(0, 1), to: Self.path(0, 3))
        == .noSourceItem(Self.path(0, 1)))
    #expect(throws: ReorderRefusal.noSourceItem(Self.path(0, 1))) {
      try screen.reorderItem(from: Self.path(0, 1), to: Self.path(0, 3))
    }
    #expect(
      screen.reorderRefusal(from: Self.path(0, 0), to: Self.path(0, 3))
        == .notReorderable(node: screen.name))
    #expect(Self.ids(leaf) == [[1, 2]])
    #expect(
      ReorderRefusal.noSourceItem(Self.path(0, 1)).description
        == "The row at section 0, item 1 is made by the list: it has no item of a source to move.")
  }

  @Test func aLeafThatCannotMoveItemsRefuses() {
    let fixed = FixedSource(name: "Fixed", sections: [(0, Self.rows([1, 2]))])
    let screen = CompositeDataSource(fixed, Self.leaf([[3]])).filter { _ in true }
    #expect(!screen.canReorderItem(at: Self.path(0, 0)))
    #expect(screen.canReorderItem(at: Self.path(1, 0)))
    Self.expectRefusal(
      screen, from: Self.path(0, 0), to: Self.path(0, 1), .notReorderable(node: "Fixed"))
    #expect(
      ReorderRefusal.notReorderable(node: "Fixed").description
        == "“Fixed” cannot reorder its items.")
  }
}
