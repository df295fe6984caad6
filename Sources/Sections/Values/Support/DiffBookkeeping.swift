/// The old items of a diff's changed sections that a new item claims (it
/// stays or moves); the others are deletes: gone, or gone to an inserted
/// section, which carries them. One flag per item of those sections, in
/// memory of its own, so a claim is one store, with no check of an array's
/// sharing (a class, for the `deinit` that frees it).
@usableFromInline
package final class _ClaimedItems {
  /// Where each old section's flags start (0 for the sections not diffed).
  @usableFromInline let start: [Int]
  @usableFromInline let flags: UnsafeMutableBufferPointer<Bool>

  /// No item claimed yet, in old sections of `itemCounts[s]` items each
  /// (0 for the sections the diff does not read item by item).
  ///
  /// - Complexity: O(*s* + *n*) for *s* sections and *n* items in all.
  @inlinable
  package init(itemCounts: [Int]) {
    var start: [Int] = []
    start.reserveCapacity(itemCounts.count)
    var count = 0
    for n in itemCounts {
      start.append(count)
      count += n
    }
    self.start = start
    flags = .allocate(capacity: count)
    flags.initialize(repeating: false)
  }

  /// No item claimed yet, over the old sections paired with `pairing`'s
  /// changed ones.
  ///
  /// - Complexity: O(*s* + *n*) for *s* old sections and *n* items in the
  ///   changed ones.
  @inlinable
  convenience init<SectionID, Item>(of old: Snapshot<SectionID, Item>, in pairing: _DiffPairing) {
    var counts = [Int](repeating: 0, count: old.numberOfSections)
    for t in pairing.changed {
      counts[pairing.oldIndexOfNew[t]] = old.sections[pairing.oldIndexOfNew[t]].items.count
    }
    self.init(itemCounts: counts)
  }

  deinit { flags.deallocate() }

  /// Claims the old item at `path`, in a section the diff pairs.
  @inlinable package func claim(_ path: ItemPath) { flags[start[path.section] + path.item] = true }

  /// Calls `body` with the position of each item no new item claimed in
  /// old section `s` of `count` items, in order.
  ///
  /// - Complexity: O(*count*).
  @inlinable
  package func forEachUnclaimed(inSection s: Int, count: Int, _ body: (Int) -> Void) {
    let base = start[s]
    for i in 0..<count where !flags[base + i] { body(i) }
  }
}

/// The items that stay in one section of a diff, as runs of consecutive
/// old and new positions, and which of them are updated: the longest run of
/// old positions they keep weighs updated items first. Most items of a
/// changed section stay in order, one run after another, so an item costs
/// a comparison, not three appends. Reused from section to section.
@usableFromInline
package struct _StayingItems {
  /// Items at consecutive positions on both sides.
  @usableFromInline
  struct Run {
    @usableFromInline var old: Int
    @usableFromInline var new: Int
    @usableFromInline var count: Int

    @inlinable init(old: Int, new: Int, count: Int) {
      self.old = old
      self.new = new
      self.count = count
    }
  }

  /// The runs before ``current``.
  @usableFromInline var runs: [Run] = []
  /// The run being extended; none while its count is 0.
  @usableFromInline var current = Run(old: 0, new: 0, count: 0)
  /// The indices, in the order the items were appended, of the updated ones.
  @usableFromInline var updated: [Int] = []
  /// The number of items appended.
  @usableFromInline var count = 0
  /// Whether each item's old position is after the previous one's, so far.
  @usableFromInline var isIncreasing = true

  @inlinable package init() {}

  @inlinable package mutating func removeAll() {
    runs.removeAll(keepingCapacity: true)
    updated.removeAll(keepingCapacity: true)
    current = Run(old: 0, new: 0, count: 0)
    count = 0
    isIncreasing = true
  }

  /// Appends the item that stays from old position `o` to new position `n`,
  /// after every item appended so far in new order.
  ///
  /// - Complexity: Amortized O(1).
  @inlinable package mutating func append(old o: Int, new n: Int, isUpdated: Bool) {
    if isUpdated { updated.append(count) }
    count += 1
    let oldEnd = current.old + current.count
    if current.count > 0 && o == oldEnd && n == current.new + current.count {
      current.count += 1
      return
    }
    if current.count > 0 {
      if o < oldEnd { isIncreasing = false }
      runs.append(current)
    }
    current = Run(old: o, new: n, count: 1)
  }

  /// The old and new positions of the items off the heaviest longest
  /// increasing run of old positions (updated items weigh 1, others 0):
  /// the items that move within the section.
  ///
  /// - Complexity: O(1) when the old positions increase, else
  ///   O(*k* log *k*) for the *k* items appended.
  @inlinable package func moved() -> [(old: Int, new: Int)] {
    guard !isIncreasing else { return [] }
    var old: [Int] = []
    var new: [Int] = []
    old.reserveCapacity(count)
    new.reserveCapacity(count)
    for run in runs + [current] {
      for d in 0..<run.count {
        old.append(run.old + d)
        new.append(run.new + d)
      }
    }
    var weights = [Int](repeating: 0, count: count)
    for k in updated { weights[k] = 1 }
    return indicesOffLongestRun(old, weights: weights).map { (old[$0], new[$0]) }
  }
}

/// The items of a section read forward, run by run: each read at a
/// position at or after the one before costs O(1), amortized over the
/// section, without the search over its chunks that a read by position
/// makes.
@usableFromInline
package struct _ForwardReader<Item> {
  @usableFromInline let runs: [ArraySlice<Item>]
  /// The run holding the last position sought.
  @usableFromInline package var run: ArraySlice<Item>
  @usableFromInline var runIndex = 0
  /// The position of ``run``'s first item.
  @usableFromInline var runStart = 0

  @inlinable package init(runs: [ArraySlice<Item>]) {
    self.runs = runs
    run = runs.first ?? []
  }

  /// The index in ``run`` of position `i`, after moving on to the run that
  /// holds it. `i` is below the number of items, and at or after the last
  /// position sought.
  ///
  /// - Complexity: Amortized O(1) over a walk of the items.
  @inlinable package mutating func seek(_ i: Int) -> Int {
    while i >= runStart + run.count {
      runStart += run.count
      runIndex += 1
      run = runs[runIndex]
    }
    return run.startIndex + (i - runStart)
  }
}
