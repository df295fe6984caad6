import DataSourceGraphComposition
import DataSourceGraphNodes
import DataSourceGraphSections
import TestSupport
import Testing

/// The aggregate-state table of `ContentState.aggregate(_:)` (in the
/// DataSourceGraphComposition documentation), over every combination of
/// three children's states, computed by a composite from scratch and after
/// a change from every other combination.
@Suite struct AggregateStateTests {
  static let states: [ContentState] = [
    .initial, .loading, .refreshing, .content, .contentWithFailure(StubError(name: "kept")), .empty,
    .error(StubError(name: "boom")),
  ]

  /// The table, written out independently of the library's tally.
  static func expected(_ states: [ContentState]) -> String {
    if states.isEmpty { return "empty" }
    let withContent = states.filter(\.hasContent)
    if withContent.isEmpty {
      if states.allSatisfy({ $0.kind == .initial }) { return "initial" }
      // Loading only while a child loads (issue 36): an initial child
      // waits for no load, and counts as empty.
      if states.contains(where: { $0.kind == .loading }) { return "loading" }
      let failed = states.indices.filter { states[$0].kind == .error }
      if !failed.isEmpty { return "error(\(failed))" }
      return "empty"
    }
    let missing = states.indices.filter { [.loading, .error].contains(states[$0].kind) }
    let refreshing = withContent.contains { $0.kind == .refreshing }
    if !missing.isEmpty { return "partial(\(missing), refreshing: \(refreshing))" }
    // A kept failure wins over a refresh (review C2): every one is listed.
    let kept = states.indices.filter { states[$0].kind == .contentWithFailure }
    if !kept.isEmpty { return "contentWithFailure(\(kept))" }
    if refreshing { return "refreshing" }
    return "content"
  }

  static func summary(_ state: ContentState) -> String {
    switch state {
    case .error(let error as ContentState.AggregateError): "error(\(error.failures.map(\.child)))"
    case .contentWithFailure(let error as ContentState.AggregateError):
      "contentWithFailure(\(error.failures.map(\.child)))"
    case .partial(let partial):
      "partial(\(partial.missing.map(\.child)), refreshing: \(partial.isRefreshing))"
    default: "\(state.kind)"
    }
  }

  static var combinations: [[ContentState]] {
    states.flatMap { a in states.flatMap { b in states.map { c in [a, b, c] } } }
  }

