/// One layer of a snapshot's identity table: the paths of the items of some
/// sections, as they were when the layer was built. A path's `section` is
/// the layer's *slot* for the section (its index in the snapshot that built
/// the layer); ``_ItemTable`` says which section each slot is now.
///
/// Never changed once built, so snapshots derived from one another share
/// it, across threads.
@usableFromInline
final class _ItemLayer<ID: Hashable>: @unchecked Sendable {
  /// Identity → (slot, offset in the section).
  @usableFromInline let paths: _PathTable<ID>
  /// The number of slots (the sections of the snapshot that built it).
  @usableFromInline let slotCount: Int

  @inlinable
  init(paths: _PathTable<ID>, slotCount: Int) {
    self.paths = paths
    self.slotCount = slotCount
  }

  /// The (slot, offset) of `id`, or `nil`.
  @inlinable @inline(__always)
  func path(of id: ID) -> ItemPath? { paths[id] }
}

/// The identity → path table of a snapshot, in layers, so that a snapshot
/// built from the previous one (sections copied, a few edited) reuses the
/// entries of the sections it did not touch.
///
/// Each section's entries live in one layer, under one slot. A section
/// whose items share storage with the previous snapshot's keeps its layer
/// and slot: its items are where they were inside it, and only the slot's
/// section index changes. The edited sections get a new layer. A slot whose
/// section is gone or edited is *stale* (mapped to -1) and its entries are
/// skipped. Identities are unique in a snapshot, so at most one layer holds
/// a live entry for an identity.
///
/// Layers are kept largest first, each holding less than half the live
/// entries of the one before (the last two are merged otherwise, from the
/// current sections), so there are at most log₂ *n* + 1 of them, and never
/// more than the sections that have items. A snapshot built at once has
/// one layer whose slots are its sections.
@usableFromInline
struct _ItemTable<ID: Hashable> {
  /// Where a section's entries are.
  @usableFromInline
  struct Origin: Equatable {
    @usableFromInline var layer: Int
    @usableFromInline var slot: Int
    @inlinable init(layer: Int, slot: Int) {
      self.layer = layer
      self.slot = slot
    }
    /// An empty section: no entries anywhere.
    @inlinable static var none: Self { Origin(layer: -1, slot: -1) }
  }

  /// The layers, largest first.
  @usableFromInline var layers: [_ItemLayer<ID>]
  /// Per layer, per slot: the section index the slot is now, or -1.
  @usableFromInline var sectionOfSlot: [[Int]]
  /// Per section: where its entries are (``Origin/none`` when it is empty).
  @usableFromInline var origins: [Origin]
  /// Whether there is one layer whose slots are the sections, in order:
  /// a look-up is then one hash look-up.
  @usableFromInline var isFlat: Bool
  /// The number of items.
  @usableFromInline var count: Int

  /// The table of a snapshot built at once: `paths` are the sections'
  /// own paths.
  ///
  /// - Complexity: O(*s*) for *s* sections.
  @inlinable
  init(flat paths: _PathTable<ID>, sectionItemCounts counts: [Int]) {
    layers = [_ItemLayer(paths: paths, slotCount: counts.count)]
    sectionOfSlot = [Array(counts.indices)]
    origins = counts.indices.map { counts[$0] == 0 ? .none : Origin(layer: 0, slot: $0) }
    isFlat = true
    count = paths.count
  }

  @inlinable
  init(layers: [_ItemLayer<ID>], sectionOfSlot: [[Int]], origins: [Origin], count: Int) {
    self.layers = layers
    self.sectionOfSlot = sectionOfSlot
    self.origins = origins
    self.count = count
    isFlat =
      layers.count == 1 && sectionOfSlot[0].count == origins.count
      && sectionOfSlot[0].indices.allSatisfy { sectionOfSlot[0][$0] == $0 }
  }

  /// The path of the item with identity `id`, or `nil`.
  ///
  /// - Complexity: Expected O(1) for a flat table; otherwise one hash
  ///   look-up per layer at most, O(log *n*).
  @inlinable @inline(__always)
  subscript(id: ID) -> ItemPath? {
    if isFlat { return layers[0].path(of: id) }
    for l in layers.indices {
      guard let p = layers[l].path(of: id) else { continue }
      let t = sectionOfSlot[l][p.section]
      if t >= 0 { return ItemPath(section: t, item: p.item) }
    }
    return nil
  }
}

