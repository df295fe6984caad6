import DataSourceGraphSections
import Testing

@Suite struct ContentStateTests {
  struct Failure: Error, CustomStringConvertible {
    var description: String
  }

  @Test func sameStateComparesPayloads() {
    let pending = ContentState.Partial.Missing(child: 1, reason: .pending)
    let failed = ContentState.Partial.Missing(
      child: 1, reason: .failed(Failure(description: "down")))
    #expect(ContentState.content.isSameState(as: .content))
    #expect(!ContentState.content.isSameState(as: .refreshing))
    #expect(
      ContentState.error(Failure(description: "a")).isSameState(
        as: .error(Failure(description: "a"))))
    #expect(
      !ContentState.error(Failure(description: "a")).isSameState(
        as: .error(Failure(description: "b"))))
    #expect(
      ContentState.partial(.init(missing: [pending])).isSameState(
        as: .partial(.init(missing: [pending]))))
    // A child that starts refreshing beside a pending one is a change (the banner shows it).
    #expect(
      !ContentState.partial(.init(missing: [pending])).isSameState(
        as: .partial(.init(missing: [pending], isRefreshing: true))))
    #expect(
      !ContentState.partial(.init(missing: [pending])).isSameState(
        as: .partial(.init(missing: [failed]))))
    #expect(
      !ContentState.partial(.init(missing: [pending])).isSameState(
        as: .partial(.init(missing: [pending, failed]))))
  }

  /// A missing part with a name reads by its name, without one by its
  /// index; a rename is a change of state, so the banner follows it.
  @Test func partialContentReadsByName() {
    let partial = ContentState.Partial(missing: [
      .init(child: 0, name: "Inbox", reason: .pending),
      .init(child: 1, name: "Archive", reason: .failed(Failure(description: "offline"))),
      .init(child: 2, reason: .failed(Failure(description: "timeout"))),
    ])
    #expect(
      partial.description == "Inbox pending, Archive failed: offline, child 2 failed: timeout")
    #expect(partial.missing[1].description == "Archive failed: offline")
    #expect(
      ContentState.partial(partial).description
        == "partial(Inbox pending, Archive failed: offline, child 2 failed: timeout)")
    let renamed = ContentState.Partial(missing: [.init(child: 0, name: "Mail", reason: .pending)])
    let unnamed = ContentState.Partial(missing: [.init(child: 0, reason: .pending)])
    let same = ContentState.Partial(missing: [.init(child: 0, name: "Inbox", reason: .pending)])
    let inbox = ContentState.partial(ContentState.Partial(missing: [partial.missing[0]]))
    #expect(inbox.isSameState(as: .partial(same)))
    #expect(!inbox.isSameState(as: .partial(renamed)))
    #expect(!inbox.isSameState(as: .partial(unnamed)))
  }

  @Test func everyPhaseAndContentGivesTheTablesState() {
    let error = Failure(description: "x")
    let table: [(ContentState.LoadingPhase, Bool, ContentState.Kind)] = [
      (.idle, false, .initial), (.idle, true, .content), (.loading, false, .loading),
      (.loading, true, .refreshing), (.loaded, true, .content), (.loaded, false, .empty),
      (.failed(error), false, .error), (.failed(error), true, .contentWithFailure),
    ]
    for (phase, hasContent, kind) in table {
      #expect(
        ContentState(phase: phase, hasContent: hasContent).kind == kind, "\(phase) \(hasContent)")
    }
  }
}
