import DataSourceGraphComposition
import TestSupport
import Testing

/// A composite's identity table answers as a `Dictionary` of keys: a claim
/// keeps the first key, setting a key replaces it, setting `nil` removes
/// the identity (its entry stays, counted, until the table is emptied),
/// with and without room reserved, when identities collide in every
/// bucket, and once its count passes what its bucket words number; a
/// section's claims made in bulk answer as the same claims made one at a
/// time.
@Suite struct OwnerTableTests {
  @Test(.namesTheSeed)
  func answersAsADictionaryOfKeys() async {
    await forEachSeed(1...60, answersAsADictionaryOfKeys(seed:))
  }

  func answersAsADictionaryOfKeys(seed: UInt64) {
    var rng = SplitMix64(seed: seed)
    let pool = 1 + rng.int(0..<300)
    let spread = [1, 3, 1_000_000][rng.int(0..<3)]
    let limit = seed % 4 == 0 ? 40 : Int(UInt32.max) - 1
    var table = _OwnerTable<Colliding>(narrowLimit: limit)
    var model: [Colliding: Int32] = [:]
    // Every identity with an entry: those ever recorded since the table
    // was last emptied.
    var entered: Set<Colliding> = []
    for _ in 0..<(pool * 3) {
      let id = Colliding(value: rng.int(0..<pool), spread: spread)
      let key = Int32(rng.int(0..<5))
      switch rng.int(0..<21) {
      case 0..<9:
        let owner = model[id]
        #expect(table.claimEach([CollidingItem(id: id)], for: key) == (owner == nil ? [] : [0]))
        if owner == nil { model[id] = key }
        entered.insert(id)
      case 9..<13:
        table[id] = key
        model[id] = key
        entered.insert(id)
      case 13..<18:
        table[id] = nil
        model[id] = nil
      case 18:
        table.reserveCapacity(rng.int(0..<(2 * pool)))
      case 19:
        // A section's claims in bulk: each identity as a claim in turn.
        let ids = (0..<rng.int(0...40)).map { _ in
          Colliding(value: rng.int(0..<pool), spread: spread)
        }
        var expected: [Int] = []
        for (offset, id) in ids.enumerated() {
          if model[id] == nil { model[id] = key } else { expected.append(offset) }
          entered.insert(id)
        }
        #expect(table.claimEach(ids.map(CollidingItem.init), for: key) == expected)
      default:
        if rng.chance(0.3) {
          table.removeAllKeepingCapacity()
          model = [:]
          entered = []
        }
      }
      #expect(table.count == entered.count)
    }
    for value in 0..<pool {
      let id = Colliding(value: value, spread: spread)
      #expect(table[id] == model[id], "identity \(value)")
    }
  }
}
