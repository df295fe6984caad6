import DataSourceGraphComposition
import DataSourceGraphNodes
import DataSourceGraphSections
import TestSupport
import Testing

/// A header or footer value (`SnapshotSection.headerValue`) changed while
/// the section stays is a section update, and every combinator carries it:
/// the random graphs change values as they change titles, and these tests
/// check that each kind of node emitted such updates (flatten excepted: it
/// shows one section with headers of its own).
@Suite struct SupplementValueTests {
  /// The node kinds whose batches must carry value updates.
  static let carryingKinds = [
    "leaf", "filter", "map", "composite", "sort", "removeEmpty", "switchable", "segmented",
    "fallback", "splice", "outline",
  ]

  @Test(.namesTheSeed)
  func valueChangesReachEveryKindOfNode() async {
    var total: [String: Int] = [:]
    await forEachSeed(1...60 as ClosedRange<UInt64>) { seed in
      var graph = RandomGraph(seed: seed)
      RandomGraphTests.run(&graph, seed: seed)
      total.merge(graph.check.supplementValueUpdates, uniquingKeysWith: +)
    }
    for kind in Self.carryingKinds {
      #expect(total[kind, default: 0] > 0, "no \(kind) carried a header value change: \(total)")
    }
    // A flatten's one section has the header it was given: its inputs'
    // headers and their changes are not shown.
    #expect(total["flatten", default: 0] == 0)
  }

  @Test(.namesTheSeed)
  func valueChangesReachSharedInputs() async {
    var total: [String: Int] = [:]
    await forEachSeed(1...24 as ClosedRange<UInt64>) { seed in
      var graph = RandomGraph(seed: seed, dag: DAGTally.options)
      _ = RandomGraphDAGTests.run(&graph, seed: seed, steps: 150)
      total.merge(graph.check.supplementValueUpdates, uniquingKeysWith: +)
    }
    #expect(total.values.reduce(0, +) > 0, "no header value change in the DAGs: \(total)")
  }

  @Test func aValueChangeIsASectionUpdateOnly() {
    func inbox(unread: Int) -> Snapshot<String, Row> {
      Snapshot(sections: [
        SnapshotSection(
          id: "inbox", header: "Inbox", headerValue: unread, items: [Row(id: 1, value: 0)])
      ])
    }
    let (old, new) = (inbox(unread: 3), inbox(unread: 4))
    let batch = new.difference(from: old)
    #expect(batch.count == 1)
    #expect(batch.sectionUpdates.first?.headerValue as? Int == 4)
    #expect(old.applying(batch) == new)
  }

  @Test func valuesOfDifferentTypesDiffer() {
    let a = SnapshotSection<Int, Row>(id: 0, headerValue: 1)
    let b = SnapshotSection<Int, Row>(id: 0, headerValue: "1")
    #expect(a != b)
    #expect(!a.hasSameSupplements(as: b))
    #expect(b.headerValue(as: String.self) == "1")
    #expect(b.headerValue(as: Int.self) == nil)
    #expect(Set([a, b, a]).count == 2)
  }

  @Test func aValueChangeCrossesAChainOfCombinators() {
    let inbox = MutableDataSource(sections: [
      SnapshotSection(id: 0, header: "Inbox", headerValue: 2, items: [Row(id: 1, value: 1)]),
      SnapshotSection(id: 1, header: "Empty", footerValue: "none", items: []),
    ])
    let other = MutableDataSource(sections: [
      SnapshotSection(id: 7, header: "Other", items: [Row(id: 9, value: 0)])
    ])
    let chain = inbox.filter { $0.value > 0 }.sorted { $0.id < $1.id }.map { $0 }
      .removingEmptySections().switched()
    let fallback = chain.fallingBack(to: other)
    let segmented = SegmentedDataSource(fallback, other)
    let screen = CompositeDataSource(segmented.eraseToAnyDataSource(), other)
    var batches: [ChangeBatch<CompositeSectionID, Row>] = []
    let token = screen.observe { event in
      if case .changed(.batch(let batch)) = event { batches.append(batch) }
    }
    defer { token.cancel() }

    inbox.updateSection(at: 0, header: "Inbox", headerValue: 3)

    #expect(batches.count == 1)
    #expect(batches.first?.count == 1)
    let update = batches.first?.sectionUpdates.first
    #expect(update?.from == 0 && update?.to == 0)
    #expect(update?.header == "Inbox")
    #expect(update?.headerValue as? Int == 3)
    #expect(screen.snapshot.sections[0].headerValue(as: Int.self) == 3)
  }

  @Test func aFlattenKeepsItsOwnHeader() {
    let inbox = MutableDataSource(sections: [
      SnapshotSection(id: 0, header: "Inbox", headerValue: 2, items: [Row(id: 1, value: 1)])
    ])
    let all = inbox.joined(into: "all", header: "All")
    var events = 0
    let token = all.observe { _ in events += 1 }
    defer { token.cancel() }
    inbox.updateSection(at: 0, header: "Inbox", headerValue: 3)
    #expect(events == 0)
    #expect(all.snapshot.sections[0].headerValue == nil)
  }

  @Test func composedBatchesKeepTheLastValue() throws {
    func shot(_ value: Int) -> Snapshot<Int, Row> {
      Snapshot(sections: [SnapshotSection(id: 0, headerValue: value)])
    }
    let (s0, s1, s2) = (shot(1), shot(2), shot(3))
    let composed = try #require(
      s1.difference(from: s0).followed(
        by: s2.difference(from: s1), intermediateItemCounts: [0]))
    #expect(s0.applying(composed) == s2)
    #expect(composed.sectionUpdates.first?.headerValue as? Int == 3)
  }
}
