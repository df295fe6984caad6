public import DataSourceGraphNodes
public import DataSourceGraphSections

/// The changes a fetched results controller reports to its delegate in one
/// transaction, collected as Core Data makes them, and turned into a store
/// report for a leaf (`MutableDataSource.apply(_:storeSections:rereading:)`).
///
/// `NSFetchedResultsControllerDelegate`'s per-change callbacks map one to
/// one:
///
/// - `controllerWillChangeContent(_:)`: ``removeAll()``;
/// - `controller(_:didChange:atSectionIndex:for:)`: ``recordSection(_:at:name:)``;
/// - `controller(_:didChange:at:for:newIndexPath:)`: ``recordObject(_:_:at:newPath:)``;
/// - `controllerDidChangeContent(_:)`: `MutableDataSource.apply(_:storeSections:rereading:)`.
///
/// ```swift
/// var changes = FetchedResultsChanges<Int>()
/// changes.recordSection(.insert, at: 1, name: "B")
/// changes.recordObject(7, .insert, at: nil, newPath: ItemPath(section: 1, item: 0))
/// changes.recordObject(3, .update, at: ItemPath(section: 0, item: 2), newPath: nil)
/// let outcome = leaf.apply(changes, storeSections: nil) { try rereadEverything() }
/// ```
///
/// It is plain Swift, generic over the objects' identity, so it runs (and
/// is tested) where Core Data does not exist; the Core Data feed
/// (`FetchedResultsFeed`, on Apple platforms) is the delegate that feeds it.
///
/// ## What Core Data reports, and what the leaf gets
///
/// Core Data's callbacks are UIKit's batch updates object by object: old
/// paths for deletions and updates, new paths for insertions, both for
/// moves. They have known quirks, which the translation
/// (``translated(over:)``) absorbs:
///
/// - **Rows inside an inserted or deleted section** are reported one by one
///   beside the section's change; UIKit wants the section's change alone.
///   They are folded into it: the inserted section arrives with its rows,
///   a move out of a deleted section becomes an insertion, a move into an
///   inserted section a deletion.
/// - **A move where only an update happened** (the object's sort key
///   changed, its place did not; often `indexPath == newIndexPath`): kept as
///   a move, which the leaf drops when the other changes imply it
///   (`IndexReport.Repair.droppedImpliedMoves`), while the object's change
///   is still shown.
/// - **An update with the old index path**, sometimes with a `newIndexPath`
///   too: the old path names the object; a `newIndexPath` elsewhere is
///   taken as a move there.
/// - **One object reported twice** (an update and a move, a deletion and an
///   insertion): one change per object, a deletion and an insertion of one
///   object becoming a move.
///
/// Every object that is updated or moved gets a new ``FetchedObject/revision``,
/// so the leaf shows it changed (a reconfigure). Section updates and moves
/// (Core Data reports neither) are ignored.
public struct FetchedResultsChanges<ObjectID: Hashable & Sendable>: Sendable {
  /// An item of the leaf.
  public typealias Item = FetchedObject<ObjectID>
  /// The report the leaf applies.
  public typealias Report = MutableDataSource<String, Item>.IndexReport

  /// The kind of a change, as `NSFetchedResultsChangeType` names it.
  public enum Kind: Hashable, Sendable {
    /// An object or a section arrived.
    case insert
    /// An object or a section left.
    case delete
    /// An object moved (its sort keys changed).
    case move
    /// An object's attributes changed.
    case update
  }

  /// One `controller(_:didChange:at:for:newIndexPath:)` callback.
  struct ObjectChange: Sendable {
    var id: ObjectID
    var kind: Kind
    var path: ItemPath?
    var newPath: ItemPath?
  }

  private(set) var objectChanges: [ObjectChange] = []
  private(set) var sectionDeletions: Set<Int> = []
  private(set) var sectionInsertions: [Int: String] = [:]

  /// Whether the sections' names are shown as their headers (a controller
  /// with a `sectionNameKeyPath`), as ``translated(over:)`` titles the
  /// sections it inserts.
  public var showsSectionNames: Bool

  /// Creates an empty collection of changes.
  ///
  /// - Parameter showsSectionNames: Whether an inserted section's name is
  ///   its header; `true` by default.
  public init(showsSectionNames: Bool = true) {
    self.showsSectionNames = showsSectionNames
  }

  /// Whether no change was recorded since the last ``removeAll()``.
  public var isEmpty: Bool {
    objectChanges.isEmpty && sectionDeletions.isEmpty && sectionInsertions.isEmpty
  }

  /// Forgets every change: `controllerWillChangeContent(_:)`.
  public mutating func removeAll() {
    objectChanges.removeAll(keepingCapacity: true)
    sectionDeletions.removeAll(keepingCapacity: true)
    sectionInsertions.removeAll(keepingCapacity: true)
  }

  /// Records a change of a section: `controller(_:didChange:atSectionIndex:for:)`.
  ///
  /// - Parameters:
  ///   - kind: ``Kind/insert`` (at its index after the change) or
  ///     ``Kind/delete`` (at its index before it); the other kinds are
  ///     ignored, as Core Data never reports them for sections.
  ///   - index: The section's index.
  ///   - name: The section's name (`NSFetchedResultsSectionInfo.name`), its
  ///     identity in the leaf.
  public mutating func recordSection(_ kind: Kind, at index: Int, name: String) {
    switch kind {
    case .insert: sectionInsertions[index] = name
    case .delete: sectionDeletions.insert(index)
    case .move, .update: break
    }
  }

  /// Records a change of an object: `controller(_:didChange:at:for:newIndexPath:)`.
  ///
  /// - Parameters:
  ///   - id: The object's identity (`objectID`).
  ///   - kind: What happened to it.
  ///   - path: Its path before the change (`indexPath`): for deletions,
  ///     moves and updates.
  ///   - newPath: Its path after the change (`newIndexPath`): for
  ///     insertions and moves; for updates when Core Data gives it.
  public mutating func recordObject(
    _ id: ObjectID, _ kind: Kind, at path: ItemPath?, newPath: ItemPath?
  ) {
    objectChanges.append(ObjectChange(id: id, kind: kind, path: path, newPath: newPath))
  }

  /// The changes as they came, one report entry per callback (no folding,
  /// no merging): what the leaf is given, with content read again, when
  /// the changes do not fit what it shows (see
  /// `MutableDataSource.apply(_:storeSections:rereading:)`), so that its checks say
  /// what was wrong.
  ///
  /// - Complexity: O(*k*) for *k* changes.
  public var rawReport: Report {
    var report = Report(
      sectionDeletions: sectionDeletions.sorted(),
      sectionInsertions: sectionInsertions.keys.sorted())
    for change in objectChanges {
      switch (change.kind, change.path, change.newPath) {
      case (.insert, _, let to?): report.insertions.append(to)
      case (.delete, let from?, _): report.deletions.append(from)
      case (.move, let from?, let to?): report.moves.append(.init(from: from, to: to))
      case (.update, let from?, _): report.modifications.append(from)
      default: continue
      }
    }
    return report
  }
}
