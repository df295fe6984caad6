import DataSourceGraphSections
import Testing

/// The printed forms of content states: the short one a banner or a log
/// line uses, and the debug one that shows all `isSameState(as:)` compares.
@Suite struct ContentStateDescriptionTests {
  struct Failure: Error, CustomStringConvertible {
    var description: String
  }

  /// A combinator's error that lists its children's failures.
  struct Failures: ContentState.ChildFailureList, CustomStringConvertible {
    var childFailures: [(child: Int, name: String?, error: any Error)]
    var description: String { "\(childFailures.count) failed" }
  }

  static let partial = ContentState.partial(
    .init(
      missing: [
        .init(child: 0, name: "Inbox", reason: .pending),
        .init(child: 2, reason: .failed(Failure(description: "timeout"))),
      ], isRefreshing: true))

  @Test func theShortFormNamesTheCaseAndTheErrorsOwnDescription() {
    #expect(ContentState.loading.description == "loading")
    #expect(ContentState.refreshing.description == "refreshing")
    #expect(ContentState.error(Failure(description: "timeout")).description == "error(timeout)")
    #expect(
      ContentState.contentWithFailure(Failure(description: "offline")).description
        == "contentWithFailure(offline)")
    #expect(Self.partial.description == "partial(Inbox pending, child 2 failed: timeout)")
  }

  @Test func theDebugFormShowsChildrenAndRefreshing() {
    #expect(String(reflecting: ContentState.initial) == "initial")
    #expect(
      ContentState.error(Failure(description: "timeout")).debugDescription == "error(timeout)")
    #expect(
      Self.partial.debugDescription
        == #"partial([child 0 "Inbox" pending, child 2 failed: timeout], refreshing)"#)
    let failures = Failures(childFailures: [
      (1, "Recent", Failure(description: "timeout")), (2, nil, Failure(description: "offline")),
    ])
    #expect(ContentState.error(failures).description == "error(2 failed)")
    #expect(
      ContentState.error(failures).debugDescription
        == #"error([child 1 "Recent": timeout, child 2: offline])"#)
    #expect(
      ContentState.contentWithFailure(failures).debugDescription
        == #"contentWithFailure([child 1 "Recent": timeout, child 2: offline])"#)
  }
}
