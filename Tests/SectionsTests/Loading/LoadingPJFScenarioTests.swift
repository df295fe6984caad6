import DataSourceGraphSections
import Testing

/// PJFDataSource's demo as a test: three loads started in quick succession,
/// answered (success, empty or error) in every order of arrival. The final
/// content and state always reflect the last load started, and no stale
/// answer ever produces a batch or a state change.
@MainActor
@Suite struct LoadingPJFScenarioTests {
  typealias Source = MutableDataSource<Int, Row>

  enum Answer: CaseIterable { case success, empty, error }

  /// Every assignment of answers to the three loads (3³), each one with
  /// every order of arrival (3!).
  nonisolated static let assignments: [[Answer]] = Answer.allCases.flatMap { a in
    Answer.allCases.flatMap { b in Answer.allCases.map { c in [a, b, c] } }
  }
  static let orders: [[Int]] = [
    [0, 1, 2], [0, 2, 1], [1, 0, 2], [1, 2, 0], [2, 0, 1], [2, 1, 0],
  ]
  static let prior = LoadingFixture.rows(100...102)

  /// What load `index` answers with.
  static func result(_ answer: Answer, of index: Int) -> Result<RowSnapshot, any Error> {
    switch answer {
    case .success: .success(LoadingFixture.rows((10 * index + 1)...(10 * index + 3)))
    case .empty: .success(LoadingFixture.empty)
    case .error: .failure(LoadFailure(name: "load \(index)"))
    }
  }

  /// The content and state the last load's answer leaves.
  static func expectedEnd(_ answer: Answer, hadContent: Bool) -> (RowSnapshot, ContentState.Kind) {
    switch answer {
    case .success: (LoadingFixture.rows(21...23), .content)
    case .empty: (LoadingFixture.empty, .empty)
    case .error:
      hadContent
        ? (prior, .contentWithFailure) : (RowSnapshot(sections: [RowSection(id: 0)]), .error)
    }
  }

  static func source(withContent: Bool) -> Source {
    let source = Source(sections: [RowSection(id: 0)])
    if withContent { source.load { $0.succeed(with: prior) } }
    return source
  }

  @Test(arguments: [false, true])
  func callbackStyle(withContent: Bool) {
    for answers in Self.assignments {
      for order in Self.orders {
        let label = "answers \(answers), arrival \(order), content before: \(withContent)"
        let source = Self.source(withContent: withContent)
        let log = LoadLog(source)
        var tokens: [LoadToken<Int, Row>] = []
        for _ in 0..<3 { source.load { tokens.append($0) } }
        // One state change for the three starts: to loading or refreshing.
        #expect(log.transitions.map(\.1) == [withContent ? .refreshing : .loading], "\(label)")
        #expect(tokens.map(\.isCurrent) == [false, false, true], "\(label)")
        for index in order {
          let before = (log.count, source.snapshot, source.contentState)
          let applied = tokens[index].finish(Self.result(answers[index], of: index))
          #expect(applied == (index == 2), "\(label): load \(index)")
          if index != 2 {
            #expect(log.count == before.0, "\(label): stale load \(index) told observers")
            #expect(source.snapshot == before.1, "\(label): stale load \(index) changed content")
            #expect(source.contentState.isSameState(as: before.2), "\(label): load \(index)")
          }
        }
        let (snapshot, kind) = Self.expectedEnd(answers[2], hadContent: withContent)
        #expect(source.snapshot == snapshot, "\(label)")
        #expect(source.contentState.kind == kind, "\(label)")
        if answers[2] == .error {
          #expect((source.contentState.error as? LoadFailure)?.name == "load 2", "\(label)")
        }
        #expect(log.problems.isEmpty && log.copy == source.snapshot, "\(label): \(log.problems)")
        #expect(tokens.allSatisfy { !$0.isCurrent }, "\(label)")
      }
    }
  }

  /// The same with `async` loads: the obsolete fetches are cancelled (they
  /// ignore it, as a careless fetch would) and what they return is ignored.
  @Test(arguments: [false, true])
  func asyncStyle(withContent: Bool) async {
    for answers in Self.assignments {
      for order in Self.orders {
        let label = "answers \(answers), arrival \(order), content before: \(withContent)"
        let source = Self.source(withContent: withContent)
        let log = LoadLog(source)
        let gates = [Gate(), Gate(), Gate()]
        var loads: [Task<ContentState.LoadOutcome, Never>] = []
        for gate in gates {
          loads.append(Task { await source.load { try await gate.fetch() } })
          #expect(await LoadingFixture.settle(until: { gate.isWaiting }), "\(label)")
        }
        #expect(log.transitions.map(\.1) == [withContent ? .refreshing : .loading], "\(label)")
        for index in order {
          let before = (log.count, source.snapshot, source.contentState)
          gates[index].open(Self.result(answers[index], of: index))
          let outcome = await loads[index].value
          if index == 2 {
            #expect(!gates[index].wasCancelled, "\(label)")
            switch (answers[index], outcome) {
            case (.success, .loaded), (.empty, .loaded), (.error, .failed): break
            default: Issue.record("\(label): the last load ended \(outcome)")
            }
          } else {
            #expect(gates[index].wasCancelled, "\(label): load \(index) was not cancelled")
            #expect(outcome.isObsolete, "\(label): load \(index) ended \(outcome)")
            #expect(log.count == before.0, "\(label): stale load \(index) told observers")
            #expect(source.snapshot == before.1, "\(label): stale load \(index) changed content")
            #expect(source.contentState.isSameState(as: before.2), "\(label): load \(index)")
          }
        }
        let (snapshot, kind) = Self.expectedEnd(answers[2], hadContent: withContent)
        #expect(source.snapshot == snapshot, "\(label)")
        #expect(source.contentState.kind == kind, "\(label)")
        #expect(log.problems.isEmpty && log.copy == source.snapshot, "\(label): \(log.problems)")
      }
    }
  }
}

extension ContentState.LoadOutcome {
  var isObsolete: Bool { if case .obsolete = self { true } else { false } }
  var isCancelled: Bool { if case .cancelled = self { true } else { false } }
  var isLoaded: Bool { if case .loaded = self { true } else { false } }
  var isFailed: Bool { if case .failed = self { true } else { false } }
}
