import DataSourceGraphDiffing

extension ChangeBatch {
  /// The one batch with the effect of `self` followed by `next`, or `nil`
  /// when that batch would have to carry the value of an item that neither
  /// batch carries.
  ///
  /// `self` takes a snapshot S0 to S1 and `next` takes S1 to S2;
  /// `intermediateItemCounts[s]` is the number of items in section `s` of
  /// S1 (so its count is S1's section count). The result takes S0 to S2:
  /// `s0.applying(result) == s2` whenever `s0.applying(self) == s1` and
  /// `s1.applying(next) == s2`, and it breaks none of the rules
  /// ``violations(from:to:mode:)`` checks in ``UIKitRule/ValidationMode/batch``.
  ///
  /// No snapshot is needed: S0's section count and the item counts of its
  /// sections that `self` keeps follow from S1's counts and `self`.
  ///
  /// Sections and items are followed by position through both batches, not
  /// matched by identity: one that a batch deletes and another inserts with
  /// the same identity stays a delete and an insert. Given what survives,
  /// the result is minimal at each level, as ``Snapshot/difference(from:)``
  /// is: the surviving sections, and the items that stay in their section,
  /// keep their place along a longest increasing run (preferring, as the
  /// diff does, sections with changes and updated items), so no move is one
  /// the other changes imply (R18). An item inserted by `self` and deleted
  /// by `next` vanishes; one inserted and then updated is one insert of its
  /// final value; a section inserted by `self` and then edited by `next` is
  /// one section insert with its final items; an item or header updated by
  /// either batch is one update with its final value; a section `next`
  /// deletes is one delete, whatever `self` did to it; moves that cancel out
  /// disappear. With an empty batch on either side the result is an
  /// equivalent batch (the very same one for a diff).
  ///
  /// UIKit moves no item out of a deleted section nor into an inserted one
  /// (R13, R14), so an item of S0 that ends in a section inserted by `self`
  /// (moved there by `next`), or that leaves a section `next` deletes (moved
  /// out by `self`), must be inserted with its value. When neither batch
  /// updates such an item, only S1 knows that value and this method returns
  /// `nil`; ``followed(by:intermediate:)`` then composes the batches.
  ///
  /// ```swift
  /// let counts = s1.sections.map(\.items.count)
  /// if let batch = first.followed(by: second, intermediateItemCounts: counts) {
  ///   assert(s0.applying(batch) == s2)
  /// }
  /// ```
  ///
  /// - Precondition: Both batches are valid for their snapshots (see
  ///   ``validate(from:to:mode:)``), and `intermediateItemCounts` are the
  ///   counts of the snapshot `self` leads to.
  /// - Parameters:
  ///   - next: The batch that follows this one, from S1 to S2.
  ///   - intermediateItemCounts: The number of items of every section of S1.
  /// - Returns: A batch from S0 to S2, sorted (see ``sort()``), or `nil` if
  ///   it would need an item value that neither batch carries.
  /// - Complexity: Expected O(*s* log *s* + *k* log *k*) for *s* sections
  ///   of the three states and *k* operations, plus the items of the
  ///   sections inserted, plus O(*p* log *m*) for a section of *m* items
  ///   whose items that stay in it change order, *p* its pieces. A section
  ///   the batches edit is read in pieces (the items they touch and the
  ///   runs of items between them: at most about twice the operations
  ///   there), never item by item: its length does not count, and the items
  ///   of the other sections are never visited.
  public func followed(by next: ChangeBatch, intermediateItemCounts: [Int]) -> ChangeBatch? {
    var composition = BatchComposition(first: self, intermediateItemCounts: intermediateItemCounts)
    composition.replay(self)
    composition.enterIntermediate()
    composition.replay(next)
    return composition.result(intermediateItem: nil)
  }

  /// The one batch with the effect of `self` followed by each batch of
  /// `rest` in turn, composed in one pass, or `nil` as
  /// ``followed(by:intermediateItemCounts:)``: when the result would have to
  /// carry the value of an item that no batch carries.
  ///
  /// `intermediateItemCounts` are the item counts of the snapshot `self`
  /// leads to. One pass reads the result once, where composing two by two
  /// would read it for every batch.
  ///
  /// - Complexity: Expected O(*s* log *s* + *K* log *K*) for the result, as
  ///   ``followed(by:intermediateItemCounts:)`` with *K* the operations of
  ///   all the batches, plus O(*s* + *k* log *k* + *p*) per batch of *k*
  ///   operations, for *p* the pieces of the sections it touches (the items
  ///   the batches before it touched there, and the runs between them: at
  ///   most about twice their operations there, and never more than the
  ///   sections' items).
  package func followed(by rest: [ChangeBatch], intermediateItemCounts: [Int]) -> ChangeBatch? {
    var composition = BatchComposition(first: self, intermediateItemCounts: intermediateItemCounts)
    composition.replay(self)
    // No `enterIntermediate()`: it records the positions values are read at
    // in the middle snapshot, and without one no value is read.
    for next in rest { composition.replay(next) }
    return composition.result(intermediateItem: nil)
  }

