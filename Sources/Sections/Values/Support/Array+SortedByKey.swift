extension Array {
  /// Sorts the elements by `key`, stably (elements with equal keys keep
  /// their order), and leaves an array already sorted untouched.
  ///
  /// For the operations of a batch, in code not specialized for the
  /// batch's item type (every node of a graph): a generic sort of the
  /// operations moves each one many times through the runtime's value
  /// witnesses, and asks for type metadata at every step (a page of 50
  /// inserts cost 140,000 instructions to sort). Here the check reads the
  /// keys and allocates nothing; an unsorted array has its keys read into
  /// an array of a concrete type beside each element's index, the sort
  /// runs on those pairs alone, specialized, and each element moves once.
  /// Inlined, so `Key` is the caller's concrete type.
  ///
  /// - Complexity: O(*k*) to find the array sorted; otherwise O(*k* log *k*)
  ///   key comparisons and *k* element copies, for *k* elements; `key` is
  ///   called at most twice per element.
  @inlinable @inline(__always)
  package mutating func sortByKey<Key: Comparable>(_ key: (Element) -> Key) {
    guard count > 1 else { return }
    // Most lists come sorted: found so without allocating.
    var previous = key(self[0])
    var sorted = true
    for index in 1..<count {
      let next = key(self[index])
      if next < previous {
        sorted = false
        break
      }
      previous = next
    }
    guard !sorted else { return }
    // Each key beside its element's index: the sort moves these pairs,
    // side by side in memory, and the index breaks ties (stable).
    var keyed: [(key: Key, index: Int)] = []
    keyed.reserveCapacity(count)
    for index in indices { keyed.append((key(self[index]), index)) }
    keyed.sort { $0.key < $1.key || (!($1.key < $0.key) && $0.index < $1.index) }
    self = keyed.map { self[$0.index] }
  }
}
