import DataSourceGraphNodes
import DataSourceGraphSections
import DataSourceGraphTesting
import SectionsTestSupport
import TestSupport
import Testing

@Suite struct ValidatingRendererTests {
  static let seeds: [UInt64] = PropertyDepth.seeds(debug: 1...20, release: 1...200)
  static let steps = PropertyDepth.steps(debug: 40, release: 300)

  /// Every batch the sectioned diff produces passes, and reaches the
  /// wrapped renderer unchanged.
  @Test(.namesTheSeed)
  func diffBatchesPassUnchanged() async {
    await forEachSeed(Self.seeds, diffBatchesPassUnchanged(seed:))
  }

  func diffBatchesPassUnchanged(seed: UInt64) {
    var generator = SnapshotGenerator(seed: seed)
    let source = MutableDataSource(snapshot: generator.snapshot())
    let checked = ValidatingRenderer(MirrorRenderer<Int, Row>(recordingChanges: true))
    let observation = source.render(into: checked)
    for step in 0..<Self.steps {
      source.replace(with: generator.variation(of: source.snapshot))
      #expect(checked.failures.isEmpty, "seed \(seed) step \(step): \(checked.failures)")
      #expect(checked.base.snapshot == source.snapshot, "seed \(seed) step \(step)")
      if !checked.failures.isEmpty { break }
    }
    #expect(checked.base.changes.allSatisfy { if case .batch = $0 { true } else { false } })
    #expect(checked.base.state.isSameState(as: source.contentState), "seed \(seed)")
    observation.cancel()
  }

  static let start = RowSnapshot(sections: [
    RowSection(id: 0, items: [Row(id: 1), Row(id: 2)]),
    RowSection(id: 1, items: [Row(id: 3)]),
  ])

  /// A batch that applies but breaks a rule of one UIKit step (an item both
  /// moved and updated, R7) reaches the wrapped renderer as a reload.
  @Test func ruleBreakingBatchBecomesAReload() throws {
    let checked = ValidatingRenderer(
      MirrorRenderer<Int, Row>(), mode: .uikitStep, trapsInDebugBuilds: false)
    checked.reset(to: Self.start, state: .content)
    var batch = RowBatch()
    batch.itemMoves = [
      .init(from: ItemPath(section: 0, item: 0), to: ItemPath(section: 0, item: 1))
    ]
    batch.itemUpdates = [
      .init(
        from: ItemPath(section: 0, item: 0), to: ItemPath(section: 0, item: 1),
        item: Row(id: 1, revision: 1))
    ]
    let expected = try #require(Self.start.applying(batch))
    checked.apply(.batch(batch))
    #expect(checked.failures.count == 1)
    #expect(checked.failures.first?.rules.contains(.r7) == true, "\(checked.failures)")
    #expect(checked.base.snapshot == expected)
    #expect(checked.base.batchCount == 0, "the batch itself never reached the base")
    // In the library's own reading, the same batch is fine.
    let lenient = ValidatingRenderer(MirrorRenderer<Int, Row>(), trapsInDebugBuilds: false)
    lenient.reset(to: Self.start, state: .content)
    lenient.apply(.batch(batch))
    #expect(lenient.failures.isEmpty, "\(lenient.failures)")
  }

  /// A batch that does not apply is dropped and reported under R4; the
  /// wrapped renderer keeps what it showed.
  @Test func batchThatDoesNotApplyIsDropped() {
    let checked = ValidatingRenderer(MirrorRenderer<Int, Row>(), trapsInDebugBuilds: false)
    checked.reset(to: Self.start, state: .content)
    var batch = RowBatch()
    batch.itemDeletes = [ItemPath(section: 1, item: 4)]
    checked.apply(.batch(batch))
    #expect(checked.failures.first?.rules == [.r4])
    #expect(checked.failures.first?.description.contains("2 sections, 3 items") == true)
    #expect(checked.base.snapshot == Self.start)
    #expect(checked.base.changeCount == 0)
    #expect(checked.snapshot == Self.start)
  }

  /// An item inserted into a section that moves in the same batch is fine
  /// for the library (a plan stages it) and unreliable in one UIKit step
  /// (R16).
  @Test func itemChangeInsideMovedSectionIsAStepViolation() throws {
    var batch = RowBatch()
    batch.sectionMoves = [.init(from: 1, to: 0)]
    batch.itemInserts = [.init(path: ItemPath(section: 0, item: 1), item: Row(id: 4))]
    let expected = try #require(Self.start.applying(batch))
    let strict = ValidatingRenderer(
      MirrorRenderer<Int, Row>(), mode: .uikitStep, trapsInDebugBuilds: false)
    strict.reset(to: Self.start, state: .content)
    strict.apply(.batch(batch))
    #expect(strict.failures.first?.rules.contains(.r16) == true, "\(strict.failures)")
    #expect(strict.base.snapshot == expected)
    let lenient = ValidatingRenderer(MirrorRenderer<Int, Row>(), trapsInDebugBuilds: false)
    lenient.reset(to: Self.start, state: .content)
    lenient.apply(.batch(batch))
    #expect(lenient.failures.isEmpty, "\(lenient.failures)")
    #expect(lenient.base.batchCount == 1)
  }

  @Test func reloadsAndStatesPassThrough() {
    let checked = ValidatingRenderer(MirrorRenderer<Int, Row>(recordingChanges: true))
    checked.apply(.reloadAll(Self.start))
    checked.stateDidChange(from: .initial, to: .content)
    #expect(checked.snapshot == Self.start)
    #expect(checked.base.snapshot == Self.start)
    #expect(checked.base.state.kind == .content)
    #expect(checked.base.failures.isEmpty)
  }

  #if DEBUG
    /// In a debug build, a bad batch stops the process.
    @Test func violationTrapsInDebugBuilds() async {
      await #expect(processExitsWith: .failure) {
        let checked = ValidatingRenderer(MirrorRenderer<Int, Row>(recordingChanges: true))
        checked.reset(to: RowSnapshot(id: 0, items: [Row(id: 1)]), state: .content)
        var batch = RowBatch()
        batch.itemDeletes = [ItemPath(section: 0, item: 3)]
        checked.apply(.batch(batch))
      }
    }
  #endif
}
