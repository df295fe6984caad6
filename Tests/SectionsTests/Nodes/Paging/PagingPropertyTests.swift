import DataSourceGraphNodes
import DataSourceGraphSections
import SectionsTestSupport
import TestSupport
import Testing

/// A paged source against ``PagingModel``, under random calls and answers
/// in a random order: first loads, refreshes, resets, next and earlier
/// pages (asked for directly and by identity), and answers (pages with
/// repeated and already shown items, with and without cursors at either
/// end, failures, cancellations) through current and obsolete requests
/// alike, and local edits (inserts, appends, deletes, updates, moves and
/// `perform`) at any moment, pages in flight or not. With `reentrant`,
/// observers of the rows and of the paging state (as a cell provider and
/// a footer do) make the same calls, answers and edits (by identity, or at
/// the ends) while changes are being delivered.
///
/// After every step the source shows the model's items with its content
/// and paging states; the loader got exactly the model's requests, each
/// at the model's cursor (so none that the state forbade, none with an old
/// list's cursor, at most one page in flight at each end); every answer
/// returned whether the model takes it; the paging states of both ends
/// were reported as the model reports them, each change once; every batch passed the validator
/// and took the content before it to the content after it.
@MainActor
struct PagingPropertyTests {
  nonisolated static let seeds: Range<UInt64> = PropertyDepth.seeds(debug: 0..<40, release: 0..<400)
  static let steps = PropertyDepth.steps(debug: 80, release: 300)

  /// A call or an answer, as made by the test or by an observer.
  enum Call: CustomStringConvertible {
    case load, reload, reset
    case page(PagingModel.Direction)
    case pageIfNeeded(PagingModel.Direction, id: Int, within: Int)
    case answer(index: Int, result: Result<Page<Row, Int>, any Error>, returned: Bool)
    case insert([Row], at: Int)
    case append([Row])
    case delete(Set<Int>)
    case update([Row])
    case move(from: Int, to: Int)
    case perform([Row])

    var description: String {
      switch self {
      case .load: "load"
      case .reload: "reload"
      case .reset: "reset"
      case .page(let direction): "\(direction)"
      case .pageIfNeeded(let direction, let id, let within):
        "\(direction)IfNeeded(\(id), within: \(within))"
      case .answer(let index, let result, let returned):
        "answer(#\(index), \((try? result.get()).map { "\($0.items.map(\.id)) previous \(String(describing: $0.previous)) next \(String(describing: $0.next))" } ?? "error"), returned \(returned))"
      case .insert(let rows, let index): "insert(\(rows), at: \(index))"
      case .append(let rows): "append(\(rows))"
      case .delete(let ids): "delete(\(ids.sorted()))"
      case .update(let rows): "update(\(rows))"
      case .move(let from, let to): "move(\(from) → \(to))"
      case .perform(let rows): "perform(\(rows))"
      }
    }
  }

  /// Makes random pages, calls and answers.
  @MainActor final class Driver {
    var rng: SplitMix64
    var nextID = 0
    let harness: PagedHarness
    /// Calls made by observers during the current step, in order.
    var reentrantCalls: [Call] = []
    var reentrantBudget = 0

    init(seed: UInt64, harness: PagedHarness) {
      rng = SplitMix64(seed: seed)
      self.harness = harness
    }

    func page() -> Page<Row, Int> {
      var items: [Row] = []
      let shown = harness.ids
      for _ in 0..<rng.int(0...5) {
        // Now and then an item already shown, or repeated in the page.
        if rng.chance(0.15), let old = shown.randomElement(using: &rng) {
          items.append(Row(id: old, revision: rng.int(0...1)))
        } else if rng.chance(0.1), let repeated = items.last {
          items.append(repeated)
        } else {
          items.append(Row(id: nextID))
          nextID += 1
        }
      }
      // A list that opens at its start now and then; earlier pages end too.
      let previous = rng.chance(0.25) ? nil : rng.int(0...1_000)
      return Page(
        items: items, previous: previous, next: rng.chance(0.2) ? nil : rng.int(0...1_000))
    }

    func result() -> Result<Page<Row, Int>, any Error> {
      switch rng.int(0..<10) {
      case 0..<6: .success(page())
      case 6..<9: .failure(PagingFailure())
      default: .failure(CancellationError())
      }
    }

    /// New rows, and now and then one shown already (left out by an
    /// insert).
    func newRows() -> [Row] {
      (0..<rng.int(1...3)).map { _ in
        if rng.chance(0.2), let old = harness.ids.randomElement(using: &rng) { return Row(id: old) }
        nextID += 1
        return Row(id: nextID - 1)
      }
    }

