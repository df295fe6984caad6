import DataSourceGraphComposition
import DataSourceGraphSections
import Testing

/// Children named by their ``DataSource/name``: states, errors and
/// renderers call them by it, and by their index when they have none.
@Suite struct NamedChildrenTests {
  static func leaf(_ name: String?, _ items: [Row] = []) -> MutableDataSource<Int, Row> {
    MutableDataSource(snapshot: Snapshot(id: 0, items: items), name: name)
  }

  @Test func aNodeHasNoNameByDefault() {
    #expect(MutableDataSource<Int, Row>().name == nil)
    #expect(StubSource(id: 0, state: .content).name == nil)
    #expect(CompositeDataSource<Row>([Self.leaf("A")]).name == nil)
    let named = MutableDataSource<Int, Row>(sections: [SnapshotSection(id: 0)], name: "Inbox")
    #expect(named.name == "Inbox")
    named.name = "Mail"
    #expect(named.name == "Mail")
  }

  /// A combinator over one input reports its input's name; its own name,
  /// once set, wins; setting `nil` reports the input's again.
  @Test func combinatorsOverOneInputReportTheirInputsName() {
    let inbox = Self.leaf("Inbox", [Row(id: 1, value: 1)])
    let banner = Self.leaf("Banner")
    let other = Self.leaf("Other")
    let nodes: [any DataSource] = [
      inbox.filter { _ in true }, inbox.map { $0 }, inbox.sorted { $0.value < $1.value },
      inbox.joined(), inbox.removingEmptySections(), inbox.switched(isEnabled: false),
      inbox.fallingBack(to: other), inbox.splicing(banner, intoSection: 0, at: 0),
      SegmentedDataSource(inbox, other), inbox.filter { _ in true }.sorted { $0.value < $1.value },
    ]
    for node in nodes {
      #expect(node.name == "Inbox", "\(type(of: node))")
    }
    let filter = inbox.filter { _ in true }
    filter.name = "Unread"
    #expect(filter.name == "Unread")
    #expect(filter.sorted { $0.value < $1.value }.name == "Unread")
    filter.name = nil
    #expect(filter.name == "Inbox")
    // A segmented source reports the selected child's name, unless named.
    let tabs = SegmentedDataSource(inbox, other, selectedIndex: 1)
    #expect(tabs.name == "Other")
    tabs.selectedIndex = 0
    #expect(tabs.name == "Inbox")
    #expect(SegmentedDataSource(inbox, other, name: "Tabs").name == "Tabs")
    // A composite has only its own name.
    #expect(CompositeDataSource(inbox, other).name == nil)
    #expect(CompositeDataSource(inbox, other, name: "Mail").name == "Mail")
    #expect(CompositeDataSource<Row>([inbox], name: "Mail").name == "Mail")
  }

  /// The partial state carries each missing child's name and index, and
  /// reads by name.
  @Test func aPartialStateNamesItsMissingChildren() {
    let inbox = StubSource(id: 0, state: .content)
    inbox.name = "Inbox"
    let archive = StubSource(id: 1, state: .error(StubError(name: "The server is offline.")))
    archive.name = "Archive"
    let drafts = StubSource(id: 2, state: .loading)
    let mailbox = CompositeDataSource(inbox, archive, drafts)
    guard case .partial(let partial) = mailbox.contentState else {
      Issue.record("expected partial, got \(mailbox.contentState)")
      return
    }
    #expect(partial.missing.map(\.child) == [1, 2])
    #expect(partial.missing.map(\.name) == ["Archive", nil])
    #expect("\(partial)" == "Archive failed: The server is offline., child 2 pending")
    #expect(mailbox.childErrors.map(\.description) == ["Archive: The server is offline."])
  }

  /// The error state and the kept failures carry the names too.
  @Test func errorsCarryTheChildrensNames() {
    let a = StubSource(id: 0, state: .error(StubError(name: "timeout")))
    a.name = "Inbox"
    let b = StubSource(id: 1, state: .error(StubError(name: "offline")))
    let both = CompositeDataSource(a, b)
    guard case .error(let error as ContentState.AggregateError) = both.contentState else {
      Issue.record("expected an aggregate error, got \(both.contentState)")
      return
    }
    #expect(error.failures.map(\.name) == ["Inbox", nil])
    #expect("\(error)" == "2 children failed: Inbox: timeout; child 1: offline")
    #expect(both.childErrors.map(\.description) == ["Inbox: timeout", "child 1: offline"])

    let kept = StubSource(id: 2, state: .contentWithFailure(StubError(name: "stale")))
    kept.name = "Archive"
    let keeping = CompositeDataSource(kept, StubSource(id: 3, state: .content))
    guard
      case .contentWithFailure(let failure as ContentState.AggregateError) = keeping.contentState
    else {
      Issue.record("expected a kept failure, got \(keeping.contentState)")
      return
    }
    #expect(failure.failures.map(\.name) == ["Archive"])
    #expect(failure.failures.map(\.child) == [0])
  }

