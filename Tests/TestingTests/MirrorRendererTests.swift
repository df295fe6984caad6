import DataSourceGraphNodes
import DataSourceGraphSections
import DataSourceGraphTesting
import SectionsTestSupport
import TestSupport
import Testing

@Suite struct MirrorRendererTests {
  static let seeds: [UInt64] = PropertyDepth.seeds(debug: 1...25, release: 1...250)
  static let steps = PropertyDepth.steps(debug: 60, release: 400)

  /// Whole snapshots replaced at random: the mirror, told only the batches,
  /// always holds what the source holds.
  @Test(.namesTheSeed)
  func mirrorEqualsSourceAfterEveryReplacement() async {
    await forEachSeed(Self.seeds, mirrorEqualsSourceAfterEveryReplacement(seed:))
  }

  func mirrorEqualsSourceAfterEveryReplacement(seed: UInt64) {
    var generator = SnapshotGenerator(seed: seed)
    let source = MutableDataSource(snapshot: generator.snapshot())
    let mirror = MirrorRenderer<Int, Row>()
    let observation = source.render(into: mirror)
    #expect(mirror.snapshot == source.snapshot, "seed \(seed): reset shows the source")
    for step in 0..<Self.steps {
      let next =
        generator.chance(0.15) ? generator.snapshot() : generator.variation(of: source.snapshot)
      source.replace(with: next)
      #expect(mirror.snapshot == source.snapshot, "seed \(seed) step \(step)")
      #expect(mirror.failures.isEmpty, "seed \(seed) step \(step): \(mirror.failures)")
      if !mirror.failures.isEmpty { break }
    }
    #expect(mirror.state.isSameState(as: source.contentState), "seed \(seed)")
    observation.cancel()
  }

  /// The changes themselves are kept only when asked for; they are
  /// counted either way.
  @Test func changesAreRecordedOnlyWhenAskedFor() {
    let source = MutableDataSource<Int, Row>(sections: [RowSection(id: 0)])
    let quiet = MirrorRenderer(for: source)
    let recording = MirrorRenderer(for: source, recordingChanges: true)
    let observations = [source.render(into: quiet), source.render(into: recording)]
    source.append([Row(id: 1)], toSection: 0)
    source.update(Row(id: 1, revision: 1))
    source.replace(with: Snapshot(id: 0, items: [Row(id: 2)]))
    for mirror in [quiet, recording] {
      #expect(mirror.changeCount == 3)
      #expect(mirror.batchCount == 3)
      #expect(mirror.snapshot == source.snapshot)
    }
    #expect(!quiet.recordsChanges)
    #expect(quiet.changes.isEmpty)
    #expect(recording.changes.count == 3)
    guard case .batch(let last) = recording.changes.last else {
      Issue.record("the last change is not a batch")
      return
    }
    #expect(last.itemInserts.map(\.item) == [Row(id: 2)])
    for observation in observations { observation.cancel() }
  }

  @Test func stateChangesAreFollowed() {
    let source = MutableDataSource<Int, Row>(sections: [RowSection(id: 0)])
    let mirror = MirrorRenderer<Int, Row>()
    let observation = source.render(into: mirror)
    #expect(mirror.state.kind == .initial)
    source.append([Row(id: 1)], toSection: 0)
    #expect(mirror.state.kind == .content)
    source.deleteItems(withIDs: [1])
    #expect(mirror.state.kind == .initial)
    #expect(mirror.states.map(\.kind) == [.content, .initial])
    #expect(mirror.batchCount == 2)
    #expect(mirror.failures.isEmpty)
    observation.cancel()
  }

  /// `init(for:)` takes the section identity and item types from the node;
  /// it reads nothing until connected.
  @Test func mirrorForANodeInfersItsTypes() {
    let source = MutableDataSource<Int, Row>(sections: [RowSection(id: 0, items: [Row(id: 1)])])
    let mirror = MirrorRenderer(for: source)
    let typed: MirrorRenderer<Int, Row> = mirror
    #expect(typed.snapshot.isEmpty && typed.state.kind == .initial)
    let observation = source.render(into: mirror)
    source.append([Row(id: 2)], toSection: 0)
    #expect(mirror.snapshot == source.snapshot)
    #expect(mirror.failures.isEmpty)
    // A validating renderer takes its types from the renderer it wraps.
    let checked = ValidatingRenderer(MirrorRenderer(for: source))
    let checkedTyped: ValidatingRenderer<MirrorRenderer<Int, Row>> = checked
    let checkedObservation = source.render(into: checkedTyped)
    source.append([Row(id: 3)], toSection: 0)
    #expect(checked.base.snapshot == source.snapshot)
    observation.cancel()
    checkedObservation.cancel()
  }

  @Test func cancelledObservationStopsTheMirror() {
    let source = MutableDataSource<Int, Row>(sections: [RowSection(id: 0)])
    let mirror = MirrorRenderer<Int, Row>()
    let observation = source.render(into: mirror)
    observation.cancel()
    source.append([Row(id: 1)], toSection: 0)
    #expect(mirror.snapshot.isEmpty)
    #expect(mirror.changeCount == 0)
  }

  /// A batch that does not fit is recorded, not applied, and does not trap.
  @Test func batchThatDoesNotApplyIsRecorded() {
    let start = RowSnapshot(id: 0, items: [Row(id: 1), Row(id: 2)])
    let mirror = MirrorRenderer<Int, Row>(snapshot: start, state: .content)
    var batch = RowBatch()
    batch.itemDeletes = [ItemPath(section: 0, item: 5)]
    mirror.apply(.batch(batch))
    #expect(mirror.snapshot == start)
    #expect(mirror.failures.count == 1)
    #expect(mirror.failures.first?.contains("does not apply") == true)
  }

  /// A state change that does not start from the state shown is a failure.
  @Test func stateChangeFromAnotherStateIsRecorded() {
    let mirror = MirrorRenderer<Int, Row>(state: .loading)
    mirror.stateDidChange(from: .empty, to: .content)
    #expect(mirror.state.kind == .content)
    #expect(mirror.failures.count == 1)
  }

  /// A reload replaces the copy whatever it held.
  @Test func reloadReplacesEverything() {
    let mirror = MirrorRenderer<Int, Row>(snapshot: RowSnapshot(id: 0, items: [Row(id: 1)]))
    let all = RowSnapshot(sections: [RowSection(id: 3, items: [Row(id: 9)]), RowSection(id: 4)])
    mirror.apply(.reloadAll(all))
    #expect(mirror.snapshot == all)
    #expect(mirror.batchCount == 0)
    #expect(mirror.failures.isEmpty)
  }
}
