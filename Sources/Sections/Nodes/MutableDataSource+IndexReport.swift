public import DataSourceGraphSections

extension MutableDataSource {
  /// What a store says changed, by index, in one transaction: the form in
  /// which Realm's collection notifications, `NSFetchedResultsController`'s
  /// per-object callbacks or a server's patches describe a change. Fed to
  /// ``apply(_:resulting:verification:)`` with the content the store now
  /// holds, it updates the leaf without a diff.
  ///
  /// The indices follow UIKit's batch updates, as the stores that feed a
  /// table view report them:
  ///
  /// - ``sectionDeletions``, ``deletions``, ``sectionModifications`` and
  ///   ``modifications`` are positions **before** the change (Realm's
  ///   `deletions` and `modifications`; `NSFetchedResultsController`'s
  ///   `indexPath` for `.delete` and `.update`);
  /// - ``sectionInsertions`` and ``insertions`` are positions **after** it
  ///   (Realm's `insertions`; the `newIndexPath` of `.insert`);
  /// - ``sectionMoves`` and ``moves`` go from a position before to one after
  ///   (`.move`'s `indexPath` and `newIndexPath`).
  ///
  /// The lists need no order. A report may be wrong (a move reported as a
  /// modification, an index repeated or out of range, counts that do not
  /// add up): the leaf checks it, and repairs it or diffs the new content
  /// instead (see ``Outcome``).
  ///
  /// ```swift
  /// // Realm: `case .update(_, let deletions, let insertions, let modifications)`
  /// let report = MutableDataSource<String, Row>.IndexReport(
  ///   deletions: deletions, insertions: insertions, modifications: modifications)
  /// ```
  public struct IndexReport: Hashable, Sendable {
    /// Sections deleted, by their index before the change.
    public var sectionDeletions: [Int]
    /// Sections inserted, by their index after the change.
    public var sectionInsertions: [Int]
    /// Sections moved, from their index before the change to the one after.
    public var sectionMoves: [Batch.Move<Int>]
    /// Sections whose header or footer changed, by their index before the
    /// change. A hint only: the leaf compares the header and footer of
    /// every section that stays (O(*s*)) and shows each one that changed.
    public var sectionModifications: [Int]
    /// Items deleted, by their path before the change.
    public var deletions: [ItemPath]
    /// Items inserted, by their path after the change.
    public var insertions: [ItemPath]
    /// Items moved, from their path before the change to the one after.
    /// A moved item whose value changed is shown changed too.
    public var moves: [Batch.Move<ItemPath>]
    /// Items whose value changed, by their path before the change.
    public var modifications: [ItemPath]

    /// Creates a report; every list is empty by default.
    ///
    /// - Parameters:
    ///   - sectionDeletions: Sections deleted, by index before the change.
    ///   - sectionInsertions: Sections inserted, by index after the change.
    ///   - sectionMoves: Sections moved, old index to new index.
    ///   - sectionModifications: Sections whose header or footer changed,
    ///     by index before the change.
    ///   - deletions: Items deleted, by path before the change.
    ///   - insertions: Items inserted, by path after the change.
    ///   - moves: Items moved, old path to new path.
    ///   - modifications: Items whose value changed, by path before the
    ///     change.
    public init(
      sectionDeletions: [Int] = [], sectionInsertions: [Int] = [],
      sectionMoves: [Batch.Move<Int>] = [], sectionModifications: [Int] = [],
      deletions: [ItemPath] = [], insertions: [ItemPath] = [], moves: [Batch.Move<ItemPath>] = [],
      modifications: [ItemPath] = []
    ) {
      self.sectionDeletions = sectionDeletions
      self.sectionInsertions = sectionInsertions
      self.sectionMoves = sectionMoves
      self.sectionModifications = sectionModifications
      self.deletions = deletions
      self.insertions = insertions
      self.moves = moves
      self.modifications = modifications
    }

    /// Creates the report of a store that holds one list, shown as the
    /// section at `section` (Realm's `deletions`, `insertions` and
    /// `modifications`).
    ///
    /// - Parameters:
    ///   - section: The index of the section the list is shown in; 0 by
    ///     default.
    ///   - deletions: Offsets deleted, before the change.
    ///   - insertions: Offsets inserted, after the change.
    ///   - modifications: Offsets whose value changed, before the change.
    ///   - moves: Offsets moved, before the change to after it.
    public init(
      section: Int = 0, deletions: [Int], insertions: [Int], modifications: [Int],
      moves: [(from: Int, to: Int)] = []
    ) {
      func path(_ item: Int) -> ItemPath { ItemPath(section: section, item: item) }
      self.init(
        deletions: deletions.map(path), insertions: insertions.map(path),
        moves: moves.map { Batch.Move(from: path($0.from), to: path($0.to)) },
        modifications: modifications.map(path))
    }

    /// Whether the report names no change.
    public var isEmpty: Bool {
      sectionDeletions.isEmpty && sectionInsertions.isEmpty && sectionMoves.isEmpty
        && sectionModifications.isEmpty && deletions.isEmpty && insertions.isEmpty
        && moves.isEmpty && modifications.isEmpty
    }

    /// How much of the new content ``MutableDataSource/apply(_:resulting:verification:)``
    /// compares with what the report says.
    public enum Verification: Hashable, Sendable {
      /// The positions the report names (the default): the section count and
      /// the identity of every section; the item count of every section; the
      /// identity and value of every item inserted, moved or modified; and
      /// that no identity it brings in is shown already. Positions the
      /// report does not name are trusted to hold what they held: a store
      /// that changes an item without reporting it leaves the old value
      /// shown. O(*s* + *k* log *k*) for *s* sections and *k* changes.
      case touched
      /// Also every other item, by identity and value: a report that leaves
      /// a change out falls back to a diff. O(*n*) comparisons (`==`, no
      /// hashing) for *n* items: at 100,000 rows about as long as the diff.
      case full
    }
  }
}
