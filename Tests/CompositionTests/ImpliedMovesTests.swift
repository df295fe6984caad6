import DataSourceGraphComposition
import DataSourceGraphNodes
import DataSourceGraphSections
import TestSupport
import Testing

/// Review C3: `dropImpliedMoves` keeps the batch's result, leaves no move
/// that the other changes imply, and drops at least as many as checking
/// move by move until nothing changes (the former O(*k*²)–O(*k*³) way).
@Suite struct ImpliedMovesTests {
  /// Batches whose unmoved items are a random part of a longest chain, so
  /// that many moves are implied.
  @Test(.namesTheSeed)
  func itemMovesLeftOutKeepTheResult() async throws {
    try await forEachSeed(1...200 as ClosedRange<UInt64>, itemMovesLeftOutKeepTheResult(seed:))
  }

  func itemMovesLeftOutKeepTheResult(seed: UInt64) throws {
    var rng = SplitMix64(seed: seed)
    var next = 0
    let sectionCount = rng.int(1...3)
    let old = Snapshot(
      sections: (0..<sectionCount).map { s in
        SnapshotSection(
          id: s,
          items: (0..<rng.int(0...12)).map { _ in
            next += 1
            return Row(id: next, value: 0)
          })
      })
    // Where each survivor goes, in a lightly shuffled order.
    var newItems: [[Row]] = Array(repeating: [], count: sectionCount)
    var oldPath: [Int: ItemPath] = [:]
    var deletes: [ItemPath] = []
    for (s, section) in old.sections.enumerated() {
      for (i, item) in section.items.enumerated() {
        oldPath[item.id] = ItemPath(section: s, item: i)
        if rng.chance(0.15) {
          deletes.append(ItemPath(section: s, item: i))
          continue
        }
        let t = rng.chance(0.8) ? s : rng.int(0..<sectionCount)
        newItems[t].append(item)
      }
    }
    for t in newItems.indices {
      for i in newItems[t].indices.dropFirst() where rng.chance(0.2) {
        newItems[t].swapAt(i - 1, i)
      }
      for _ in 0..<rng.int(0...2) {
        next += 1
        newItems[t].insert(Row(id: next, value: 0), at: rng.int(0...newItems[t].count))
      }
    }
    let new = Snapshot(
      sections: newItems.enumerated().map { SnapshotSection(id: $0.offset, items: $0.element) })
    // Unmoved: a random part of a longest chain of items staying in their
    // section (old and new orders agree); every other survivor moves.
    var unmoved = Set<Int>()
    for (t, items) in newItems.enumerated() {
      let staying = items.filter { oldPath[$0.id]?.section == t }
      for id in Self.longestIncreasing(staying.map { oldPath[$0.id]!.item }).map({ staying[$0].id })
      where rng.chance(0.5) {
        unmoved.insert(id)
      }
    }
    var batch = ChangeBatch<Int, Row>()
    batch.itemDeletes = deletes
    for (t, items) in newItems.enumerated() {
      for (i, item) in items.enumerated() {
        let path = ItemPath(section: t, item: i)
        if let from = oldPath[item.id] {
          if !unmoved.contains(item.id) { batch.itemMoves.append(.init(from: from, to: path)) }
        } else {
          batch.itemInserts.append(.init(path: path, item: item))
        }
      }
    }
    batch.itemMoves.shuffle(using: &rng)
    try #require(old.applying(batch) == new, "seed \(seed): the generated batch is wrong")

    var dropped = batch
    dropped.dropImpliedMoves(oldSectionCount: sectionCount)
    #expect(old.applying(dropped) == new, "seed \(seed): \(dropped)")
    #expect(dropped.violations(from: old, to: new).isEmpty, "seed \(seed): \(dropped)")
    #expect(Self.impliedMoves(in: dropped).isEmpty, "seed \(seed): \(dropped)")
    #expect(dropped.itemMoves.count <= Self.movesLeftOneByOne(batch), "seed \(seed)")
  }

  @Test(.namesTheSeed)
  func sectionMovesLeftOutKeepTheResult() async throws {
    try await forEachSeed(1...100 as ClosedRange<UInt64>, sectionMovesLeftOutKeepTheResult(seed:))
  }

