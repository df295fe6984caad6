import DataSourceGraphCore
import TestSupport
import Testing

/// The hashed identities behind the large identity tables grow without
/// zeroing the new buckets or filing every entry again at once: each entry
/// added zeroes at most `zeroedPerAddedEntry` new buckets, then, once they
/// serve, files at most `refilesPerAddedEntry` of the entries the buckets
/// before still find, and look-ups answer as a `Dictionary` throughout.
@Suite struct HashedIDsGrowthTests {
  /// Random adds, one at a time and in groups (identities repeated often,
  /// hashes colliding or not), room reserved and everything removed now
  /// and then, checked against a `Dictionary` after every step: what the
  /// add returns, the count, and the look-up of identities present and
  /// absent. And the bounds: an add of *k* identities that leaves a growth
  /// being prepared zeroes at most 1,024 *k* buckets, and one files at most
  /// 4 *k* earlier entries, except the one that starts a growth while
  /// another is under way, which must come from an add of more than a
  /// quarter of the entries at once.
  @Test(.namesTheSeed)
  func growingAnswersAsADictionaryAndFilesAFewEntriesPerAdd() async {
    await forEachSeed(1...60, growingAnswersAsADictionaryAndFilesAFewEntriesPerAdd(seed:))
  }

  func growingAnswersAsADictionaryAndFilesAFewEntriesPerAdd(seed: UInt64) {
    var rng = SplitMix64(seed: seed)
    let pool = 50 + rng.int(0..<3_000)
    let spread = [1, 7, 1_000_000][rng.int(0..<3)]
    let limit = seed % 5 == 0 ? pool / 2 : Int(UInt32.max) - 1
    var table = _HashedIDs<Colliding>(narrowLimit: limit)
    var model: [Colliding: Int] = [:]
    var growths = 0
    func id() -> Colliding { Colliding(value: rng.int(0..<pool), spread: spread) }
    for step in 0..<(pool * 3) {
      let awaiting = table.entriesAwaitingRefile
      let unzeroed = table.bucketsAwaitingZeroing
      let before = table.count
      var added = 0
      switch rng.int(0..<100) {
      case 0:
        table.removeAll(keepingCapacity: rng.int(0..<2) == 0)
        model = [:]
        continue
      case 1:
        table.reserveCapacity(table.count + rng.int(0..<200))
      case 2..<12:
        let items = (0..<rng.int(0..<40)).map { _ in CollidingItem(id: id()) }
        table.appendEach(items, checkedAgainst: &model, "seed \(seed), step \(step)")
        added = items.count
      default:
        let identity = id()
        let (entry, wasAdded) = table.appendIfAbsent(identity)
        let expected = model[identity]
        #expect(wasAdded == (expected == nil), "seed \(seed), step \(step)")
        #expect(entry == expected ?? model.count, "seed \(seed), step \(step)")
        if expected == nil { model[identity] = entry }
        added = 1
      }
      #expect(table.count == model.count, "seed \(seed), step \(step)")
      if added > 0, !table.isWide {
        let after = table.entriesAwaitingRefile
        if after > awaiting {
          // A growth began: every entry then awaits, less what the add filed.
          growths += 1
          #expect(after >= before - 4 * added, "seed \(seed), step \(step)")
          #expect(awaiting == 0 || 4 * added > before, "seed \(seed), step \(step)")
        } else {
          #expect(awaiting - after <= 4 * added, "seed \(seed), step \(step)")
        }
        let stillUnzeroed = table.bucketsAwaitingZeroing
        if unzeroed > 0, stillUnzeroed > 0 {
          #expect(unzeroed - stillUnzeroed <= 1_024 * added, "seed \(seed), step \(step)")
        }
      }
      for _ in 0..<3 {
        let probe = id()
        #expect(table.entry(of: probe) == model[probe], "seed \(seed), step \(step)")
      }
    }
    for value in 0..<pool {
      let probe = Colliding(value: value, spread: spread)
      #expect(table.entry(of: probe) == model[probe], "seed \(seed), identity \(value)")
    }
    #expect(growths > 0 || table.isWide || pool < 100, "seed \(seed): the table never grew")
  }

  /// A table filled to 100,000 entries grows without zeroing its new
  /// buckets or filing its entries at once: the add that starts the growth
  /// zeroes 1,024 of the new buckets, and each add after it as many, until
  /// they are zeroed and serve; the add that makes them serve files four
  /// entries, and the rest are filed over the next quarter of that many
  /// adds, each found all along.
  @Test func aGrowthIsPaidOverTheAddsThatFollow() {
    let size = 100_000
    var table = _HashedIDs<Int>(minimumCapacity: size)
    for id in 0..<size { _ = table.appendIfAbsent(id) }
    #expect(table.entriesAwaitingRefile == 0)
    // The buckets hold the entries ¾ full or less: some add past
    // them starts a growth.
    var id = size
    while table.bucketsAwaitingZeroing == 0 {
      _ = table.appendIfAbsent(id)
      id += 1
    }
    // Buckets for twice the entries, ¾ full, less the 1,024 zeroed.
    #expect(table.bucketsAwaitingZeroing == (2 * (id - 1) * 4 + 2) / 3 - 1_024)
    while table.entriesAwaitingRefile == 0 {
      let unzeroed = table.bucketsAwaitingZeroing
      #expect(table.entry(of: id / 2) == id / 2)
      _ = table.appendIfAbsent(id)
      id += 1
      #expect(table.bucketsAwaitingZeroing == max(unzeroed - 1_024, 0))
    }
    let started = table.entriesAwaitingRefile
    #expect(started >= table.count - 1 - 4)
    var adds = 0
    while table.entriesAwaitingRefile > 0 {
      #expect(table.entry(of: adds * 3 % size) == adds * 3 % size)
      _ = table.appendIfAbsent(id)
      id += 1
      adds += 1
    }
    #expect(adds == (started + 3) / 4)
    #expect(table.entry(of: size - 1) == size - 1)
    #expect(table.entry(of: id - 1) == id - 1)
    #expect(table.entry(of: -1) == nil)
  }

  /// A table whose room was made up front, as a diff's is, filled through
  /// `appendIfAbsentWithinRoom` with identities repeated often and hashes
  /// colliding or not, answers as a `Dictionary` at every add and after.
  @Test(.namesTheSeed)
  func addsWithinTheRoomMadeAnswerAsADictionary() async {
    await forEachSeed(1...40, addsWithinTheRoomMadeAnswerAsADictionary(seed:))
  }

  func addsWithinTheRoomMadeAnswerAsADictionary(seed: UInt64) {
    var rng = SplitMix64(seed: seed)
    let adds = rng.int(0..<4_000)
    let pool = 1 + rng.int(0..<(adds + 1))
    let spread = [1, 7, 1_000_000][rng.int(0..<3)]
    var table = _HashedIDs<Colliding>(minimumCapacity: adds)
    var model: [Colliding: Int] = [:]
    for step in 0..<adds {
      let identity = Colliding(value: rng.int(0..<pool), spread: spread)
      let (entry, added) = table.appendIfAbsentWithinRoom(identity)
      let expected = model[identity]
      #expect(added == (expected == nil), "seed \(seed), step \(step)")
      #expect(entry == expected ?? model.count, "seed \(seed), step \(step)")
      if expected == nil { model[identity] = entry }
    }
    #expect(table.count == model.count, "seed \(seed)")
    for value in 0...pool {
      let probe = Colliding(value: value, spread: spread)
      #expect(table.entry(of: probe) == model[probe], "seed \(seed), identity \(value)")
    }
  }
}