  /// The one batch with the effect of `self` followed by `next`, where
  /// `intermediate` is the snapshot between them.
  ///
  /// As ``followed(by:intermediateItemCounts:)``, but never `nil`: the value
  /// of an item that must be inserted without either batch carrying it (an
  /// item of the first snapshot that ends in a section `self` inserts, or
  /// that leaves a section `next` deletes) is read from `intermediate`.
  /// Only the counts of `intermediate` and those items are read.
  ///
  /// ```swift
  /// let batch = first.followed(by: second, intermediate: s1)
  /// assert(s0.applying(batch) == s2)
  /// ```
  ///
  /// - Precondition: Both batches are valid for their snapshots (see
  ///   ``validate(from:to:mode:)``).
  /// - Parameters:
  ///   - next: The batch that follows this one, from `intermediate` to S2.
  ///   - intermediate: The snapshot this batch leads to and `next` starts
  ///     from.
  /// - Returns: A batch from S0 to S2, sorted (see ``sort()``).
  /// - Complexity: As ``followed(by:intermediateItemCounts:)``, plus O(*s*)
  ///   to read the counts of `intermediate`.
  public func followed(
    by next: ChangeBatch, intermediate: Snapshot<SectionID, Item>
  ) -> ChangeBatch {
    let counts = SnapshotSection.itemCounts(of: intermediate.sections)
    var composition = BatchComposition(first: self, intermediateItemCounts: counts)
    composition.replay(self)
    composition.enterIntermediate()
    composition.replay(next)
    guard let batch = composition.result(intermediateItem: intermediate.item(at:)) else {
      preconditionFailure("every value is known when the intermediate snapshot is given")
    }
    return batch
  }
}

/// The state of a composition: the sections of S0, S1 or S2 (whichever has
/// been reached), each item a token that remembers its position in S0.
///
/// A section no batch has touched item-wise keeps its items implicit (the
/// items of its S0 section, in order, unchanged). A touched section is a
/// list of pieces (`CompositionPiece`): the items the batches touched one
/// by one, and runs of untouched items between them, so what a batch
/// costs follows the pieces of the sections it touches, at most one or
/// two more per operation before it, not their lengths.
private struct BatchComposition<SectionID: Hashable, Item: Identifiable> {
  typealias Batch = ChangeBatch<SectionID, Item>

  typealias Token = CompositionToken

  typealias Section = CompositionSection

  /// The identities of the sections the batches inserted, which sections
  /// name by index (``CompositionSection/identity``).
  var sectionIDs: [SectionID] = []
  /// The headers and footers the batches carried, which sections name by
  /// index (``CompositionSection/supplements``; the indices of these
  /// values are not used): a section stays a plain value, copied without
  /// calling into `SectionID`.
  var supplementValues: [Batch.SectionUpdate] = []

  /// The values the batches carried (inserts and updates), which tokens
  /// name by index: the tokens stay a plain value of fixed size, moved
  /// about without calling into `Item`.
  var values: [Item] = []

  /// A token for a new item of value `item`.
  mutating func token(carrying item: Item) -> Token {
    values.append(item)
    return Token(value: Int32(values.count - 1))
  }

  var sections: [Section]
  /// The item count of every S0 section that `self` keeps (0 for the rest).
  let oldItemCounts: [Int]
  /// The S0 sections whose items were made explicit at some point.
  var touchedOld: [Bool]
  /// Whether S1 has been reached.
  var inIntermediate = false

