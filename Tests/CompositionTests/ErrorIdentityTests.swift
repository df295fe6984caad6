import DataSourceGraphComposition
import DataSourceGraphSections
import Testing

/// Error states compare by structure, not by their text: a composite whose
/// failed child moves, or whose child fails with another error that reads
/// the same, tells its observers; the same error announced again does not.
@Suite struct ErrorIdentityTests {
  struct T: Identifiable, Equatable {
    var id: Int
    var v = 0
  }

  /// A failure that reads "offline".
  struct NetworkError: Error, CustomStringConvertible {
    var description: String { "offline" }
  }

  /// Another failure that reads "offline" too.
  struct CacheError: Error, CustomStringConvertible {
    var description: String { "offline" }
  }

  /// Equatable failures that all read the same.
  enum Code: Error, Equatable, CustomStringConvertible {
    case denied, expired
    var description: String { "failed" }
  }

  /// A failure that is a class: the same instance is the same error.
  final class Failure: Error, CustomStringConvertible {
    var description: String { "offline" }
  }

  /// A leaf with one section, loaded with `items` (so empty when there
  /// are none).
  static func loaded(_ items: [T] = []) -> MutableDataSource<Int, T> {
    let leaf = MutableDataSource<Int, T>(snapshot: Snapshot(id: 0, items: items))
    leaf.load { token in token.succeed() }
    return leaf
  }

  /// A leaf with one section whose load failed with `error`.
  static func failed(_ error: any Error, _ items: [T] = []) -> MutableDataSource<Int, T> {
    let leaf = MutableDataSource<Int, T>(snapshot: Snapshot(id: 0, items: items))
    leaf.load { token in token.fail(error) }
    return leaf
  }

  /// The new states `node` announces, recorded until the token is cancelled.
  final class StateLog {
    var states: [ContentState] = []
    var observation: ObservationToken?

    init(_ node: some DataSource) {
      observation = node.observe { [unowned self] event in
        if case .stateChanged(_, let new) = event { states.append(new) }
      }
    }
  }

  /// The failed children an aggregate state lists: (index, name).
  static func failures(_ state: ContentState) -> [ContentState.ChildFailure]? {
    (state.error as? ContentState.AggregateError)?.failures
  }

  // MARK: Which child failed

  /// Moving the failed child changes the index the error names: a state
  /// change, although the text ("offline") is the same.
  @Test func movingTheFailedChildIsAStateChange() throws {
    let screen = CompositeDataSource(Self.loaded(), Self.failed(NetworkError()))
    #expect(screen.contentState.kind == .error)
    #expect(Self.failures(screen.contentState)?.map(\.child) == [1])
    let log = StateLog(screen)
    screen.moveChild(from: 1, to: 0)
    #expect(log.states.count == 1)
    let new = try #require(log.states.last)
    #expect(new.kind == .error)
    #expect(Self.failures(new)?.map(\.child) == [0])
    #expect(Self.failures(new)?.map(\.description) == ["child 0: offline"])
    #expect(new.isSameState(as: screen.contentState))
    log.observation?.cancel()
  }

  /// The same for a failure kept with content.
  @Test func movingAChildThatKeepsAFailureIsAStateChange() throws {
    let screen = CompositeDataSource(
      Self.loaded([T(id: 1)]), Self.failed(NetworkError(), [T(id: 2)]))
    #expect(screen.contentState.kind == .contentWithFailure)
    #expect(Self.failures(screen.contentState)?.map(\.child) == [1])
    let log = StateLog(screen)
    screen.moveChild(from: 1, to: 0)
    #expect(log.states.count == 1)
    let new = try #require(log.states.last)
    #expect(new.kind == .contentWithFailure)
    #expect(Self.failures(new)?.map(\.child) == [0])
    log.observation?.cancel()
  }

  /// Two leaves failed with different errors that read the same: showing
  /// the other one is a state change.
  @Test func showingTheOtherFailedLeafIsAStateChange() throws {
    let tabs = SegmentedDataSource(Self.failed(NetworkError()), Self.failed(CacheError()))
    #expect("\(tabs.contentState)" == "error(offline)")
    let log = StateLog(tabs)
    tabs.selectedIndex = 1
    #expect(log.states.count == 1)
    let new = try #require(log.states.last)
    #expect(new.error is CacheError)
    #expect("\(new)" == "error(offline)")
    log.observation?.cancel()
  }

  /// A child whose error changes for another that reads the same (another
  /// type, or an `Equatable` error that is not equal) changes the
  /// composite's state.
  @Test func anotherErrorOfTheSameTextIsAStateChange() {
    let archive = StubSource(id: 1, state: .error(NetworkError()))
    let screen = CompositeDataSource(StubSource(id: 0, state: .empty), archive)
    let log = StateLog(screen)
    archive.set(.error(CacheError()))
    #expect(log.states.count == 1)
    #expect(Self.failures(screen.contentState)?.first?.error is CacheError)
    archive.set(.error(Code.denied))
    archive.set(.error(Code.expired))
    #expect(log.states.count == 3)
    #expect(Self.failures(screen.contentState)?.first?.error as? Code == .expired)
    archive.set(.error(Failure()))
    #expect(log.states.count == 4)
    log.observation?.cancel()
  }

  // MARK: The same error again

  /// The same error announced again is not a new event: the composite
  /// builds a new aggregate error, with the same children and errors.
  @Test func theSameErrorAgainIsNoEvent() {
    let archive = StubSource(id: 1, state: .error(NetworkError()))
    let screen = CompositeDataSource(StubSource(id: 0, state: .empty), archive)
    let log = StateLog(screen)
    archive.set(.error(NetworkError()))  // a new value that reads the same
    archive.set(.error(Code.denied))
    archive.set(.error(Code.denied))
    let failure = Failure()
    archive.set(.error(failure))
    archive.set(.error(failure))  // the same instance
    archive.set(.error(Failure()))  // another instance, not Equatable, reading the same
    #expect(log.states.count == 2, "\(log.states)")
    log.observation?.cancel()
  }

  /// Another child's change that leaves the failure as it was emits its
  /// batch but no state change, for an error and for a kept failure.
  @Test func anotherChildsChangeKeepsTheFailure() {
    let inbox = Self.loaded()
    let screen = CompositeDataSource(inbox, Self.failed(NetworkError()))
    var events: [String] = []
    let observation = screen.observe { event in
      switch event {
      case .changed: events.append("changed")
      case .stateChanged: events.append("stateChanged")
      }
    }
    inbox.appendSection(SnapshotSection(id: 1))
    #expect(events == ["changed"])
    #expect(screen.contentState.kind == .error)
    observation.cancel()

    let drafts = Self.loaded([T(id: 1)])
    let kept = CompositeDataSource(drafts, Self.failed(NetworkError(), [T(id: 2)]))
    let log = StateLog(kept)
    drafts.update(T(id: 1, v: 5))
    #expect(log.states.isEmpty)
    #expect(kept.contentState.kind == .contentWithFailure)
    log.observation?.cancel()
  }
}
