public import DataSourceGraphCore

extension _IdentityDiffer {
  /// The general path, correct for any input and used when an identity repeats:
  /// number the distinct identities (one hash per element), report the repeated
  /// offsets, find the kept elements with Hunt–Szymanski (or take those of an
  /// edit script already found), then pair the remaining occurrences of each
  /// identity in order as moves; the excess are deletes and inserts.
  ///
  /// - Parameters:
  ///   - script: An edit script of the middle whose unchanged elements are a
  ///     longest common subsequence, or `nil` to compute one.
  ///   - forceHuntSzymanski: Use Hunt–Szymanski whatever the number of pairs.
  /// - Complexity: O((*r* + *N* + *M*) log *N*) for *r* matching pairs in the
  ///   middle; when *r* exceeds 16(*N* + *M*), O((*N* + *M*)·*D*) by Myers instead.
  @inlinable
  internal func pairingGeneral(
    keeping script: EditScript?, forceHuntSzymanski: Bool = false
  ) -> IdentityDifference {
    let n = old.count
    let m = new.count
    var oldClass = [Int32](repeating: 0, count: n)
    var newClass = [Int32](repeating: 0, count: m)
    var classCount = 0
    do {
      // The class of an identity is its entry: the order of first sight.
      var table = _HashedIDs<ID>(minimumCapacity: n + m)
      for i in 0..<n {
        oldClass[i] = Int32(truncatingIfNeeded: table.appendIfAbsentWithinRoom(old[i]).entry)
      }
      for j in 0..<m {
        newClass[j] = Int32(truncatingIfNeeded: table.appendIfAbsentWithinRoom(new[j]).entry)
      }
      classCount = table.count
    }
    var oldCount = [Int32](repeating: 0, count: classCount)
    var newCount = [Int32](repeating: 0, count: classCount)
    for c in oldClass { oldCount[Int(c)] += 1 }
    for c in newClass { newCount[Int(c)] += 1 }
    let duplicates = IdentityDifference.Duplicates(
      old: (0..<n).filter { oldCount[Int(oldClass[$0])] > 1 },
      new: (0..<m).filter { newCount[Int(newClass[$0])] > 1 })

    let script =
      script
      ?? longestCommonSubsequence(
        oldClass: oldClass, newClass: newClass, classCount: classCount,
        forceHuntSzymanski: forceHuntSzymanski)

    // The unkept old offsets of each identity, in order (a counting sort).
    var start = [Int](repeating: 0, count: classCount + 1)
    for i in script.deletes { start[Int(oldClass[i]) + 1] += 1 }
    for c in 0..<classCount { start[c + 1] += start[c] }
    var cursor = Array(start[0..<classCount])
    var byClass = [Int](repeating: 0, count: script.deletes.count)
    for (position, i) in script.deletes.enumerated() {
      let c = Int(oldClass[i])
      byClass[cursor[c]] = position
      cursor[c] += 1
    }
    cursor = Array(start[0..<classCount])
    var consumed = [Bool](repeating: false, count: script.deletes.count)
    var moves: [IdentityDifference.Move] = []
    var inserts: [Int] = []
    for j in script.inserts {
      let c = Int(newClass[j])
      if cursor[c] < start[c + 1] {
        let position = byClass[cursor[c]]
        cursor[c] += 1
        consumed[position] = true
        moves.append(IdentityDifference.Move(from: script.deletes[position], to: j))
      } else {
        inserts.append(j)
      }
    }
    var deletes: [Int] = []
    deletes.reserveCapacity(script.deletes.count - moves.count)
    for (position, i) in script.deletes.enumerated() where !consumed[position] { deletes.append(i) }
    return IdentityDifference(
      deletes: deletes, inserts: inserts, moves: moves, duplicates: duplicates)
  }

  /// An edit script of the middle whose unchanged elements are a longest common
  /// subsequence of the identity classes.
  @inlinable
  internal func longestCommonSubsequence(
    oldClass: [Int32], newClass: [Int32], classCount: Int, forceHuntSzymanski: Bool
  ) -> EditScript {
    let oldRange = oldMiddle
    let newRange = newMiddle
    // The old offsets of the middle, grouped by class, ascending in each group.
    var start = [Int](repeating: 0, count: classCount + 1)
    for i in oldRange { start[Int(oldClass[i]) + 1] += 1 }
    for c in 0..<classCount { start[c + 1] += start[c] }
    var pairs = 0
    for j in newRange {
      let c = Int(newClass[j])
      pairs += start[c + 1] - start[c]
    }
    var script = EditScript()
    guard forceHuntSzymanski || pairs <= 16 * (oldRange.count + newRange.count) + 4096 else {
      _ = _myersEditScript(
        old: oldRange, new: newRange, workLimit: .max,
        deletes: &script.deletes, inserts: &script.inserts
      ) { oldClass[$0] == newClass[$1] }
      return script
    }
    var fill = Array(start[0..<classCount])
    var positions = [Int32](repeating: 0, count: oldRange.count)
    for i in oldRange {
      let c = Int(oldClass[i])
      positions[fill[c]] = Int32(truncatingIfNeeded: i)
      fill[c] += 1
    }
    // Hunt–Szymanski: thresholds[k] is the smallest old offset ending a common
    // subsequence of length k + 1; each new element visits its matches in
    // descending order so that it extends at most one subsequence.
    var thresholds: [Int32] = []
    var thresholdNodes: [Int32] = []
    var nodes: [(old: Int32, new: Int32, previous: Int32)] = []
    for j in newRange {
      let c = Int(newClass[j])
      var index = start[c + 1]
      while index > start[c] {
        index -= 1
        let i = positions[index]
        var low = 0
        var high = thresholds.count
        while low < high {
          let middle = (low + high) >> 1
          if thresholds[middle] < i { low = middle + 1 } else { high = middle }
        }
        if low < thresholds.count && thresholds[low] == i { continue }
        let node = Int32(truncatingIfNeeded: nodes.count)
        nodes.append((i, Int32(truncatingIfNeeded: j), low > 0 ? thresholdNodes[low - 1] : -1))
        if low == thresholds.count {
          thresholds.append(i)
          thresholdNodes.append(node)
        } else {
          thresholds[low] = i
          thresholdNodes[low] = node
        }
      }
    }
    var keptOld = [Bool](repeating: false, count: oldRange.count)
    var keptNew = [Bool](repeating: false, count: newRange.count)
    var node = thresholdNodes.last ?? -1
    while node >= 0 {
      let pair = nodes[Int(node)]
      keptOld[Int(pair.old) - oldRange.lowerBound] = true
      keptNew[Int(pair.new) - newRange.lowerBound] = true
      node = pair.previous
    }
    script.deletes = oldRange.filter { !keptOld[$0 - oldRange.lowerBound] }
    script.inserts = newRange.filter { !keptNew[$0 - newRange.lowerBound] }
    return script
  }
}
