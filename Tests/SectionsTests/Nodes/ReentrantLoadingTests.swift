import DataSourceGraphNodes
import DataSourceGraphSections
import DataSourceGraphTesting
import SectionsTestSupport
import Testing

/// Observers that answer and start loads while they are told of a change:
/// the reproductions of the bugs found there, each a regression test.
@Suite struct ReentrantLoadingTests {
  struct T: Identifiable, Equatable {
    var id: Int
    var v = 0
  }

  struct Offline: Error, CustomStringConvertible {
    var description: String { "offline" }
  }

  static func rows(_ ids: [Int]) -> Snapshot<Int, T> {
    Snapshot(id: 0, items: ids.map { T(id: $0) })
  }

  /// Records every event of `source` and checks that each state change
  /// starts from the state announced before it.
  final class Recorder {
    var states: [ContentState]
    var failures: [String] = []
    var batches = 0
    var observation: ObservationToken?

    init(_ source: MutableDataSource<Int, T>) {
      states = [source.contentState]
    }

    func record(_ event: DataSourceEvent<Int, T>) {
      switch event {
      case .changed: batches += 1
      case .stateChanged(let old, let new):
        if !old.isSameState(as: states.last!) {
          failures.append("\(old) → \(new) after \(states.last!)")
        }
        states.append(new)
      }
    }
  }

  /// 3. A load answered from an observer told of an edit: observers heard
  /// `refreshing → content`, then `loading → content`.
  @Test func answeringALoadFromAnObserverKeepsTheStateEventsInOrder() {
    let leaf = MutableDataSource<Int, T>(snapshot: Snapshot(sections: [SnapshotSection(id: 0)]))
    var token: LoadToken<Int, T>?
    leaf.load { token = $0 }
    let recorder = Recorder(leaf)
    let mirror = MirrorRenderer(for: leaf)
    let rendering = leaf.render(into: mirror)
    var answered = false
    recorder.observation = leaf.observe { event in
      if case .changed = event, !answered {
        answered = true
        token?.succeed(with: Self.rows([1, 2]))
      }
      recorder.record(event)
    }
    leaf.append([T(id: 1)], toSection: 0)
    #expect(recorder.failures == [])
    #expect(recorder.states.map(\.kind) == [.loading, .refreshing, .content])
    #expect(recorder.states.last!.isSameState(as: leaf.contentState))
    #expect(mirror.failures == [])
    #expect(mirror.snapshot == leaf.snapshot)
    #expect(mirror.state.isSameState(as: leaf.contentState))
    withExtendedLifetime(rendering) {}
  }

  /// 4. `succeed(with:)` then `fail(_:)` from one observer kept the second
  /// answer: a token answers once.
  @Test func aLoadAnsweredTwiceInOneDeliveryKeepsTheFirstAnswer() {
    let leaf = MutableDataSource<Int, T>(snapshot: Self.rows([1]))
    let other = MutableDataSource<Int, T>(snapshot: Self.rows([]))
    var token: LoadToken<Int, T>?
    leaf.load { token = $0 }
    var results: [Bool] = []
    let observation = other.observe { _ in
      guard let token, results.isEmpty else { return }
      results.append(token.succeed(with: Self.rows([1, 2])))
      results.append(token.isCurrent)
      results.append(token.fail(Offline()))
    }
    other.append([T(id: 9)], toSection: 0)
    #expect(results == [true, false, false])
    #expect(leaf.contentState.kind == .content)
    #expect(leaf.snapshot == Self.rows([1, 2]))
    withExtendedLifetime(observation) {}
  }

  /// 5. `succeed()` from an observer undid the edits queued before it.
  @Test func succeedingFromAnObserverKeepsTheEditsQueuedBeforeIt() {
    let leaf = MutableDataSource<Int, T>(snapshot: Self.rows([1]))
    var token: LoadToken<Int, T>?
    leaf.load { token = $0 }
    var done = false
    let observation = leaf.observe { event in
      guard case .changed = event, !done else { return }
      done = true
      leaf.append([T(id: 9)], toSection: 0)
      token?.succeed()
      // An index that is valid only once the append above is made.
      leaf.deleteItems(at: [ItemPath(section: 0, item: 2)])
    }
    leaf.append([T(id: 2)], toSection: 0)
    #expect(leaf.snapshot == Self.rows([1, 2]))
    #expect(leaf.contentState.kind == .content)
    withExtendedLifetime(observation) {}
  }

