import DataSourceGraphComposition
import DataSourceGraphNodes
import DataSourceGraphSections
import Testing

/// Review C4: a splice moves only what its base's change makes cross.
@Suite struct SpliceTests {
  final class Recorder {
    var last: Snapshot<Int, Row>
    var batches: [ChangeBatch<Int, Row>] = []
    var failures: [String] = []
    var observation: ObservationToken?

    init(_ node: SplicedDataSource<Int, Row>) {
      last = node.snapshot
      observation = node.observe { [unowned self] event in
        guard case .changed(.batch(let batch)) = event else { return }
        batches.append(batch)
        guard let next = last.applying(batch) else {
          failures.append("\(batch) does not apply to \(last.sections)")
          return
        }
        failures += batch.violations(from: last, to: next).map(\.description)
        last = next
      }
    }

    /// The moves of the last batch, and clears it.
    func takeMoves() -> Int {
      defer { batches.removeAll() }
      return batches.reduce(0) { $0 + $1.itemMoves.count }
    }
  }

  static func rows(_ ids: ClosedRange<Int>) -> [Row] { ids.map { Row(id: $0, value: 0) } }

  @Test func changesAwayFromTheSplicedItemsMoveNothing() {
    let base = MutableDataSource<Int, Row>(sections: [
      SnapshotSection(id: 0, items: Self.rows(1...6)),
      SnapshotSection(id: 1, items: Self.rows(7...9)),
    ])
    let banner = MutableDataSource<Int, Row>(sections: [
      SnapshotSection(id: 0, items: Self.rows(100...104))
    ])
    let node = base.splicing(banner, intoSection: 0, at: 2)
    let recorder = Recorder(node)
    base.insert(Self.rows(10...10), at: ItemPath(section: 1, item: 0))
    #expect(recorder.takeMoves() == 0)
    base.deleteItems(at: [ItemPath(section: 0, item: 4)])
    #expect(recorder.takeMoves() == 0)
    base.update(Row(id: 1, value: 5))
    #expect(recorder.takeMoves() == 0)
    base.moveItem(from: ItemPath(section: 0, item: 3), to: ItemPath(section: 0, item: 2))
    #expect(recorder.takeMoves() == 1)
    base.moveSection(from: 1, to: 0)
    #expect(recorder.takeMoves() == 0)
    #expect(recorder.failures.isEmpty, "\(recorder.failures)")
    #expect(recorder.last == node.snapshot)
  }

  @Test func changesBeforeTheSplicedItemsMoveTheFewerSide() {
    let base = MutableDataSource<Int, Row>(sections: [
      SnapshotSection(id: 0, items: Self.rows(1...6))
    ])
    let banner = MutableDataSource<Int, Row>(sections: [
      SnapshotSection(id: 0, items: Self.rows(100...104))
    ])
    let node = base.splicing(banner, intoSection: 0, at: 2)
    let recorder = Recorder(node)
    // One base item crosses the five spliced ones: it moves, they do not.
    base.deleteItems(at: [ItemPath(section: 0, item: 0)])
    #expect(recorder.takeMoves() == 1)
    base.insert(Self.rows(20...20), at: ItemPath(section: 0, item: 0))
    #expect(recorder.takeMoves() == 1)
    // Four base items cross a spliced item shorter than them: it moves.
    banner.deleteItems(at: (1...4).map { ItemPath(section: 0, item: $0) })
    base.perform { sections in sections[0].items.removeFirst(4) }
    #expect(recorder.takeMoves() <= 1)
    #expect(recorder.failures.isEmpty, "\(recorder.failures)")
    #expect(recorder.last == node.snapshot)
  }
}
