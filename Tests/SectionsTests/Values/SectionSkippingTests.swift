import DataSourceGraphNodes
import DataSourceGraphSections
import SectionsTestSupport
import TestSupport
import Testing

/// The sectioned diff skips sections whose items share storage with the old
/// section of the same identity: the batch it gives equals the batch of the
/// same content with every array rebuilt (nothing shared, so nothing
/// skipped), and the skipped sections' items are never compared or hashed.
@Suite struct SectionSkippingTests {
  static let seeds: [UInt64] = PropertyDepth.seeds(debug: 1...40, release: 1...300)
  static let pairsPerSeed = PropertyDepth.steps(debug: 50, release: 200)

  /// `snapshot` with every item array copied into new storage.
  static func unshared(_ snapshot: RowSnapshot) -> RowSnapshot {
    RowSnapshot(
      sections: snapshot.sections.map {
        RowSection(id: $0.id, header: $0.header, footer: $0.footer, items: $0.items.map { $0 })
      })
  }

  /// Snapshots built by editing copies of the old sections (most of them
  /// untouched, sharing storage), by applying the batch (the result shares
  /// the untouched sections and builds no table), and chains of such
  /// edits: the diff equals the diff of the same content with nothing
  /// shared, and applies.
  @Test(.namesTheSeed)
  func skippingGivesTheBatchOfTheFullComparison() async {
    await forEachSeed(Self.seeds, skippingGivesTheBatchOfTheFullComparison(seed:))
  }

  func skippingGivesTheBatchOfTheFullComparison(seed: UInt64) {
    var generator = SnapshotGenerator(seed: seed &+ 7_000, sectionPool: 8, itemPool: 60)
    var old = generator.snapshot()
    for round in 0..<Self.pairsPerSeed {
      let context = "seed \(seed) round \(round)"
      let edited = generator.variation(of: old)
      let full = Self.unshared(edited).difference(from: Self.unshared(old))
      let skipped = edited.difference(from: old)
      #expect(skipped == full, "\(context)\nold \(old.sections)\nnew \(edited.sections)")
      #expect(old.applying(skipped) == edited, "\(context)")
      // The applied snapshot shares the sections the batch leaves alone.
      guard let applied = old.applying(full) else {
        Issue.record("the full batch does not apply, \(context)")
        return
      }
      #expect(applied.difference(from: old) == full, "\(context)")
      #expect(edited.difference(from: applied).isEmpty, "\(context)")
      #expect(old.difference(from: applied) == old.difference(from: edited), "\(context)")
      old = generator.chance(0.5) ? applied : edited
    }
  }

  /// A snapshot diffed against itself, or against a new snapshot of the
  /// same sections, gives the empty batch, and they are equal.
  @Test(.namesTheSeed)
  func unchangedContentGivesTheEmptyBatch() async {
    await forEachSeed(Self.seeds, unchangedContentGivesTheEmptyBatch(seed:))
  }

  func unchangedContentGivesTheEmptyBatch(seed: UInt64) {
    var generator = SnapshotGenerator(seed: seed &+ 8_000)
    for round in 0..<Self.pairsPerSeed {
      let old = generator.snapshot()
      let same = RowSnapshot(sections: old.sections)
      #expect(old.difference(from: old).isEmpty, "seed \(seed) round \(round)")
      #expect(same.difference(from: old).isEmpty, "seed \(seed) round \(round)")
      #expect(same == old, "seed \(seed) round \(round)")
    }
  }

  /// Fence: with one section of twenty edited, the diff, its plan and `==`
  /// hash and compare the content of only that section's items; with nothing changed
  /// or the identical value, none at all. (The plan is fenced in builds
  /// without the library's internal checks, as the release test run.)
  @Test func unchangedSectionsAreNotVisited() throws {
    let log = VisitLog()
    let sections = (0..<20).map { s in
      SnapshotSection<Int, Counted>(
        id: s, items: (0..<50).map { Counted(id: CountedID(value: s * 50 + $0, log: log)) })
    }
    let old = Snapshot(sections: sections)
    var edited = sections
    edited[7].items.remove(at: 3)
    edited[7].items.swapAt(10, 20)
    edited[7].items[30].revision = 1
    edited[7].items.append(Counted(id: CountedID(value: 5_000, log: log)))
    let new = Snapshot(sections: edited)
    let sectionSeven = Set(sections[7].items.map(\.id.value)).union([5_000])

    let same = Snapshot(sections: sections)

    log.visited = []
    let batch = new.difference(from: old)
    // The library's internal checks (on in its own test builds) visit every
    // item by design; an app's build plans without them.
    #if !DATASOURCEGRAPH_INTERNAL_CHECKS
      _ = try batch.uikitPlan(from: old, to: new)
    #endif
    #expect(new != old)
    #expect(!log.visited.isEmpty)
    #expect(log.visited.isSubset(of: sectionSeven), "visited \(log.visited.sorted())")
    #expect(old.applying(batch) == new)

    log.visited = []
    #expect(same.difference(from: old).isEmpty)
    #expect(same == old)
    #expect(old.difference(from: old).isEmpty)
    #expect(old == old)
    #expect(log.visited.isEmpty, "visited \(log.visited.sorted())")
  }
}

/// The identities compared or hashed, in a fence test.
final class VisitLog {
  var visited: Set<Int> = []
}

/// An identity that records every hash of itself. (Its `==` is not
/// recorded: a look-up in a table also compares the identities stored
/// beside the one asked for.)
struct CountedID: Hashable {
  var value: Int
  let log: VisitLog

  static func == (lhs: Self, rhs: Self) -> Bool { lhs.value == rhs.value }

  func hash(into hasher: inout Hasher) {
    log.visited.insert(value)
    hasher.combine(value)
  }
}

/// An item that records every comparison of its content.
struct Counted: Identifiable, Equatable {
  var id: CountedID
  var revision = 0

  static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.id.log.visited.formUnion([lhs.id.value, rhs.id.value])
    return lhs.id == rhs.id && lhs.revision == rhs.revision
  }
}