  func sectionMovesLeftOutKeepTheResult(seed: UInt64) throws {
    var rng = SplitMix64(seed: seed)
    let count = rng.int(1...10)
    let old = Snapshot(
      sections: (0..<count).map {
        SnapshotSection<Int, Row>(id: $0, items: [Row(id: $0, value: 0)])
      })
    var order = (0..<count).filter { _ in !rng.chance(0.15) }
    for i in order.indices.dropFirst() where rng.chance(0.3) { order.swapAt(i - 1, i) }
    var newIDs: [Int] = order
    for k in 0..<rng.int(0...2) { newIDs.insert(100 + k, at: rng.int(0...newIDs.count)) }
    let new = Snapshot(
      sections: newIDs.map { SnapshotSection<Int, Row>(id: $0, items: [Row(id: $0, value: 0)]) })
    let chain = Set(Self.longestIncreasing(order).map { order[$0] }.filter { _ in rng.chance(0.5) })
    var batch = ChangeBatch<Int, Row>()
    batch.sectionDeletes = (0..<count).filter { !order.contains($0) }
    for (t, id) in newIDs.enumerated() {
      if id >= 100 {
        batch.sectionInserts.append(.init(index: t, section: new.sections[t]))
      } else if !chain.contains(id) {
        batch.sectionMoves.append(.init(from: id, to: t))
      }
    }
    try #require(old.applying(batch) == new, "seed \(seed): the generated batch is wrong")
    var dropped = batch
    dropped.dropImpliedMoves(oldSectionCount: count)
    #expect(old.applying(dropped) == new, "seed \(seed): \(dropped)")
    #expect(dropped.violations(from: old, to: new).isEmpty, "seed \(seed): \(dropped)")
    let leaving = (dropped.sectionDeletes + dropped.sectionMoves.map(\.from)).sorted()
    let arriving = (dropped.sectionInserts.map(\.index) + dropped.sectionMoves.map(\.to)).sorted()
    for move in dropped.sectionMoves {
      #expect(
        move.from - leaving.filter { $0 < move.from }.count != move.to
          - arriving.filter { $0 < move.to }.count,
        "seed \(seed): \(move) is implied")
    }
  }

  /// Indices of a longest strictly increasing subsequence (O(*n*²)).
  static func longestIncreasing(_ values: [Int]) -> [Int] {
    guard !values.isEmpty else { return [] }
    var length = [Int](repeating: 1, count: values.count)
    var previous = [Int](repeating: -1, count: values.count)
    for i in values.indices {
      for j in 0..<i where values[j] < values[i] && length[j] + 1 > length[i] {
        length[i] = length[j] + 1
        previous[i] = j
      }
    }
    var i = length.indices.max { length[$0] < length[$1] }!
    var result: [Int] = []
    while i >= 0 {
      result.append(i)
      i = previous[i]
    }
    return result.reversed()
  }

  /// The moves (within one section; the batch keeps its sections) that the
  /// other changes imply, by the definition.
  static func impliedMoves(in batch: ChangeBatch<Int, Row>) -> [ChangeBatch<Int, Row>.Move<
    ItemPath
  >] {
    batch.itemMoves.filter { move in
      guard move.from.section == move.to.section else { return false }
      let s = move.from.section
      let leaving = (batch.itemDeletes + batch.itemMoves.map(\.from)).filter {
        $0.section == s && $0.item < move.from.item
      }
      let arriving = (batch.itemInserts.map(\.path) + batch.itemMoves.map(\.to)).filter {
        $0.section == s && $0.item < move.to.item
      }
      return move.from.item - leaving.count == move.to.item - arriving.count
    }
  }

  /// How many moves are left by dropping implied moves one at a time, in
  /// order, until none is implied.
  static func movesLeftOneByOne(_ batch: ChangeBatch<Int, Row>) -> Int {
    var batch = batch
    while let first = impliedMoves(in: batch).first {
      batch.itemMoves.removeAll { $0 == first }
    }
    return batch.itemMoves.count
  }
}
