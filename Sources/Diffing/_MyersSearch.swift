/// Myers' O((N+M)·D) greedy diff in linear space (Myers 1986, §4b): find the middle
/// snake of an optimal path by searching forward from the start and backward from
/// the end at once, then solve the two halves on either side of it.
///
/// Offsets are absolute; `equal(i, j)` compares old offset `i` with new offset `j`.
/// `V` arrays are reused from one subproblem to the next, so the extra space is
/// O(*D*) integers for the whole run.
@usableFromInline
internal struct _MyersSearch {
  /// Furthest-reaching `x` per diagonal, forward (`f`) and backward (`b`), centred.
  @usableFromInline internal var storage: UnsafeMutablePointer<Int>
  /// The largest `d` the arrays can hold.
  @usableFromInline internal var capacity: Int

  @usableFromInline internal static var unreachableForward: Int { Int.min / 4 }
  @usableFromInline internal static var unreachableBackward: Int { Int.max / 4 }

  @inlinable
  internal init(capacity: Int) {
    self.capacity = Swift.max(capacity, 4)
    let width = 2 * (self.capacity + 2) + 1
    storage = .allocate(capacity: 2 * width)
  }

  @inlinable
  internal func deallocate() { storage.deallocate() }

  @inlinable
  internal var width: Int { 2 * (capacity + 2) + 1 }

  /// Forward array, indexable by diagonals in `-(capacity + 2)...(capacity + 2)`.
  @inlinable
  internal var forward: UnsafeMutablePointer<Int> { storage + (capacity + 2) }

  /// Backward array, indexable by `k - delta` in `-(capacity + 2)...(capacity + 2)`.
  @inlinable
  internal var backward: UnsafeMutablePointer<Int> { storage + width + (capacity + 2) }

  /// Doubles the capacity, keeping the values of the current search.
  @inlinable
  internal mutating func grow(toHold d: Int) {
    let oldCapacity = capacity
    let oldForward = forward
    let oldBackward = backward
    let oldStorage = storage
    capacity = Swift.max(d + 1, 2 * capacity)
    storage = .allocate(capacity: 2 * width)
    let reach = oldCapacity + 2
    (forward - reach).update(from: oldForward - reach, count: 2 * reach + 1)
    (backward - reach).update(from: oldBackward - reach, count: 2 * reach + 1)
    oldStorage.deallocate()
  }

  /// A middle snake's start and end, in the local coordinates of a search.
  @usableFromInline
  internal typealias Snake = (xStart: Int, yStart: Int, xEnd: Int, yEnd: Int)

  /// Finds the middle snake of `old[aLo..<aLo+n]` against `new[bLo..<bLo+m]`.
  ///
  /// Both sides must be non-empty and must differ in their first and last
  /// elements (the caller trims common prefixes and suffixes). Each round
  /// *d* sweeps forward, then backward, until the two meet.
  ///
  /// - Returns: The snake's start and end in local coordinates, or `nil` when
  ///   `work` exceeded `workLimit` (every visited diagonal and every snake step
  ///   counts one).
  @inlinable
  internal mutating func middleSnake(
    aLo: Int, n: Int, bLo: Int, m: Int,
    work: inout Int, workLimit: Int,
    equal: (Int, Int) throws -> Bool
  ) rethrows -> Snake? {
    let maxD = (n + m + 1) / 2
    for d in 0...maxD {
      if d + 1 > capacity { grow(toHold: d + 1) }
      if let snake = try forwardSweep(d, aLo: aLo, n: n, bLo: bLo, m: m, work: &work, equal: equal)
      {
        return snake
      }
      if work > workLimit { return nil }
      if let snake = try backwardSweep(d, aLo: aLo, n: n, bLo: bLo, m: m, work: &work, equal: equal)
      {
        return snake
      }
      if work > workLimit { return nil }
    }
    preconditionFailure("Myers search ended without a middle snake")
  }

  /// Round `d` forward: the furthest-reaching *d*-paths from (0, 0), one per
  /// diagonal `k`, into `forward`; the snake where one meets a backward
  /// (*d* − 1)-path when `n - m` is odd, else `nil`.
  ///
  /// - Complexity: O(*d*) diagonals plus the snake steps.
  @inlinable
  internal func forwardSweep(
    _ d: Int, aLo: Int, n: Int, bLo: Int, m: Int, work: inout Int,
    equal: (Int, Int) throws -> Bool
  ) rethrows -> Snake? {
    let uf = Self.unreachableForward
    let ub = Self.unreachableBackward
    let delta = n - m
    let odd = delta & 1 != 0
    let f = forward
    let b = backward
    var k = -d
    while k <= d {
      defer { k += 2 }
      work &+= 1
      if k < -m || k > n {
        f[k] = uf
        continue
      }
      var x = uf
      if d == 0 {
        x = 0
      } else {
        if k != d {
          let down = f[k + 1]
          if down != uf && down - k <= m { x = down }
        }
        if k != -d {
          let left = f[k - 1]
          if left != uf && left < n && left + 1 > x { x = left + 1 }
        }
      }
      if x == uf {
        f[k] = uf
        continue
      }
      var y = x - k
      let xStart = x
      let yStart = y
      while x < n, y < m, try equal(aLo + x, bLo + y) {
        x += 1
        y += 1
      }
      work &+= x - xStart
      f[k] = x
      if odd {
        let c = k - delta
        if c >= -(d - 1) && c <= d - 1 {
          let reverse = b[c]
          if reverse != ub && x >= reverse { return (xStart, yStart, x, y) }
        }
      }
    }
    return nil
  }

