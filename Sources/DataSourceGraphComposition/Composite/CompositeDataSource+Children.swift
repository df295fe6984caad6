public import DataSourceGraphSections

extension CompositeDataSource {
  /// Adds `child` at `index` among the children and emits the inserts of
  /// its sections. The child gets a new key.
  ///
  /// Called while observers are being told of a change (from an observer),
  /// this and the other child edits are made after the whole delivery, in
  /// the order asked, like an edit of a leaf (see `ObserverList`); `index`
  /// is checked then.
  ///
  /// - Complexity: O(*c* + the child's content).
  public func insertChild(_ child: Child, at index: Int) {
    if DeliveryWave.postpone({ self.insertChild(child, at: index) }) { return }
    precondition(
      (0...entries.count).contains(index),
      "child index \(index) out of range: the composite has \(entries.count) children")
    let entry = makeEntry(child)
    let offset = sectionCounts.prefixSum(index)
    var batch = ChangeBatch<SectionID, Item>()
    batch.sectionInserts = (0..<child.numberOfSections).map { j in
      .init(index: offset + j, section: child.section(at: j).keyed(by: entry.key))
    }
    entries.insert(entry, at: index)
    rebuildKeyIndex()
    sectionCounts.insert(child.numberOfSections, at: index)
    tally.add(entry.status)
    output.publish(batch, state: resolveState())
  }

  /// Adds `child` after the other children; see ``insertChild(_:at:)``.
  public func appendChild(_ child: Child) {
    // The end is read when the child is added, after the edits asked before.
    if DeliveryWave.postpone({ self.appendChild(child) }) { return }
    insertChild(child, at: entries.count)
  }

  /// Removes the child at `index` and emits the deletes of its sections.
  ///
  /// - Complexity: O(*c* + the child's section count).
  public func removeChild(at index: Int) {
    if DeliveryWave.postpone({ self.removeChild(at: index) }) { return }
    precondition(
      entries.indices.contains(index),
      "child index \(index) out of range: the composite has \(entries.count) children")
    let offset = sectionCounts.prefixSum(index)
    var batch = ChangeBatch<SectionID, Item>()
    batch.sectionDeletes = Array(offset..<(offset + sectionCounts.values[index]))
    let entry = entries.remove(at: index)
    entry.observation?.cancel()
    entry.enablementObservation?.cancel()
    rebuildKeyIndex()
    sectionCounts.remove(at: index)
    tally.add(entry.status, sign: -1)
    output.publish(batch, state: resolveState())
  }

  /// Moves the child at `from` so that it ends at index `to`, and emits a
  /// move for each of its sections (their identities do not change).
  ///
  /// - Complexity: O(*c* + the child's section count).
  public func moveChild(from: Int, to: Int) {
    if DeliveryWave.postpone({ self.moveChild(from: from, to: to) }) { return }
    precondition(
      entries.indices.contains(from) && entries.indices.contains(to),
      "child indices \(from), \(to) out of range: the composite has \(entries.count) children")
    guard from != to else { return }
    let count = sectionCounts.values[from]
    let oldOffset = sectionCounts.prefixSum(from)
    let entry = entries.remove(at: from)
    entries.insert(entry, at: to)
    rebuildKeyIndex()
    sectionCounts.reset(
      entries.map { sectionCounts.values[keyIndexBefore(move: $0.key, from: from, to: to)] })
    let newOffset = sectionCounts.prefixSum(to)
    var batch = ChangeBatch<SectionID, Item>()
    batch.sectionMoves = (0..<count).map { .init(from: oldOffset + $0, to: newOffset + $0) }
    // Moving past children without sections moves nothing on screen.
    batch.dropImpliedMoves(oldSectionCount: sectionCounts.total)
    output.publish(batch, state: resolveState())
  }

  /// The index a child had before a move from `from` to `to`, given its key.
  private func keyIndexBefore(move key: Int, from: Int, to: Int) -> Int {
    let now = keyIndex[key]!
    if now == to { return from }
    if from < to, (from..<to).contains(now) { return now + 1 }
    if to < from, ((to + 1)...from).contains(now) { return now - 1 }
    return now
  }
}
