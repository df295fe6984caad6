import DataSourceGraphDiffing

/// One item of a composition of batches: where it was in S0 and S1, and the
/// newest value a batch gave it, as an index into the composition's values.
struct CompositionToken {
  /// Its path in S0, or `nil` if a batch inserted it.
  var origin: ItemPath?
  /// Its path in S1, once S1 is reached (for reading its value there).
  var middle: ItemPath?
  /// The index of the newest value a batch carried for it (insert or
  /// update), or -1.
  var value: Int32 = -1
  /// Whether a batch updated it (for an item of S0).
  var isUpdated = false

  /// The token of the item `offset` places after this one in a run: the
  /// same sections, the items that many places on.
  func advanced(by offset: Int) -> Self {
    guard offset != 0 else { return self }
    var token = self
    token.origin?.item += offset
    token.middle?.item += offset
    return token
  }
}

/// One section of a composition of batches, a plain value (its identity
/// and supplements are indices into the composition's arrays).
struct CompositionSection {
  /// Its index in S0, or `nil` if a batch inserted it.
  var origin: Int?
  /// Its index in S1, once S1 is reached.
  var middle: Int?
  /// The index of its identity, for a section a batch inserted; else -1.
  var identity: Int32 = -1
  /// The index of its header and footer, once a batch inserted or updated
  /// it; else -1.
  var supplements: Int32 = -1
  /// Whether a batch updated the header or footer of a section of S0.
  var supplementsChanged = false
  /// The number of items, while `items` is implicit.
  var count: Int
  /// The items, or `nil` for the items of S0 section `origin`, unchanged.
  var items: [CompositionPiece]?
}

/// A stretch of a section in a composition: one item a batch brought,
/// moved or updated, or a run of items that no batch touched one by one,
/// consecutive in one S0 section (and in S1 once it is reached).
///
/// A section a batch touched is a list of pieces, so what a batch costs
/// follows the number of pieces (at most one or two more per operation
/// before it), not the section's length.
struct CompositionPiece {
  /// The token of its first item; a run's value is -1 and it is never
  /// updated.
  var first: CompositionToken
  /// The number of items: 1 for an item a batch touched.
  var count: Int

  /// The token of the item at `offset` in the piece.
  func token(at offset: Int) -> CompositionToken { first.advanced(by: offset) }

  /// The piece made of the items at `range` of this one.
  func slice(_ range: Range<Int>) -> Self {
    CompositionPiece(first: first.advanced(by: range.lowerBound), count: range.count)
  }
}

extension [CompositionPiece] {
  /// The pieces of `count` untouched items of S0 section `section`, which
  /// is section `middle` of S1 if S1 has been reached.
  init(untouched count: Int, ofSection section: Int, middle: Int?) {
    self =
      count == 0
      ? []
      : [
        CompositionPiece(
          first: CompositionToken(
            origin: ItemPath(section: section, item: 0),
            middle: middle.map { ItemPath(section: $0, item: 0) }),
          count: count)
      ]
  }

  /// The tokens at `positions` (ascending, distinct, in range).
  ///
  /// - Complexity: O(*p* + *k*) for *p* pieces and *k* positions.
  func tokens(at positions: [Int]) -> [CompositionToken] {
    var tokens: [CompositionToken] = []
    tokens.reserveCapacity(positions.count)
    var next = positions.startIndex
    var start = 0
    for piece in self where next < positions.endIndex {
      let end = start + piece.count
      while next < positions.endIndex, positions[next] < end {
        tokens.append(piece.token(at: positions[next] - start))
        next += 1
      }
      start = end
    }
    return tokens
  }

  /// These pieces without the items at `positions` (ascending, distinct,
  /// in range).
  ///
  /// - Complexity: O(*p* + *k*) for *p* pieces and *k* positions.
  func removing(_ positions: [Int]) -> Self {
    replacing(at: positions) { _, _ in nil }
  }

