public import DataSourceGraphSections

extension MutableDataSource {
  // MARK: Items

  /// Inserts `items` at `path` (the first at `path`, the rest after it) and
  /// emits one insert per item. Items whose identity is already present are
  /// left out, and returned in `Snapshot.Skipped.itemIDs`. Asked for while
  /// observers are being told of a change, the insert is made after the
  /// delivery and returns `nil`: what it will leave out is not known yet.
  ///
  /// - Complexity: O(*m* + *k*), where *m* is the section's length and *k*
  ///   the number of items: the items after `path` move in the section's
  ///   array (a memory move, no copy of the section when no snapshot of the
  ///   content read since the last edit is still held).
  @discardableResult
  public func insert(_ items: [Item], at path: ItemPath) -> Skipped? {
    if DeliveryWave.postpone({ self.insert(items, at: path) }) { return nil }
    return insert(items, at: path, updatingShown: false)
  }

  /// Inserts the items whose identity is new at `path`; with
  /// `updatingShown`, an item whose identity is shown already gives its
  /// value to the item shown (the last value given wins), in the same
  /// batch, instead of being left out. Made now, whatever the delivery.
  ///
  /// - Complexity: O(*m* + *k*), plus the position look-up of each item
  ///   shown already.
  @discardableResult
  func insert(_ items: [Item], at path: ItemPath, updatingShown: Bool) -> Skipped {
    checkItem(path, allowingEnd: true)
    let sectionID = sections[path.section].id
    var dropped: [Item.ID] = []
    var accepted: [Item] = []
    var shownAgain: [Item.ID: Item] = [:]
    var acceptedIDs = Set<Item.ID>()
    for item in items {
      if register(item, in: sectionID) {
        accepted.append(item)
        if updatingShown { acceptedIDs.insert(item.id) }
      } else if updatingShown, !acceptedIDs.contains(item.id) {
        shownAgain[item.id] = item
      } else {
        dropped.append(item.id)
      }
    }
    var batch = Batch()
    for (id, item) in shownAgain {
      guard let from = itemPath(for: id), sections[from.section].items[from.item] != item else {
        continue
      }
      willEdit()
      sections[from.section].items[from.item] = item
      var to = from
      if from.section == path.section, from.item >= path.item { to.item += accepted.count }
      batch.itemUpdates.append(.init(from: from, to: to, item: item))
    }
    batch.itemUpdates.sortByKey { $0.from }
    if !accepted.isEmpty {
      willEdit()
      sections[path.section].items.insert(contentsOf: accepted, at: path.item)
      var ids: [Item.ID] = []
      ids.reserveCapacity(accepted.count)
      for item in accepted { ids.append(item.id) }
      recordInsert(ids, at: path.item, inSection: sectionID)
      // A loop, not `map`: in code not specialized for the item type, a
      // closure called per item asks the runtime for the insert's type at
      // every call.
      batch.itemInserts.reserveCapacity(accepted.count)
      for offset in accepted.indices {
        let at = ItemPath(section: path.section, item: path.item + offset)
        batch.itemInserts.append(.init(path: at, item: accepted[offset]))
      }
    }
    commit(batch)
    return Skipped(itemIDs: dropped)
  }

  /// Appends `items` to the section at `section`; see ``insert(_:at:)``.
  @discardableResult
  public func append(_ items: [Item], toSection section: Int) -> Skipped? {
    // During delivery the end is taken when the edit is made, not now.
    if DeliveryWave.postpone({ self.append(items, toSection: section) }) { return nil }
    checkSection(section)
    return insert(items, at: ItemPath(section: section, item: sections[section].items.count))
  }

  /// Deletes the items at `paths` (old positions; repeats are ignored) and
  /// emits one delete per item.
  ///
  /// - Complexity: O(*k* log *k* + Σ *m*), where *k* is the number of paths
  ///   and *m* the lengths of the sections touched.
  public func deleteItems(at paths: some Sequence<ItemPath>) {
    let paths = Array(paths)
    if DeliveryWave.postpone({ self.deleteItems(at: paths) }) { return }
    let unique = Array(Set(paths)).sorted()
    guard !unique.isEmpty else { return }
    for path in unique { checkItem(path) }
    willEdit()
    // A section at a time, from the last: one removal from its chunks, one
    // access to each table for the section's items.
    var end = unique.endIndex
    while end > unique.startIndex {
      let section = unique[end - 1].section
      var start = end - 1
      while start > unique.startIndex, unique[start - 1].section == section { start -= 1 }
      removeItems(at: unique[start..<end].map(\.item), inSection: section)
      end = start
    }
    var batch = Batch()
    batch.itemDeletes = unique
    commit(batch)
  }