extension _ItemTable {
  /// The table of `sections`, given the table of an earlier snapshot and,
  /// per section, the section of the earlier snapshot whose item storage
  /// it shares (`sharedOrigin[t]`, an old index, or -1 when the section
  /// was edited): the shared sections keep their entries, the edited ones
  /// get one new layer, `fresh` (their paths, already computed by the
  /// caller with the sections' new indices as slots).
  ///
  /// - Complexity: O(*s* + Σ *slots* + *m*) for *s* sections and *m* items
  ///   in `fresh`, plus, now and then, merging layers (each item is merged
  ///   O(log *n*) times over a run of such edits).
  @inlinable
  static func deriving<Item: Identifiable>(
    from old: Self, sections: [SnapshotSection<some Hashable, Item>], sharedOrigin: [Int],
    fresh: _PathTable<ID>
  ) -> Self where Item.ID == ID {
    var layers = old.layers
    var origins = [Origin](repeating: .none, count: sections.count)
    var total = 0
    for t in sections.indices {
      total += sections[t].items.count
      let s = sharedOrigin[t]
      if s >= 0 {
        origins[t] = old.origins[s]
      } else if !sections[t].items.isEmpty {
        origins[t] = Origin(layer: layers.count, slot: t)
      }
    }
    if !fresh.isEmpty { layers.append(_ItemLayer(paths: fresh, slotCount: sections.count)) }
    var table = Self(layers: layers, origins: origins, count: total)
    table.compact(sections: sections)
    return table
  }

  /// A table from its layers and the sections' origins: the slot maps are
  /// derived.
  @inlinable
  init(layers: [_ItemLayer<ID>], origins: [Origin], count: Int) {
    var sectionOfSlot = layers.map { [Int](repeating: -1, count: $0.slotCount) }
    for (t, origin) in origins.enumerated() where origin.layer >= 0 {
      sectionOfSlot[origin.layer][origin.slot] = t
    }
    self.init(layers: layers, sectionOfSlot: sectionOfSlot, origins: origins, count: count)
  }

  /// Drops the layers with no live entry, and merges two neighbouring
  /// layers while the later one holds at least half the live entries of
  /// the one before, so the layers halve in size from first to last.
  ///
  /// - Complexity: O(*s*) per pass, plus the items of the merged layers.
  @inlinable
  mutating func compact<Item: Identifiable>(
    sections: [SnapshotSection<some Hashable, Item>]
  ) where Item.ID == ID {
    while true {
      var live = [Int](repeating: 0, count: layers.count)
      for (t, origin) in origins.enumerated() where origin.layer >= 0 {
        live[origin.layer] += sections[t].items.count
      }
      if let empty = live.firstIndex(of: 0) {
        merge(empty, with: nil, sections: sections)
      } else if let l = live.indices.dropFirst().first(where: { live[$0] * 2 >= live[$0 - 1] }) {
        merge(l - 1, with: l, sections: sections)
      } else {
        return
      }
    }
  }

  /// Replaces layers `first` and `second` (`second` after `first`) with one
  /// built from the current sections whose entries they hold, at `first`'s
  /// place; with no `second`, removes `first`, which holds no live entry.
  @inlinable
  mutating func merge<Item: Identifiable>(
    _ first: Int, with second: Int?, sections: [SnapshotSection<some Hashable, Item>]
  ) where Item.ID == ID {
    if let second {
      var size = 0
      for (t, origin) in origins.enumerated() where origin.layer == first || origin.layer == second
      {
        size += sections[t].items.count
      }
      var paths = _PathTable<ID>(minimumCapacity: size)
      for t in origins.indices where origins[t].layer == first || origins[t].layer == second {
        let items = sections[t].items
        for i in items.indices {
          paths.insertIfAbsent(ItemPath(section: t, item: i), for: items[i].id)
        }
        origins[t] = Origin(layer: first, slot: t)
      }
      layers[first] = _ItemLayer(paths: paths, slotCount: sections.count)
    }
    let removed = second ?? first
    layers.remove(at: removed)
    for t in origins.indices where origins[t].layer > removed { origins[t].layer -= 1 }
    self = Self(layers: layers, origins: origins, count: count)
  }
}
