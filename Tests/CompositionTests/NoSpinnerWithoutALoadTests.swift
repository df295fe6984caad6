import DataSourceGraphComposition
import DataSourceGraphNodes
import DataSourceGraphSections
import DataSourceGraphTesting
import Testing

/// Issue 36: a screen said "Loading…" while nothing loaded (one part
/// failed, a sibling was `reset()` or never loaded), so the error hid
/// behind a spinner. An aggregate is loading only while a load under it
/// is in flight, and a failure is shown.
@Suite struct NoSpinnerWithoutALoadTests {
  /// Two leaves named `Inbox` and `Archive`, each with a load started.
  static func leaves() -> (
    inbox: MutableDataSource<Int, Row>, archive: MutableDataSource<Int, Row>,
    tokens: [LoadToken<Int, Row>]
  ) {
    let inbox = MutableDataSource<Int, Row>(name: "Inbox")
    let archive = MutableDataSource<Int, Row>(name: "Archive")
    var tokens: [LoadToken<Int, Row>] = []
    inbox.load { tokens.append($0) }
    archive.load { tokens.append($0) }
    return (inbox, archive, tokens)
  }

  /// The failures of an aggregate error, as `"index name: error"`.
  static func failures(_ state: ContentState) -> [String]? {
    guard case .error(let error as ContentState.AggregateError) = state else { return nil }
    return error.failures.map { "\($0.child) \($0.name ?? "-"): \($0.error)" }
  }

  @Test func aFailureBesideAResetSiblingIsAnErrorNotASpinner() throws {
    let (inbox, archive, tokens) = Self.leaves()
    let screen = CompositeDataSource(inbox, archive)
    #expect(screen.contentState.kind == .loading)
    #expect(try #require(tokens.first).fail(StubError(name: "offline")))
    #expect(screen.contentState.kind == .loading, "the archive still loads")
    archive.reset()
    #expect(inbox.contentState.kind == .error)
    #expect(archive.contentState.kind == .initial)
    #expect(Self.failures(screen.contentState) == ["0 Inbox: offline"])
  }

  @Test func aFailureBesideASiblingNeverLoadedIsAnError() throws {
    let inbox = MutableDataSource<Int, Row>(name: "Inbox")
    let archive = MutableDataSource<Int, Row>(name: "Archive")
    var tokens: [LoadToken<Int, Row>] = []
    inbox.load { tokens.append($0) }
    #expect(try #require(tokens.first).fail(StubError(name: "offline")))
    let screen = CompositeDataSource(inbox, archive)
    #expect(Self.failures(screen.contentState) == ["0 Inbox: offline"])
    // The same, seen through a unary combinator and a composite above it
    // (the filter, unnamed, is the outer composite's failed child).
    let wrapped = CompositeDataSource(CompositeDataSource(archive, inbox).filter { _ in true })
    #expect(Self.failures(wrapped.contentState) == ["0 -: offline"])
    #expect("\(wrapped.contentState)" == "error(offline)")
  }

  @Test func theRendererShowsTheErrorWithoutASpinner() throws {
    let (inbox, archive, tokens) = Self.leaves()
    let screen = CompositeDataSource(inbox, archive)
    let renderer = TextListRenderer(for: screen)
    let observation = screen.render(into: renderer)
    #expect(renderer.isAnimating)
    #expect(try #require(tokens.first).fail(StubError(name: "offline")))
    archive.reset()
    #expect(!renderer.isAnimating)
    let frame = renderer.frame()
    #expect(!frame.contains("Loading"), "\(frame)")
    #expect(frame.contains("offline"), "\(frame)")
    withExtendedLifetime(observation) {}
  }

  /// A sibling that is reset beside one with content leaves the content,
  /// not a partial state with a spinner for a part nothing loads.
  @Test func contentBesideAResetSiblingIsContent() throws {
    let (inbox, archive, tokens) = Self.leaves()
    let screen = CompositeDataSource(inbox, archive)
    #expect(
      try #require(tokens.first).succeed(with: Snapshot(id: 0, items: [Row(id: 1, value: 0)])))
    #expect(screen.contentState.kind == .partial, "the archive still loads")
    archive.reset()
    #expect(screen.contentState.kind == .content)
    // A filter that hides the content is empty, not loading.
    let hidden = screen.filter { _ in false }
    #expect(hidden.contentState.kind == .empty)
  }

  /// A part never loaded beside one loaded without content: nothing
  /// loads, so the screen is empty; once every part is back to initial,
  /// the screen is initial.
  @Test func anEmptyPartBesideOneNeverLoadedIsEmpty() throws {
    let (inbox, archive, tokens) = Self.leaves()
    let screen = CompositeDataSource(inbox, archive)
    #expect(try #require(tokens.first).succeed(with: Snapshot()))
    archive.reset()
    #expect(screen.contentState.kind == .empty)
    inbox.reset()
    #expect(screen.contentState.kind == .initial)
  }
}
