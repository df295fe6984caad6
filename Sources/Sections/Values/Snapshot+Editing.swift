/// Building a snapshot from the previous one: copy its sections, edit a
/// few, and the identity table of the sections left alone is reused, not
/// rebuilt.
extension Snapshot {
  /// Creates a snapshot from sections edited from `previous`'s, with the
  /// result of ``init(sections:)``: the first occurrence of a repeated
  /// section or item identity is kept, the rest are dropped and listed in
  /// ``duplicates``.
  ///
  /// Faster than ``init(sections:)`` when most sections are `previous`'s,
  /// unedited (copied from ``sections``, their items sharing storage): only
  /// the items of the other sections are hashed. A section left alone keeps
  /// its identity-table entries even if it moved; its items are where they
  /// were inside it.
  ///
  /// ```swift
  /// var sections = snapshot.sections
  /// sections[3].items.append(Row(id: 42, title: "New"))
  /// let next = Snapshot(sections: sections, editedFrom: snapshot)
  /// next.itemPath(for: 42)  // ItemPath(section: 3, item: …)
  /// ```
  ///
  /// - Parameters:
  ///   - sections: The sections, in order; any of them may be new or
  ///     edited.
  ///   - previous: The snapshot the sections were copied from.
  /// - Complexity: Expected O(*s* + Σ *m*) for *s* sections and Σ *m* the
  ///   items of the sections whose items do not share storage with
  ///   `previous`'s section of the same identity, if the identities
  ///   implement high-quality hashing; plus, now and then, merging tables
  ///   (each item is merged O(log *n*) times over a run of such edits), and
  ///   O(*n*) once if `previous` (made by applying a batch) has not built
  ///   its identity table yet. Its ``itemPath(for:)`` is then O(log *n*) in
  ///   the worst case (one hash look-up per table layer; the sections left
  ///   alone are found in the first).
  @inlinable
  public init(sections: [SnapshotSection<SectionID, Item>], editedFrom previous: Self) {
    if sections._sharesStorage(with: previous.sections) {
      self = previous.reporting(Skipped())
      marks = ChangeMarks()  // a new value, made from sections: no marks
      return
    }
    let oldTable = previous.itemPaths
    var kept: [SnapshotSection<SectionID, Item>] = []
    var duplicates = Skipped()
    var sectionIndices: [SectionID: Int] = [:]
    // Per new section: the old section whose items it shares, or -1.
    var sharedOrigin: [Int] = []
    kept.reserveCapacity(sections.count)
    sectionIndices.reserveCapacity(sections.count)
    sharedOrigin.reserveCapacity(sections.count)
    for section in sections {
      guard sectionIndices[section.id] == nil else {
        duplicates.sectionIDs.append(section.id)
        continue
      }
      sectionIndices[section.id] = kept.count
      if let s = previous.sectionIndices[section.id],
        section.items.sharesStorage(with: previous.sections[s].items)
      {
        sharedOrigin.append(s)
      } else {
        sharedOrigin.append(-1)
      }
      kept.append(section)
    }
    let fresh = Self.keepingFirstOccurrences(
      in: &kept, sharedOrigin: &sharedOrigin, oldTable: oldTable,
      oldCount: previous.sections.count, duplicates: &duplicates.itemIDs)
    self.init(
      _sections: kept, duplicates: duplicates, sectionIndices: sectionIndices,
      table: .deriving(from: oldTable, sections: kept, sharedOrigin: sharedOrigin, fresh: fresh)
    )
  }

  /// The identity table of the edited sections (those with no shared
  /// origin), keeping the first occurrence of each identity in section
  /// order and listing the rest in `duplicates`. An edited section that
  /// brings in an identity a later shared section holds takes that
  /// section's place as the first occurrence: the later section is then
  /// edited too (its shared origin cleared) and loses the item.
  ///
  /// - Complexity: Expected O(*s* + Σ *m*) over the edited sections.
  @inlinable
  static func keepingFirstOccurrences(
    in sections: inout [SnapshotSection<SectionID, Item>], sharedOrigin: inout [Int],
    oldTable: _ItemTable<Item.ID>, oldCount: Int, duplicates: inout [Item.ID]
  ) -> _PathTable<Item.ID> {
    // Per old section: the new section that shares its items, or -1.
    var newOfOld = [Int](repeating: -1, count: oldCount)
    var size = 0
    for (t, s) in sharedOrigin.enumerated() {
      if s >= 0 { newOfOld[s] = t } else { size += sections[t].items.count }
    }
    var fresh = _PathTable<Item.ID>(minimumCapacity: size)
    // `sharedOrigin[t]` may be cleared for a later `t` while this runs.
    for t in sections.indices where sharedOrigin[t] < 0 {
      let items = sections[t].items
      // Items kept so far, materialized only once a repeat is found.
      var kept: [Item]?
      for offset in items.indices {
        let item = items[offset]
        var isRepeat = fresh[item.id] != nil
        if !isRepeat, let p = oldTable[item.id], newOfOld[p.section] >= 0 {
          let u = newOfOld[p.section]
          if u < t {
            isRepeat = true
          } else {
            // A later shared section holds it: that one loses it.
            newOfOld[p.section] = -1
            sharedOrigin[u] = -1
          }
        }
        if isRepeat {
          duplicates.append(item.id)
          if kept == nil { kept = Array(items[..<offset]) }
        } else {
          fresh.insertIfAbsent(ItemPath(section: t, item: kept?.count ?? offset), for: item.id)
          kept?.append(item)
        }
      }
      if let kept { sections[t].items = SnapshotSection.Items(kept) }
    }
    return fresh
  }

  /// Edits the sections in place: `body` edits a copy of ``sections``, and
  /// the snapshot becomes the result, built as
  /// ``init(sections:editedFrom:)`` builds it, so only the sections `body`
  /// changed are hashed again. As the building calls do
  /// (`appendItems(_:toSection:)`), identities the edit repeats are
  /// dropped, first occurrence kept, and added to ``duplicates``; the marks
  /// of ``markedItemIDs`` are kept.
  ///
  /// ```swift
  /// snapshot.modifySections { sections in
  ///   sections[0].items.removeFirst()
  ///   sections.swapAt(1, 2)
  /// }
  /// ```
  ///
  /// - Parameter body: Edits the sections; if it throws, the snapshot is
  ///   left as it was.
  /// - Returns: What `body` returns.
  /// - Complexity: As ``init(sections:editedFrom:)``, plus what `body` does.
  @inlinable
  public mutating func modifySections<Result>(
    _ body: (inout [SnapshotSection<SectionID, Item>]) throws -> Result
  ) rethrows -> Result {
    var edited = sections
    let result = try body(&edited)
    var next = Snapshot(sections: edited, editedFrom: self)
    next.marks = marks
    self = next.reporting(
      Skipped(
        sectionIDs: duplicates.sectionIDs + next.duplicates.sectionIDs,
        itemIDs: duplicates.itemIDs + next.duplicates.itemIDs))
    return result
  }

  /// This snapshot with `duplicates` as its report of what was dropped.
  @usableFromInline
  func reporting(_ duplicates: Skipped) -> Self {
    var copy = self
    copy.duplicates = duplicates
    return copy
  }
}
