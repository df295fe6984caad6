/// A sequence of bits that supports insertion, removal, rank (set bits
/// before a position) and select (position of the *k*-th set bit), each in
/// O(log *n*) plus a scan of one small chunk.
///
/// The bits live in chunks of at most ``chunkCapacity`` bits packed in
/// 64-bit words; two Fenwick trees over the chunks' lengths and set counts
/// find a chunk. A chunk that fills up splits in two (O(*n* / chunk) to
/// rebuild the trees, amortized over the inserts that filled it). A filter
/// keeps one per section over its pass/fail bits; remove-empty keeps one over
/// its input's sections.
package struct RankedBits {
  package static let chunkCapacity = 1024

  private struct Chunk {
    var words: [UInt64] = []
    var count = 0
    var ones = 0
  }

  private var chunks: [Chunk] = []
  private var lengths = FenwickTree()
  private var onesTree = FenwickTree()

  /// Creates an empty sequence.
  package init() {}

  /// Creates the sequence of `bits`.
  ///
  /// - Complexity: O(*n*).
  package init(_ bits: some Sequence<Bool>) {
    var chunk = Chunk()
    for bit in bits {
      if chunk.count == Self.chunkCapacity / 2 {
        chunks.append(chunk)
        chunk = Chunk()
      }
      if chunk.count & 63 == 0 { chunk.words.append(0) }
      if bit {
        chunk.words[chunk.count >> 6] |= 1 << UInt64(chunk.count & 63)
        chunk.ones += 1
      }
      chunk.count += 1
    }
    if chunk.count > 0 { chunks.append(chunk) }
    rebuildTrees()
    #if DATASOURCEGRAPH_INTERNAL_CHECKS
      checkInvariants()
    #endif
  }

  /// Creates the sequence of `count` bits, the bit at `index` being
  /// `bit(index)`. Not generic over a sequence, so a caller that reads its
  /// bits from generic items pays no per-bit metadata look-up.
  ///
  /// - Complexity: O(*n*) calls of `bit`.
  package init(count: Int, _ bit: (Int) -> Bool) {
    let half = Self.chunkCapacity / 2
    chunks.reserveCapacity((count + half - 1) / half)
    var start = 0
    while start < count {
      let length = min(half, count - start)
      var chunk = Chunk()
      chunk.words = [UInt64](repeating: 0, count: (length + 63) >> 6)
      for o in 0..<length where bit(start + o) {
        chunk.words[o >> 6] |= 1 << UInt64(o & 63)
        chunk.ones += 1
      }
      chunk.count = length
      chunks.append(chunk)
      start += length
    }
    rebuildTrees()
    #if DATASOURCEGRAPH_INTERNAL_CHECKS
      checkInvariants()
    #endif
  }

  /// The bits of `items` by `isIncluded`, reading the items in place
  /// (each is borrowed, not copied).
  ///
  /// - Complexity: O(*n*) calls of `isIncluded`.
  package init<Item>(judging items: [Item], by isIncluded: (Item) -> Bool) {
    self = items.withUnsafeBufferPointer { buffer in
      RankedBits(count: buffer.count) { isIncluded(buffer[$0]) }
    }
  }

  /// The elements of `elements` (one per bit, in order) whose bit is set,
  /// copied by `pick` (`pickingItems()`'s; an inlinable initializer hands
  /// its node one made for the element type).
  ///
  /// - Complexity: O(*n* / 64 + *k*) for *k* set bits.
  package func selected<Element>(
    from elements: [Element], picking pick: ([Element], [Int]) -> [Element] = pickingItems()
  ) -> [Element] {
    precondition(elements.count == count, "\(elements.count) elements for \(count) bits")
    if ones == count { return elements }
    return pick(elements, setPositions())
  }

  /// The positions of the set bits, in order.
  ///
  /// - Complexity: O(*n* / 64 + *k*) for *k* set bits.
  package func setPositions() -> [Int] {
    var positions: [Int] = []
    positions.reserveCapacity(ones)
    forEachSetBit { positions.append($0) }
    return positions
  }

  /// Calls `body` with the position of each set bit, in order.
  ///
  /// - Complexity: O(*n* / 64 + *k*) for *k* set bits.
  package func forEachSetBit(_ body: (Int) -> Void) {
    var base = 0
    for chunk in chunks {
      for w in chunk.words.indices {
        let valid = chunk.count - (w << 6)
        var word = chunk.words[w]
        if valid < 64 { word &= (1 << UInt64(valid)) - 1 }
        while word != 0 {
          body(base + (w << 6) + word.trailingZeroBitCount)
          word &= word - 1
        }
      }
      base += chunk.count
    }
  }

  private mutating func rebuildTrees() {
    lengths = FenwickTree(chunks.map(\.count))
    onesTree = FenwickTree(chunks.map(\.ones))
  }

  /// The number of bits.
  package var count: Int { lengths.total }
  /// The number of set bits.
  package var ones: Int { onesTree.total }

  /// The bit at `index`.
  package subscript(index: Int) -> Bool {
    let (c, before) = lengths.locate(index)
    let o = index - before
    return chunks[c].words[o >> 6] >> UInt64(o & 63) & 1 == 1
  }

  /// The number of set bits in `0..<index`.
  ///
  /// - Complexity: O(log *n* + chunk / 64).
  package func rank(_ index: Int) -> Int {
    guard index < count else { return ones }
    let (c, before) = lengths.locate(index)
    let o = index - before
    var sum = onesTree.prefixSum(c)
    let chunk = chunks[c]
    for w in 0..<(o >> 6) { sum += chunk.words[w].nonzeroBitCount }
    let rest = o & 63
    if rest > 0 { sum += (chunk.words[o >> 6] & ((1 << UInt64(rest)) - 1)).nonzeroBitCount }
    return sum
  }

  /// The position of the set bit of rank `k` (0-based); `k < ones`.
  ///
  /// - Complexity: O(log *n* + chunk / 64).
  package func select(_ k: Int) -> Int {
    let (c, onesBefore) = onesTree.locate(k)
    var remaining = k - onesBefore
    var position = lengths.prefixSum(c)
    for word in chunks[c].words {
      let n = word.nonzeroBitCount
      if remaining < n { return position + Self.position(ofSetBit: remaining, in: word) }
      remaining -= n
      position += 64
    }
    preconditionFailure("select(\(k)) out of range: \(ones) set bits")
  }

  /// The position in `word` of its set bit that has `rank` set bits below
  /// it; `rank` must be below `word.nonzeroBitCount`.
  ///
  /// - Complexity: O(1): three halvings by a population count, then at
  ///   most seven bits cleared in one byte (clearing bit by bit in the
  ///   whole word took up to 63 steps).
  @inline(__always)
  package static func position(ofSetBit rank: Int, in word: UInt64) -> Int {
    var word = word
    var rank = rank
    var position = 0
    var width: UInt64 = 32
    while width >= 8 {
      let low = (word & ((1 << width) - 1)).nonzeroBitCount
      if rank >= low {
        rank -= low
        word >>= width
        position += Int(width)
      }
      width >>= 1
    }
    for _ in 0..<rank { word &= word - 1 }
    return position + word.trailingZeroBitCount
  }

  /// Sets the bit at `index` to `bit`.
  ///
  /// - Complexity: O(log *n*).
  package mutating func set(_ index: Int, to bit: Bool) {
    let (c, before) = lengths.locate(index)
    let o = index - before
    let mask: UInt64 = 1 << UInt64(o & 63)
    let old = chunks[c].words[o >> 6] & mask != 0
    guard old != bit else { return }
    chunks[c].words[o >> 6] ^= mask
    chunks[c].ones += bit ? 1 : -1
    onesTree.add(bit ? 1 : -1, at: c)
    #if DATASOURCEGRAPH_INTERNAL_CHECKS
      checkInvariants()
    #endif
  }

  /// Inserts `bit` at `index` (`0...count`).
  ///
  /// - Complexity: O(log *n* + chunk / 64), amortized.
  package mutating func insert(_ bit: Bool, at index: Int) {
    if chunks.isEmpty {
      chunks.append(Chunk())
      rebuildTrees()
    }
    var c: Int
    var o: Int
    if index == count {
      c = chunks.count - 1
      o = chunks[c].count
    } else {
      let located = lengths.locate(index)
      c = located.slot
      o = index - located.before
    }
    if chunks[c].count == Self.chunkCapacity {
      split(c)
      if o >= chunks[c].count {
        o -= chunks[c].count
        c += 1
      }
    }
    Self.insert(bit, at: o, in: &chunks[c])
    lengths.add(1, at: c)
    if bit { onesTree.add(1, at: c) }
    #if DATASOURCEGRAPH_INTERNAL_CHECKS
      checkInvariants()
    #endif
  }

  /// Removes the bit at `index` and returns it.
  ///
  /// - Complexity: O(log *n* + chunk / 64), or O(*n* / chunk) when a chunk
  ///   empties.
  @discardableResult
  package mutating func remove(at index: Int) -> Bool {
    let (c, before) = lengths.locate(index)
    let bit = Self.remove(at: index - before, in: &chunks[c])
    if chunks[c].count == 0 {
      chunks.remove(at: c)
      rebuildTrees()
    } else {
      lengths.add(-1, at: c)
      if bit { onesTree.add(-1, at: c) }
    }
    #if DATASOURCEGRAPH_INTERNAL_CHECKS
      checkInvariants()
    #endif
    return bit
  }

  private mutating func split(_ c: Int) {
    let bits = (0..<chunks[c].count).map { chunks[c].words[$0 >> 6] >> UInt64($0 & 63) & 1 == 1 }
    let half = bits.count / 2
    let parts = [RankedBits(bits[..<half]).chunks[0], RankedBits(bits[half...]).chunks[0]]
    chunks.replaceSubrange(c...c, with: parts)
    rebuildTrees()
  }

  private static func insert(_ bit: Bool, at o: Int, in chunk: inout Chunk) {
    if chunk.count & 63 == 0 { chunk.words.append(0) }
    let w = o >> 6
    let b = UInt64(o & 63)
    let low: UInt64 = (1 << b) &- 1
    let word = chunk.words[w]
    var carry = word >> 63
    chunk.words[w] = (word & low) | ((word & ~low) << 1) | ((bit ? 1 : 0) << b)
    var i = w + 1
    while i < chunk.words.count {
      let next = chunk.words[i] >> 63
      chunk.words[i] = (chunk.words[i] << 1) | carry
      carry = next
      i += 1
    }
    chunk.count += 1
    if bit { chunk.ones += 1 }
  }

  private static func remove(at o: Int, in chunk: inout Chunk) -> Bool {
    let w = o >> 6
    let b = UInt64(o & 63)
    let low: UInt64 = (1 << b) &- 1
    let word = chunk.words[w]
    let bit = (word >> b) & 1 == 1
    chunk.words[w] = (word & low) | ((word >> 1) & ~low)
    var i = w + 1
    while i < chunk.words.count {
      chunk.words[i - 1] |= (chunk.words[i] & 1) << 63
      chunk.words[i] >>= 1
      i += 1
    }
    chunk.count -= 1
    if chunk.count & 63 == 0 { chunk.words.removeLast() }
    if bit { chunk.ones -= 1 }
    return bit
  }

  #if DATASOURCEGRAPH_INTERNAL_CHECKS
    /// Stops the program when the chunks and their trees disagree: every
    /// chunk holds 1 to ``chunkCapacity`` bits in just enough words, with
    /// no bit set past its count and its set bits counted, and the trees
    /// hold the chunks' lengths and set counts. Compiled only for the
    /// library's internal checks, which run it after every change.
    ///
    /// - Complexity: O(*n* / 64 + *c* log *c*) for *c* chunks.
    package func checkInvariants() {
      for (c, chunk) in chunks.enumerated() {
        precondition(
          (1...Self.chunkCapacity).contains(chunk.count), "chunk \(c) holds \(chunk.count) bits")
        precondition(
          chunk.words.count == (chunk.count + 63) >> 6,
          "chunk \(c) has \(chunk.words.count) words for \(chunk.count) bits")
        let rest = chunk.count & 63
        precondition(
          rest == 0 || chunk.words[chunk.words.count - 1] >> UInt64(rest) == 0,
          "chunk \(c) has a bit set past its \(chunk.count) bits")
        let ones = chunk.words.reduce(0) { $0 + $1.nonzeroBitCount }
        precondition(ones == chunk.ones, "chunk \(c) counts \(chunk.ones) set bits of \(ones)")
      }
      precondition(lengths.values == chunks.map(\.count), "the lengths' tree is not the chunks'")
      precondition(onesTree.values == chunks.map(\.ones), "the set bits' tree is not the chunks'")
    }
  #endif
}
