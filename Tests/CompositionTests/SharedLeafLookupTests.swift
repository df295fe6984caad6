import DataSourceGraphComposition
import DataSourceGraphSections
import Testing

/// Look-ups through a graph where one leaf is reachable through several
/// inputs follow the input that is shown: a fallback's shown source, a
/// segmented source's selected child, a switch that shows its input, the
/// composite child that holds the row.
///
/// Each test changes the graph only where it must, and checks the screen's
/// content before its look-ups after each change.
@Suite struct SharedLeafLookupTests {
  struct T: Identifiable, Equatable {
    var id: Int
    var v = 0
  }

  static func leaf(_ items: [T]) -> MutableDataSource<Int, T> {
    MutableDataSource(snapshot: Snapshot(id: 0, items: items))
  }

  static func path(_ section: Int, _ item: Int) -> ItemPath {
    ItemPath(section: section, item: item)
  }

  /// The identities of `node`'s items, section by section.
  static func ids(_ node: some DataSource<some Hashable, T>) -> [[Int]] {
    (0..<node.numberOfSections).map { s in
      (0..<node.numberOfItems(inSection: s)).map { node.item(at: path(s, $0)).id }
    }
  }

  /// Every row of `screen` maps to a position in `leaf` holding the same
  /// item, and back to that row.
  static func expectRoundTrips(
    _ screen: some DataSource<some Hashable, T>, through leaf: MutableDataSource<Int, T>,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    for s in 0..<screen.numberOfSections {
      for i in 0..<screen.numberOfItems(inSection: s) {
        let row = path(s, i)
        guard let location = screen.leafLocation(at: row) else {
          Issue.record("no leaf for \(row)", sourceLocation: sourceLocation)
          continue
        }
        #expect(location.source === leaf, sourceLocation: sourceLocation)
        #expect(
          leaf.item(at: location.position) == screen.item(at: row), sourceLocation: sourceLocation)
        #expect(
          screen.path(of: location.position, in: leaf) == row, "\(row)",
          sourceLocation: sourceLocation)
      }
    }
  }

  // MARK: Fallback

  /// A fallback whose primary and fallback both derive from one leaf: the
  /// look-ups follow the fallback while it is shown, the primary once it
  /// is.
  @Test func aFallbackOverOneLeafFollowsTheShownSource() {
    let all = Self.leaf([T(id: 1), T(id: 2)])
    let screen = all.filter { $0.v > 0 }.fallingBack(to: all)
    #expect(screen.showsFallback)
    #expect(Self.ids(screen) == [[1, 2]])
    #expect(screen.path(of: Self.path(0, 1), in: all) == Self.path(0, 1))
    #expect(screen.path(of: Self.path(0, 0), in: all) == Self.path(0, 0))
    #expect(screen.leafLocation(at: Self.path(0, 1))?.source === all)
    #expect(screen.leafLocation(at: Self.path(0, 1))?.position == Self.path(0, 1))
    #expect(screen.leafSection(at: 0)?.source === all)
    Self.expectRoundTrips(screen, through: all)

    // The primary gains content: it is shown, and the look-ups go through it.
    all.update(T(id: 2, v: 5))
    #expect(!screen.showsFallback)
    #expect(Self.ids(screen) == [[2]])
    #expect(screen.path(of: Self.path(0, 1), in: all) == Self.path(0, 0))
    #expect(screen.path(of: Self.path(0, 0), in: all) == nil, "filtered out by the primary")
    #expect(screen.leafLocation(at: Self.path(0, 0))?.position == Self.path(0, 1))
    #expect(screen.leafLocation(at: Self.path(0, 1)) == nil)
    Self.expectRoundTrips(screen, through: all)
  }

  // MARK: Composite

  /// A composite of two filters of one inbox finds each row in the child
  /// that shows it, and follows a row that moves to the other child.
  @Test func aCompositeOfTwoFiltersOfOneLeafFindsEachRowInItsChild() {
    let inbox = Self.leaf([T(id: 1), T(id: 2, v: 1), T(id: 3)])
    let screen = CompositeDataSource(inbox.filter { $0.v == 0 }, inbox.filter { $0.v != 0 })
    #expect(Self.ids(screen) == [[1, 3], [2]])
    #expect(screen.path(of: Self.path(0, 0), in: inbox) == Self.path(0, 0))
    #expect(screen.path(of: Self.path(0, 1), in: inbox) == Self.path(1, 0))
    #expect(screen.path(of: Self.path(0, 2), in: inbox) == Self.path(0, 1))
    Self.expectRoundTrips(screen, through: inbox)

    inbox.update(T(id: 1, v: 3))
    #expect(Self.ids(screen) == [[3], [1, 2]])
    #expect(screen.path(of: Self.path(0, 0), in: inbox) == Self.path(1, 0))
    #expect(screen.path(of: Self.path(0, 1), in: inbox) == Self.path(1, 1))
    #expect(screen.path(of: Self.path(0, 2), in: inbox) == Self.path(0, 0))
    Self.expectRoundTrips(screen, through: inbox)
  }

  /// The rows of `node` showing the item with identity `id`, in order.
  static func rows(of id: Int, in node: some DataSource<some Hashable, T>) -> [ItemPath] {
    (0..<node.numberOfSections).flatMap { s in
      (0..<node.numberOfItems(inSection: s)).map { path(s, $0) }
        .filter { node.item(at: $0).id == id }
    }
  }

  /// A row of the leaf that the screen shows more than once (two children
  /// keep it) is found at its first row. The expectations hold whether or
  /// not the composite shows an identity a second time.
  @Test func aRowShownTwiceIsFoundAtItsFirstRow() {
    let inbox = Self.leaf([T(id: 1), T(id: 2, v: 1)])
    let screen = CompositeDataSource(inbox.filter { $0.v != 0 }, inbox.sorted { $0.id > $1.id })
    for (i, id) in [1, 2].enumerated() {
      let found = screen.path(of: Self.path(0, i), in: inbox)
      #expect(found != nil && found == Self.rows(of: id, in: screen).first, "\(id)")
    }
    #expect(screen.path(of: Self.path(0, 1), in: inbox) == Self.path(0, 0))
    // Below a node that reorders the rows, the first row on screen wins,
    // not the row that was first in that node's input.
    let sorted = CompositeDataSource(inbox.map { T(id: $0.id, v: $0.v + 10) }, inbox).joined()
      .sorted { $0.v < $1.v }
    for (i, id) in [1, 2].enumerated() {
      let found = sorted.path(of: Self.path(0, i), in: inbox)
      #expect(found != nil && found == Self.rows(of: id, in: sorted).first, "\(id)")
    }
  }

  // MARK: Segmented and switchable

  /// A segmented source over one leaf follows its selected child.
  @Test func aSegmentedSourceOverOneLeafFollowsTheSelectedChild() {
    let inbox = Self.leaf([T(id: 1), T(id: 2, v: 1)])
    let tabs = SegmentedDataSource(inbox.filter { $0.v == 0 }, inbox.filter { $0.v != 0 })
    #expect(Self.ids(tabs) == [[1]])
    #expect(tabs.path(of: Self.path(0, 0), in: inbox) == Self.path(0, 0))
    #expect(tabs.path(of: Self.path(0, 1), in: inbox) == nil, "in the child not selected")
    Self.expectRoundTrips(tabs, through: inbox)

    tabs.selectedIndex = 1
    #expect(Self.ids(tabs) == [[2]])
    #expect(tabs.path(of: Self.path(0, 0), in: inbox) == nil, "in the child not selected")
    #expect(tabs.path(of: Self.path(0, 1), in: inbox) == Self.path(0, 0))
    #expect(tabs.leafLocation(at: Self.path(0, 0))?.position == Self.path(0, 1))
    Self.expectRoundTrips(tabs, through: inbox)
  }

  /// A switch that hides its input is not followed; once it shows it, it is.
  @Test func aHiddenSwitchIsNotFollowed() {
    let inbox = Self.leaf([T(id: 1), T(id: 2, v: 1)])
    let unread = inbox.filter { $0.v != 0 }.switched(isEnabled: false)
    let screen = CompositeDataSource(unread, inbox.filter { $0.v == 0 })
    #expect(Self.ids(screen) == [[1]])
    #expect(screen.path(of: Self.path(0, 0), in: inbox) == Self.path(0, 0))
    #expect(screen.path(of: Self.path(0, 1), in: inbox) == nil, "behind the switch")
    Self.expectRoundTrips(screen, through: inbox)

    unread.isEnabled = true
    #expect(Self.ids(screen) == [[2], [1]])
    #expect(screen.path(of: Self.path(0, 1), in: inbox) == Self.path(0, 0))
    #expect(screen.path(of: Self.path(0, 0), in: inbox) == Self.path(1, 0))
    Self.expectRoundTrips(screen, through: inbox)
  }
}
