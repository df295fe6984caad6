/// A dictionary whose growth never files all of its entries again at once:
/// the entries live in many small `Dictionary`s (*shards*), picked by the
/// low bits of the key's hash, and the table grows by splitting one shard
/// at a time (linear hashing, Litwin 1980).
///
/// A `Dictionary` that outgrows its room moves every entry into a table
/// twice as large, in the insert that finds it full: for the 100,000
/// identities of a leaf fed page by page, in code not specialized for the
/// identity type, that held up one page for 37 ms, and 168 ms at 400,000.
/// Here an insert that takes the table past ``averageShardLoad`` entries
/// per shard splits the next shard in turn: it moves the shard's entries,
/// a few hundred, into that shard and a new one. So an insert or a removal
/// costs expected O(1) and, in the worst case, O(one shard), never O(*n*);
/// the moves add up to what a `Dictionary`'s growth costs. Small shards
/// spread that work thinly: with 512 entries a shard, the pages of a
/// growing feed that split one took its p99 from 0.5 to 0.8 ms.
///
/// Shard `s` of the *2ᴸ + p* shards holds the keys whose hash, modulo 2ᴸ,
/// is `s` (for `s` ≥ *p*) or whose hash modulo 2ᴸ⁺¹ is `s` (the shards
/// before *p*, and the ones they split into, which follow the first 2ᴸ).
/// The shards' own hashes are seeded apart from the key's `hashValue`, so
/// keys that share low bits do not crowd one shard's buckets.
///
/// Shards never merge: like a `Dictionary`, the table keeps the room it
/// grew to.
package struct ShardedDictionary<Key: Hashable, Value> {
  /// The entries per shard, on average, past which an insert splits one.
  package static var averageShardLoad: Int { 128 }

  private var shards: [[Key: Value]] = [[:]]
  /// *L*: the shards at the start of this round of splits are 2ᴸ.
  private var level = 0
  /// *p*: the next shard to split in this round.
  private var nextSplit = 0

  /// The number of entries.
  package private(set) var count = 0

  /// An empty dictionary.
  package init() {}

  /// Whether there is no entry.
  package var isEmpty: Bool { count == 0 }

  /// The number of shards (for tests and the internal checks).
  package var shardCount: Int { shards.count }

  @inline(__always) private func shard(of key: Key) -> Int {
    let hash = UInt(bitPattern: key.hashValue)
    let low = Int(hash & ((UInt(1) << level) &- 1))
    return low >= nextSplit ? low : Int(hash & ((UInt(2) << level) &- 1))
  }

  /// The value of `key`, or `nil`; setting `nil` removes the entry.
  ///
  /// - Complexity: Expected O(1); a set that adds an entry costs O(one
  ///   shard) in the worst case, when it splits one.
  package subscript(key: Key) -> Value? {
    @inline(__always) get { shards[shard(of: key)][key] }
    set {
      if let newValue {
        updateValue(newValue, forKey: key)
      } else {
        removeValue(forKey: key)
      }
    }
  }

  /// Whether `key` has an entry.
  ///
  /// - Complexity: Expected O(1).
  package func contains(_ key: Key) -> Bool {
    shards[shard(of: key)].index(forKey: key) != nil
  }

  /// Sets the value of `key` and returns the one it replaced, if any.
  ///
  /// - Complexity: Expected O(1); O(one shard) in the worst case.
  @discardableResult
  package mutating func updateValue(_ value: Value, forKey key: Key) -> Value? {
    let old = shards[shard(of: key)].updateValue(value, forKey: key)
    if old == nil {
      count += 1
      if count > Self.averageShardLoad * shards.count { splitNextShard() }
    }
    #if DATASOURCEGRAPH_INTERNAL_CHECKS
      if count & 0x3FF == 0 { checkInvariants() }
    #endif
    return old
  }

  /// Removes the entry of `key` and returns its value, if any.
  ///
  /// - Complexity: Expected O(1).
  @discardableResult
  package mutating func removeValue(forKey key: Key) -> Value? {
    let old = shards[shard(of: key)].removeValue(forKey: key)
    if old != nil { count -= 1 }
    return old
  }

  /// Makes room for `minimumCapacity` entries, if the dictionary is empty:
  /// as many shards as that takes, each with room for its share. (A
  /// dictionary with entries grows shard by shard as it is.)
  ///
  /// - Complexity: O(`minimumCapacity` / ``averageShardLoad``).
  package mutating func reserveCapacity(_ minimumCapacity: Int) {
    var level = 0
    while (1 << level) * Self.averageShardLoad < minimumCapacity { level += 1 }
    guard count == 0, 1 << level > shards.count else { return }
    self.level = level
    nextSplit = 0
    let room = (minimumCapacity >> level) + 1
    shards = (0..<(1 << level)).map { _ in Dictionary(minimumCapacity: room) }
  }

  /// Whether `predicate` holds for every value.
  ///
  /// - Complexity: O(*n* + shards).
  package func allValuesSatisfy(_ predicate: (Value) -> Bool) -> Bool {
    shards.allSatisfy { $0.values.allSatisfy(predicate) }
  }

  /// Splits shard *p* into itself and shard 2ᴸ + *p*, by the next bit of
  /// each key's hash, and moves *p* on (to the next round after the last).
  ///
  /// - Complexity: O(one shard).
  private mutating func splitNextShard() {
    let bit = UInt(1) << level
    let splitting = shards[nextSplit]
    shards[nextSplit] = [:]
    // Each keeps about half, and room to grow into.
    let room = splitting.count / 2 + splitting.count / 4
    var staying = [Key: Value](minimumCapacity: room)
    var leaving = [Key: Value](minimumCapacity: room)
    for (key, value) in splitting {
      if UInt(bitPattern: key.hashValue) & bit == 0 {
        staying[key] = value
      } else {
        leaving[key] = value
      }
    }
    shards[nextSplit] = staying
    shards.append(leaving)
    nextSplit += 1
    if nextSplit == 1 << level {
      level += 1
      nextSplit = 0
    }
  }

  #if DATASOURCEGRAPH_INTERNAL_CHECKS
    /// Stops the program when a key lies in a shard other than its own, or
    /// the count is not the entries'. O(*n*): run every 1,024 adds.
    package func checkInvariants() {
      precondition(
        shards.count == (1 << level) + nextSplit, "\(shards.count) shards at level \(level)")
      var total = 0
      for (s, shard) in shards.enumerated() {
        total += shard.count
        for key in shard.keys {
          precondition(self.shard(of: key) == s, "a key of shard \(self.shard(of: key)) in \(s)")
        }
      }
      precondition(total == count, "\(total) entries, count \(count)")
    }
  #endif
}