  /// These pieces with `arrivals` (ascending, distinct final positions)
  /// put in, one piece each.
  ///
  /// - Complexity: O(*p* + *k*) for *p* pieces and *k* arrivals.
  func inserting(_ arrivals: [(item: Int, token: CompositionToken)]) -> Self {
    var result: Self = []
    result.reserveCapacity(count + 2 * arrivals.count)
    var next = arrivals.startIndex
    var position = 0
    func arrive() {
      while next < arrivals.endIndex, arrivals[next].item == position {
        result.append(CompositionPiece(first: arrivals[next].token, count: 1))
        position += 1
        next += 1
      }
    }
    for piece in self {
      var offset = 0
      while offset < piece.count {
        arrive()
        let room = next < arrivals.endIndex ? arrivals[next].item - position : piece.count
        let taken = Swift.min(piece.count - offset, Swift.max(room, 1))
        result.append(piece.slice(offset..<(offset + taken)))
        offset += taken
        position += taken
      }
    }
    arrive()
    return result
  }

  /// These pieces with the items at the positions of `updates` (ascending,
  /// distinct, in range) given the values named, each in a piece of its
  /// own, marked updated.
  ///
  /// - Complexity: O(*p* + *k*) for *p* pieces and *k* updates.
  func updating(_ updates: [(item: Int, value: Int32)]) -> Self {
    replacing(at: updates.map { $0.item }) { token, k in
      var token = token
      token.value = updates[k].value
      token.isUpdated = true
      return CompositionPiece(first: token, count: 1)
    }
  }

  /// These pieces with the item at each of `positions` (ascending,
  /// distinct, in range) replaced by what `replacement` makes of its token
  /// and the position's offset in `positions`: a piece of its own, or
  /// nothing.
  ///
  /// - Complexity: O(*p* + *k*) for *p* pieces and *k* positions.
  private func replacing(
    at positions: [Int], with replacement: (CompositionToken, Int) -> CompositionPiece?
  ) -> Self {
    var result: Self = []
    result.reserveCapacity(count + 2 * positions.count)
    var next = positions.startIndex
    var start = 0
    for piece in self {
      let end = start + piece.count
      var kept = start
      while next < positions.endIndex, positions[next] < end {
        let position = positions[next]
        if position > kept { result.append(piece.slice((kept - start)..<(position - start))) }
        if let replaced = replacement(piece.token(at: position - start), next) {
          result.append(replaced)
        }
        kept = position + 1
        next += 1
      }
      if kept < end { result.append(piece.slice((kept - start)..<piece.count)) }
      start = end
    }
    return result
  }

  /// Records that these pieces are section `section` of S1: each item's
  /// path there.
  ///
  /// - Complexity: O(*p*) for *p* pieces.
  mutating func enterIntermediate(asSection section: Int) {
    var start = 0
    for p in indices {
      self[p].first.middle = ItemPath(section: section, item: start)
      start += self[p].count
    }
  }
}

/// The items of `staying` (the pieces of a section whose items stay in
/// it, each at its new position `at`) that are off a heaviest longest
/// increasing run of old positions, updated ones kept first: the items
/// `indicesOffLongestRun(_:weights:)` would choose, found from the pieces
/// (`longestIncreasingRuns(starts:counts:weights:)`): their old and new
/// positions.
///
/// - Complexity: O(*p*) for *p* pieces when they keep their order, else
///   O(*p* log *m*) expected for the *m* items of the section, plus the
///   items that move.
func movesOffLongestRun(_ staying: [(piece: CompositionPiece, at: Int)]) -> [(
  from: Int, to: Int
)] {
  let starts = staying.map { $0.piece.first.origin?.item ?? 0 }
  if zip(staying, staying.indices.dropFirst()).allSatisfy({
    starts[$1 - 1] + $0.piece.count <= starts[$1]
  }) {
    return []
  }
  let kept = longestIncreasingRuns(
    starts: starts, counts: staying.map { $0.piece.count },
    weights: staying.map { $0.piece.first.isUpdated ? $0.piece.count : 0 })
  var moves: [(from: Int, to: Int)] = []
  var next = kept.startIndex
  for (k, (piece, at)) in staying.enumerated() {
    if next < kept.endIndex, kept[next] == k {
      next += 1
      continue
    }
    for offset in 0..<piece.count { moves.append((starts[k] + offset, at + offset)) }
  }
  return moves
}
