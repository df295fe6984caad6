import DataSourceGraphNodes
import DataSourceGraphSections
import SectionsTestSupport
import TestSupport
import Testing

/// Seeded random schedules of starts, successes, failures, cancellations,
/// resets and edits, checked step by step against a model: only the newest
/// load's first answer is applied, a stale answer never tells the observers
/// anything, the state is always the table's, and a renderer that applies
/// every batch holds the source's content.
@MainActor
@Suite struct LoadingRandomScheduleTests {
  typealias Source = MutableDataSource<Int, Row>
  typealias Phase = LoadingTableTests.Phase

  nonisolated static let seeds: [UInt64] = PropertyDepth.seeds(debug: 1...10, release: 1...100)
  nonisolated static let steps = PropertyDepth.steps(debug: 400, release: 3_000)
  nonisolated static let asyncSeeds: [UInt64] = PropertyDepth.seeds(debug: 1...4, release: 1...40)
  nonisolated static let asyncSteps = PropertyDepth.steps(debug: 60, release: 500)

  /// The model of a source.
  struct Model {
    var content = RowSnapshot()
    var phase = Phase.idle
    var phaseBeforeLoad = Phase.idle
    var error = ""
    /// The index of the load whose answer would be applied.
    var open: Int?
    var twoRequired = false

    var kind: ContentState.Kind {
      LoadingTableTests.expected(phase, hasContent: content.numberOfItems >= (twoRequired ? 2 : 1))
    }

    mutating func start(_ index: Int) {
      if phase != .loading { phaseBeforeLoad = phase }
      phase = .loading
      open = index
    }

    mutating func finish(_ result: Result<RowSnapshot, LoadFailure>) {
      switch result {
      case .success(let snapshot): (content, phase) = (snapshot, .loaded)
      case .failure(let failure): (phase, error) = (.failed, failure.name)
      }
      open = nil
    }
  }

  /// Compares the source with the model; returns a description of the first
  /// difference.
  static func mismatch(_ source: Source, _ model: Model, _ log: LoadLog) -> String? {
    if source.snapshot != model.content { return "content \(source.snapshot) != \(model.content)" }
    if source.contentState.kind != model.kind {
      return "state \(source.contentState) != \(model.kind)"
    }
    if model.phase == .failed, (source.phase.error as? LoadFailure)?.name != model.error {
      return "error \(source.phase) != \(model.error)"
    }
    if !log.problems.isEmpty { return "log: \(log.problems)" }
    if log.copy != source.snapshot { return "the renderer's copy differs" }
    return nil
  }

  @Test(.namesTheSeed)
  func callbackSchedules() async { await forEachSeed(Self.seeds, callbackSchedules(seed:)) }