  /// Removes the items at `offsets` (ascending, distinct, in range) from
  /// the section at `section`, with their identities and positions.
  ///
  /// - Complexity: O(*k* log *c* + the chunks touched) for *k* offsets in
  ///   a section of *c* chunks, plus expected O(*k*) table writes.
  private func removeItems(at offsets: [Int], inSection section: Int) {
    var itemIDs: [Item.ID] = []
    itemIDs.reserveCapacity(offsets.count)
    for offset in offsets { itemIDs.append(sections[section].items[offset].id) }
    sections[section].items.remove(sortedOffsets: offsets)
    forget(itemIDs)
    recordRemovals(itemIDs, at: offsets, inSection: sections[section].id)
  }

  /// Deletes the items with the given identities; identities not present
  /// are ignored.
  public func deleteItems(withIDs ids: some Sequence<Item.ID>) {
    let ids = Array(ids)
    if DeliveryWave.postpone({ self.deleteItems(withIDs: ids) }) { return }
    deleteItems(at: ids.compactMap { itemPath(for: $0) })
  }

  /// Moves the item at `from` (an old position) so that it ends at `to`
  /// (its position after the move, as `UITableView.moveRow(at:to:)` reads
  /// it), possibly in another section, and emits one move.
  ///
  /// - Complexity: O(*m*) in the lengths of the sections involved.
  public func moveItem(from: ItemPath, to: ItemPath) {
    if DeliveryWave.postpone({ self.moveItem(from: from, to: to) }) { return }
    checkItem(from)
    guard from != to else { return }
    checkSection(to.section)
    // The destination counts the section after the item has left it.
    let room = sections[to.section].items.count - (from.section == to.section ? 1 : 0)
    require(
      (0...room).contains(to.item),
      "destination item index \(to.item) out of range: section \(to.section) will have \(room) items"
    )
    willEdit()
    let item = sections[from.section].items[from.item]
    if from.section == to.section {
      // Only the items between the two places move.
      _ = sections[to.section].items.remove(at: from.item, inserting: item, at: to.item)
    } else {
      sections[from.section].items.remove(at: from.item)
      sections[to.section].items.insert(item, at: to.item)
    }
    recordRemovals([item.id], at: [from.item], inSection: sections[from.section].id)
    recordInsert([item.id], at: to.item, inSection: sections[to.section].id)
    setSection(of: item, to: sections[to.section].id)
    var batch = Batch()
    batch.itemMoves = [.init(from: from, to: to)]
    commit(batch)
  }

  /// Replaces items with new values of the same identity and emits an
  /// update for each one whose content changed. Items whose identity is not
  /// present are left out, and returned in `Snapshot.Skipped.itemIDs`.
  ///
  /// - Complexity: O(*k*) expected, plus the look-up of each item's
  ///   position (see ``itemPath(for:)``).
  @discardableResult
  public func update(_ items: [Item]) -> Skipped? {
    if DeliveryWave.postpone({ self.update(items) }) { return nil }
    var missing: [Item.ID] = []
    // The last value given for an identity wins; it is compared with the
    // value before the call.
    var latest: [Item.ID: Item] = [:]
    var order: [Item.ID] = []
    for item in items {
      if latest.updateValue(item, forKey: item.id) == nil { order.append(item.id) }
    }
    var batch = Batch()
    for id in order {
      guard let item = latest[id], let path = itemPath(for: id) else {
        missing.append(id)
        continue
      }
      guard sections[path.section].items[path.item] != item else { continue }
      willEdit()
      sections[path.section].items[path.item] = item
      batch.itemUpdates.append(.init(from: path, to: path, item: item))
    }
    guard !batch.itemUpdates.isEmpty else { return Skipped(itemIDs: missing) }
    batch.itemUpdates.sortByKey { $0.from }
    commit(batch)
    return Skipped(itemIDs: missing)
  }

  /// Replaces an item with a new value of the same identity; see
  /// ``update(_:)-([Item])``.
  @discardableResult
  public func update(_ item: Item) -> Skipped? {
    update([item])
  }
}

extension MutableDataSource {
  // MARK: Sections