  /// Derives S0's shape from S1's item counts and the first batch.
  ///
  /// - Complexity: O(*s* + *k*).
  init(first: Batch, intermediateItemCounts counts: [Int]) {
    let middleCount = counts.count
    let oldCount = middleCount - first.sectionInserts.count + first.sectionDeletes.count
    precondition(oldCount >= 0, "the intermediate counts do not fit the first batch")
    // Where every S1 section comes from in S0, as applying reads a batch.
    guard let origins = first.sectionOrigins(fitting: oldCount) else {
      preconditionFailure("the intermediate counts do not fit the first batch")
    }
    // Old count = new count + items that leave − items that arrive.
    var oldCounts = [Int](repeating: 0, count: oldCount)
    for (t, origin) in origins.enumerated() {
      if let origin { oldCounts[origin] = counts[t] }
    }
    for path in first.itemDeletes { oldCounts[path.section] += 1 }
    for move in first.itemMoves {
      oldCounts[move.from.section] += 1
      if let origin = origins[move.to.section] { oldCounts[origin] -= 1 }
    }
    for insert in first.itemInserts {
      if let origin = origins[insert.path.section] { oldCounts[origin] -= 1 }
    }
    oldItemCounts = oldCounts
    touchedOld = [Bool](repeating: false, count: oldCount)
    sections = (0..<oldCount).map { Section(origin: $0, count: oldCounts[$0]) }
  }

  /// Records S1's positions: the state now is S1.
  ///
  /// - Complexity: O(*s* + the pieces of the explicit sections).
  mutating func enterIntermediate() {
    inIntermediate = true
    for t in sections.indices {
      sections[t].middle = t
      sections[t].items?.enterIntermediate(asSection: t)
    }
  }

  /// Makes the items of section `t` explicit: one run.
  ///
  /// - Complexity: O(1).
  mutating func materialize(_ t: Int) {
    guard sections[t].items == nil, let s = sections[t].origin else { return }
    touchedOld[s] = true
    sections[t].items = [CompositionPiece](
      untouched: sections[t].count, ofSection: s, middle: inIntermediate ? sections[t].middle : nil)
  }

  /// Applies `batch` to the state, as `Snapshot.applying(_:)` reads it:
  /// removals in old positions, then the section structure, then arrivals
  /// in ascending new positions, then updates.
  ///
  /// - Complexity: O(*s* + *k* log *k* + the pieces of the sections
  ///   touched).
  mutating func replay(_ batch: Batch) {
    let oldCount = sections.count
    var removals: [Int: [Int]] = [:]
    for path in batch.itemDeletes { removals[path.section, default: []].append(path.item) }
    var sources: [Int: [Int]] = [:]
    for move in batch.itemMoves {
      removals[move.from.section, default: []].append(move.from.item)
      sources[move.from.section, default: []].append(move.from.item)
    }
    var moved: [ItemPath: Token] = [:]
    for (s, items) in sources {
      materialize(s)
      let sorted = items.sorted()
      for (item, token) in zip(sorted, sections[s].items!.tokens(at: sorted)) {
        moved[ItemPath(section: s, item: item)] = token
      }
    }
    for (s, indices) in removals {
      materialize(s)
      sections[s].items = sections[s].items!.removing(indices.sorted())
    }

    if !batch.sectionDeletes.isEmpty || !batch.sectionInserts.isEmpty
      || !batch.sectionMoves.isEmpty
    {
      var inserted: [Int: Batch.SectionInsert] = [:]
      for insert in batch.sectionInserts { inserted[insert.index] = insert }
      let old = sections
      sections = []
      for (t, origin) in batch.sectionOrigins(oldCount: oldCount).enumerated() {
        if let origin {
          sections.append(old[origin])
          continue
        }
        let section = inserted[t]!.section
        let items = section.items.map { CompositionPiece(first: token(carrying: $0), count: 1) }
        sectionIDs.append(section.id)
        supplementValues.append(.init(from: 0, to: t, supplementsOf: section))
        sections.append(
          Section(
            identity: Int32(sectionIDs.count - 1), supplements: Int32(supplementValues.count - 1),
            count: items.count, items: items))
      }
    }

    var arrivals: [Int: [(item: Int, token: Token)]] = [:]
    for insert in batch.itemInserts {
      arrivals[insert.path.section, default: []].append(
        (insert.path.item, token(carrying: insert.item)))
    }
    for move in batch.itemMoves {
      arrivals[move.to.section, default: []].append((move.to.item, moved[move.from]!))
    }
    for (t, list) in arrivals {
      materialize(t)
      sections[t].items = sections[t].items!.inserting(list.sorted { $0.item < $1.item })
    }
    var updates: [Int: [(item: Int, value: Int32)]] = [:]
    for update in batch.itemUpdates {
      values.append(update.item)
      updates[update.to.section, default: []].append((update.to.item, Int32(values.count - 1)))
    }
    for (t, list) in updates {
      materialize(t)
      sections[t].items = sections[t].items!.updating(list.sorted { $0.item < $1.item })
    }
    for update in batch.sectionUpdates {
      supplementValues.append(update)
      sections[update.to].supplements = Int32(supplementValues.count - 1)
      sections[update.to].supplementsChanged = true
    }
  }