  @Test func everyCombinationOfThreeChildren() {
    var checked = 0
    for combination in Self.combinations {
      let children = combination.enumerated().map { StubSource(id: $0.offset, state: $0.element) }
      let composite = CompositeDataSource(children.map { $0 as any DataSource<Int, Row> })
      #expect(
        Self.summary(composite.contentState) == Self.expected(combination),
        "children \(combination)")
      #expect(
        ContentState.aggregate(combination.map { .init(state: $0, hasContent: $0.hasContent) }).kind
          == composite.contentState.kind)
      checked += 1
    }
    #expect(checked == 343)
  }

  @Test(arguments: 0..<7)
  func changesFromEveryCombinationReachTheSameState(first: Int) {
    // Start from combinations whose first child is in states[first], then
    // move each child, one event at a time, to every other combination.
    var rng = SplitMix64(seed: UInt64(first))
    for start in Self.combinations where start[0].kind == Self.states[first].kind {
      let children = start.enumerated().map { StubSource(id: $0.offset, state: $0.element) }
      let composite = CompositeDataSource(children.map { $0 as any DataSource<Int, Row> })
      var events: [ContentState] = []
      let observation = composite.observe { event in
        if case .stateChanged(_, let new) = event { events.append(new) }
      }
      for _ in 0..<20 {
        let target = (0..<3).map { _ in Self.states[rng.int(0..<7)] }
        for (child, state) in zip(children, target) { child.set(state) }
        #expect(
          Self.summary(composite.contentState) == Self.expected(target),
          "from \(start) to \(target)")
        if let last = events.last { #expect(last.isSameState(as: composite.contentState)) }
      }
      observation.cancel()
    }
  }

  @Test func disabledChildrenAreLeftOut() {
    let loaded = StubSource(id: 0, state: .content)
    let failing = StubSource(id: 1, state: .error(StubError(name: "x")))
    let switchable = failing.switched()
    let composite = CompositeDataSource([loaded, switchable])
    #expect(composite.contentState.kind == .partial)
    #expect(composite.childErrors.map(\.child) == [1])
    switchable.isEnabled = false
    #expect(composite.contentState.kind == .content)
    #expect(composite.childErrors.isEmpty)
    switchable.isEnabled = true
    #expect(composite.contentState.kind == .partial)
  }

  /// Review B7: switching an input without sections whose state is
  /// `.empty` changes neither the switch's content nor its state, yet the
  /// aggregate must leave it out; the switch sends no event for it. (Beside
  /// an initial sibling, the empty child makes the aggregate empty; without
  /// it, every enabled child is initial.)
  @Test func switchingAnEmptyChildReachesTheAggregateWithoutEvents() throws {
    let leaf = MutableDataSource<Int, Row>()
    var tokens: [LoadToken<Int, Row>] = []
    leaf.load { tokens.append($0) }
    _ = try #require(tokens.first).succeed { $0.removeAll() }
    try #require(leaf.contentState.kind == .empty)
    let switchable = leaf.switched()
    let composite = CompositeDataSource([StubSource(id: 0, state: .initial), switchable])
    #expect(composite.contentState.kind == .empty)
    var switchEvents = 0
    var compositeStates: [ContentState.Kind] = []
    let observations = [
      switchable.observe { _ in switchEvents += 1 },
      composite.observe { event in
        if case .stateChanged(_, let new) = event { compositeStates.append(new.kind) }
      },
    ]
    switchable.isEnabled = false
    #expect(composite.contentState.kind == .initial)
    switchable.isEnabled = true
    #expect(composite.contentState.kind == .empty)
    #expect(switchEvents == 0, "the switch told its observers of a change that did not happen")
    #expect(compositeStates == [.initial, .empty])
    withExtendedLifetime(observations) {}
  }

  @Test func noChildrenIsEmpty() {
    let composite = CompositeDataSource<Row>()
    #expect(composite.contentState.kind == .empty)
  }

  @Test func errorsOfEveryFailedChildAreKept() {
    let children = [
      StubSource(id: 0, state: .error(StubError(name: "a"))), StubSource(id: 1, state: .empty),
      StubSource(id: 2, state: .error(StubError(name: "c"))),
    ]
    let composite = CompositeDataSource(children.map { $0 as any DataSource<Int, Row> })
    guard case .error(let error as ContentState.AggregateError) = composite.contentState else {
      Issue.record("expected an aggregate error, got \(composite.contentState)")
      return
    }
    #expect(error.failures.map { "\($0.child):\($0.error)" } == ["0:a", "2:c"])
    #expect(composite.childErrors.count == 2)
  }

  /// Review C2: the content row keeps every failure kept by a child with
  /// content, also while another child refreshes.
  @Test func everyKeptFailureIsListedEvenWhileAChildRefreshes() {
    let children = [
      StubSource(id: 0, state: .contentWithFailure(StubError(name: "a"))),
      StubSource(id: 1, state: .refreshing),
      StubSource(id: 2, state: .contentWithFailure(StubError(name: "c"))),
      StubSource(id: 3, state: .empty),
    ]
    let composite = CompositeDataSource(children.map { $0 as any DataSource<Int, Row> })
    guard
      case .contentWithFailure(let error as ContentState.AggregateError) = composite.contentState
    else {
      Issue.record("expected kept failures, got \(composite.contentState)")
      return
    }
    #expect(error.failures.map { "\($0.child):\($0.error)" } == ["0:a", "2:c"])
    #expect(composite.childErrors.map { "\($0.child):\($0.error)" } == ["0:a", "2:c"])
    children[0].set(.content)
    children[2].set(.refreshing)
    #expect(composite.contentState.kind == .refreshing)
    children[1].set(.content)
    children[2].set(.content)
    #expect(composite.contentState.kind == .content)
  }

  /// Review C2: a partial child lends the errors of its missing parts to
  /// ``CompositeDataSource/childErrors``.
  @Test func childErrorsIncludeTheFailedPartsOfAPartialChild() {
    let inner = CompositeDataSource<Row>([
      StubSource(id: 0, state: .content), StubSource(id: 1, state: .error(StubError(name: "x"))),
      StubSource(id: 2, state: .error(StubError(name: "y"))), StubSource(id: 3, state: .loading),
    ])
    #expect(inner.contentState.kind == .partial)
    let failed = CompositeDataSource<Row>([
      StubSource(id: 9, state: .error(StubError(name: "z")))
    ])
    let outer = CompositeDataSource<Row>([failed, inner])
    #expect(outer.childErrors.map(\.child) == [0, 1, 1])
    #expect(outer.childErrors.dropFirst().map { "\($0.error)" } == ["x", "y"])
  }

  @Test func reloadStartsALoadOfEveryChild() {
    let children = (0..<3).map { StubSource(id: $0, state: .content) }
    let screen = CompositeDataSource(children[0], children[1], children[2]).filter { _ in true }
      .joined()
    screen.reload()
    #expect(children.map(\.reloads) == [1, 1, 1])
  }

  @Test func unaryCombinatorsKeepTheInputPhaseAndJudgeTheirOwnContent() {
    let source = MutableDataSource<Int, Row>(
      snapshot: Snapshot(id: 0, items: [Row(id: 1, value: 3)]))
    let filter = source.filter { $0.value != 3 }
    #expect(source.contentState.kind == .content)
    #expect(filter.contentState.kind == .empty)
    filter.isIncluded = { _ in true }
    #expect(filter.contentState.kind == .content)
  }
}

extension AggregateStateTests {
  @Test func anAggregateErrorReadsAsItsOnlyFailure() {
    let one = ContentState.AggregateError(failures: [
      ContentState.ChildFailure(child: 1, error: StubError(name: "Recent timed out."))
    ])
    #expect("\(one)" == "Recent timed out.")
    let two = ContentState.AggregateError(failures: [
      ContentState.ChildFailure(child: 0, error: StubError(name: "a")),
      ContentState.ChildFailure(child: 2, error: StubError(name: "c")),
    ])
    #expect("\(two)" == "2 children failed: child 0: a; child 2: c")
  }
}
