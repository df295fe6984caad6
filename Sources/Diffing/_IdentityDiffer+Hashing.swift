public import DataSourceGraphCore

extension _IdentityDiffer {
  /// The path for many edits and unique identities: hash every identity once,
  /// map each new element of the middle to its old offset, and keep a longest
  /// increasing subsequence of those offsets (Hunt–Szymanski 1977 with one match
  /// per element, i.e. patience sorting).
  ///
  /// - Returns: `nil` if an identity occurs twice on a side.
  /// - Complexity: O(*N* + *M* log *M*) expected, with high-quality hashing.
  @inlinable
  internal func uniqueHashing() -> IdentityDifference? {
    let n = old.count
    let m = new.count
    let middle = newMiddle
    // For each new offset of the middle: its old offset, or -1 for an insert.
    let newToOld = UnsafeMutableBufferPointer<Int32>.allocate(capacity: middle.count)
    defer { newToOld.deallocate() }
    let wordCount = (n + 63) / 64
    let matchedOld = UnsafeMutableBufferPointer<UInt64>.allocate(capacity: wordCount)
    defer { matchedOld.deallocate() }
    matchedOld.initialize(repeating: 0)
    var matchedCount = 0
    // The table is freed before the subsequence and the result are built, so
    // that its memory and theirs are never held at once. Its entries are the
    // old identities (entry `i` for old offset `i`), then the new-only ones.
    var unique = true
    hashing: do {
      var table = _HashedIDs<ID>(minimumCapacity: n + m)
      for i in 0..<n where !table.appendIfAbsentWithinRoom(old[i]).added {
        unique = false
        break hashing
      }
      for j in 0..<m {
        let (entry, added) = table.appendIfAbsentWithinRoom(new[j])
        let partner: Int32
        if added {
          partner = -1
        } else if entry < n, matchedOld[entry >> 6] & (1 &<< UInt64(entry & 63)) == 0 {
          partner = Int32(truncatingIfNeeded: entry)
          matchedOld[entry >> 6] |= 1 &<< UInt64(entry & 63)
          matchedCount += 1
        } else {
          // An old identity matched before, or a new-only one: it repeats in `new`.
          unique = false
          break hashing
        }
        if middle.contains(j) { newToOld[j - prefix] = partner }
      }
    }
    guard unique else { return nil }
    let keptCount = _markLongestIncreasingSubsequence(newToOld)

    var deletes: [Int] = []
    deletes.reserveCapacity(n - matchedCount)
    for i in 0..<n where matchedOld[i >> 6] & (1 &<< UInt64(i & 63)) == 0 { deletes.append(i) }
    var inserts: [Int] = []
    inserts.reserveCapacity(m - matchedCount)
    var moves: [IdentityDifference.Move] = []
    moves.reserveCapacity(matchedCount - prefix - suffix - keptCount)
    for offset in 0..<middle.count {
      let partner = newToOld[offset]
      if partner == -1 {
        inserts.append(prefix + offset)
      } else if partner >= 0 {
        moves.append(IdentityDifference.Move(from: Int(partner), to: prefix + offset))
      }
    }
    return IdentityDifference(deletes: deletes, inserts: inserts, moves: moves)
  }
}

/// Marks one longest strictly increasing subsequence of the non-negative values
/// (`-1` entries are skipped) by replacing each chosen value `v` by `-2 - v`.
///
/// Patience sorting: `tails[k]` is the smallest value that ends an increasing
/// subsequence of length `k + 1`, found by binary search, with a fast path for
/// appending (mostly-sorted input).
///
/// - Returns: The length of the subsequence.
/// - Complexity: O(*n* log *n*) time, 3*n* extra 32-bit integers.
@inlinable
internal func _markLongestIncreasingSubsequence(_ values: UnsafeMutableBufferPointer<Int32>) -> Int
{
  let count = values.count
  guard count > 0 else { return 0 }
  let tails = UnsafeMutableBufferPointer<Int32>.allocate(capacity: count)
  let tailOffsets = UnsafeMutableBufferPointer<Int32>.allocate(capacity: count)
  let previous = UnsafeMutableBufferPointer<Int32>.allocate(capacity: count)
  defer {
    tails.deallocate()
    tailOffsets.deallocate()
    previous.deallocate()
  }
  var length = 0
  for offset in 0..<count {
    let value = values[offset]
    guard value >= 0 else { continue }
    var low: Int
    if length == 0 || tails[length - 1] < value {
      low = length
    } else {
      low = 0
      var high = length - 1
      while low < high {
        let middle = (low + high) >> 1
        if tails[middle] < value { low = middle + 1 } else { high = middle }
      }
    }
    previous[offset] = low > 0 ? tailOffsets[low - 1] : -1
    tails[low] = value
    tailOffsets[low] = Int32(truncatingIfNeeded: offset)
    if low == length { length += 1 }
  }
  var offset = length > 0 ? Int(tailOffsets[length - 1]) : -1
  while offset >= 0 {
    values[offset] = -2 - values[offset]
    offset = Int(previous[offset])
  }
  return length
}
