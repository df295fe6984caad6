/// The permutation of one section of a sort: every item of the input's
/// section has a handle, kept in two ``HandleSequence``s, one in the
/// input's order and one in sorted order. The input index of the item at a
/// sorted position is the position, in input order, of the handle at that
/// sorted position, and back.
///
/// Costs, for a section of *m* items and chunks of *B* = 512 handles:
/// ``inputIndex(ofSortedPosition:)`` O(log(*m* / *B*));
/// ``sortedPosition(ofInputIndex:)`` O(log(*m* / *B*) + *B*); an insert or
/// a removal on either side O(log(*m* / *B*) + *B*), plus the amortized
/// chunk splits of ``HandleSequence``.
struct SortedSection {
  /// The handles in the input's order; tracks slots, so a handle's input
  /// index (read at every step of a search) costs O(log(*m* / *B*)).
  var input: HandleSequence
  /// The handles in sorted order.
  var sorted: HandleSequence
  /// Handles free for reuse.
  private var freeHandles: [Int32] = []
  /// One past the largest handle ever given out.
  private var handleCount: Int32

  /// The section whose input order is `0..<count` and whose sorted order
  /// lists the input indices in `sortedOrder`.
  ///
  /// - Complexity: O(*m*).
  init(sortedOrder: [Int]) {
    let count = sortedOrder.count
    handleCount = Int32(count)
    input = HandleSequence(
      (0..<count).map { Int32($0) }, handleCapacity: count, tracksSlots: true)
    sorted = HandleSequence(
      sortedOrder.map { Int32($0) }, handleCapacity: count, tracksSlots: false)
  }

  /// The number of items.
  var count: Int { sorted.count }

  /// The input index of the item at sorted position `position`.
  ///
  /// - Complexity: O(log(*m* / *B*)).
  func inputIndex(ofSortedPosition position: Int) -> Int {
    input.index(of: sorted.handle(at: position))
  }

  /// The input indices of the items, in sorted order.
  ///
  /// - Complexity: O(*m* + *h*) for *h* handles ever given out.
  func inputIndicesInSortedOrder() -> [Int] {
    var inputIndex = [Int](repeating: 0, count: Int(handleCount))
    var next = 0
    input.forEachHandle { handle in
      inputIndex[Int(handle)] = next
      next += 1
    }
    var out: [Int] = []
    out.reserveCapacity(count)
    sorted.forEachHandle { out.append(inputIndex[Int($0)]) }
    return out
  }

  /// The sorted position of the item at input index `index`.
  ///
  /// - Complexity: O(log(*m* / *B*) + *B*).
  func sortedPosition(ofInputIndex index: Int) -> Int {
    sorted.index(of: input.handle(at: index))
  }

  /// Removes the item at input index `index` from both orders.
  ///
  /// - Complexity: O(log(*m* / *B*) + *B*), amortized.
  mutating func removeItem(atInputIndex index: Int) {
    let handle = input.remove(at: index)
    sorted.remove(handle)
    freeHandles.append(handle)
  }

  /// Takes the item at input index `index` out of the sorted order (it
  /// stays in the input order) and returns its handle, to be placed again
  /// with ``place(_:near:precedes:)``.
  ///
  /// - Complexity: O(log(*m* / *B*) + *B*), amortized.
  mutating func unplaceItem(atInputIndex index: Int) -> Int32 {
    let handle = input.handle(at: index)
    sorted.remove(handle)
    return handle
  }

  /// Inserts a new item at input index `index` (`0...input.count`), in the
  /// input order only, and returns its handle, to be placed with
  /// ``place(_:near:precedes:)``.
  ///
  /// - Complexity: O(log(*m* / *B*) + *B*), amortized.
  mutating func insertItem(atInputIndex index: Int) -> Int32 {
    let handle: Int32
    if let reused = freeHandles.popLast() {
      handle = reused
    } else {
      handle = handleCount
      handleCount += 1
      input.reserveHandles(Int(handleCount))
      sorted.reserveHandles(Int(handleCount))
    }
    input.insert(handle, at: index)
    return handle
  }

  /// Puts `handle`, which is in the input order but not in the sorted
  /// order, at its place in the sorted order: after every item that
  /// `precedes` it, before the others, and returns that sorted position.
  /// `precedes(j)` tells whether the item at input index `j` goes before
  /// it; the items in the sorted order must be sorted by it, so it holds
  /// for a prefix of them.
  ///
  /// With `hint`, the sorted position of an item placed just before, the
  /// places on either side of that item are tried first: the items of a
  /// page usually go side by side in the sorted order (older messages all
  /// at the top, a feed's next posts all at the end), and a place beside
  /// the hint takes two calls of `precedes` instead of a search. Any other
  /// place takes the search, after those two calls.
  ///
  /// The search visits the first handle of O(log(*m* / *B*)) chunks, then
  /// O(log *B*) handles of one chunk: O(log *m*) calls of `precedes`, each
  /// after an O(log(*m* / *B*)) look-up of the input index.
  ///
  /// - Complexity: O(log *m* · log(*m* / *B*) + *B*), amortized, plus
  ///   O(log *m*) calls of `precedes`; O(log(*m* / *B*) + *B*) and two calls
  ///   beside the hint.
  @discardableResult
  mutating func place(_ handle: Int32, near hint: Int? = nil, precedes: (Int) -> Bool) -> Int {
    if let hint, let position = placeBeside(hint, precedes: precedes) {
      sorted.insert(handle, at: position)
      return position
    }
    let chunks = sorted.chunkCount
    guard chunks > 0 else {
      sorted.insert(handle, at: 0)
      return 0
    }
    // The last chunk whose first item goes before the handle's.
    var low = 0
    var high = chunks
    while low < high {
      let mid = (low + high) / 2
      if precedes(input.index(of: sorted.chunk(at: mid)[0])) { low = mid + 1 } else { high = mid }
    }
    guard low > 0 else {
      sorted.insert(handle, inChunkAt: 0, slot: 0)
      return 0
    }
    let c = low - 1
    let chunk = sorted.chunk(at: c)
    var a = 1
    var b = chunk.count
    while a < b {
      let mid = (a + b) / 2
      if precedes(input.index(of: chunk[mid])) { a = mid + 1 } else { b = mid }
    }
    let position = sorted.start(ofChunkAt: c) + a
    sorted.insert(handle, inChunkAt: c, slot: a)
    return position
  }

  /// The sorted position right after or right before the item at sorted
  /// position `hint` if the handle's place is there (where `precedes`
  /// turns from true to false), otherwise `nil`.
  ///
  /// - Complexity: O(log(*m* / *B*)) and two calls of `precedes`.
  private func placeBeside(_ hint: Int, precedes: (Int) -> Bool) -> Int? {
    guard hint >= 0, hint < sorted.count else { return nil }
    func goesBefore(_ position: Int) -> Bool { precedes(inputIndex(ofSortedPosition: position)) }
    if goesBefore(hint) {
      return hint + 1 == sorted.count || !goesBefore(hint + 1) ? hint + 1 : nil
    }
    return hint == 0 || goesBefore(hint - 1) ? hint : nil
  }
}
