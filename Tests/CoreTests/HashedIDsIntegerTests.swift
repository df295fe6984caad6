import DataSourceGraphCore
import TestSupport
import Testing

/// Identities of the fixed-width integer types, which the table hashes
/// itself rather than through `hashValue`, answer as a `Dictionary` does:
/// consecutive values, values that differ only in their high bits, and
/// negative ones, added one at a time and in groups, with the table
/// growing as they come. So do strings, hashed through `hashValue`, whose
/// copies the groups' adds hold and release.
@Suite struct HashedIDsIntegerTests {
  @Test(.namesTheSeed)
  func integerIdentitiesAnswerAsADictionary() async {
    await forEachSeed(UInt64(1)...24) { seed in
      switch seed % 6 {
      case 0: Self.checkIntegers(Int.self, seed: seed)
      case 1: Self.checkIntegers(Int64.self, seed: seed)
      case 2: Self.checkIntegers(UInt64.self, seed: seed)
      case 3: Self.checkIntegers(UInt.self, seed: seed)
      case 4: Self.checkIntegers(Int32.self, seed: seed)
      default: Self.checkIntegers(UInt32.self, seed: seed)
      }
    }
  }

  @Test(.namesTheSeed)
  func stringIdentitiesAnswerAsADictionary() async {
    await forEachSeed(UInt64(1)...6) { seed in
      Self.check(seed: seed, rng: SplitMix64(seed: seed)) { "row \($0)" }
    }
  }

  /// An item whose identity is of type `ID`.
  struct Item<ID: Hashable>: Identifiable {
    var id: ID
  }

  /// ``check(seed:rng:id:)`` for integers of type `ID` drawn in one
  /// pattern: consecutive values; values apart by a power of two, as wide
  /// as the type allows (they differ only in their high bits for 64-bit
  /// types); or values around zero (negative for the signed types).
  static func checkIntegers<ID: FixedWidthInteger>(_ type: ID.Type, seed: UInt64) {
    var rng = SplitMix64(seed: seed)
    let pattern = rng.int(0..<3)
    check(seed: seed, rng: rng) { n in
      switch pattern {
      case 0: return ID(truncatingIfNeeded: n)
      case 1: return ID(truncatingIfNeeded: n) << (ID.bitWidth / 2)
      default: return ID(truncatingIfNeeded: n - 1_000)
      }
    }
  }

  /// Random adds of the identities `id` makes of numbers, checked against
  /// a `Dictionary` after every step: what each add returns, the count,
  /// and the look-up of identities present and absent.
  static func check<ID: Hashable>(seed: UInt64, rng: SplitMix64, id: (Int) -> ID) {
    var rng = rng
    let pool = 2_000 + rng.int(0..<4_000)
    var table = _HashedIDs<ID>()
    var model: [ID: Int] = [:]
    for step in 0..<(pool * 2) {
      if rng.int(0..<10) == 0 {
        let items = (0..<rng.int(0..<40)).map { _ in Item(id: id(rng.int(0..<pool))) }
        table.appendEach(items, checkedAgainst: &model, "seed \(seed), step \(step)")
      } else {
        let identity = id(rng.int(0..<pool))
        let (entry, added) = table.appendIfAbsent(identity)
        #expect(added == (model[identity] == nil), "seed \(seed), step \(step)")
        if added { model[identity] = model.count }
        #expect(entry == model[identity], "seed \(seed), step \(step)")
      }
      #expect(table.count == model.count, "seed \(seed), step \(step)")
      let probe = id(rng.int(0..<(pool * 2)))
      #expect(table.entry(of: probe) == model[probe], "seed \(seed), step \(step)")
    }
  }
}
