/// A snapshot's identity → path table, apart from its sections: what a leaf
/// keeps of the snapshot it adopts, so that it does not hash every identity
/// a second time, nor hold the sections' storage (which its edits would
/// then copy).
///
/// The table is never changed once built, so holding it costs nothing more
/// than the snapshot's copy of it.
package struct ItemPathLookup<ID: Hashable> {
  @usableFromInline let table: _ItemTable<ID>

  init(_ table: _ItemTable<ID>) { self.table = table }

  /// The path the item with identity `id` had in the snapshot, or `nil`.
  ///
  /// - Complexity: Expected O(1) for a snapshot built at once; one hash
  ///   look-up per layer otherwise (see `Snapshot.itemPath(for:)`).
  @inlinable @inline(__always)
  package subscript(id: ID) -> ItemPath? { table[id] }

  /// The number of items in the snapshot.
  package var count: Int { table.count }
}

extension Snapshot {
  /// The identity table, if it has been built: a snapshot made by
  /// `init(sections:)` or from an earlier one has it; one made by applying
  /// a batch builds it on its first identity read.
  ///
  /// - Complexity: O(1).
  package var builtPathLookup: ItemPathLookup<Item.ID>? {
    index.builtTable.map { ItemPathLookup($0) }
  }

  /// The identity table, built now if it was not.
  ///
  /// - Complexity: O(1) when built, expected O(*n*) otherwise.
  package var pathLookup: ItemPathLookup<Item.ID> { ItemPathLookup(itemPaths) }
}
