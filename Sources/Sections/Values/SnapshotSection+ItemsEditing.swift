extension SnapshotSection.Items {
  /// Removes the items at `offsets` (ascending, distinct, in range).
  ///
  /// - Complexity: O(*k* log *c* + the chunks touched + *c*) for *k*
  ///   offsets and *c* chunks past ``chunkLimit``; as
  ///   `Array.remove(sortedOffsets:)` below it.
  @inlinable
  package mutating func remove(sortedOffsets offsets: [Int]) {
    if isOneArray {
      whole.remove(sortedOffsets: offsets)
      return
    }
    guard offsets.count > 8 else {
      for i in offsets.reversed() { remove(at: i) }
      return
    }
    var start = 0
    while start < offsets.count {
      let (c, _) = chunk(holding: offsets[start])
      let chunkStart = c == 0 ? 0 : ends[c - 1]
      var end = start
      while end < offsets.count && offsets[end] < ends[c] { end += 1 }
      precondition(end > start, "SnapshotSection.Items: offset \(offsets[start]) out of range")
      own(c)
      chunks[c].remove(sortedOffsets: offsets[start..<end].map { $0 - chunkStart })
      start = end
    }
    regroup()
  }

  /// Removes the item at `offset` and inserts `item` at `newOffset` (an
  /// offset in the result), moving only the items between the two places
  /// when both are in one chunk. `false`, leaving the items as they were,
  /// if an offset is out of range.
  ///
  /// - Complexity: O(|`newOffset` − `offset`|) below ``chunkLimit`` or
  ///   within a chunk; else O(``chunkLimit`` + *c*) for *c* chunks.
  @inlinable
  package mutating func remove(at offset: Int, inserting item: Item, at newOffset: Int) -> Bool {
    guard indices.contains(offset), indices.contains(newOffset) else { return false }
    if isOneArray { return whole.remove(at: offset, inserting: item, at: newOffset) }
    let (c, from) = chunk(holding: offset)
    let (d, to) = chunk(holding: newOffset)
    if c == d {
      own(c)
      return chunks[c].remove(at: from, inserting: item, at: to)
    }
    remove(at: offset)
    insert(item, at: newOffset)
    return true
  }

  /// Inserts `arrivals`, ascending by final offset (`key.item`), each at
  /// its offset in the result; `false`, leaving the items as they were, if
  /// an offset is out of range.
  ///
  /// - Complexity: O(*k* (``chunkLimit`` + *c*)) for *k* arrivals and *c*
  ///   chunks past ``chunkLimit``, one by one while that is at most *n*;
  ///   else O(*n* + *k*), merged into one array.
  @inlinable
  package mutating func insert(_ arrivals: ArraySlice<(key: ItemPath, value: Item)>) -> Bool {
    if isOneArray {
      guard whole.insert(arrivals) else { return false }
      if whole.count > Self.chunkLimit { self = Self(whole) }
      return true
    }
    let finalCount = count + arrivals.count
    for arrival in arrivals where !(0..<finalCount).contains(arrival.key.item) { return false }
    if arrivals.count <= 64 || arrivals.count * (Self.chunkLimit + chunks.count) <= count {
      for arrival in arrivals { insert(arrival.value, at: arrival.key.item) }
      return true
    }
    var merged = array
    guard merged.insert(arrivals) else { return false }
    self = Self(merged)
    return true
  }

  /// Drops the chunks left empty, counts again, and joins neighbours
  /// that fit one chunk while one of them is small.
  ///
  /// - Complexity: O(*c*) plus the items of the chunks joined.
  @inlinable
  mutating func regroup() {
    chunks.removeAll { $0.isEmpty }
    ends = []
    ends.reserveCapacity(chunks.count)
    var end = 0
    for chunk in chunks {
      end += chunk.count
      ends.append(end)
    }
    if becameOneArray() { return }
    var k = 0
    while k + 1 < chunks.count {
      let small = chunks[k].count < Self.smallLength || chunks[k + 1].count < Self.smallLength
      if small && chunks[k].count + chunks[k + 1].count <= Self.chunkLimit {
        join(k)
      } else {
        k += 1
      }
    }
  }
}
