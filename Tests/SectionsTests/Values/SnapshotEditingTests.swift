import DataSourceGraphSections
import SectionsTestSupport
import TestSupport
import Testing

/// A snapshot built from the previous one's sections
/// (`Snapshot(sections:editedFrom:)`, `modifySections(_:)`) reuses the
/// identity table of the sections left alone, and is exactly the snapshot
/// `Snapshot(sections:)` builds from the same sections: the same content,
/// the same duplicates dropped and listed in the same order, the same
/// look-ups.
@Suite struct SnapshotEditingTests {
  static let seeds: [UInt64] = PropertyDepth.seeds(debug: 1...40, release: 1...300)
  static let roundsPerSeed = PropertyDepth.steps(debug: 40, release: 120)

  /// `sections` with a few random edits, most sections left alone: items
  /// inserted (an identity may already be anywhere, so repeats arise),
  /// deleted, moved across sections and updated; sections inserted (an
  /// identity may repeat), deleted, moved, given a new header, or given a
  /// copy of their items (same content, new storage).
  static func edit(_ sections: inout [RowSection], _ generator: inout SnapshotGenerator) {
    for _ in 0..<generator.int(0..<5) {
      switch generator.int(0..<10) {
      case 0 where !sections.isEmpty:
        sections.remove(at: generator.int(0..<sections.count))
      case 1:
        let items = (0..<generator.int(0..<4)).map { _ in
          Row(id: generator.int(0..<generator.itemPool))
        }
        let section = RowSection(id: generator.int(0..<generator.sectionPool), items: items)
        sections.insert(section, at: generator.int(0..<(sections.count + 1)))
      case 2 where sections.count > 1:
        let section = sections.remove(at: generator.int(0..<sections.count))
        sections.insert(section, at: generator.int(0..<(sections.count + 1)))
      case 3 where !sections.isEmpty:
        sections[generator.int(0..<sections.count)].header = "h\(generator.int(0..<3))"
      case 4 where !sections.isEmpty:
        let s = generator.int(0..<sections.count)
        sections[s].items = .init(sections[s].items.map { $0 })
      case 5 where !sections.isEmpty:
        let s = generator.int(0..<sections.count)
        guard !sections[s].items.isEmpty else { continue }
        let item = sections[s].items.remove(at: generator.int(0..<sections[s].items.count))
        let t = generator.int(0..<sections.count)
        sections[t].items.insert(item, at: generator.int(0..<(sections[t].items.count + 1)))
      case 6 where !sections.isEmpty:
        let s = generator.int(0..<sections.count)
        guard !sections[s].items.isEmpty else { continue }
        sections[s].items[generator.int(0..<sections[s].items.count)].revision += 1
      case 7 where !sections.isEmpty:
        let s = generator.int(0..<sections.count)
        guard !sections[s].items.isEmpty else { continue }
        sections[s].items.remove(at: generator.int(0..<sections[s].items.count))
      default:
        guard !sections.isEmpty else { continue }
        let s = generator.int(0..<sections.count)
        let item = Row(id: generator.int(0..<generator.itemPool))
        sections[s].items.insert(item, at: generator.int(0..<(sections[s].items.count + 1)))
      }
    }
  }

  /// Records an issue where `derived` differs from `expected` in content,
  /// duplicates, counts or any look-up (every identity of the pools).
  static func expectSame(
    _ derived: RowSnapshot, _ expected: RowSnapshot, duplicates: RowSnapshot.Skipped? = nil,
    itemPool: Int, sectionPool: Int, _ context: String
  ) {
    #expect(derived == expected, "\(context)")
    #expect(derived.sections.map(\.header) == expected.sections.map(\.header), "\(context)")
    #expect(derived.duplicates == duplicates ?? expected.duplicates, "\(context)")
    #expect(derived.numberOfItems == expected.numberOfItems, "\(context)")
    for id in 0..<itemPool where derived.itemPath(for: id) != expected.itemPath(for: id) {
      Issue.record(
        "item \(id): \(String(describing: derived.itemPath(for: id))), expected \(String(describing: expected.itemPath(for: id))), \(context)"
      )
    }
    for id in 0..<sectionPool where derived.sectionIndex(for: id) != expected.sectionIndex(for: id)
    {
      Issue.record("section \(id), \(context)")
    }
  }

  /// Chains of edits, each snapshot built from the previous one (whose
  /// table may itself be derived, built at once, or not built yet because
  /// it was made by applying a batch), equal `Snapshot(sections:)` of the
  /// same sections in everything, look-ups included.
  @Test(.namesTheSeed)
  func buildingFromThePreviousSnapshotGivesTheFullBuild() async {
    await forEachSeed(Self.seeds, buildingFromThePreviousSnapshotGivesTheFullBuild(seed:))
  }

