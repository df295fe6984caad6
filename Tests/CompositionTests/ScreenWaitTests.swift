import DataSourceGraphComposition
import DataSourceGraphSections
import Testing

/// `whenLoaded(_:)`, `loaded()` and `refresh()` on every node: a screen
/// waits for the leaves it shows.
@MainActor
struct ScreenWaitTests {
  /// A leaf whose load waits for the test to answer through `tokens`.
  final class Pending {
    let source: MutableDataSource<Int, Row>
    var tokens: [LoadToken<Int, Row>] = []

    init(_ id: Int) {
      source = MutableDataSource(name: "leaf \(id)")
      source.load { [unowned self] token in tokens.append(token) }
    }

    func answer(_ id: Int) {
      tokens.removeLast().succeed(
        with: Snapshot(sections: [.init(id: id, items: [Row(id: id, value: 0)])]))
    }
  }

  /// Records when a wait ends.
  final class Flag {
    var isSet = false
  }

  func waits(_ node: some DataSource) -> Flag {
    let flag = Flag()
    node.whenLoaded { flag.isSet = true }
    return flag
  }

  @Test func aCompositeWaitsForEveryChild() {
    let first = Pending(1)
    let second = Pending(2)
    let screen = CompositeDataSource(first.source, second.source)
    let flag = waits(screen)
    #expect(!flag.isSet)
    first.answer(1)
    #expect(!flag.isSet, "one child is still loading")
    second.answer(2)
    #expect(flag.isSet)
    #expect(screen.contentState.kind == .content)
  }

  @Test func theWaitEndsAfterTheObserversSawTheFinalState() {
    let leaf = Pending(1)
    let screen = CompositeDataSource(leaf.source.filter { _ in true })
    var seen: [String] = []
    let token = screen.observe { event in
      if case .stateChanged(_, let new) = event { seen.append("state \(new.kind)") }
    }
    screen.whenLoaded { seen.append("loaded") }
    leaf.answer(1)
    #expect(seen == ["state content", "loaded"])
    token.cancel()
  }

  @Test func aDisabledSwitchDoesNotMakeACompositeWait() {
    let shown = Pending(1)
    let hidden = Pending(2)
    let screen = CompositeDataSource(shown.source, hidden.source.switched(isEnabled: false))
    let flag = waits(screen)
    shown.answer(1)
    #expect(flag.isSet)
  }

  @Test func aUnaryChainWaitsForItsLeaf() {
    let leaf = Pending(1)
    let chain = leaf.source.filter { _ in true }.map { $0 }.sorted { $0.id < $1.id }
      .removingEmptySections().joined(into: 0)
    let flag = waits(chain)
    #expect(!flag.isSet)
    leaf.answer(1)
    #expect(flag.isSet)
  }

  @Test func aSegmentedSourceWaitsForItsSelectedChildOnly() {
    let selected = Pending(1)
    let other = Pending(2)
    let screen = SegmentedDataSource(selected.source, other.source)
    let flag = waits(screen)
    selected.answer(1)
    #expect(flag.isSet, "the child not shown is still loading, and is not waited for")
  }

  @Test func aFallbackAndASpliceWaitForBothInputs() {
    let primary = Pending(1)
    let fallback = Pending(2)
    let either = primary.source.fallingBack(to: fallback.source)
    let eitherFlag = waits(either)
    primary.answer(1)
    #expect(!eitherFlag.isSet)
    fallback.answer(2)
    #expect(eitherFlag.isSet)

    let base = Pending(3)
    let inserted = Pending(4)
    let splice = base.source.splicing(inserted.source, intoSection: 3, at: 0)
    let spliceFlag = waits(splice)
    inserted.answer(4)
    #expect(!spliceFlag.isSet)
    base.answer(3)
    #expect(spliceFlag.isSet)
  }

  @Test func aScreenWithNothingLoadingDoesNotWait() async {
    let idle = MutableDataSource<Int, Row>(snapshot: Snapshot(id: 0, items: [Row(id: 1, value: 0)]))
    let screen = CompositeDataSource(idle, MutableDataSource<Int, Row>())
    let flag = waits(screen)
    #expect(flag.isSet)
    await screen.loaded()
  }

  @Test func aNodeWrittenOutsideTheLibraryWaitsForItsState() {
    let stub = StubSource(id: 1, state: .loading)
    let flag = waits(stub)
    stub.set(.refreshing)
    #expect(!flag.isSet)
    stub.set(.content)
    #expect(flag.isSet)
    let again = waits(stub)
    #expect(again.isSet, "nothing is loading any more")
  }

  @Test func aNodeWrittenOutsideTheLibraryThatIsReleasedEndsTheWait() {
    var stub: StubSource? = StubSource(id: 1, state: .loading)
    let flag = waits(stub!)
    #expect(!flag.isSet)
    stub = nil
    #expect(flag.isSet, "no load can end on a released node")
  }

  @Test func refreshReloadsAWholeScreenAndReturnsWhenItSettled() async {
    let counter = Counter()
    let first = MutableDataSource<Int, Row>(name: "first")
    let second = MutableDataSource<Int, Row>(name: "second")
    await first.load { [counter] in
      let value = await counter.next()
      return Snapshot(id: 1, items: [Row(id: 1, value: value)])
    }
    await second.load { throw StubError(name: "offline") }
    let screen = CompositeDataSource(first, second.filter { _ in true })
    #expect(screen.contentState.kind == .partial)

    await screen.refresh()

    #expect(!first.phase.isLoading)
    #expect(first.item(at: ItemPath(section: 0, item: 0)).value == 2, "the first leaf loaded again")
    #expect(screen.contentState.kind == .partial, "the second leaf failed again")
  }

  @Test func loadedWaitsForAReloadOfTheWholeScreen() async {
    let leaf = MutableDataSource<Int, Row>()
    await leaf.load { Snapshot(id: 1, items: [Row(id: 1, value: 1)]) }
    let screen = CompositeDataSource(leaf.map { $0 })
    screen.reload()
    #expect(screen.contentState.kind == .refreshing)
    await screen.loaded()
    #expect(screen.contentState.kind == .content)
  }
}

/// Numbers the loads of a test.
actor Counter {
  private var value = 0
  func next() -> Int {
    value += 1
    return value
  }
}