    /// Makes a random local edit and returns it. During a delivery
    /// (`reentrant`), an edit waits for the end of the delivery, so it
    /// names items by identity or an end of the list, which stay
    /// meaningful until then.
    func randomEdit(reentrant: Bool) -> Call? {
      let feed = harness.source
      let ids = harness.ids
      switch rng.int(0..<6) {
      case 0:
        let rows = newRows()
        let index = reentrant ? 0 : rng.int(0...ids.count)
        feed.insert(rows, at: index)
        return .insert(rows, at: index)
      case 1:
        let rows = newRows()
        feed.append(rows)
        return .append(rows)
      case 2:
        guard !ids.isEmpty else { return nil }
        let chosen = Set((0..<rng.int(1...2)).map { _ in ids.randomElement(using: &rng)! })
        if reentrant || rng.chance(0.5) {
          feed.deleteItems(withIDs: chosen)
        } else {
          feed.deleteItems(at: chosen.map { ids.firstIndex(of: $0)! })
        }
        return .delete(chosen)
      case 3:
        guard !ids.isEmpty else { return nil }
        let rows = (0..<rng.int(1...2)).map { _ in
          Row(id: ids.randomElement(using: &rng)!, revision: rng.int(1...3))
        }
        feed.update(rows)
        return .update(rows)
      case 4 where !reentrant:
        guard ids.count > 1 else { return nil }
        let from = rng.int(0..<ids.count)
        let to = rng.int(0..<ids.count)
        feed.moveItem(from: from, to: to)
        return .move(from: from, to: to)
      case 5 where !reentrant:
        var result: [Row] = []
        feed.perform { rows in
          rows.removeAll { _ in rng.chance(0.3) }
          rows.insert(contentsOf: newRows(), at: rng.int(0...rows.count))
          rows.shuffle(using: &rng)
          result = rows
        }
        return .perform(result)
      default:
        return nil
      }
    }

    /// Makes a random call on the source and returns it; `nil` when there
    /// was nothing to do. `allowReload`: a refresh's loader runs at the
    /// next scheduling point, which a step waits for. `reentrant`: the
    /// call is made while observers are being told of a change.
    func randomCall(allowReload: Bool, reentrant: Bool = false) -> Call? {
      let feed = harness.source
      switch rng.int(0..<100) {
      case 0..<8:
        feed.load()
        return .load
      case 8..<14 where allowReload:
        feed.reload()
        return .reload
      case 14..<18:
        feed.reset()
        return .reset
      case 18..<34:
        let direction = rng.chance(0.5) ? PagingModel.Direction.next : .previous
        switch direction {
        case .next: feed.loadNextPage()
        case .previous: feed.loadPreviousPage()
        }
        return .page(direction)
      case 34..<48:
        guard let id = harness.ids.randomElement(using: &rng) else { return nil }
        let within = rng.int(0...3)
        let direction = rng.chance(0.5) ? PagingModel.Direction.next : .previous
        switch direction {
        case .next: feed.loadNextPageIfNeeded(showing: id, within: within)
        case .previous: feed.loadPreviousPageIfNeeded(showing: id, within: within)
        }
        return .pageIfNeeded(direction, id: id, within: within)
      case 48..<66:
        return randomEdit(reentrant: reentrant)
      default:
        let requests = harness.allRequests
        guard !requests.isEmpty else { return nil }
        // Mostly the newest requests: the ones still in flight.
        let index =
          rng.chance(0.6) ? max(0, requests.count - rng.int(1...3)) : rng.int(0..<requests.count)
        let result = result()
        let returned = requests[index].finish(result)
        return .answer(index: index, result: result, returned: returned)
      }
    }

    /// Observers that make calls while changes are delivered: of the rows
    /// (a cell provider) and of the paging states (a footer, a header).
    func observe() -> [ObservationToken] {
      let feed = harness.source
      let act = { [unowned self] in
        guard reentrantBudget > 0, rng.chance(0.35) else { return }
        reentrantBudget -= 1
        if let call = randomCall(allowReload: false, reentrant: true) {
          reentrantCalls.append(call)
        }
      }
      return [
        feed.observe { event in if case .changed = event { act() } },
        feed.observePaging { _ in act() },
        feed.observePreviousPaging { _ in act() },
      ]
    }
  }

