import DataSourceGraphSections
import Testing

@Suite struct ContentStateTests {
  struct Failure: Error, CustomStringConvertible {
    var description: String
  }

  @Test func sameStateComparesPayloads() {
    let pending = PartialContent.Missing(child: 1, reason: .pending)
    let failed = PartialContent.Missing(child: 1, reason: .failed(Failure(description: "down")))
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

  @Test func everyPhaseAndContentGivesTheTablesState() {
    let error = Failure(description: "x")
    let table: [(LoadingPhase, Bool, ContentState.Kind)] = [
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
