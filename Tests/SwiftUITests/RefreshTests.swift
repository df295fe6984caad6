import DataSourceGraphComposition
import DataSourceGraphNodes
import DataSourceGraphSections
import DataSourceGraphSwiftUI
import Testing

/// `refresh()` reloads and returns exactly when the state stops loading or
/// refreshing, or when its task is cancelled.
///
/// The time limit only guards against a refresh that never returns. These
/// tests share the main actor with the property tests that run there, and
/// each of their few turns can wait behind a seed of each: under the thread
/// sanitizer on two busy cores, `severalRefreshesEndTogether` took 8
/// minutes to get its dozen turns (it went past a limit of 5 and then
/// passed its checks), so the limit is above the sanitizer run's whole
/// length.
@MainActor
@Suite(.timeLimit(.minutes(20))) struct RefreshTests {
  /// A leaf with content whose loader keeps its token, to answer later.
  @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
  @MainActor
  final class Loader {
    let leaf: MutableDataSource<String, Row>
    var token: LoadToken<String, Row>?
    private var waiter: CheckedContinuation<Void, Never>?

    init(_ section: String, _ rows: [Row]) {
      leaf = MutableDataSource(name: section)
      leaf.load { [unowned self] in
        self.token = $0
        self.waiter?.resume()
        self.waiter = nil
      }
      _ = token?.succeed(with: Snapshot(id: section, items: rows))
      token = nil
    }

    /// Waits until the reload has run the loader again (the suite's time
    /// limit ends a wait for a loader that is never run).
    func restarted() async -> LoadToken<String, Row>? {
      if token == nil { await withCheckedContinuation { waiter = $0 } }
      defer { token = nil }
      return token
    }
  }

  /// A refresh in a task of its own, and whether it has returned.
  @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
  @MainActor
  final class Refresh {
    var hasStarted = false
    var hasReturned = false
    var task: Task<Void, Never>?

    init(_ model: DataSourceModel<String, Row>) {
      task = Task { @MainActor in
        // `refresh()` reloads before it first suspends, so once this is
        // seen from another task the reload has been made.
        self.hasStarted = true
        await model.refresh()
        self.hasReturned = true
      }
    }

    /// Waits until the refresh has made its reload. A task waits its turn
    /// on the main actor behind other tests' work, however many times the
    /// caller yields, so a fixed number of yields is not enough.
    func started() async {
      while !hasStarted { await Task.yield() }
    }

    /// Lets other tasks run, then says whether the refresh has returned. A
    /// refresh that returns takes one or two turns of the main actor, so ten
    /// yields are plenty (each can wait behind other tests' work there).
    func returnedAfterYielding() async -> Bool {
      for _ in 0..<10 { await Task.yield() }
      return hasReturned
    }
  }

  @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
  @Test func returnsAtOnceForANodeThatDoesNotLoad() async {
    let probe = ProbeSource(Snapshot(id: "a", items: [Row(id: 1, value: 1)]))
    probe.contentState = .content
    let model = DataSourceModel(probe)
    await model.refresh()
    #expect(probe.reloads == 1)
  }

  @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
  @Test func waitsForTheLoadToSettle() async {
    let loader = Loader("a", [Row(id: 1, value: 1)])
    let model = DataSourceModel(loader.leaf)
    let refresh = Refresh(model)
    let token = await loader.restarted()
    #expect(token != nil)
    #expect(model.state.kind == .refreshing)
    #expect(await refresh.returnedAfterYielding() == false)
    _ = token?.succeed(with: Snapshot(id: "a", items: [Row(id: 2, value: 2)]))
    await refresh.task?.value
    #expect(refresh.hasReturned)
    #expect(model.state.kind == .content)
    #expect(model.items == [Row(id: 2, value: 2)])
  }

  @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
  @Test func aFailedLoadEndsTheWait() async {
    let loader = Loader("a", [Row(id: 1, value: 1)])
    let model = DataSourceModel(loader.leaf)
    let refresh = Refresh(model)
    let token = await loader.restarted()
    _ = token?.fail(Offline())
    await refresh.task?.value
    #expect(model.state.kind == .contentWithFailure)
  }

  @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
  @Test func waitsForEveryPartOfAComposite() async {
    let a = Loader("a", [Row(id: 1, value: 1)])
    let b = Loader("b", [Row(id: 2, value: 2)])
    let screen = CompositeDataSource(a.leaf, b.leaf).joined(into: "all")
    let model = DataSourceModel(screen)
    let refresh = Refresh(model)
    let tokenA = await a.restarted()
    let tokenB = await b.restarted()
    #expect(model.state.kind == .refreshing)
    _ = tokenA?.succeed()
    #expect(model.state.kind == .refreshing)
    #expect(await refresh.returnedAfterYielding() == false)
    _ = tokenB?.succeed()
    await refresh.task?.value
    #expect(model.state.kind == .content)
  }

  @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
  @Test func cancellingTheTaskEndsTheWait() async {
    let loader = Loader("a", [Row(id: 1, value: 1)])
    let model = DataSourceModel(loader.leaf)
    let refresh = Refresh(model)
    let token = await loader.restarted()
    #expect(await refresh.returnedAfterYielding() == false)
    refresh.task?.cancel()
    await refresh.task?.value
    #expect(refresh.hasReturned)
    #expect(model.state.kind == .refreshing)  // the load goes on
    _ = token?.succeed()
    #expect(model.state.kind == .content)
  }

  @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
  @Test func aRefreshCancelledBeforeItStartsReturnsAtOnce() async {
    let loader = Loader("a", [Row(id: 1, value: 1)])
    let model = DataSourceModel(loader.leaf)
    let task = Task { @MainActor in
      withUnsafeCurrentTask { $0?.cancel() }
      await model.refresh()
    }
    await task.value
    #expect(model.state.kind == .refreshing)
  }

  @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
  @Test func severalRefreshesEndTogether() async {
    let loader = Loader("a", [Row(id: 1, value: 1)])
    let model = DataSourceModel(loader.leaf)
    let first = Refresh(model)
    let second = Refresh(model)
    // Both reloads are made before the load is answered: a second refresh
    // that started only after the answer would wait for a load of its own
    // that nobody answers, and the test would hang.
    await first.started()
    await second.started()
    let token = await loader.restarted()
    #expect(await first.returnedAfterYielding() == false)
    #expect(await second.returnedAfterYielding() == false)
    _ = token?.succeed()
    // On a busy machine the leaf's scheduling point can come between the
    // two refreshes: the second then starts a load of its own, which makes
    // the first one obsolete, and both wait for it.
    if model.state.kind == .refreshing { _ = await loader.restarted()?.succeed() }
    await first.task?.value
    await second.task?.value
    #expect(model.state.kind == .content)
  }
}
