import DataSourceGraphDiffing
import Testing

/// The 64 combinations of removing and inserting at the first, middle and last
/// positions, as Swift's own "Fast applicator boundary conditions" test.
@Suite struct BoundaryTests {
  @Test("Remove/insert at first, middle, last: all 64 combinations", arguments: 0..<64)
  func boundaries(mask: Int) {
    let base = (0..<7).map { Item($0) }
    var new = base
    // Removals, from the back so that offsets stay valid.
    if mask & 1 != 0 { new.remove(at: 6) }
    if mask & 2 != 0 { new.remove(at: 3) }
    if mask & 4 != 0 { new.remove(at: 0) }
    // Insertions of fresh identities.
    if mask & 8 != 0 { new.append(Item(100)) }
    if mask & 16 != 0 { new.insert(Item(101), at: new.count / 2) }
    if mask & 32 != 0 { new.insert(Item(102), at: 0) }
    let difference = new.identityDifference(from: base)
    #expect(violations(of: difference, from: base, to: new).isEmpty, "mask \(mask)")
    #expect(difference.moves.isEmpty, "mask \(mask): \(difference)")
    #expect(difference.deletes.count == (mask & 7).nonzeroBitCount, "mask \(mask)")
    #expect(difference.inserts.count == (mask >> 3).nonzeroBitCount, "mask \(mask)")
  }
}
