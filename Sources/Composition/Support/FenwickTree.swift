/// A Fenwick (binary indexed) tree over non-negative counts: prefix sums,
/// point updates and "which slot holds the *k*-th unit" in O(log *n*)
/// (Fenwick 1994).
///
/// Composite and flatten keep one over their inputs' section counts or
/// section lengths, so an offset costs O(log *n*) and a change of one count
/// costs O(log *n*) too; inserting or removing a slot rebuilds it in O(*n*).
package struct FenwickTree {
  /// The counts, one per slot.
  package private(set) var values: [Int]
  /// `tree[i]` sums `values[i - lowbit(i) ..< i]` (1-based).
  private var tree: [Int]
  /// The sum of all counts.
  package private(set) var total: Int

  /// Builds the tree over `values`.
  ///
  /// - Complexity: O(*n*).
  package init(_ values: [Int] = []) {
    self.values = values
    tree = [0] + values
    total = 0
    let n = values.count
    if n > 0 {
      for i in 1...n {
        total += values[i - 1]
        let parent = i + (i & -i)
        if parent <= n { tree[parent] += tree[i] }
      }
    }
    #if DATASOURCEGRAPH_INTERNAL_CHECKS
      checkInvariants()
    #endif
  }

  /// The number of slots.
  package var count: Int { values.count }

  /// The sum of the counts of slots `0..<index`.
  ///
  /// - Complexity: O(log *n*).
  package func prefixSum(_ index: Int) -> Int {
    var i = index
    var sum = 0
    while i > 0 {
      sum += tree[i]
      i -= i & -i
    }
    return sum
  }

  /// Adds `delta` to the count of `index`.
  ///
  /// - Complexity: O(log *n*).
  package mutating func add(_ delta: Int, at index: Int) {
    guard delta != 0 else { return }
    values[index] += delta
    total += delta
    var i = index + 1
    while i < tree.count {
      tree[i] += delta
      i += i & -i
    }
    #if DATASOURCEGRAPH_INTERNAL_CHECKS
      checkInvariants()
    #endif
  }

  /// Sets the count of `index`.
  package mutating func set(_ value: Int, at index: Int) { add(value - values[index], at: index) }

  /// The slot that holds unit `k` (0-based) when the units are laid out slot
  /// after slot, and the units before that slot: the slot `s` with
  /// `prefixSum(s) <= k < prefixSum(s + 1)`. `k` must be below ``total``.
  ///
  /// - Complexity: O(log *n*).
  package func locate(_ k: Int) -> (slot: Int, before: Int) {
    // Through a buffer pointer: every node read is below the count, which
    // the loop checks, so the array's own bounds check is left out (each
    // read of a row through a filter, a composite or a flatten walks one
    // of these trees).
    tree.withUnsafeBufferPointer { tree in
      var position = 0
      var remaining = k
      // The largest power of two below the tree's count (1 for a count up
      // to 2), from the highest bit of the count less one.
      let count = tree.count
      var step = count <= 2 ? 1 : 1 << (Int.bitWidth - 1 - (count - 1).leadingZeroBitCount)
      while step > 0 {
        let next = position + step
        if next < count && tree[next] <= remaining {
          position = next
          remaining -= tree[next]
        }
        step /= 2
      }
      return (position, k - remaining)
    }
  }

  /// Inserts a slot with `value` at `index`.
  ///
  /// - Complexity: O(*n*).
  package mutating func insert(_ value: Int, at index: Int) {
    values.insert(value, at: index)
    self = FenwickTree(values)
  }

  /// Removes the slot at `index`.
  ///
  /// - Complexity: O(*n*).
  package mutating func remove(at index: Int) {
    values.remove(at: index)
    self = FenwickTree(values)
  }

  /// Replaces all counts.
  ///
  /// - Complexity: O(*n*).
  package mutating func reset(_ values: [Int]) { self = FenwickTree(values) }

  #if DATASOURCEGRAPH_INTERNAL_CHECKS
    /// Stops the program when the tree does not sum its counts: every node
    /// holds the sum of its range, the total is the sum of all, and no
    /// count is negative. Compiled only for the library's internal checks,
    /// which run it after every change.
    ///
    /// - Complexity: O(*n* log *n*).
    package func checkInvariants() {
      precondition(
        tree.count == values.count + 1, "a tree of \(tree.count) nodes over \(values.count)")
      precondition(values.allSatisfy { $0 >= 0 }, "a negative count in \(values)")
      precondition(total == values.reduce(0, +), "a total of \(total) over \(values)")
      for i in tree.indices.dropFirst() {
        let sum = values[(i - (i & -i))..<i].reduce(0, +)
        precondition(tree[i] == sum, "node \(i) holds \(tree[i]), its range sums to \(sum)")
      }
    }
  #endif
}
