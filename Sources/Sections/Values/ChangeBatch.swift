/// How one snapshot became the next, in the index semantics of UIKit's
/// `performBatchUpdates` (<doc:ChangeBatches>; the rules R1–R27 are in
/// <doc:UIKitBatchUpdateRules>).
///
/// - Section deletes, section update sources, item deletes, item update
///   sources and move sources are positions in the **old** snapshot.
/// - Section inserts, item inserts, update destinations and move
///   destinations are positions in the **new** snapshot.
/// - Items inside an inserted or deleted section are never listed on their
///   own; no item moves out of a deleted section or into an inserted one.
/// - An item whose content changed is an *update* carrying its old and new
///   path and its new value; it may also be moved (a UIKit plan then puts the
///   reload in a step of its own, since UIKit cannot reload and move one item
///   in one batch).
///
/// A batch carries the values it introduces (inserted sections and items,
/// updated items and headers), so `old.applying(batch)` gives the new
/// snapshot without asking anyone: the central property of this library.
///
/// A batch prints on one line (``description``): a clause for each kind of
/// change it holds, separated by `"; "`, in the order of its lists
/// (section deletes, inserts, moves, updates; then item deletes, inserts,
/// moves, updates). A clause is the count with its noun, the change, and
/// the positions, deletes and update sources in the old snapshot, the rest
/// in the new one; a path is `section.item` (``ItemPath/description``):
///
/// - `1 section deleted at 3`, `2 sections inserted at 0, 1`,
///   `1 section moved 2 → 0`, `1 section updated at 4`;
/// - `2 items deleted at 0.1, 0.2`, `2 items inserted at 0.3, 0.4`,
///   `1 item moved 1.2 → 0.0`, `1 item updated at 0.0`;
/// - an update whose position changes shows both: `1 item updated at 1.0 → 0.3`;
/// - an empty batch is `no changes`.
///
/// A clause lists at most five positions; a longer one, the first four,
/// `…` and the last: `120 items inserted at 0.0, 0.1, 0.2, 0.3, …, 0.119`.
///
/// ``debugDescription`` is `ChangeBatch(…)` around the same clauses, none
/// abbreviated, each inserted section followed by its identity and its
/// items' (`1 section inserted at 0: "archive" [7, 8]`) and each inserted
/// or updated item by its identity (`2 items inserted at 0.3: 12, 0.4: 13`):
/// a string identity quoted, any other as `String(describing:)`.
public struct ChangeBatch<SectionID: Hashable, Item: Identifiable> {
  /// Old indices of deleted sections, ascending.
  public var sectionDeletes: [Int] = []
  /// Inserted sections with their full content, by new index, ascending.
  public var sectionInserts: [SectionInsert] = []
  /// Sections moved from an old index to a new one, by destination.
  public var sectionMoves: [Move<Int>] = []
  /// Sections whose header or footer changed, with their old and new index.
  public var sectionUpdates: [SectionUpdate] = []
  /// Old paths of deleted items, ascending.
  public var itemDeletes: [ItemPath] = []
  /// Inserted items at their new paths, ascending.
  public var itemInserts: [ItemInsert] = []
  /// Items moved from an old path to a new one, by destination.
  public var itemMoves: [Move<ItemPath>] = []
  /// Items whose content changed, with old path, new path and new value.
  public var itemUpdates: [ItemUpdate] = []

  /// Creates an empty batch.
  @inlinable
  public init() {}

  /// A move from a position in the old snapshot to one in the new snapshot:
  /// `from` and `to`, each an `Int` (a section's index) or an ``ItemPath``.
  ///
  /// The type (``BatchMove``) does not depend on the batch's types, so a
  /// combinator passes a child's moves into its own batch as they are, and
  /// code not specialized for those types (a node of the graph) names
  /// `[Move<ItemPath>]` without asking the runtime for its type metadata.
  public typealias Move<Position: Hashable & Sendable> = BatchMove<Position>

  /// A section inserted at `index` of the new snapshot, with its items.
  public struct SectionInsert {
    /// The index in the new snapshot.
    public var index: Int
    /// The inserted section, items included.
    public var section: SnapshotSection<SectionID, Item>
    /// Creates a section insert.
    @inlinable
    public init(index: Int, section: SnapshotSection<SectionID, Item>) {
      self.index = index
      self.section = section
    }
  }

  /// A section whose header or footer (title or value) changed: `from` and
  /// `to` (its indices in the old and the new snapshot) and its new
  /// `supplements` (``SectionSupplements``), read also as `header`,
  /// `footer`, `headerValue` and `footerValue`.
  ///
  /// Like ``Move``, it does not depend on the batch's types.
  public typealias SectionUpdate = SectionSupplements.Update