  /// Reads the batch from S0 to the state reached (S2), or `nil` if an item
  /// must be inserted whose value neither batch carried and
  /// `intermediateItem` is `nil`.
  ///
  /// One walk: the sections deleted; per section reached, its insert, or
  /// its header update and item changes; the items gone; the section moves.
  ///
  /// - Complexity: Expected O(*s* log *s* + *p* log *p* + *k* log *k*) for
  ///   the *p* pieces of the explicit sections, plus O(log *m*) per piece
  ///   of a section of *m* items whose items that stay change order, and
  ///   the items of the sections inserted.
  func result(intermediateItem: ((ItemPath) -> Item)?) -> Batch? {
    var batch = Batch()
    var reading = CompositionReading(sections: sections, oldCount: oldItemCounts.count)
    for s in reading.newIndexOfOld.indices where reading.newIndexOfOld[s] < 0 {
      batch.sectionDeletes.append(s)
    }
    for (t, section) in sections.enumerated() {
      guard let s = section.origin else {
        guard let inserted = insertedSection(section, intermediateItem: intermediateItem) else {
          return nil
        }
        batch.sectionInserts.append(.init(index: t, section: inserted))
        continue
      }
      if section.supplementsChanged, section.supplements >= 0 {
        batch.sectionUpdates.append(
          supplementValues[Int(section.supplements)].moved(from: s, to: t))
      }
      guard let pieces = section.items else { continue }
      guard
        appendItemChanges(
          of: pieces, inSection: t, from: s, intermediateItem: intermediateItem, to: &batch,
          reading: &reading)
      else { return nil }
    }
    appendItemDeletes(to: &batch, reading: &reading)
    appendSectionMoves(to: &batch, reading: reading)
    batch.sort()
    return batch
  }

  /// The value of the item `token` stands for: the newest a batch carried,
  /// else its value in S1 read with `intermediateItem`, else `nil`.
  func value(of token: Token, intermediateItem: ((ItemPath) -> Item)?) -> Item? {
    if token.value >= 0 { return values[Int(token.value)] }
    guard let middle = token.middle, let intermediateItem else { return nil }
    return intermediateItem(middle)
  }

  /// The section a batch inserted, with its final items and supplements,
  /// or `nil` if the value of one of its items is unknown.
  ///
  /// - Complexity: O(*m*) for its *m* items.
  func insertedSection(
    _ section: Section, intermediateItem: ((ItemPath) -> Item)?
  ) -> SnapshotSection<SectionID, Item>? {
    var items: [Item] = []
    for piece in section.items ?? [] {
      for offset in 0..<piece.count {
        guard let item = value(of: piece.token(at: offset), intermediateItem: intermediateItem)
        else { return nil }
        items.append(item)
      }
    }
    let supplements = section.supplements >= 0 ? supplementValues[Int(section.supplements)] : nil
    return SnapshotSection(
      id: sectionIDs[Int(section.identity)], header: supplements?.header,
      footer: supplements?.footer,
      headerValue: supplements?.headerValue, footerValue: supplements?.footerValue,
      items: items)
  }

