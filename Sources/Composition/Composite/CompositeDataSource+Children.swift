public import DataSourceGraphNodes
import DataSourceGraphSections

extension CompositeDataSource {
  /// Adds `child` at `index` among the children and emits the inserts of
  /// its sections. The child gets a new key.
  ///
  /// Its items whose identity an earlier child shows are hidden; a later
  /// child's items that it now shows first are deleted from that child.
  ///
  /// Called while observers are being told of a change (from an observer),
  /// this and the other child edits are made after the whole delivery, in
  /// the order asked, like an edit of a leaf (see `ObserverList`); `index`
  /// is checked then.
  ///
  /// - Complexity: O(*c* + the child's content).
  public func insertChild<ChildSectionID: Hashable & Sendable>(
    _ child: any DataSource<ChildSectionID, Item>, at index: Int
  ) {
    insertChild(erased: Child(erasingSectionIDsOf: child), at: index)
  }

  func insertChild(erased child: Child, at index: Int) {
    if DeliveryWave.postpone({ self.insertChild(erased: child, at: index) }) { return }
    require(
      (0...entries.count).contains(index),
      "child index \(index) out of range: the composite has \(entries.count) children")
    let entry = makeEntry(child)
    let oldOffsets = (0...entries.count).map { layout.sectionCounts.prefixSum($0) }
    place(entry, child: child, at: index)
    rebuildKeyIndex()
    layout.sectionCounts.insert(child.numberOfSections, at: index)
    // Every identity of the new child may change hands.
    var candidates: [Item.ID: Set<Int>] = [:]
    let sections = (0..<child.numberOfSections).map { child.section(at: $0) }
    for section in sections {
      for item in section.items { candidates[item.id, default: []].insert(entry.key) }
    }
    let marks = reassign(candidates)
    setVisibility(ofChildAt: index, marks: marks[index] ?? [])
    var batch = flips(
      marks, oldOffsets: { oldOffsets[$0 < index ? $0 : $0 - 1] }, skipping: index)
    let offset = layout.sectionCounts.prefixSum(index)
    batch.sectionInserts += sections.enumerated().map { j, section in
      .init(
        index: offset + j,
        section: visibleSection(section, child: index, at: j).keyed(by: entry.key))
    }
    entries[index].status = childStatus(at: index)
    tally.add(entries[index].status)
    for c in marks.keys where c != index { refreshStatus(ofChildAt: c) }
    output.publish(batch, state: resolveState())
    compactIdentitiesIfNeeded()
  }

  /// Adds `child` after the other children; see ``insertChild(_:at:)``.
  public func appendChild<ChildSectionID: Hashable & Sendable>(
    _ child: any DataSource<ChildSectionID, Item>
  ) {
    let child = Child(erasingSectionIDsOf: child)
    // The end is read when the child is added, after the edits asked before.
    if DeliveryWave.postpone({ self.insertChild(erased: child, at: self.entries.count) }) { return }
    insertChild(erased: child, at: entries.count)
  }

  /// Removes the child at `index` and emits the deletes of its sections.
  /// The items it showed that a later child hides are revealed there.
  ///
  /// - Complexity: O(*c* + the child's section count), plus O(*h*) for *h*
  ///   hidden identities.
  public func removeChild(at index: Int) {
    if DeliveryWave.postpone({ self.removeChild(at: index) }) { return }
    require(
      entries.indices.contains(index),
      "child index \(index) out of range: the composite has \(entries.count) children")
    let offset = layout.sectionCounts.prefixSum(index)
    let removedCount = layout.sectionCounts.values[index]
    let candidates = duplicateIdentities(involving: entries[index].key)
    let oldOffsets =
      candidates.isEmpty ? [] : entries.indices.map { layout.sectionCounts.prefixSum($0) }
    let entry = take(at: index).entry
    entry.observation?.cancel()
    entry.enablementObservation?.cancel()
    rebuildKeyIndex()
    layout.sectionCounts.remove(at: index)
    tally.add(entry.status, sign: -1)
    let marks = reassign(candidates)
    var batch = flips(marks, oldOffsets: { oldOffsets[$0 < index ? $0 : $0 + 1] })
    batch.sectionDeletes += offset..<(offset + removedCount)
    for c in marks.keys { refreshStatus(ofChildAt: c) }
    output.publish(batch, state: resolveState())
  }

  /// Moves the child at `from` so that it ends at index `to`, and emits a
  /// move for each of its sections (their identities do not change). An
  /// identity it shares with a child it passes changes hands: the
  /// occurrence now first is shown, the other hidden.
  ///
  /// - Complexity: O(*c* + the child's section count), plus O(*h*) for *h*
  ///   hidden identities.
  public func moveChild(from: Int, to: Int) {
    if DeliveryWave.postpone({ self.moveChild(from: from, to: to) }) { return }
    require(
      entries.indices.contains(from) && entries.indices.contains(to),
      "child indices \(from), \(to) out of range: the composite has \(entries.count) children")
    guard from != to else { return }
    let count = layout.sectionCounts.values[from]
    let oldOffset = layout.sectionCounts.prefixSum(from)
    let candidates = duplicateIdentities(involving: entries[from].key)
    let oldOffsets =
      candidates.isEmpty ? [] : entries.indices.map { layout.sectionCounts.prefixSum($0) }
    let taken = take(at: from)
    place(taken.entry, child: taken.child, visible: taken.visible, at: to)
    rebuildKeyIndex()
    layout.sectionCounts.reset(
      entries.map { layout.sectionCounts.values[keyIndexBefore(move: $0.key, from: from, to: to)] })
    let newOffset = layout.sectionCounts.prefixSum(to)
    let marks = reassign(candidates)
    var batch = flips(marks) {
      oldOffsets[self.keyIndexBefore(move: self.entries[$0].key, from: from, to: to)]
    }
    batch.sectionMoves += (0..<count).map { .init(from: oldOffset + $0, to: newOffset + $0) }
    for c in marks.keys { refreshStatus(ofChildAt: c) }
    // Moving past children without sections moves nothing on screen.
    batch.dropImpliedMoves(oldSectionCount: layout.sectionCounts.total)
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
