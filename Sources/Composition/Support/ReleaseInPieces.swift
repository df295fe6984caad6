/// Arrays a node no longer needs, destroyed a bounded number of items at a
/// time rather than all at once: dropping the last reference to an array of
/// half a million items destroys every one of them there and then (about
/// 3 ms for a small struct, more for items that own memory), which would
/// stall the edit that let them go.
///
/// A node hands over an array it held only for itself (no one else keeps a
/// reference to it, or the first step would copy what remains), then calls
/// ``step()`` once per change it takes, until the arrays are gone.
package struct ReleaseInPieces<Element> {
  /// The items one step destroys at most.
  package static var itemsPerStep: Int { 512 }

  /// The arrays still to release; the last one is emptied first.
  private var arrays: [[Element]] = []

  /// Nothing to release yet.
  package init() {}

  /// The items not yet released.
  package private(set) var count = 0

  /// Takes `array`, to release it over the steps to come.
  ///
  /// - Complexity: O(1).
  package mutating func add(_ array: [Element]) {
    guard !array.isEmpty else { return }
    count += array.count
    arrays.append(array)
  }

  /// Destroys up to ``itemsPerStep`` of the items held, from the end of the
  /// last array, and drops each array that empties.
  ///
  /// - Complexity: O(``itemsPerStep``).
  package mutating func step() {
    var budget = Self.itemsPerStep
    while budget > 0, let last = arrays.indices.last {
      let released = min(budget, arrays[last].count)
      // In place: the array is held only here, so no copy is made.
      arrays[last].removeLast(released)
      if arrays[last].isEmpty { arrays.removeLast() }
      budget -= released
      count -= released
    }
  }
}