  func buildingFromThePreviousSnapshotGivesTheFullBuild(seed: UInt64) {
    var generator = SnapshotGenerator(
      seed: seed &+ 31_000, sectionPool: 4 + Int(seed % 12), itemPool: 10 + Int(seed % 90))
    var previous = generator.snapshot()
    for round in 0..<Self.roundsPerSeed {
      var sections = previous.sections
      Self.edit(&sections, &generator)
      let derived = RowSnapshot(sections: sections, editedFrom: previous)
      let expected = RowSnapshot(sections: sections)
      let context = "seed \(seed) round \(round)\nfrom \(previous.sections)\nto \(sections)"
      Self.expectSame(
        derived, expected, itemPool: generator.itemPool, sectionPool: generator.sectionPool,
        context)
      switch generator.int(0..<6) {
      case 0: previous = expected
      case 1: previous = previous.applying(expected.difference(from: previous)) ?? expected
      default: previous = derived
      }
    }
  }

  /// `modifySections(_:)` gives what the same edit through
  /// `Snapshot(sections:)` gives, with this edit's repeats added to the
  /// ones listed before, and leaves the snapshot alone when the body throws.
  @Test(.namesTheSeed)
  func modifyingSectionsGivesTheFullBuild() async {
    await forEachSeed(Self.seeds, modifyingSectionsGivesTheFullBuild(seed:))
  }

  struct Stop: Error {}

  func modifyingSectionsGivesTheFullBuild(seed: UInt64) {
    var generator = SnapshotGenerator(seed: seed &+ 32_000, sectionPool: 8, itemPool: 40)
    var snapshot = generator.snapshot()
    for round in 0..<Self.roundsPerSeed {
      let before = snapshot
      var sections = snapshot.sections
      var copy = generator
      Self.edit(&sections, &copy)
      let returned = snapshot.modifySections { edited in
        Self.edit(&edited, &generator)
        return edited.count
      }
      let expected = RowSnapshot(sections: sections)
      let duplicates = RowSnapshot.Skipped(
        sectionIDs: before.duplicates.sectionIDs + expected.duplicates.sectionIDs,
        itemIDs: before.duplicates.itemIDs + expected.duplicates.itemIDs)
      #expect(returned == sections.count)
      Self.expectSame(
        snapshot, expected, duplicates: duplicates, itemPool: 40, sectionPool: 8,
        "seed \(seed) round \(round)")
      let unchanged = snapshot
      #expect(throws: Stop.self) {
        try snapshot.modifySections { sections in
          sections.removeAll()
          throw Stop()
        }
      }
      #expect(snapshot == unchanged && snapshot.duplicates == unchanged.duplicates)
    }
  }

  /// Regression: an edited section brings in an identity that a later,
  /// untouched section holds. The edited one comes first, so it keeps the
  /// item and the later section loses it, exactly as `Snapshot(sections:)`
  /// decides; the later section's reused table entries must not answer for
  /// it.
  @Test func anEditedSectionTakesAnItemFromALaterUntouchedSection() {
    let previous = RowSnapshot(sections: [
      RowSection(id: 0, items: [Row(id: 1)]),
      RowSection(id: 1, items: [Row(id: 2), Row(id: 3), Row(id: 4)]),
    ])
    var sections = previous.sections
    sections[0].items.append(Row(id: 3, revision: 1))
    let derived = RowSnapshot(sections: sections, editedFrom: previous)
    #expect(derived == RowSnapshot(sections: sections))
    #expect(derived.sections[1].items == [Row(id: 2), Row(id: 4)])
    #expect(derived.duplicates.itemIDs == [3])
    #expect(derived.itemPath(for: 3) == ItemPath(section: 0, item: 1))
    #expect(derived.itemPath(for: 4) == ItemPath(section: 1, item: 1))
  }

  /// Many single-section edits in a row keep the look-ups right while the
  /// table's layers are added and merged; the sections left alone are
  /// found wherever they moved.
  @Test func longChainsOfOneSectionEditsKeepTheLookUps() {
    var snapshot = RowSnapshot(
      sections: (0..<20).map { s in RowSection(id: s, items: (0..<50).map { Row(id: s * 50 + $0) })
      })
    var generator = SnapshotGenerator(seed: 5, sectionPool: 20, itemPool: 2_000)
    for round in 0..<300 {
      let s = generator.int(0..<20)
      snapshot.modifySections { sections in
        sections[s].items.insert(
          Row(id: 1_000 + round), at: generator.int(0..<(sections[s].items.count + 1)))
        if !sections[s].items.isEmpty { sections[s].items.removeFirst() }
        if round % 7 == 0 { sections.swapAt(s, generator.int(0..<20)) }
      }
      let expected = RowSnapshot(sections: snapshot.sections)
      Self.expectSame(snapshot, expected, itemPool: 2_000, sectionPool: 20, "round \(round)")
    }
  }
}