  @Test(.namesTheSeed)
  func aPagedSourceFollowsItsModel() async {
    await forEachSeed(Self.seeds, aPagedSourceFollowsItsModel(seed:))
  }

  func aPagedSourceFollowsItsModel(seed: UInt64) async {
    await Self.run(seed: seed, reentrant: false)
  }

  @Test(.namesTheSeed)
  func callsMadeDuringDeliveriesFollowTheModel() async {
    await forEachSeed(Self.seeds, callsMadeDuringDeliveriesFollowTheModel(seed:))
  }

  func callsMadeDuringDeliveriesFollowTheModel(seed: UInt64) async {
    await Self.run(seed: seed, reentrant: true)
  }

  /// Found by the release run (seed 99, step 123): during one delivery an
  /// observer deleted an item, then answered the earlier page in flight
  /// with that item in it. The answer was taken at once and applied after
  /// the delivery, after the deletion; but by then the page no longer
  /// counted as in flight, so the deletion was not kept for it and the
  /// item came back. An answer taken and not yet applied is awaited still.
  @Test func aDeletionMadeBeforeAnAnswerTakenInTheSameDeliveryIsHonoured() async {
    await Self.run(seed: 99, reentrant: true, steps: 130)
  }

  static func run(seed: UInt64, reentrant: Bool, steps: Int = Self.steps) async {
    let harness = PagedHarness()
    let feed = harness.source
    let driver = Driver(seed: seed, harness: harness)
    let tokens = reentrant ? driver.observe() : []
    var model = PagingModel()
    var trail: [String] = []

    func apply(_ call: Call, context: String) {
      switch call {
      case .load: model.load()
      case .reload: model.reload()
      case .reset: model.reset()
      case .page(let direction): model.loadPage(direction)
      case .pageIfNeeded(let direction, let id, let within):
        model.loadPageIfNeeded(direction, showing: id, within: within)
      case .answer(let index, let result, let returned):
        let taken = model.answer(index, with: result)
        #expect(returned == taken, "answer of request #\(index) returned \(returned), \(context)")
      case .insert(let rows, let index): model.insert(rows, at: index)
      case .append(let rows): model.insert(rows, at: model.rows.count)
      case .delete(let ids): model.delete(ids)
      case .update(let rows): model.update(rows)
      case .move(let from, let to): model.move(from: from, to: to)
      case .perform(let rows): model.replace(with: rows)
      }
    }

    for step in 0..<steps {
      let context = "seed \(seed), step \(step)"
      driver.reentrantCalls = []
      driver.reentrantBudget = reentrant ? 3 : 0
      guard let call = driver.randomCall(allowReload: model.hasLoader) else { continue }
      trail.append(([call] + driver.reentrantCalls).map(\.description).joined(separator: " → "))
      apply(call, context: context)
      for reentrantCall in driver.reentrantCalls { apply(reentrantCall, context: context) }
      if case .reload = call {
        // A refresh's loader runs at the source's next scheduling point,
        // unless a load or a reset came first.
        driver.reentrantBudget = 0
        let expected = model.requests.count + (model.reloadScheduled ? 1 : 0)
        for _ in 0..<(model.reloadScheduled ? 1_000 : 20)
        where harness.allRequests.count < expected {
          await Task.yield()
        }
        model.startScheduledReload()
      }

      let last = "\(context), last calls: \(trail.suffix(3))"
      #expect(harness.rows == model.rows, "items, \(last)")
      #expect(feed.pagingState.description == model.bottom.paging, "paging state, \(last)")
      #expect(
        feed.previousPagingState.description == model.top.paging, "previous paging state, \(last)")
      #expect(feed.contentState.kind == model.content, "content state, \(last)")
      #expect(
        harness.allRequests.map {
          PagingModel.Request(
            direction: $0.isFirstPage ? nil : $0.isPreviousPage ? .previous : .next,
            cursor: $0.cursor)
        }
          == model.requests, "requests, \(last)")
      #expect(
        harness.allRequests.indices.map { harness.allRequests[$0].isCurrent }
          == harness.allRequests.indices.map(model.isCurrent), "current requests, \(last)")
      #expect(harness.pagingStates == model.bottom.reports, "paging reports, \(last)")
      #expect(
        harness.previousPagingStates == model.top.reports, "previous paging reports, \(last)")
      #expect(harness.problems.isEmpty, "\(harness.problems), \(last)")
      if !harness.problems.isEmpty || harness.rows != model.rows
        || harness.allRequests.count != model.requests.count
      {
        break
      }
    }
    for token in tokens { token.cancel() }
  }
}