  /// An item inserted at `path` of the new snapshot.
  public struct ItemInsert {
    /// The path in the new snapshot.
    public var path: ItemPath
    /// The inserted item.
    public var item: Item
    /// Creates an item insert.
    @inlinable @inline(__always)
    public init(path: ItemPath, item: Item) {
      self.path = path
      self.item = item
    }
  }

  /// An item whose content changed (same identity), with its new value.
  public struct ItemUpdate {
    /// The path in the old snapshot.
    public var from: ItemPath
    /// The path in the new snapshot.
    public var to: ItemPath
    /// The new value.
    public var item: Item
    /// Creates an item update.
    @inlinable @inline(__always)
    public init(from: ItemPath, to: ItemPath, item: Item) {
      self.from = from
      self.to = to
      self.item = item
    }
  }

  /// Whether the batch changes nothing.
  @inlinable
  public var isEmpty: Bool {
    // The lists whose types do not depend on the batch's come first: in
    // code not specialized for them, reading the others asks the runtime
    // for their type metadata, which a non-empty list before spares.
    itemMoves.isEmpty && itemDeletes.isEmpty && sectionDeletes.isEmpty
      && sectionMoves.isEmpty && sectionUpdates.isEmpty && itemUpdates.isEmpty
      && itemInserts.isEmpty && sectionInserts.isEmpty
  }

  /// The number of operations in the batch (a move counts once).
  @inlinable
  public var count: Int {
    sectionDeletes.count + sectionInserts.count + sectionMoves.count + sectionUpdates.count
      + itemDeletes.count + itemInserts.count + itemMoves.count + itemUpdates.count
  }

  /// Puts every list in its documented order (deletes and inserts ascending,
  /// moves by destination, updates by old position), so equal batches compare
  /// equal and output is deterministic.
  ///
  /// - Complexity: O(*k* log *k*), where *k* is the number of operations.
  @inlinable
  public mutating func sort() {
    // A list of 0 or 1 operations is left alone: in code not specialized
    // for the batch's types (a node of the graph), a call of the generic
    // sort costs thousands of instructions even then, and most batches
    // carry one or two operations. The lists that carry items sort by
    // their positions alone (`sortByKey`), the others are of concrete
    // types, sorted specialized.
    if sectionDeletes.count > 1 { sectionDeletes.sort() }
    sectionInserts.sortByKey { $0.index }
    if sectionMoves.count > 1 { sectionMoves.sort { $0.to < $1.to } }
    if sectionUpdates.count > 1 { sectionUpdates.sort { $0.from < $1.from } }
    if itemDeletes.count > 1 { itemDeletes.sort() }
    itemInserts.sortByKey { $0.path }
    if itemMoves.count > 1 { itemMoves.sort { $0.to < $1.to } }
    itemUpdates.sortByKey { $0.from }
  }
}

extension ChangeBatch: Sendable where SectionID: Sendable, Item: Sendable {}
extension ChangeBatch.SectionInsert: Sendable where SectionID: Sendable, Item: Sendable {}
extension ChangeBatch.ItemInsert: Sendable where Item: Sendable {}
extension ChangeBatch.ItemUpdate: Sendable where Item: Sendable {}
extension ChangeBatch: Equatable where Item: Equatable {}
extension ChangeBatch.SectionInsert: Equatable where Item: Equatable {}
extension ChangeBatch.ItemInsert: Equatable where Item: Equatable {}
extension ChangeBatch.ItemUpdate: Equatable where Item: Equatable {}

/// What a renderer is told when a source changes: a batch, or "reload
/// everything" when no batch is worth computing.
public enum SnapshotChange<SectionID: Hashable, Item: Identifiable> {
  /// Apply these changes to the snapshot the renderer holds.
  case batch(ChangeBatch<SectionID, Item>)
  /// Throw away what the renderer holds and show this snapshot
  /// (UIKit: `reloadData()`, outside any batch).
  case reloadAll(Snapshot<SectionID, Item>)
}

extension SnapshotChange: Sendable
where SectionID: Sendable, Item: Sendable, Item.ID: Sendable {}

/// A move from a position in the old snapshot to one in the new snapshot,
/// a section's index or an item's path (``ChangeBatch/Move`` names it).
public struct BatchMove<Position: Hashable & Sendable>: Hashable, Sendable {
  /// The position in the old snapshot.
  public var from: Position
  /// The position in the new snapshot.
  public var to: Position
  /// Creates a move.
  @inlinable
  public init(from: Position, to: Position) {
    self.from = from
    self.to = to
  }
}
