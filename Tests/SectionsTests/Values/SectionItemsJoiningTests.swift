import DataSourceGraphSections
import SectionsTestSupport
import TestSupport
import Testing

/// `SnapshotSection.Items(joining:)`, a flatten's bulk read: the parts'
/// items in order, whatever each part's storage (one array, chunks cut
/// from an array, chunks made by edits, empty), with the chunks' invariants
/// kept, the parts unchanged, and the result edited as any other items.
@Suite struct SectionItemsJoiningTests {
  typealias Items = SnapshotSection<Int, Row>.Items
  static let limit = Items.chunkLimit

  @Test(.namesTheSeed)
  func joinedItemsAreThePartsInOrder() async {
    await forEachSeed(PropertyDepth.seeds(debug: 1...40, release: 1...200)) { seed in
      Self.joinedItemsAreThePartsInOrder(seed: seed)
    }
  }

  static func joinedItemsAreThePartsInOrder(seed: UInt64) {
    var rng = SplitMix64(seed: seed)
    var next = 0
    var parts: [Items] = []
    var models: [[Row]] = []
    for _ in 0..<rng.int(0...12) {
      // Empty, tiny, around one chunk or the limit, or several chunks.
      let sizes = [
        0, rng.int(1...70), rng.int(100...200), Self.limit, rng.int(1...(3 * Self.limit)),
      ]
      let count = sizes[rng.int(0..<sizes.count)]
      var model = (next..<next + count).map { Row(id: $0) }
      next += count
      var part = Items(model)
      // Now and then an edit, so the part's chunks are its own.
      if count > 0 && rng.chance(0.4) {
        let at = rng.int(0..<count)
        part.remove(at: at)
        model.remove(at: at)
      }
      parts.append(part)
      models.append(model)
    }
    let before = parts.map { Array($0) }
    var joined = Items(joining: parts)
    let expected = models.flatMap { $0 }
    let context = "seed \(seed), parts \(models.map(\.count))"
    #expect(Array(joined) == expected, "\(context)")
    #expect(joined.count == expected.count, "\(context)")
    #expect(joined.invariantViolation == nil, "\(context): \(joined.invariantViolation ?? "")")
    if !expected.isEmpty {
      let probe = rng.int(0..<expected.count)
      #expect(joined[probe] == expected[probe], "\(context), item \(probe)")
      // An edit of the result leaves the parts as they were.
      joined.insert(Row(id: -1), at: probe)
      #expect(joined.invariantViolation == nil, "\(context): \(joined.invariantViolation ?? "")")
      #expect(joined[probe] == Row(id: -1), "\(context)")
    }
    #expect(parts.map { Array($0) } == before, "\(context)")
  }
}
