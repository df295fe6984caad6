import DataSourceGraphCoreData
import DataSourceGraphNodes
import DataSourceGraphSections
import TestSupport
import Testing

/// A store's identities read again after a save (what SwiftData's feed
/// does): each keeps the revision the leaf shows, one more if the save
/// changed it, 0 if new; applied to a leaf, the diff updates exactly the
/// changed objects.
@Suite struct FetchedObjectRevisionTests {
  @Test(.namesTheSeed)
  func aReadAgainUpdatesExactlyTheChangedObjects() async {
    await forEachSeed(
      1...40 as ClosedRange<UInt64>, aReadAgainUpdatesExactlyTheChangedObjects(seed:))
  }

  func aReadAgainUpdatesExactlyTheChangedObjects(seed: UInt64) {
    var rng = SplitMix64(seed: seed)
    let shown = (0..<rng.int(0...60)).map { FetchedObject(id: $0, revision: rng.int(0...3)) }
    let leaf = MutableDataSource<String, FetchedObject<Int>>(
      snapshot: Snapshot(id: "notes", items: shown))
    // The store now: some shown objects gone, new ones, in another order.
    var ids = shown.map(\.id).filter { _ in rng.chance(0.8) } + (100..<(100 + rng.int(0...10)))
    ids.shuffle(using: &rng)
    let changed = Set(ids.filter { _ in rng.chance(0.2) } + [-1])
    let revisionOf = Dictionary(uniqueKeysWithValues: shown.map { ($0.id, $0.revision) })
    let next = FetchedObject.revisions(of: ids, shown: { revisionOf[$0] }, changed: changed)

    #expect(next.map(\.id) == ids, "seed \(seed)")
    for item in next {
      let expected = revisionOf[item.id].map { $0 + (changed.contains(item.id) ? 1 : 0) } ?? 0
      #expect(item.revision == expected, "seed \(seed): \(item.id)")
    }
    var updated: Set<Int> = []
    let observation = leaf.observe { event in
      guard case .changed(.batch(let batch)) = event else { return }
      updated.formUnion(batch.itemUpdates.map(\.item.id))
    }
    leaf.replace(with: Snapshot(id: "notes", items: next))
    observation.cancel()
    #expect(leaf.snapshot.sections[0].items.map(\.self) == next, "seed \(seed)")
    #expect(updated == changed.intersection(revisionOf.keys), "seed \(seed): the updates")
  }
}
