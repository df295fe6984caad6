import DataSourceGraphComposition
import DataSourceGraphNodes
import DataSourceGraphSections
import TestSupport
import Testing

/// `DataSource.section(at:)` reads one section of any node as its snapshot
/// holds it; combinators build their inserted sections with it.
@Suite struct SectionReadTests {
  @Test(.namesTheSeed)
  func aSectionReadsAsInTheSnapshot() async {
    await forEachSeed(1...10 as ClosedRange<UInt64>, aSectionReadsAsInTheSnapshot(seed:))
  }

  func aSectionReadsAsInTheSnapshot(seed: UInt64) {
    var rng = SplitMix64(seed: seed)
    var next = 0
    let leaves = (0..<rng.int(1...3)).map { _ in
      MutableDataSource<Int, Row>(
        sections: (0..<rng.int(0...3)).map { s in
          SnapshotSection(
            id: s, header: rng.chance(0.5) ? "h\(s)" : nil, footer: rng.chance(0.5) ? "f\(s)" : nil,
            items: (0..<rng.int(0...4)).map { _ in
              next += 1
              return Row(id: next, value: rng.int(0..<5))
            })
        })
    }
    let screen = CompositeDataSource(leaves.map { $0 as any DataSource<Int, Row> }).map {
      Row(id: $0.id, value: $0.value + 1)
    }
    .filter { $0.value % 2 == 0 }
    let snapshot = screen.snapshot
    for index in snapshot.sections.indices {
      #expect(screen.section(at: index) == snapshot.sections[index], "seed \(seed)")
    }
    // Switching a composite child on inserts the sections as they read.
    let switchable = leaves[0].switched(isEnabled: false)
    var inserted: [SnapshotSection<Int, Row>] = []
    let observation = switchable.observe { event in
      if case .changed(.batch(let batch)) = event { inserted = batch.sectionInserts.map(\.section) }
    }
    switchable.isEnabled = true
    #expect(inserted == leaves[0].sections, "seed \(seed)")
    observation.cancel()
  }
}
