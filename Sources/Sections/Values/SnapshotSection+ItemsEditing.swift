extension SnapshotSection.Items {
  /// Removes the items at `offsets` (ascending, distinct, in range).
  ///
  /// Past 1,024 items, each chunk holding offsets loses them, the running
  /// counts shift in one pass of integers, and only the chunks touched are
  /// settled (dropped when empty, joined to a neighbour when small): the
  /// other chunks are not read, so removing a page from a long section
  /// costs what the page touches, not a walk of every chunk.
  ///
  /// - Complexity: O(*k* log *c* + the chunks touched) for *k* offsets,
  ///   plus O(*c*) additions of integers for *c* chunks past 1,024; as
  ///   `Array.remove(sortedOffsets:)` below it.
  @inlinable
  package mutating func remove(sortedOffsets offsets: [Int]) {
    #if DATASOURCEGRAPH_INTERNAL_CHECKS
      defer { checkInvariants() }
    #endif
    if isOneArray {
      whole.remove(sortedOffsets: offsets)
      return
    }
    guard offsets.count > 8 else {
      for i in offsets.reversed() { remove(at: i) }
      return
    }
    // The chunks touched, ascending, with the change of each (minus the
    // number it loses); the running counts stay those of the chunks
    // before any removal until every chunk has lost its items.
    var touched: [(chunk: Int, change: Int)] = []
    var start = 0
    while start < offsets.count {
      let (c, _) = chunk(holding: offsets[start])
      let chunkStart = c == 0 ? 0 : ends[c - 1]
      var end = start
      while end < offsets.count && offsets[end] < ends[c] { end += 1 }
      precondition(end > start, "SnapshotSection.Items: offset \(offsets[start]) out of range")
      own(c)
      chunks[c].remove(sortedOffsets: offsets[start..<end].map { $0 - chunkStart })
      touched.append((c, start - end))
      start = end
    }
    shiftEnds(by: touched)
    // From the last chunk touched back: settling one changes no index
    // below the chunk before it.
    for (c, _) in touched.reversed() {
      settle(c)
      if isOneArray { return }
    }
    _ = becameOneArray()
  }

  /// Adds to each running count the change of the chunks up to it:
  /// `touched` lists chunks, ascending, with the number of items each
  /// gained (negative: lost).
  ///
  /// - Complexity: O(*c*) additions of integers for *c* chunks.
  @inlinable
  mutating func shiftEnds(by touched: [(chunk: Int, change: Int)]) {
    // A run of counts between two chunks touched shifts by one amount: a
    // loop without a branch, vectorized (see `shiftEnds(from:by:)`).
    ends.withUnsafeMutableBufferPointer { ends in
      var change = 0
      for t in touched.indices {
        change &+= touched[t].change
        let upper = t + 1 < touched.count ? touched[t + 1].chunk : ends.count
        for k in touched[t].chunk..<upper { ends[k] &+= change }
      }
    }
  }

  /// Removes the item at `offset` and inserts `item` at `newOffset` (an
  /// offset in the result), moving only the items between the two places
  /// when both are in one chunk. `false`, leaving the items as they were,
  /// if an offset is out of range.
  ///
  /// - Complexity: O(|`newOffset` − `offset`|) below 1,024 or
  ///   within a chunk; else O(1,024 + *c*) for *c* chunks.
  @inlinable
  package mutating func remove(at offset: Int, inserting item: Item, at newOffset: Int) -> Bool {
    #if DATASOURCEGRAPH_INTERNAL_CHECKS
      defer { checkInvariants() }
    #endif
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
  /// Past 1,024 items, while the arrivals are few beside the items, each
  /// goes into the chunk that holds its place, the running counts shift in
  /// one pass of integers at the end, and only then do the chunks past the
  /// limit split: the chunks no arrival reaches are not read. Else the
  /// items and the arrivals are merged into one array.
  ///
  /// - Complexity: O(*k* log *c* + the chunks touched) and O(*c*)
  ///   additions of integers, for *k* arrivals and *c* chunks, while
  ///   *k* × 1,024 is at most *n* (or *k* at most 64); else O(*n* + *k*).
  @inlinable
  package mutating func insert(_ arrivals: ArraySlice<(key: ItemPath, value: Item)>) -> Bool {
    #if DATASOURCEGRAPH_INTERNAL_CHECKS
      defer { checkInvariants() }
    #endif
    if isOneArray {
      guard whole.insert(arrivals) else { return false }
      if whole.count > Self.chunkLimit { self = Self(whole) }
      return true
    }
    let finalCount = count + arrivals.count
    for arrival in arrivals where !(0..<finalCount).contains(arrival.key.item) { return false }
    if arrivals.count <= 64 || arrivals.count * Self.chunkLimit <= count {
      insertIntoChunks(arrivals)
      return true
    }
    var merged = array
    guard merged.insert(arrivals) else { return false }
    self = Self(merged)
    return true
  }

  /// Inserts `arrivals` (ascending by final offset, in range) into the
  /// chunks that hold their places, then shifts the running counts once
  /// and splits the chunks past the limit.
  ///
  /// The arrivals before one are all before it in the result, so the
  /// `j`-th goes where `key.item - j` of the old items precede it: its
  /// chunk is found by the old running counts, which stay as they were
  /// until every arrival is in.
  ///
  /// - Complexity: O(*k* log *c* + the chunks touched) and O(*c*)
  ///   additions of integers.
  @inlinable
  mutating func insertIntoChunks(_ arrivals: ArraySlice<(key: ItemPath, value: Item)>) {
    var touched: [(chunk: Int, change: Int)] = []
    // By index, not `enumerated()`: in code not specialized for the item
    // type, the enumeration's iterator cost 1,800 instructions an arrival.
    for a in arrivals.indices {
      let j = a - arrivals.startIndex
      let (c, offset) = chunk(holding: arrivals[a].key.item - j)
      if let last = touched.last, last.chunk == c {
        touched[touched.count - 1].change += 1
      } else {
        // Room for the arrivals left, up to a small chunk's worth.
        own(c, reserving: Swift.min(arrivals.count - j, Self.smallLength))
        touched.append((c, 1))
      }
      // The arrivals already in this chunk are before this one.
      chunks[c].insert(arrivals[a].value, at: offset + touched[touched.count - 1].change - 1)
    }
    shiftEnds(by: touched)
    // From the last chunk touched back: a split shifts no chunk before it.
    for (c, _) in touched.reversed() where chunks[c].count > Self.chunkLimit { split(c) }
  }

  /// Inserts `item` at position `i` (`0...count`).
  ///
  /// Past 1,024 items, the chunk that holds the position takes the item,
  /// the running counts after it shift by one, and a chunk past the limit
  /// splits. Its own method, where the `RangeReplaceableCollection`
  /// default would wrap the item in a collection and replace a range
  /// through generic code: in code not specialized for the item type (a
  /// leaf's edit, a renderer's), that cost about 18,000 instructions an
  /// insert into a section of 500,000 items.
  ///
  /// - Complexity: O(log *c* + 1,024) and O(*c*) additions of integers for
  ///   *c* chunks, past 1,024 items; O(*n*) below.
  @inlinable
  public mutating func insert(_ item: Item, at i: Int) {
    #if DATASOURCEGRAPH_INTERNAL_CHECKS
      defer { checkInvariants() }
    #endif
    if isOneArray {
      whole.insert(item, at: i)
      if whole.count > Self.chunkLimit { self = Self(whole) }
      return
    }
    precondition(i >= 0 && i <= endIndex, "SnapshotSection.Items: index \(i) out of range")
    let (c, offset) = chunk(holding: i)
    own(c)
    chunks[c].insert(item, at: offset)
    shiftEnds(from: c, by: 1)
    if chunks[c].count > Self.chunkLimit { split(c) }
  }

  /// Removes and returns the item at position `i`.
  ///
  /// Past 1,024 items, the chunk that holds it loses it, the running counts
  /// after it shift by one, and the chunk is settled (dropped when empty,
  /// joined to a neighbour when small); its own method for the reason
  /// ``insert(_:at:)`` gives.
  ///
  /// - Complexity: O(log *c* + 1,024) and O(*c*) additions of integers for
  ///   *c* chunks, past 1,024 items; O(*n*) below.
  @inlinable @discardableResult
  public mutating func remove(at i: Int) -> Item {
    #if DATASOURCEGRAPH_INTERNAL_CHECKS
      defer { checkInvariants() }
    #endif
    if isOneArray { return whole.remove(at: i) }
    precondition(i >= 0 && i < endIndex, "SnapshotSection.Items: index \(i) out of range")
    let (c, offset) = chunk(holding: i)
    own(c)
    let item = chunks[c].remove(at: offset)
    shiftEnds(from: c, by: -1)
    settle(c)
    return item
  }

  /// Reserves room for `minimumCapacity` items, when they fit one array.
  @inlinable
  public mutating func reserveCapacity(_ minimumCapacity: Int) {
    if isOneArray && minimumCapacity <= Self.chunkLimit {
      whole.reserveCapacity(minimumCapacity)
    }
  }

  /// Adds `item` at the end.
  ///
  /// - Complexity: Amortized O(1), plus a split of the last chunk now and
  ///   then.
  @inlinable
  public mutating func append(_ item: Item) {
    #if DATASOURCEGRAPH_INTERNAL_CHECKS
      defer { checkInvariants() }
    #endif
    if isOneArray {
      whole.append(item)
      if whole.count > Self.chunkLimit { self = Self(whole) }
      return
    }
    let last = chunks.count - 1
    own(last)
    chunks[last].append(item)
    ends[last] += 1
    if chunks[last].count > Self.chunkLimit { split(last) }
  }

  /// Replaces the items in `bounds` with `newItems`.
  ///
  /// - Complexity: O(*k* + 1,024 + *n* / 1,024) for
  ///   *k* items removed and added, past the limit; O(*n*) below it.
  @inlinable
  public mutating func replaceSubrange<C: Collection>(
    _ bounds: Range<Int>, with newItems: C
  ) where C.Element == Item {
    #if DATASOURCEGRAPH_INTERNAL_CHECKS
      defer { checkInvariants() }
    #endif
    if isOneArray {
      whole.replaceSubrange(bounds, with: newItems)
      if whole.count > Self.chunkLimit { self = Self(whole) }
      return
    }
    let (first, lower) = chunk(holding: bounds.lowerBound)
    let (last, upper) = chunk(holding: bounds.upperBound)
    let change = newItems.count - bounds.count
    if first == last {
      // One chunk: edited where it is.
      own(first)
      chunks[first].replaceSubrange(lower..<upper, with: newItems)
    } else {
      whole = []
      // The first chunk takes the new items and the rest of the last one.
      let (head, tail) = (chunks[first], chunks[last])
      var joined = Array(head[..<(head.startIndex + lower)])
      joined.append(contentsOf: newItems)
      joined.append(contentsOf: tail[(tail.startIndex + upper)...])
      chunks.replaceSubrange(first...last, with: CollectionOfOne(joined[...]))
      ends.removeSubrange(first..<last)
    }
    shiftEnds(from: first, by: change)
    settle(first)
  }

  /// Adds `change` to the running counts from chunk `c` on, after chunk
  /// `c` gained (or lost) that many items.
  ///
  /// - Complexity: O(number of chunks) additions of integers.
  @inlinable
  mutating func shiftEnds(from c: Int, by change: Int) {
    guard change != 0, c < ends.count else { return }
    // Through the buffer, with a wrapping add (a count never nears
    // `Int.max`): no bounds or overflow check per count, so the loop is
    // vectorized. A section of 500,000 items cut from an array has
    // about 3,900 chunks, and a move shifts their counts twice.
    ends.withUnsafeMutableBufferPointer { ends in
      for k in c..<ends.count { ends[k] &+= change }
    }
  }

  /// Makes chunk `c`, whose running count is right, hold between 1 and
  /// 1,024 items again.
  @inlinable
  mutating func settle(_ c: Int) {
    if chunks[c].isEmpty {
      chunks.remove(at: c)
      ends.remove(at: c)
    } else if chunks[c].count > Self.chunkLimit {
      split(c)
    } else if chunks[c].count < Self.smallLength {
      mergeWithANeighbour(c)
    }
  }

  /// Splits chunk `c`, longer than the limit, into pieces of a quarter
  /// to a half of the limit, as long as each other.
  @inlinable
  mutating func split(_ c: Int) {
    let chunk = chunks[c]
    let half = Self.chunkLimit / 2
    let pieces = (chunk.count + half - 1) / half
    var start = c == 0 ? 0 : ends[c - 1]
    var newChunks: [ArraySlice<Item>] = []
    var newEnds: [Int] = []
    var lower = chunk.startIndex
    for piece in 0..<pieces {
      let upper = chunk.startIndex + chunk.count * (piece + 1) / pieces
      newChunks.append(chunk[lower..<upper])
      start += upper - lower
      newEnds.append(start)
      lower = upper
    }
    chunks.replaceSubrange(c...c, with: newChunks)
    ends.replaceSubrange(c...c, with: newEnds)
  }

  /// Joins the small chunk `c` to its smaller neighbour when they fit
  /// one chunk, and becomes one array when few items are left. So no two
  /// neighbouring chunks are both small, and there are at most
  /// 32 *n* / 1,024 + 1 chunks.
  @inlinable
  mutating func mergeWithANeighbour(_ c: Int) {
    if becameOneArray() { return }
    var neighbour = c + 1
    if c == chunks.count - 1 || (c > 0 && chunks[c - 1].count <= chunks[c + 1].count) {
      neighbour = c - 1
    }
    guard chunks.count > 1, neighbour < chunks.count,
      chunks[c].count + chunks[neighbour].count <= Self.chunkLimit
    else { return }
    join(Swift.min(c, neighbour))
  }

  /// Joins chunk `k + 1` to chunk `k`; the joined chunk ends where the
  /// later of the two ended.
  @inlinable
  mutating func join(_ k: Int) {
    let taken = chunks.remove(at: k + 1)
    own(k)
    chunks[k].append(contentsOf: taken)
    ends.remove(at: k)
  }

  /// Becomes one array when at most half the limit is left in chunks,
  /// and says whether it did.
  @inlinable
  mutating func becameOneArray() -> Bool {
    guard !isOneArray, count <= Self.chunkLimit / 2 else { return false }
    self = Self(whole: array, chunks: [], ends: [])
    return true
  }

  /// What breaks the layout that reads and edits rely on, or `nil`: one
  /// array of at most 1,024 items, or chunks of 1 to 1,024 items each,
  /// their running counts right, no two neighbours both under a sixteenth
  /// of the limit (so at most 32 *n* / 1,024 + 1 chunks), and, while they
  /// read as the array they were cut from, each chunk where it lies in it.
  ///
  /// - Complexity: O(number of chunks).
  @usableFromInline package var invariantViolation: String? {
    if isOneArray {
      if !chunks.isEmpty { return "\(chunks.count) chunks without running counts" }
      return whole.count <= Self.chunkLimit ? nil : "\(whole.count) items in one array"
    }
    if chunks.count != ends.count { return "\(chunks.count) chunks, \(ends.count) running counts" }
    var end = 0
    for (k, chunk) in chunks.enumerated() {
      if !(1...Self.chunkLimit).contains(chunk.count) { return "chunk \(k) of \(chunk.count)" }
      if whole.count != 0 && chunk.startIndex != end { return "chunk \(k) apart from the array" }
      end += chunk.count
      if ends[k] != end { return "running count \(ends[k]) after chunk \(k), not \(end)" }
      if k > 0, Swift.max(chunks[k - 1].count, chunk.count) < Self.smallLength {
        return "neighbouring small chunks \(chunks[k - 1].count), \(chunk.count) at \(k)"
      }
    }
    if whole.count != 0 && whole.count != end { return "\(whole.count) items beside \(end)" }
    let most = 32 * end / Self.chunkLimit + 1
    return chunks.count <= most ? nil : "\(chunks.count) chunks for \(end) items"
  }

  #if DATASOURCEGRAPH_INTERNAL_CHECKS
    /// Stops the program at an ``invariantViolation``. Compiled only for
    /// the library's internal checks, which run it after every edit.
    ///
    /// - Complexity: O(number of chunks).
    @inlinable
    func checkInvariants() {
      if let violation = invariantViolation {
        preconditionFailure("SnapshotSection.Items: \(violation)")
      }
    }
  #endif
}