  func callbackSchedules(seed: UInt64) {
    var rng = SplitMix64(seed: seed)
    var generator = SnapshotGenerator(seed: seed &* 0x9E37_79B9)
    let source = Source()
    let log = LoadLog(source)
    var tokens: [LoadToken<Int, Row>] = []
    var model = Model()
    for step in 0..<Self.steps {
      let told = log.count
      let roll = Int.random(in: 0..<100, using: &rng)
      let label = "seed \(seed), step \(step), roll \(roll)"
      switch roll {
      case 0..<25:
        source.load { tokens.append($0) }
        model.start(tokens.count - 1)
      case 25..<65 where !tokens.isEmpty:
        // Recent tokens more often: they are the interesting ones.
        let back = min(tokens.count - 1, Int.random(in: 0..<4, using: &rng))
        let index =
          Bool.random(using: &rng)
          ? tokens.count - 1 - back : Int.random(in: 0..<tokens.count, using: &rng)
        let applies = model.open == index
        let applied: Bool
        switch Int.random(in: 0..<4, using: &rng) {
        case 0:
          let next = generator.variation(of: model.content)
          applied = tokens[index].succeed(with: next)
          if applies { model.finish(.success(next)) }
        case 1:
          let edit: (inout [RowSection]) -> Void = { sections in
            if sections.isEmpty { sections.append(RowSection(id: 0)) }
            sections[0].items.append(Row(id: 1_000 + step))
          }
          applied = tokens[index].succeed(editing: edit)
          if applies {
            var sections = model.content.sections
            edit(&sections)
            model.finish(.success(RowSnapshot(sections: sections)))
          }
        case 2:
          applied = tokens[index].succeed()
          if applies { model.finish(.success(model.content)) }
        default:
          let failure = LoadFailure(name: "step \(step)")
          applied = tokens[index].fail(failure)
          if applies { model.finish(.failure(failure)) }
        }
        #expect(applied == applies, "\(label): token \(index) of \(tokens.count)")
        if !applies { #expect(log.count == told, "\(label): a stale answer told the observers") }
      case 65..<75:
        let next = generator.variation(of: model.content)
        source.replace(with: next)
        model.content = next
      case 75..<80:
        let next = Bool.random(using: &rng) ? RowSnapshot() : generator.snapshot()
        source.reset(to: next)
        (model.content, model.phase, model.open) = (next, .idle, nil)
      case 80..<84:
        model.twoRequired.toggle()
        source.contentPredicate = model.twoRequired ? { $0.numberOfItems >= 2 } : nil
      default:
        let current = tokens.indices.filter { tokens[$0].isCurrent }
        #expect(current == (model.open.map { [$0] } ?? []), "\(label)")
      }
      if let problem = Self.mismatch(source, model, log) {
        Issue.record("\(label): \(problem)")
        return
      }
    }
  }

  /// The same with `async` loads answered through gates in random order,
  /// callers cancelled at random, callback loads and resets mixed in.
  @Test(.namesTheSeed)
  func asyncSchedules() async { await forEachSeed(Self.asyncSeeds, asyncSchedules(seed:)) }

  func asyncSchedules(seed: UInt64) async {
    var rng = SplitMix64(seed: seed)
    var generator = SnapshotGenerator(seed: seed &* 0x9E37_79B9)
    let source = Source()
    let log = LoadLog(source)
    var gates: [Gate] = []
    var tasks: [Task<ContentState.LoadOutcome, Never>] = []
    var cancelled: [Bool] = []
    var answered: [Bool] = []
    var model = Model()
    for step in 0..<Self.asyncSteps {
      let roll = Int.random(in: 0..<100, using: &rng)
      let label = "seed \(seed), step \(step), roll \(roll)"
      let pending = answered.indices.filter { !answered[$0] }
      switch roll {
      case 0..<30:
        let gate = Gate()
        gates.append(gate)
        tasks.append(Task { await source.load { try await gate.fetch() } })
        cancelled.append(false)
        answered.append(false)
        #expect(await LoadingFixture.settle(until: { gate.isWaiting }), "\(label)")
        model.start(gates.count - 1)
      case 30..<70 where !pending.isEmpty:
        let index = pending[Int.random(in: 0..<pending.count, using: &rng)]
        let told = log.count
        let result: Result<RowSnapshot, LoadFailure> =
          Bool.random(using: &rng)
          ? .success(generator.variation(of: model.content))
          : .failure(LoadFailure(name: "step \(step)"))
        gates[index].open(result.mapError { $0 as any Error })
        answered[index] = true
        let outcome = await tasks[index].value
        if model.open == index {
          switch result {
          case .success:
            #expect(outcome.isLoaded, "\(label): \(outcome)")
            model.finish(result)
          case .failure where cancelled[index]:
            #expect(outcome.isCancelled, "\(label): \(outcome)")
            (model.phase, model.open) = (model.phaseBeforeLoad, nil)
          case .failure:
            #expect(outcome.isFailed, "\(label): \(outcome)")
            model.finish(result)
          }
        } else {
          #expect(outcome.isObsolete, "\(label): load \(index) ended \(outcome)")
          #expect(log.count == told, "\(label): a stale answer told the observers")
        }
      case 70..<80 where !pending.isEmpty:
        let index = pending[Int.random(in: 0..<pending.count, using: &rng)]
        tasks[index].cancel()
        cancelled[index] = true
      case 80..<88:
        let next = generator.variation(of: model.content)
        var token: LoadToken<Int, Row>?
        source.load { token = $0 }
        model.start(-1)
        if Bool.random(using: &rng) {
          token?.succeed(with: next)
          model.finish(.success(next))
        }
      case 88..<94:
        let next = Bool.random(using: &rng) ? RowSnapshot() : generator.snapshot()
        source.reset(to: next)
        (model.content, model.phase, model.open) = (next, .idle, nil)
      default:
        await Task.yield()
      }
      if let problem = Self.mismatch(source, model, log) {
        Issue.record("\(label): \(problem)")
        break
      }
    }
    // Let every fetch end.
    for (index, gate) in gates.enumerated() where !answered[index] {
      gate.open(.success(RowSnapshot()))
    }
    for task in tasks { _ = await task.value }
    #expect(log.problems.isEmpty, "seed \(seed)")
  }
}
