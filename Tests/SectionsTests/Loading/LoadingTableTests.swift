import DataSourceGraphSections
import Testing

/// The state table of the "Loading state" article (DataSourceGraphSections
/// documentation), also on `ContentState`: every row, reached through the
/// public API, and every transition between the rows.
@MainActor
@Suite struct LoadingTableTests {
  typealias Source = MutableDataSource<Int, Row>

  /// The phases of the table, without the error.
  enum Phase: CaseIterable { case idle, loading, loaded, failed }

  /// The table, written out independently of the library.
  nonisolated static func expected(_ phase: Phase, hasContent: Bool) -> ContentState.Kind {
    switch (phase, hasContent) {
    case (.idle, false): .initial
    case (.idle, true): .content
    case (.loading, false): .loading
    case (.loading, true): .refreshing
    case (.loaded, true): .content
    case (.loaded, false): .empty
    case (.failed, false): .error
    case (.failed, true): .contentWithFailure
    }
  }

  /// A source and the tokens of its loads.
  @MainActor
  final class Rig {
    let source = Source(sections: [RowSection(id: 0)])
    var tokens: [LoadToken<Int, Row>] = []

    func start() { source.load { [weak self] in self?.tokens.append($0) } }
    var latest: LoadToken<Int, Row> { tokens[tokens.count - 1] }
  }

  /// The states a test starts from: every row of the table.
  enum Start: CaseIterable {
    case initial, idleWithContent, loading, refreshing, content, empty, error, contentWithFailure
  }

  /// What a test does to a source in one step.
  enum Step: CaseIterable {
    case startLoad, reload, succeedWithRows, succeedEmpty, succeedEditing, succeedUnchanged, fail
    case appendItem, removeAllItems, reset, resetWithContent, requireTwoItems
  }

  /// The model: what the table says the source is.
  struct Model {
    var phase = Phase.idle
    var items = 0
    var twoRequired = false
    var answerPending = false
    var hasLoader = false

    var kind: ContentState.Kind {
      LoadingTableTests.expected(phase, hasContent: items >= (twoRequired ? 2 : 1))
    }

    mutating func apply(_ step: Step) {
      switch step {
      case .startLoad: (phase, answerPending, hasLoader) = (.loading, true, true)
      case .reload where hasLoader: (phase, answerPending) = (.loading, true)
      case .reload: break
      case .succeedWithRows where answerPending: (phase, items, answerPending) = (.loaded, 3, false)
      case .succeedEmpty where answerPending: (phase, items, answerPending) = (.loaded, 0, false)
      case .succeedEditing where answerPending:
        (phase, items, answerPending) = (.loaded, items + 1, false)
      case .succeedUnchanged where answerPending: (phase, answerPending) = (.loaded, false)
      case .fail where answerPending: (phase, answerPending) = (.failed, false)
      case .succeedWithRows, .succeedEmpty, .succeedEditing, .succeedUnchanged, .fail: break
      case .appendItem: items += 1
      case .removeAllItems: items = 0
      case .reset: (phase, items, answerPending) = (.idle, 0, false)
      case .resetWithContent: (phase, items, answerPending) = (.idle, 3, false)
      case .requireTwoItems: twoRequired = true
      }
    }
  }

  static let rows = LoadingFixture.rows(1...3)
  static let down = LoadFailure(name: "down")

  /// Drives a fresh source, and its model, to `start`.
  static func rig(at start: Start) -> (Rig, Model) {
    let rig = Rig()
    var model = Model()
    let steps: [Step] =
      switch start {
      case .initial: []
      case .idleWithContent: [.appendItem]
      case .loading: [.startLoad]
      case .refreshing: [.startLoad, .succeedWithRows, .startLoad]
      case .content: [.startLoad, .succeedWithRows]
      case .empty: [.startLoad, .succeedEmpty]
      case .error: [.startLoad, .fail]
      case .contentWithFailure: [.startLoad, .succeedWithRows, .startLoad, .fail]
      }
    for step in steps {
      perform(step, on: rig)
      model.apply(step)
    }
    return (rig, model)
  }

  static func perform(_ step: Step, on rig: Rig) {
    let source = rig.source
    switch step {
    case .startLoad: rig.start()
    case .reload: source.reload()
    case .succeedWithRows: rig.tokens.last?.succeed(with: rows)
    case .succeedEmpty: rig.tokens.last?.succeed(with: LoadingFixture.empty)
    case .succeedEditing: rig.tokens.last?.succeed { $0[0].items.append(Row(id: 9)) }
    case .succeedUnchanged: rig.tokens.last?.succeed()
    case .fail: rig.tokens.last?.fail(down)
    case .appendItem: source.append([Row(id: 10 + source.numberOfItems)], toSection: 0)
    case .removeAllItems:
      source.deleteItems(withIDs: source.snapshot.sections.flatMap { $0.items.map(\.id) })
    case .reset: source.reset(to: RowSnapshot(id: 0, items: []))
    case .resetWithContent: source.reset(to: rows)
    case .requireTwoItems: source.contentPredicate = { $0.numberOfItems >= 2 }
    }
  }