  /// Appends the item inserts, updates and moves that bring the `pieces`
  /// of section `t` of S2, S0's section `s`, to their place; returns
  /// `false` if the value of an item to insert is unknown.
  ///
  /// Records in `reading` the stretches of S0 items that landed and the
  /// sections the changes touch.
  ///
  /// - Complexity: O(*p*) for its *p* pieces, plus the items inserted or
  ///   moved, plus ``movesOffLongestRun(_:)`` for the items that stay.
  // Always inlined: where the composition runs unspecialized (a storm's
  // batches) a call of its own asks the runtime for the metadata of the
  // batch's operation types once per section instead of once per result
  // (+0.5% instructions on an update storm).
  @inline(__always)
  func appendItemChanges(
    of pieces: [CompositionPiece], inSection t: Int, from s: Int,
    intermediateItem: ((ItemPath) -> Item)?, to batch: inout Batch,
    reading: inout CompositionReading
  ) -> Bool {
    reading.staying.removeAll(keepingCapacity: true)
    var j = 0
    for piece in pieces {
      let at = j
      j += piece.count
      let token = piece.first
      // New, or from a deleted section (no move out of it, R13): inserts.
      guard let from = token.origin, reading.newIndexOfOld[from.section] >= 0 else {
        for offset in 0..<piece.count {
          guard let item = value(of: piece.token(at: offset), intermediateItem: intermediateItem)
          else { return false }
          batch.itemInserts.append(.init(path: ItemPath(section: t, item: at + offset), item: item))
        }
        reading.busyNew[t] = true
        continue
      }
      if touchedOld[from.section] {
        reading.landed[from.section].append(from.item..<(from.item + piece.count))
      }
      // An updated item is a piece of its own.
      if token.isUpdated, token.value >= 0 {
        let to = ItemPath(section: t, item: at)
        batch.itemUpdates.append(.init(from: from, to: to, item: values[Int(token.value)]))
        reading.busyNew[t] = true
      }
      if from.section == s {
        reading.staying.append((piece, at))
        continue
      }
      for offset in 0..<piece.count {
        batch.itemMoves.append(
          .init(
            from: ItemPath(section: from.section, item: from.item + offset),
            to: ItemPath(section: t, item: at + offset)))
      }
      reading.busyOld[from.section] = true
      reading.busyNew[t] = true
    }
    for move in movesOffLongestRun(reading.staying) {
      batch.itemMoves.append(
        .init(from: ItemPath(section: s, item: move.from), to: ItemPath(section: t, item: move.to)))
      reading.busyOld[s] = true
      reading.busyNew[t] = true
    }
    return true
  }

  /// Appends the deletes of the items of surviving S0 sections that are
  /// gone, or that end in an inserted section (no move into it, R14):
  /// those between the stretches that landed.
  ///
  /// - Complexity: O(*l* log *l* + the items deleted) for the *l*
  ///   stretches that landed.
  func appendItemDeletes(to batch: inout Batch, reading: inout CompositionReading) {
    for s in 0..<oldItemCounts.count where touchedOld[s] && reading.newIndexOfOld[s] >= 0 {
      var next = 0
      let end = oldItemCounts[s]
      for stretch in reading.landed[s].sorted(by: { $0.lowerBound < $1.lowerBound }) + [end..<end] {
        while next < stretch.lowerBound {
          batch.itemDeletes.append(ItemPath(section: s, item: next))
          reading.busyOld[s] = true
          next += 1
        }
        next = Swift.max(next, stretch.upperBound)
      }
    }
  }

  /// Appends the section moves: surviving sections keep their place along
  /// a longest increasing run of old positions, preferring the busy ones.
  ///
  /// - Complexity: Expected O(*s* log *s*).
  func appendSectionMoves(to batch: inout Batch, reading: CompositionReading) {
    var commonOld: [Int] = []
    var commonNew: [Int] = []
    var busy: [Int] = []
    for (t, section) in sections.enumerated() {
      guard let s = section.origin else { continue }
      commonOld.append(s)
      commonNew.append(t)
      busy.append(section.supplementsChanged || reading.busyOld[s] || reading.busyNew[t] ? 1 : 0)
    }
    for k in indicesOffLongestRun(commonOld, weights: busy) {
      batch.sectionMoves.append(.init(from: commonOld[k], to: commonNew[k]))
    }
  }
}

/// What reading a composition's result records as it walks the sections
/// reached, for the steps after it: where S0's sections went, which of
/// their items landed in a surviving section, and which sections changed.
private struct CompositionReading {
  /// The index in S2 of every S0 section, or -1 if it is deleted.
  var newIndexOfOld: [Int]
  /// Per touched S0 section, the stretches of its items that reach S2 in
  /// a surviving section.
  var landed: [[Range<Int>]]
  /// The S0 sections that lose or send away an item.
  var busyOld: [Bool]
  /// The S2 sections that gain, receive or update an item.
  var busyNew: [Bool]
  /// The pieces of the section being read whose items stay in it, each at
  /// its new position (kept to reuse its storage from one section to the
  /// next).
  var staying: [(piece: CompositionPiece, at: Int)] = []

  /// The reading of `sections`, the sections reached, from `oldCount`
  /// sections of S0: nothing read yet but where the sections went.
  ///
  /// - Complexity: O(*s*).
  init(sections: [CompositionSection], oldCount: Int) {
    newIndexOfOld = [Int](repeating: -1, count: oldCount)
    for (t, section) in sections.enumerated() {
      if let s = section.origin { newIndexOfOld[s] = t }
    }
    landed = [[Range<Int>]](repeating: [], count: oldCount)
    busyOld = [Bool](repeating: false, count: oldCount)
    busyNew = [Bool](repeating: false, count: sections.count)
  }
}