  @Test func aChildFailureReadsByNameElseByIndex() {
    let error = StubError(name: "The server is offline.")
    #expect(
      ContentState.ChildFailure(child: 1, name: "Archive", error: error).description
        == "Archive: The server is offline.")
    #expect(
      ContentState.ChildFailure(child: 1, error: error).description
        == "child 1: The server is offline.")
    // One failure reads as its error alone, named or not, as a single source's would.
    let one = ContentState.AggregateError(failures: [
      ContentState.ChildFailure(child: 1, name: "Archive", error: error)
    ])
    #expect("\(one)" == "\(error)")
  }

  /// A partial child lends its missing parts under its own index, each with
  /// the part's name, or the child's when the part has none.
  @Test func aPartialChildLendsItsPartsNames() {
    let inbox = StubSource(id: 0, state: .content)
    let archive = StubSource(id: 1, state: .error(StubError(name: "offline")))
    archive.name = "Archive"
    let drafts = StubSource(id: 2, state: .loading)
    let mail = CompositeDataSource<Row>([inbox, archive, drafts], name: "Mail")
    let header = StubSource(id: 3, state: .content)
    let screen = CompositeDataSource<Row>([CompositeDataSource(header), mail])
    guard case .partial(let partial) = screen.contentState else {
      Issue.record("expected partial, got \(screen.contentState)")
      return
    }
    #expect(partial.missing.map(\.child) == [1, 1])
    #expect(partial.missing.map(\.name) == ["Archive", "Mail"])
    #expect(screen.childErrors.map(\.description) == ["Archive: offline"])
    // Without content, a filter over the partial screen turns its failed
    // parts into an error that keeps their names.
    inbox.set(.empty)
    header.set(.empty)
    drafts.set(.error(StubError(name: "timeout")))
    #expect(screen.contentState.kind == .error)
    guard case .error(let error as ContentState.AggregateError) = screen.contentState else {
      return
    }
    #expect(error.failures.map(\.name) == ["Mail"])
    #expect("\(error)" == "2 children failed: Archive: offline; child 2: timeout")
  }

  /// A unary combinator whose input is partial but which shows nothing
  /// reports an error listing the missing parts by name.
  @Test func aFilterThatHidesAPartialInputKeepsTheNames() {
    let inbox = StubSource(id: 0, state: .content)
    inbox.name = "Inbox"
    let archive = StubSource(id: 1, state: .error(StubError(name: "offline")))
    archive.name = "Archive"
    let hidden = CompositeDataSource(inbox, archive).filter { _ in false }
    guard case .error(let error as ContentState.AggregateError) = hidden.contentState else {
      Issue.record("expected an error, got \(hidden.contentState)")
      return
    }
    #expect(error.failures.map(\.name) == ["Archive"])
    #expect(error.failures.map(\.description) == ["Archive: offline"])
  }

  /// A rename emits nothing; the composite's state takes the new name at
  /// its next change, and that is a state change (the text differs).
  @Test func aRenameShowsAtTheNextChange() {
    let inbox = StubSource(id: 0, state: .content)
    let archive = StubSource(id: 1, state: .loading)
    let mailbox = CompositeDataSource(inbox, archive)
    var states: [ContentState] = []
    let observation = mailbox.observe { event in
      if case .stateChanged(_, let new) = event { states.append(new) }
    }
    archive.name = "Archive"
    #expect(states.isEmpty)
    inbox.set(.refreshing)
    guard case .partial(let partial) = mailbox.contentState else {
      Issue.record("expected partial, got \(mailbox.contentState)")
      return
    }
    #expect(partial.missing.map(\.name) == ["Archive"])
    #expect(states.count == 1)
    observation.cancel()
  }

  /// A renderer for a composed screen takes its types from the node and
  /// names the missing parts after the children, with no `partName`.
  @Test func renderersForAComposedScreen() {
    let inbox = MutableDataSource<String, Row>(name: "Inbox")
    let archive = MutableDataSource<String, Row>(name: "Archive")
    let screen = CompositeDataSource(inbox, archive).filter { $0.value > 0 }
    let renderer = TextListRenderer(for: screen, style: .plain)
    let mirror = MirrorRenderer(for: screen)
    // The types are the screen's.
    let typedRenderer: TextListRenderer<CompositeSectionID, Row> = renderer
    let typedMirror: MirrorRenderer<CompositeSectionID, Row> = mirror
    let observations = [screen.render(into: typedRenderer), screen.render(into: typedMirror)]
    inbox.load { token in
      token.succeed(with: Snapshot(id: "in", header: "Inbox", items: [Row(id: 1, value: 1)]))
    }
    archive.load { token in token.fail(StubError(name: "The server is offline.")) }
    #expect(
      renderer.frame() == """
        ! Partly loaded: some parts are missing.
            × Archive: The server is offline.
        + Inbox
        +   1:1
        last change: 1 inserted, 1 section inserted
        """)
    #expect(mirror.snapshot == screen.snapshot && mirror.failures.isEmpty)
    for observation in observations { observation.cancel() }
  }
}
