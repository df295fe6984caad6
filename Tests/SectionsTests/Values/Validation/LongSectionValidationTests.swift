import DataSourceGraphSections
import SectionsTestSupport
import TestSupport
import Testing

/// The validator keeps the uses of each item path in a flat array over the
/// sections a batch names when the batch fills much of them, and in a table
/// of the paths used when a few operations name long sections (a storm's
/// composed batch), so that it does not cost the sections' lengths. Both
/// must find the same faults: a batch, sound or broken by a repeated or
/// conflicting path, is checked between two snapshots, then between the
/// same snapshots with every section on both sides lengthened by the same
/// untouched items at its end, which changes which storage is used and
/// nothing else.
@Suite struct LongSectionValidationTests {
  static let seeds: [UInt64] = PropertyDepth.seeds(debug: 1...30, release: 1...200)

  @Test(.namesTheSeed)
  func pathsUsedTwiceAreFoundInLongSectionsAsInShortOnes() async {
    await forEachSeed(Self.seeds, pathsUsedTwiceAreFoundInLongSectionsAsInShortOnes(seed:))
  }

  func pathsUsedTwiceAreFoundInLongSectionsAsInShortOnes(seed: UInt64) {
    var generator = SnapshotGenerator(seed: seed &* 7_919, sectionPool: 5, itemPool: 24)
    var faults = 0
    for round in 0..<30 {
      let old = generator.snapshot()
      let (sound, new) = generator.handWrittenBatch(from: old)
      var batch = sound
      Self.repeatAPath(in: &batch, &generator)
      let short = batch.violations(from: old, to: new)
      // The sections the batch keeps (a deleted section's identity may
      // come back in an inserted one).
      let deleted = Set(sound.sectionDeletes)
      let inserted = Set(sound.sectionInserts.map(\.index))
      let kept = Set(
        old.sectionIDs.indices.filter { !deleted.contains($0) }.map { old.sectionIDs[$0] }
      )
      .intersection(
        new.sectionIDs.indices.filter { !inserted.contains($0) }.map { new.sectionIDs[$0] })
      let long = batch.violations(
        from: Self.lengthened(old, kept), to: Self.lengthened(new, kept))
      let context = "seed \(seed) round \(round)\nold \(old.sections)\n\(batch)"
      #expect(Set(short.map(\.rule)) == Set(long.map(\.rule)), "\(context)\n\(short)\n\(long)")
      #expect(
        Set(short.map(\.paths)) == Set(long.map(\.paths)), "\(context)\n\(short)\n\(long)")
      if short.contains(where: { [.r6, .r8].contains($0.rule) }) { faults += 1 }
    }
    #expect(faults > 5, "seed \(seed): \(faults) batches with a path used twice")
  }

  /// `snapshot` with the items of each section in `kept` (those on both
  /// sides) followed by 200 items no batch names, the same for a section
  /// of the same identity on either side.
  static func lengthened(_ snapshot: RowSnapshot, _ kept: Set<Int>) -> RowSnapshot {
    RowSnapshot(
      sections: snapshot.sections.map { section in
        guard kept.contains(section.id) else { return section }
        var section = section
        section.items += (0..<200).map { Row(id: 1_000_000 + section.id * 1_000 + $0) }
        return section
      })
  }

  /// Most of the time, one path of `batch` used a second time: a delete, an
  /// insert or a move repeated, or a deleted item moved too.
  static func repeatAPath(in batch: inout RowBatch, _ generator: inout SnapshotGenerator) {
    switch generator.int(0..<5) {
    case 0 where !batch.itemDeletes.isEmpty:
      batch.itemDeletes.append(batch.itemDeletes[generator.int(0..<batch.itemDeletes.count)])
    case 1 where !batch.itemInserts.isEmpty:
      batch.itemInserts.append(batch.itemInserts[generator.int(0..<batch.itemInserts.count)])
    case 2 where !batch.itemMoves.isEmpty:
      batch.itemMoves.append(batch.itemMoves[generator.int(0..<batch.itemMoves.count)])
    case 3 where !batch.itemDeletes.isEmpty && !batch.itemMoves.isEmpty:
      let path = batch.itemDeletes[generator.int(0..<batch.itemDeletes.count)]
      batch.itemMoves.append(.init(from: path, to: batch.itemMoves[0].to))
    default:
      break
    }
  }
}
