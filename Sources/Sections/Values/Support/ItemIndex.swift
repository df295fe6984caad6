/// The identity → path table of a ``Snapshot``, built at most once and
/// shared by every copy of the snapshot.
///
/// A snapshot made by ``Snapshot/init(sections:)`` fills it at once (it
/// hashes every identity anyway, to drop repeats). A snapshot made by
/// applying a batch leaves it empty: applying touches only what the batch
/// names, and the table is built, under a lock, by the first read that needs
/// it (``Snapshot/itemPath(for:)``, a diff, a full validation). A renderer
/// that only reads by position never pays for it.
///
/// A snapshot built from an earlier one's sections
/// (``Snapshot/init(sections:editedFrom:)``) fills it at once too, from the
/// earlier table: see `_ItemTable`.
///
/// The table is a pure function of the sections it was built from, and a
/// snapshot that changes its sections gets a new box, so sharing one box
/// between copies and threads is safe: the lock only guards the one-time
/// build.
@usableFromInline
final class _ItemIndex<SectionID: Hashable, Item: Identifiable>: @unchecked Sendable {
  @usableFromInline typealias Table = _ItemTable<Item.ID>

  /// The table, once built.
  @usableFromInline var _table: Table?
  private let mutex = _Mutex()

  @usableFromInline
  init(_ table: Table?) {
    _table = table
  }

  @usableFromInline func lock() { mutex.lock() }
  @usableFromInline func unlock() { mutex.unlock() }

  /// Whether the table has been built.
  @usableFromInline var isBuilt: Bool {
    lock()
    defer { unlock() }
    return _table != nil
  }

  /// The table if it has been built, without building it.
  @inlinable var builtTable: Table? {
    lock()
    defer { unlock() }
    return _table
  }

  /// The table of `sections`, built on the first call.
  ///
  /// - Complexity: Expected O(*n*) on the first call, O(1) afterwards.
  @inlinable
  func table(of sections: [SnapshotSection<SectionID, Item>], count: Int) -> Table {
    lock()
    defer { unlock() }
    if let table = _table { return table }
    var paths = _PathTable<Item.ID>(minimumCapacity: count)
    for s in sections.indices {
      let section = sections[s]
      for i in section.items.indices {
        let item = section.items[i]
        // A repeat can only come from a batch applied without its identity
        // checks (see `Snapshot.applyingNamed`); the first occurrence wins,
        // as in `Snapshot(sections:)`.
        paths.insertIfAbsent(ItemPath(section: s, item: i), for: item.id)
      }
    }
    let table = Table(flat: paths, sectionItemCounts: SnapshotSection.itemCounts(of: sections))
    _table = table
    return table
  }
}
