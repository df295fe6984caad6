public import DataSourceGraphSections

extension MutableDataSource.IndexReport {
  /// What ``MutableDataSource/apply(_:resulting:verification:)`` made of a
  /// report, for an app to log: applied as it came, repaired (and what was
  /// repaired), or replaced by a diff of the new content (and why).
  ///
  /// In every case the leaf ends showing the new content (up to what
  /// ``Verification/touched`` trusts), and the batch its observers get is
  /// valid for UIKit.
  ///
  /// ```swift
  /// switch leaf.apply(report, resulting: rows) {
  /// case .applied, .deferred: break
  /// case .repaired(let repairs): log.debug("store report repaired: \(repairs)")
  /// case .fellBack(let fallback): log.error("store report not used: \(fallback)")
  /// }
  /// ```
  public enum Outcome: Hashable, Sendable, CustomStringConvertible {
    /// The report was applied as it came: its batch is the report's changes.
    case applied
    /// The report had mistakes that could be set right without reading the
    /// whole content; it was applied with these repairs.
    case repaired([Repair])
    /// The report did not fit the content; the leaf diffed the new content
    /// against what it showed instead (as ``MutableDataSource/replace(with:)``).
    case fellBack(Fallback)
    /// Asked for while observers were being told of a change: the report is
    /// applied after that delivery, by the same rules, so the outcome is
    /// not known yet. It describes the content shown when it was asked for,
    /// or the content the report queued before it leaves; if anything else
    /// changed the content in between, the new content is diffed (the
    /// report no longer describes what the leaf shows).
    case deferred

    /// One line: `applied as reported`, `repaired: …`, `fell back to a
    /// diff: …` or `deferred until the delivery under way ends`.
    public var description: String {
      switch self {
      case .applied: "applied as reported"
      case .repaired(let repairs): "repaired: " + repairs.map(\.description).joined(separator: "; ")
      case .fellBack(let fallback): "fell back to a diff: \(fallback)"
      case .deferred: "deferred until the delivery under way ends"
      }
    }
  }

  /// A mistake in a report that the leaf set right: each is unambiguous,
  /// and the repaired report is checked as any other.
  public enum Repair: Hashable, Sendable, CustomStringConvertible {
    /// An index listed more than once in one list (two deletions of one
    /// path, say) was kept once; the count of repeats dropped.
    case droppedRepeatedIndices(Int)
    /// Modifications of items (or sections) that the report also deletes,
    /// or that are inside a deleted section, were dropped: the content
    /// there is gone, and what takes its place arrives with its own value.
    /// Their old paths (for a section, item `-1`).
    case droppedModificationsOfDeleted([ItemPath])
    /// Changes of items inside a section the report deletes or inserts were
    /// dropped (the section's change covers them, as UIKit requires); a
    /// move out of a deleted section became an insert, a move into an
    /// inserted section a delete. How many changes.
    case foldedIntoSectionChanges(Int)
    /// Modifications whose item has another identity after the change,
    /// one not shown before: the store replaced the item. Each became a
    /// delete and an insert. Their old paths.
    case replacedItems([ItemPath])
    /// Moves that the other changes already imply (the item lands there
    /// anyway, as with `NSFetchedResultsController`'s move of an item to
    /// its own place) were dropped; a moved item whose value changed is
    /// still updated. How many moves.
    case droppedImpliedMoves(Int)

    /// One line naming the repair and what it touched.
    public var description: String {
      switch self {
      case .droppedRepeatedIndices(let count): "dropped \(count) repeated index(es)"
      case .droppedModificationsOfDeleted(let paths):
        "dropped modifications of deleted items at \(paths.map(\.description).joined(separator: ", "))"
      case .foldedIntoSectionChanges(let count):
        "folded \(count) item change(s) into the changes of their sections"
      case .replacedItems(let paths):
        "modifications whose identity changed became a delete and an insert at \(paths.map(\.description).joined(separator: ", "))"
      case .droppedImpliedMoves(let count): "dropped \(count) move(s) the other changes imply"
      }
    }
  }

  /// Why a report was not used: the first mistake found that the leaf
  /// could not set right without reading the whole content.
  public struct Fallback: Hashable, Sendable, CustomStringConvertible {
    /// The kind of mistake.
    public enum Reason: Hashable, Sendable {
      /// An index outside the content before the change (for deletions,
      /// modifications and move sources) or after it (for insertions and
      /// move destinations).
      case indexOutOfRange
      /// One position named by two changes that exclude each other (a
      /// deletion and a move from one path, two moves to one path).
      case conflictingIndices
      /// The number of sections, or of items in a section, after the
      /// change is not the number before it plus the insertions and moves
      /// in, minus the deletions and moves out.
      case countMismatch
      /// A position holds another identity than the report implies: a
      /// section or a moved item that is not the one the report moved, an
      /// insertion of an identity that is shown and not deleted, a
      /// modification whose item became one shown elsewhere (a move
      /// reported as a modification).
      case identityMismatch
      /// ``Verification/full`` found an item the report does not account
      /// for.
      case contentMismatch
      /// The report was deferred (see ``Outcome/deferred``) and the content
      /// changed before it could be applied.
      case staleReport
      /// The batch built from the report broke a rule of UIKit's batch
      /// updates (a safety net: the checks before it should catch every
      /// such report).
      case rejectedBatch
    }

    /// The kind of mistake.
    public var reason: Reason
    /// What was wrong, for a log: the section, the counts, the indices.
    public var message: String

    /// Creates a fallback.
    ///
    /// - Parameters:
    ///   - reason: The kind of mistake.
    ///   - message: What was wrong.
    public init(_ reason: Reason, _ message: String) {
      self.reason = reason
      self.message = message
    }

    /// The message.
    public var description: String { message }
  }
}