  /// Inserts `section` at `index`, with its items. A section whose identity
  /// is present is not inserted (it is returned in
  /// `Snapshot.Skipped.sectionIDs`); items whose identity is present are
  /// left out of it (returned in `Snapshot.Skipped.itemIDs`).
  ///
  /// - Complexity: O(*s* + *k*), where *s* is the number of sections and
  ///   *k* the number of items inserted.
  @discardableResult
  public func insertSection(_ section: SnapshotSection<SectionID, Item>, at index: Int)
    -> Skipped?
  {
    if DeliveryWave.postpone({ self.insertSection(section, at: index) }) { return nil }
    checkSection(index, allowingEnd: true)
    var dropped = Skipped()
    guard sectionIndex(for: section.id) == nil else {
      dropped.sectionIDs = [section.id]
      return dropped
    }
    var kept = section
    kept.items = section.items.filter { item in
      if register(item, in: section.id) { return true }
      dropped.itemIDs.append(item.id)
      return false
    }
    sections.insert(kept, at: index)
    commitSectionsChange(touching: section.id) {
      $0.sectionInserts = [.init(index: index, section: kept)]
    }
    return dropped
  }

  /// Appends `section`; see ``insertSection(_:at:)``.
  @discardableResult
  public func appendSection(_ section: SnapshotSection<SectionID, Item>) -> Skipped? {
    if DeliveryWave.postpone({ self.appendSection(section) }) { return nil }
    return insertSection(section, at: sections.count)
  }

  /// Deletes the section at `index` with its items.
  ///
  /// - Complexity: O(*s* + *m*), where *m* is the section's length.
  public func deleteSection(at index: Int) {
    if DeliveryWave.postpone({ self.deleteSection(at: index) }) { return }
    checkSection(index)
    let section = sections.remove(at: index)
    forget(section.items.map(\.id))
    commitSectionsChange(touching: section.id) { $0.sectionDeletes = [index] }
  }

  /// Moves the section at `from` so that it ends at `to` (its index after
  /// the move).
  ///
  /// - Complexity: O(*s*).
  public func moveSection(from: Int, to: Int) {
    if DeliveryWave.postpone({ self.moveSection(from: from, to: to) }) { return }
    checkSection(from)
    checkSection(to)
    guard from != to else { return }
    let section = sections.remove(at: from)
    sections.insert(section, at: to)
    // Its items keep their offsets in it: its position table and the
    // offsets the identity table recorded stay right.
    commitSectionsChange(touching: nil) { $0.sectionMoves = [.init(from: from, to: to)] }
  }

  /// Changes the header and footer of the section at `index`: their titles
  /// and the values shown with them (see `SnapshotSection.headerValue`).
  ///
  /// Observers get one section update, which a UIKit data source shows by
  /// reconfiguring the visible header or footer view (the section's rows
  /// are not reloaded). Nothing happens when nothing changes.
  ///
  /// ```swift
  /// inbox.updateSection(at: 0, header: "Inbox", headerValue: InboxHeader(unread: 4))
  /// ```
  ///
  /// - Parameters:
  ///   - index: The index of the section.
  ///   - header: The new header title.
  ///   - footer: The new footer title.
  ///   - headerValue: The new header value; `nil` for none.
  ///   - footerValue: The new footer value; `nil` for none.
  /// - Complexity: O(1), plus the delivery of the change.
  public func updateSection(
    at index: Int, header: String?, footer: String? = nil,
    headerValue: (any Hashable & Sendable)? = nil, footerValue: (any Hashable & Sendable)? = nil
  ) {
    if DeliveryWave.postpone({
      self.updateSection(
        at: index, header: header, footer: footer, headerValue: headerValue,
        footerValue: footerValue)
    }) {
      return
    }
    checkSection(index)
    let supplements = SectionSupplements(
      header: header, footer: footer, headerValue: headerValue, footerValue: footerValue)
    guard supplements != sections[index].supplements else { return }
    willEdit()
    sections[index].supplements = supplements
    var batch = Batch()
    batch.sectionUpdates = [.init(from: index, to: index, supplements: supplements)]
    commit(batch)
  }

  /// Ends an insert, delete or move of a section, once `sections` holds
  /// the result: the section index look-up is rebuilt, the section with
  /// identity `id` (if any) marked as changed, and the batch that `record`
  /// fills in committed.
  ///
  /// - Complexity: O(*s*) for *s* sections.
  private func commitSectionsChange(touching id: SectionID?, _ record: (inout Batch) -> Void) {
    rebuildSectionIndices()
    if let id { touch(id) } else { willEdit() }
    var batch = Batch()
    record(&batch)
    commit(batch)
  }
}