  /// 5, in the editing style: the edit runs on the content the queued
  /// changes left.
  @Test func succeedingByEditingFromAnObserverEditsTheQueuedContent() {
    let leaf = MutableDataSource<Int, T>(snapshot: Self.rows([1]))
    var token: LoadToken<Int, T>?
    leaf.load { token = $0 }
    var done = false
    let observation = leaf.observe { event in
      guard case .changed = event, !done else { return }
      done = true
      leaf.append([T(id: 9)], toSection: 0)
      token?.succeed { $0[0].items.append(T(id: 10)) }
    }
    leaf.append([T(id: 2)], toSection: 0)
    #expect(leaf.snapshot == Self.rows([1, 2, 9, 10]))
    withExtendedLifetime(observation) {}
  }

  /// 6. `load {}` from an observer overtook an answer requested before it.
  @Test func aLoadStartedFromAnObserverComesAfterTheAnswerRequestedBeforeIt() {
    let leaf = MutableDataSource<Int, T>(snapshot: Self.rows([1]))
    var first: LoadToken<Int, T>?
    leaf.load { first = $0 }
    var second: LoadToken<Int, T>?
    var accepted: Bool?
    let other = MutableDataSource<Int, T>(snapshot: Self.rows([]))
    let observation = other.observe { _ in
      guard accepted == nil else { return }
      accepted = first?.succeed(with: Self.rows([1, 2]))
      leaf.load { second = $0 }
    }
    other.append([T(id: 9)], toSection: 0)
    #expect(accepted == true)
    #expect(leaf.snapshot == Self.rows([1, 2]))
    #expect(second?.isCurrent == true)
    #expect(leaf.contentState.kind == .refreshing)
    second?.succeed(with: Self.rows([3]))
    #expect(leaf.snapshot == Self.rows([3]))
    withExtendedLifetime(observation) {}
  }

  /// A reload requested from an observer keeps the request order too.
  @Test func aReloadRequestedFromAnObserverComesAfterTheAnswerRequestedBeforeIt() {
    let leaf = MutableDataSource<Int, T>(snapshot: Self.rows([1]))
    var tokens: [LoadToken<Int, T>] = []
    leaf.load { tokens.append($0) }
    let other = MutableDataSource<Int, T>(snapshot: Self.rows([]))
    var accepted: Bool?
    let observation = other.observe { _ in
      guard accepted == nil else { return }
      accepted = tokens[0].succeed(with: Self.rows([1, 2]))
      leaf.reload()
    }
    other.append([T(id: 9)], toSection: 0)
    #expect(accepted == true)
    #expect(leaf.snapshot == Self.rows([1, 2]))
    #expect(leaf.contentState.kind == .refreshing)
    withExtendedLifetime(observation) {}
  }

  /// A caller waiting for a load answered from an observer runs after
  /// every observer was told of the final state (it ran before the
  /// observers were told once answers were made inside the wave).
  @Test func waitersRunAfterTheObserversHeardTheAnswerGivenFromAnObserver() {
    let leaf = MutableDataSource<Int, T>(snapshot: Self.rows([1]))
    var token: LoadToken<Int, T>?
    leaf.load { token = $0 }
    let other = MutableDataSource<Int, T>(snapshot: Self.rows([]))
    var told: [ContentState.Kind] = []
    var toldWhenWaiterRan: [ContentState.Kind]?
    let observation = leaf.observe { event in
      if case .stateChanged(_, let new) = event { told.append(new.kind) }
    }
    leaf.whenLoaded { toldWhenWaiterRan = told }
    let answering = other.observe { _ in token?.succeed(with: Self.rows([1, 2])) }
    other.append([T(id: 9)], toSection: 0)
    #expect(toldWhenWaiterRan == [.content])
    withExtendedLifetime((observation, answering)) {}
  }
}
