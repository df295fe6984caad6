import DataSourceGraph

/// One part of the home screen: a source with a loader whose fake server
/// answers after a fixed delay, as planned by the story or the keys.
@MainActor final class Part {
  /// The index of the part in the composite.
  let index: Int
  /// The name of the part: its section header, and its source's name.
  let name: String
  /// The part's source, named after the part, so the home screen's state
  /// and banner call it by that name.
  let source: MutableDataSource<String, Track>
  /// How long the fake server takes to answer, in milliseconds.
  var delay: Int
  /// The answers for the next loads, in order; when none is left, the
  /// answer of the last load is repeated.
  var plan: [Answer] = []
  /// Whether a load was ever started (so a reload has a loader to run).
  private(set) var hasStarted = false
  private var lastAnswer: Answer = .success
  private var version = 0
  private let timeline: Timeline

  init(index: Int, delay: Int, timeline: Timeline) {
    self.index = index
    self.name = Catalog.partNames[index]
    self.source = MutableDataSource(name: name)
    self.delay = delay
    self.timeline = timeline
  }

  /// Starts a load with `source.load`, which also installs the loader that
  /// a pull-to-refresh (`reload()`) runs again.
  func load() {
    hasStarted = true
    source.load { [weak self] token in self?.serve(token) }
  }

  /// Tells the timeline that a reload is coming: the source runs the
  /// loader at its next scheduling point (a task), and the timeline must
  /// not move on before the loader has scheduled its answer. Call it just
  /// before the `reload()` that reaches this part; only a part whose loader
  /// was installed (``hasStarted``) runs it.
  func expectReload() {
    guard hasStarted else { return }
    timeline.expect(self)
  }

  /// The fake server: answers `token` after ``delay`` with the next
  /// planned answer.
  private func serve(_ token: LoadToken<String, Track>) {
    // The loader ran: by a reload's task, or at once by `load()`, which
    // supersedes a reload still waiting for its task.
    timeline.arrive(self)
    let answer = plan.isEmpty ? lastAnswer : plan.removeFirst()
    lastAnswer = answer
    timeline.after(delay) { [self] in
      switch answer {
      case .success:
        let tracks = Catalog.tracks(part: index, version: version)
        if token.succeed(with: Snapshot(id: name, header: name, items: tracks)) { version += 1 }
      case .empty:
        token.succeed(with: Snapshot(id: name, header: name, items: []))
      case .error:
        token.fail(DemoError.timeout)
      }
    }
  }
}
