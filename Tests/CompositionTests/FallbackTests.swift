import DataSourceGraphComposition
import DataSourceGraphNodes
import DataSourceGraphSections
import TestSupport
import Testing

/// A fallback switches in one batch and at most one state change.
@Suite struct FallbackTests {
  /// Review B6: when the primary loses its content, observers get one
  /// batch from the primary's old content to the fallback's (not the
  /// primary's batch, then the switch), and no content → empty → content.
  @Test(.namesTheSeed)
  func losingTheContentSwitchesInOneBatch() async {
    await forEachSeed(1...60 as ClosedRange<UInt64>, losingTheContentSwitchesInOneBatch(seed:))
  }

  func losingTheContentSwitchesInOneBatch(seed: UInt64) {
    var rng = SplitMix64(seed: seed)
    var next = 0
    func rows(_ count: Int) -> [Row] {
      (0..<count).map { _ in
        next += 1
        return Row(id: next, value: 0)
      }
    }
    // Section identities 0...4 in both, so some sections are shared.
    func sections(_ count: Int, header: String) -> [SnapshotSection<Int, Row>] {
      Array(0...4).shuffled(using: &rng).prefix(count).map {
        SnapshotSection(id: $0, header: header, items: rows(rng.int(0...3)))
      }
    }
    let primary = MutableDataSource<Int, Row>(sections: sections(rng.int(1...4), header: "p"))
    primary.append(rows(1), toSection: 0)
    let fallback = MutableDataSource<Int, Row>(
      sections: sections(rng.int(0...4), header: rng.chance(0.5) ? "p" : "f"))
    let node = primary.fallingBack(to: fallback)
    var events: [DataSourceEvent<Int, Row>] = []
    let observation = node.observe { events.append($0) }
    let before = node.snapshot
    let seed2 = rng.next()
    let newSectionID = 5 + rng.int(0...1)
    primary.perform { sections in
      var local = SplitMix64(seed: seed2)
      for s in sections.indices { sections[s].items.removeAll() }
      if local.chance(0.3) { sections.remove(at: local.int(0..<sections.count)) }
      if local.chance(0.3), !sections.isEmpty { sections[0].header = "changed" }
      if local.chance(0.3) {
        sections.insert(SnapshotSection(id: newSectionID), at: local.int(0...sections.count))
      }
      if local.chance(0.3), sections.count > 1 { sections.swapAt(0, sections.count - 1) }
    }
    #expect(node.showsFallback, "seed \(seed)")
    let batches = events.compactMap { event -> SnapshotChange<Int, Row>? in
      if case .changed(let change) = event { change } else { nil }
    }
    let states = events.compactMap { event -> ContentState? in
      if case .stateChanged(_, let new) = event { new } else { nil }
    }
    #expect(batches.count == 1, "seed \(seed): \(events)")
    #expect(states.count <= 1, "seed \(seed): \(events)")
    if let change = batches.first {
      let after = before.applying(change)
      #expect(after == fallback.snapshot, "seed \(seed): \(change) from \(before.sections)")
      if case .batch(let batch) = change, let after {
        #expect(batch.violations(from: before, to: after).isEmpty, "seed \(seed): \(batch)")
      }
    }
    observation.cancel()
  }

  @Test func gainingTheContentSwitchesBackInOneBatch() {
    let primary = MutableDataSource<Int, Row>(sections: [SnapshotSection(id: 0)])
    let fallback = MutableDataSource<Int, Row>(sections: [
      SnapshotSection(id: 0, header: "f", items: [Row(id: 9, value: 0)])
    ])
    let node = primary.fallingBack(to: fallback)
    #expect(node.showsFallback)
    var events: [DataSourceEvent<Int, Row>] = []
    let observation = node.observe { events.append($0) }
    let before = node.snapshot
    primary.append([Row(id: 1, value: 0)], toSection: 0)
    #expect(!node.showsFallback)
    let batches = events.compactMap { event -> SnapshotChange<Int, Row>? in
      if case .changed(let change) = event { change } else { nil }
    }
    #expect(batches.count == 1)
    #expect(batches.first.flatMap { before.applying($0) } == primary.snapshot)
    observation.cancel()
  }
}

extension FallbackTests {
  /// A primary that keeps items while its content predicate calls it empty:
  /// its batch, then the switch, both applying, and one state change.
  @Test func aPrimaryEmptyByItsPredicateStillSwitchesCorrectly() {
    let primary = MutableDataSource<Int, Row>(sections: [
      SnapshotSection(id: 0, items: [Row(id: 1, value: 0), Row(id: 2, value: 1)])
    ])
    primary.contentPredicate = { source in
      source.sections.contains { $0.items.contains { $0.value == 0 } }
    }
    let fallback = MutableDataSource<Int, Row>(sections: [
      SnapshotSection(id: 0, items: [Row(id: 9, value: 0)])
    ])
    let node = primary.fallingBack(to: fallback)
    #expect(!node.showsFallback)
    var snapshot = node.snapshot
    var states = 0
    var failures: [String] = []
    let observation = node.observe { event in
      switch event {
      case .changed(let change):
        guard let next = snapshot.applying(change) else {
          failures.append("\(change) does not apply to \(snapshot.sections)")
          return
        }
        snapshot = next
      case .stateChanged: states += 1
      }
    }
    primary.deleteItems(at: [ItemPath(section: 0, item: 0)])
    #expect(node.showsFallback)
    #expect(failures.isEmpty, "\(failures)")
    #expect(snapshot == fallback.snapshot)
    #expect(states <= 1)
    observation.cancel()
  }
}