  /// Round `d` backward: the furthest-reaching *d*-paths from (n, m), on
  /// diagonals `n - m + c`, into `backward`; the snake where one meets a
  /// forward *d*-path when `n - m` is even, else `nil`.
  ///
  /// - Complexity: O(*d*) diagonals plus the snake steps.
  @inlinable
  internal func backwardSweep(
    _ d: Int, aLo: Int, n: Int, bLo: Int, m: Int, work: inout Int,
    equal: (Int, Int) throws -> Bool
  ) rethrows -> Snake? {
    let uf = Self.unreachableForward
    let ub = Self.unreachableBackward
    let delta = n - m
    let odd = delta & 1 != 0
    let f = forward
    let b = backward
    var c = -d
    while c <= d {
      defer { c += 2 }
      work &+= 1
      let k = c + delta
      if k < -m || k > n {
        b[c] = ub
        continue
      }
      var x = ub
      if d == 0 {
        x = n
      } else {
        if c != d {
          let right = b[c + 1]
          if right != ub && right >= 1 { x = right - 1 }
        }
        if c != -d {
          let up = b[c - 1]
          if up != ub && up - k >= 0 && up < x { x = up }
        }
      }
      if x == ub {
        b[c] = ub
        continue
      }
      var y = x - k
      let xEnd = x
      let yEnd = y
      while x > 0, y > 0, try equal(aLo + x - 1, bLo + y - 1) {
        x -= 1
        y -= 1
      }
      work &+= xEnd - x
      b[c] = x
      if !odd && k >= -d && k <= d {
        let reach = f[k]
        if reach != uf && reach >= x { return (x, y, xEnd, yEnd) }
      }
    }
    return nil
  }
}

/// Appends the shortest edit script of `old[oldRange]` → `new[newRange]` to
/// `deletes` and `inserts` (absolute, ascending offsets).
///
/// - Parameter workLimit: A bound on the search for the first middle snake, the
///   one that also finds *D*; pass `Int.max` for none. The halves it leaves are
///   solved without a bound: their total cost is of the order of the first search.
/// - Returns: `false` if the limit was exceeded; `deletes` and `inserts` are then
///   unspecified.
/// - Complexity: O((*N* + *M*)·*D*) time and O(*D*) extra space (Myers 1986).
@inlinable
internal func _myersEditScript(
  old oldRange: Range<Int>,
  new newRange: Range<Int>,
  workLimit: Int,
  deletes: inout [Int],
  inserts: inout [Int],
  by equal: (_ old: Int, _ new: Int) throws -> Bool
) rethrows -> Bool {
  var pending: [(aLo: Int, aHi: Int, bLo: Int, bHi: Int)] = [
    (oldRange.lowerBound, oldRange.upperBound, newRange.lowerBound, newRange.upperBound)
  ]
  var search: _MyersSearch? = nil
  defer { search?.deallocate() }
  var limit = workLimit
  while let problem = pending.popLast() {
    var (aLo, aHi, bLo, bHi) = problem
    while aLo < aHi, bLo < bHi, try equal(aLo, bLo) {
      aLo += 1
      bLo += 1
    }
    while aLo < aHi, bLo < bHi, try equal(aHi - 1, bHi - 1) {
      aHi -= 1
      bHi -= 1
    }
    if aLo == aHi {
      inserts.append(contentsOf: bLo..<bHi)
      continue
    }
    if bLo == bHi {
      deletes.append(contentsOf: aLo..<aHi)
      continue
    }
    if search == nil {
      // Rounds stop once the work, at least (d + 1)², passes the limit.
      let bound = limit == .max ? Int.max : _integerSquareRoot(limit) + 2
      search = _MyersSearch(capacity: Swift.min((aHi - aLo + bHi - bLo + 1) / 2 + 1, bound))
    }
    var work = 0
    guard
      let snake = try search!.middleSnake(
        aLo: aLo, n: aHi - aLo, bLo: bLo, m: bHi - bLo,
        work: &work, workLimit: limit, equal: equal)
    else { return false }
    limit = .max
    pending.append((aLo + snake.xEnd, aHi, bLo + snake.yEnd, bHi))
    pending.append((aLo, aLo + snake.xStart, bLo, bLo + snake.yStart))
  }
  return true
}

/// The largest `r` with `r * r <= n`, for `n >= 0`, in O(log n) integer
/// steps (Newton's method).
///
/// Integer arithmetic only: `Double.squareRoot()` compiles to a call to the C
/// library's `sqrt` in debug builds, which a consumer on Linux would then have
/// to link against.
@usableFromInline
internal func _integerSquareRoot(_ n: Int) -> Int {
  guard n > 1 else { return Swift.max(n, 0) }
  // Start above the root (2^ceil(bits/2) > sqrt(n)) and descend.
  let bits = Int.bitWidth - n.leadingZeroBitCount
  var x = 1 << ((bits + 1) / 2)
  while true {
    let next = (x + n / x) / 2
    if next >= x { return x }
    x = next
  }
}
