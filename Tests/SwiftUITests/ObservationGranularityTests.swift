import DataSourceGraphComposition
import DataSourceGraphSections
import DataSourceGraphSwiftUI
import Observation
import Testing

/// A read of the model is invalidated by the changes of what it reads, and
/// only by them: a view that shows the state is not redrawn by an edit, a
/// list that shows the content is not redrawn by a load that keeps it.
@MainActor
@Suite struct ObservationGranularityTests {
  /// Trackers of each read a view may make.
  @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
  @MainActor
  struct Reads<SectionID: Hashable> {
    let state: Tracker
    let sections: Tracker
    let items: Tracker
    let snapshot: Tracker
    let lastChange: Tracker
    let changeCount: Tracker

    init(_ model: DataSourceModel<SectionID, Row>) {
      state = Tracker { _ = model.state }
      sections = Tracker { _ = model.sections }
      items = Tracker { _ = model.items }
      snapshot = Tracker { _ = model.snapshot }
      lastChange = Tracker { _ = model.lastChange }
      changeCount = Tracker { _ = model.changeCount }
    }

    /// The invalidations of each read since the last call: [state,
    /// sections, items, snapshot, lastChange, changeCount].
    func take() -> [Int] {
      [state, sections, items, snapshot, lastChange, changeCount].map { $0.take() }
    }
  }

  static let contentOnly = [0, 1, 1, 1, 1, 1]
  static let stateOnly = [1, 0, 0, 0, 0, 0]
  static let both = [1, 1, 1, 1, 1, 1]
  static let none = [0, 0, 0, 0, 0, 0]

  @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
  @Test func anEditInvalidatesTheContentReadsNotTheState() {
    let leaf = MutableDataSource<String, Row>(
      snapshot: Snapshot(id: "a", items: [Row(id: 1, value: 1)]))
    let model = DataSourceModel(leaf)
    let reads = Reads(model)
    _ = leaf.update(Row(id: 1, value: 2))
    #expect(reads.take() == Self.contentOnly)
    _ = leaf.append([Row(id: 2, value: 2)], toSection: 0)
    #expect(reads.take() == Self.contentOnly)
    leaf.updateSection(at: 0, header: "A", footer: nil)
    #expect(reads.take() == Self.contentOnly)
    #expect(reads.take() == Self.none)
  }

  @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
  @Test func aLoadThatKeepsTheContentInvalidatesTheStateOnly() {
    let leaf = MutableDataSource<String, Row>(
      snapshot: Snapshot(id: "a", items: [Row(id: 1, value: 1)]))
    let model = DataSourceModel(leaf)
    let reads = Reads(model)
    var token: LoadToken<String, Row>?
    leaf.load { token = $0 }  // refreshing: the content stays
    #expect(reads.take() == Self.stateOnly)
    _ = token?.fail(Offline())  // content with failure: the content stays
    #expect(reads.take() == Self.stateOnly)
    leaf.load { token = $0 }
    #expect(reads.take() == Self.stateOnly)
    _ = token?.succeed()  // nothing changed: content
    #expect(reads.take() == Self.stateOnly)
  }

  @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
  @Test func aLoadThatBringsContentInvalidatesEachReadOnce() {
    let leaf = MutableDataSource<String, Row>()
    let model = DataSourceModel(leaf)
    let reads = Reads(model)
    var token: LoadToken<String, Row>?
    leaf.load { token = $0 }
    #expect(reads.take() == Self.stateOnly)
    // One batch, then one state change: each read invalidated once.
    _ = token?.succeed(with: Snapshot(id: "a", items: [Row(id: 1, value: 1)]))
    #expect(reads.take() == Self.both)
    #expect(model.state.kind == .content)
  }

  @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
  @Test func aChangeDeepInAGraphInvalidatesOnce() {
    let a = MutableDataSource<String, Row>(
      snapshot: Snapshot(id: "a", items: [Row(id: 1, value: 1)]))
    let b = MutableDataSource<String, Row>(
      snapshot: Snapshot(id: "b", items: [Row(id: 2, value: 2)]))
    let screen = CompositeDataSource(a, b).filter { $0.value > 0 }
    let model = DataSourceModel(screen)
    let reads = Reads(model)
    // Leaves out of the filter: the screen does not change, nothing is told.
    _ = b.append([Row(id: 3, value: -3)], toSection: 0)
    #expect(reads.take() == Self.none)
    _ = b.update(Row(id: 3, value: 3))
    #expect(reads.take() == Self.contentOnly)
    #expect(model.differences(from: screen).isEmpty)
  }

  /// Counted over many changes: every content change invalidates each
  /// content read exactly once and never the state, every state change
  /// the state read exactly once.
  @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
  @Test func countsOverManyChanges() {
    let leaf = MutableDataSource<String, Row>(
      snapshot: Snapshot(id: "a", items: [Row(id: 0, value: 0)]))
    let model = DataSourceModel(leaf)
    let reads = Reads(model)
    var stateInvalidations = 0
    var sectionsInvalidations = 0
    var stateChanges = 0
    var contentChanges = 0
    let observation = leaf.observe { event in
      switch event {
      case .changed: contentChanges += 1
      case .stateChanged: stateChanges += 1
      }
    }
    defer { observation.cancel() }
    var token: LoadToken<String, Row>?
    for step in 1...30 {
      switch step % 3 {
      case 0: _ = leaf.update(Row(id: 0, value: step))
      case 1: leaf.load { token = $0 }
      default: _ = token?.succeed()
      }
      let counts = reads.take()
      stateInvalidations += counts[0]
      sectionsInvalidations += counts[1]
    }
    #expect(contentChanges == 10)
    #expect(stateChanges == 20)
    #expect(sectionsInvalidations == contentChanges)
    #expect(stateInvalidations == stateChanges)
  }
}
