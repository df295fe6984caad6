extension Array {
  /// Sorts the elements by `key`, stably (elements with equal keys keep
  /// their order), and leaves an array already sorted untouched.
  ///
  /// For the operations of a batch, in code not specialized for the
  /// batch's item type (every node of a graph): a generic sort of the
  /// operations moves each one many times through the runtime's value
  /// witnesses, and asks for type metadata at every step (a page of 50
  /// inserts cost 140,000 instructions to sort). Here each key is read once
  /// into an array of a concrete type, the check and the sort of positions
  /// run on those keys alone, specialized, and each element moves once.
  /// Inlined, so `Key` is the caller's concrete type.
  ///
  /// - Complexity: O(*k*) to find the array sorted; otherwise O(*k* log *k*)
  ///   key comparisons and *k* element copies, for *k* elements.
  @inlinable @inline(__always)
  package mutating func sortByKey<Key: Comparable>(_ key: (Element) -> Key) {
    guard count > 1 else { return }
    var keys: [Key] = []
    keys.reserveCapacity(count)
    for element in self { keys.append(key(element)) }
    var sorted = true
    for k in 1..<keys.count where keys[k] < keys[k - 1] {
      sorted = false
      break
    }
    guard !sorted else { return }
    let order = keys.indices.sorted { a, b in
      keys[a] < keys[b] || (!(keys[b] < keys[a]) && a < b)
    }
    self = order.map { self[$0] }
  }
}