  @Test func everyRowOfTheTable() {
    let error = LoadFailure(name: "timeout")
    let phases: [(Phase, ContentState.LoadingPhase)] = [
      (.idle, .idle), (.loading, .loading), (.loaded, .loaded), (.failed, .failed(error)),
    ]
    for (phase, loadingPhase) in phases {
      for hasContent in [false, true] {
        let state = ContentState(phase: loadingPhase, hasContent: hasContent)
        #expect(
          state.kind == Self.expected(phase, hasContent: hasContent), "\(phase) \(hasContent)")
        #expect(state.hasContent == hasContent, "\(phase) \(hasContent)")
        if case .failed = phase { #expect(state.error as? LoadFailure == error) }
      }
    }
    // Each row, reached through the public API, with its phase.
    for start in Start.allCases {
      let (rig, model) = Self.rig(at: start)
      #expect(rig.source.contentState.kind == model.kind, "\(start)")
      #expect(rig.source.phase.isLoading == (model.phase == .loading), "\(start)")
      #expect(
        (rig.source.contentState.error as? LoadFailure)
          == (model.phase == .failed ? Self.down : nil))
    }
  }

  /// From every row, every step: the state is the table's, the content
  /// batch comes before the state change, and at most one state change is
  /// told, from the old state to the new one.
  @Test func everyStepFromEveryRow() {
    var seen = Set<Pair>()
    for start in Start.allCases {
      for step in Step.allCases {
        let (rig, before) = Self.rig(at: start)
        var model = before
        let log = LoadLog(rig.source)
        Self.perform(step, on: rig)
        model.apply(step)
        let label = "\(start) then \(step)"
        #expect(rig.source.contentState.kind == model.kind, "\(label)")
        #expect(log.problems.isEmpty, "\(label): \(log.problems)")
        #expect(log.copy == rig.source.snapshot, "\(label)")
        let transitions = log.transitions
        if before.kind == model.kind {
          #expect(transitions.isEmpty, "\(label): \(log.entries)")
        } else {
          #expect(transitions.count == 1, "\(label): \(log.entries)")
          #expect(transitions.first.map { [$0.0, $0.1] } == [before.kind, model.kind], "\(label)")
          // A batch, if any, comes first.
          if case .state = log.entries.first, log.entries.count > 1 {
            Issue.record("\(label): state change before the batch: \(log.entries)")
          }
          seen.insert(Pair(from: before.kind, to: model.kind))
        }
      }
    }
    // The one-step transitions are exactly these.
    let expected: Set<Pair> = [
      Pair(.initial, .loading), Pair(.initial, .content),
      Pair(.loading, .content), Pair(.loading, .empty), Pair(.loading, .error),
      Pair(.loading, .refreshing), Pair(.loading, .initial),
      Pair(.refreshing, .content), Pair(.refreshing, .empty),
      Pair(.refreshing, .contentWithFailure), Pair(.refreshing, .loading),
      Pair(.refreshing, .initial), Pair(.refreshing, .content),
      Pair(.content, .refreshing), Pair(.content, .initial), Pair(.content, .empty),
      Pair(.empty, .loading), Pair(.empty, .content), Pair(.empty, .initial),
      Pair(.error, .loading), Pair(.error, .contentWithFailure), Pair(.error, .initial),
      Pair(.error, .content),
      Pair(.contentWithFailure, .refreshing), Pair(.contentWithFailure, .error),
      Pair(.contentWithFailure, .initial), Pair(.contentWithFailure, .content),
    ]
    #expect(
      seen == expected,
      "missing \(expected.subtracting(seen)), unexpected \(seen.subtracting(expected))")
  }

  /// Every ordered pair of rows is connected by a path of steps, and
  /// driving the path tells one consistent chain of state changes.
  @Test func everyRowReachesEveryOther() {
    let kinds: [ContentState.Kind] = [
      .initial, .loading, .refreshing, .content, .empty, .error, .contentWithFailure,
    ]
    for from in Start.allCases where from != .idleWithContent {
      for target in kinds {
        let (rig, start) = Self.rig(at: from)
        guard start.kind != target else { continue }
        guard let path = Self.path(from: start, to: target) else {
          Issue.record("no path from \(from) to \(target)")
          continue
        }
        let log = LoadLog(rig.source)
        for step in path { Self.perform(step, on: rig) }
        #expect(rig.source.contentState.kind == target, "\(from) to \(target) by \(path)")
        #expect(log.problems.isEmpty, "\(from) to \(target): \(log.problems)")
        #expect(log.transitions.first?.0 == start.kind && log.transitions.last?.1 == target)
      }
    }
  }

  /// A shortest path of steps on the model (breadth first).
  static func path(from start: Model, to target: ContentState.Kind) -> [Step]? {
    var queue: [(Model, [Step])] = [(start, [])]
    var index = 0
    while index < queue.count, queue.count < 100_000 {
      let (model, path) = queue[index]
      index += 1
      if model.kind == target { return path }
      guard path.count < 5 else { continue }
      for step in Step.allCases where step != .reload && step != .requireTwoItems {
        var next = model
        next.apply(step)
        queue.append((next, path + [step]))
      }
    }
    return nil
  }

  /// A transition between two state kinds.
  struct Pair: Hashable, CustomStringConvertible {
    var from: ContentState.Kind
    var to: ContentState.Kind
    init(_ from: ContentState.Kind, _ to: ContentState.Kind) { (self.from, self.to) = (from, to) }
    init(from: ContentState.Kind, to: ContentState.Kind) { (self.from, self.to) = (from, to) }
    var description: String { "\(from)->\(to)" }
  }
}
