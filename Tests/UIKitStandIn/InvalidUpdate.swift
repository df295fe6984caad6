import Foundation

/// An update UIKit would refuse (stand-in only).
///
/// UIKit raises `NSInternalInconsistencyException` ("Invalid update: …",
/// "attempt to delete row …") and the app stops. The stand-in records the
/// problem in the view's `invalidUpdates` instead, tells
/// `InvalidUpdate/handler` and the view's `onInvalidUpdate`, and recovers
/// with `reloadData()`, so a test goes on and can report every failure.
package struct InvalidUpdate: Hashable, Sendable, CustomStringConvertible {
  /// What kind of mistake it is.
  package var kind: Kind
  /// UIKit's message for it (for kinds UIKit has no message for, one in
  /// the same style).
  package var message: String
  /// The section concerned, if any: an old index for old-side operations
  /// (deletes, reloads, move sources), a new index for new-side ones.
  package var section: Int?
  /// The index paths concerned, if any.
  package var indexPaths: [IndexPath]
  /// The number of the batch (0 for the view's first batch), or `nil` for a
  /// mistake made outside a batch.
  package var batch: Int?

  /// Creates a record.
  package init(
    kind: Kind, message: String, section: Int? = nil, indexPaths: [IndexPath] = [],
    batch: Int? = nil
  ) {
    self.kind = kind
    self.message = message
    self.section = section
    self.indexPaths = indexPaths
    self.batch = batch
  }

  /// The message, prefixed with the kind: `"[rowCount] Invalid update: …"`.
  package var description: String { "[\(kind)] \(message)" }

  /// Kinds of invalid updates, with the batch-update rule each breaks.
  package enum Kind: String, Hashable, Sendable, CaseIterable {
    /// The section count after the batch does not add up (rule R10).
    case sectionCount
    /// A surviving section's row count does not add up (R10).
    case rowCount
    /// A section index out of range of the state it refers to (R9).
    case sectionOutOfRange
    /// A row index out of range of its section in the state it refers to (R9).
    case rowOutOfRange
    /// A section or index path used twice on one side of the batch (R6, R8).
    case duplicate
    /// A section or index path both deleted and reloaded (R6).
    case deleteAndReload
    /// A section or index path both deleted and moved away (R6; for sections R15).
    case deleteAndMove
    /// A section or index path both inserted and moved to (R6; for sections R15).
    case insertAndMove
    /// An item both moved and reloaded (R7): UIKit reports it as a delete and
    /// a move from the same index path.
    case moveAndReload
    /// A row moved out of a deleted (or reloaded) section (R13).
    case moveFromDeletedSection
    /// A row moved into an inserted (or reloaded) section (R14).
    case moveIntoInsertedSection
    /// A reconfigure of a row that does not exist.
    case reconfigureNonexistent
    /// A reconfigure answered with another cell than the one shown, or
    /// dequeued with another reuse identifier.
    case reconfigureDifferentCell
    /// `reloadData()` called inside a batch update (R11).
    case reloadDataDuringUpdate
    /// A dequeue with a reuse identifier nothing was registered for.
    case unregisteredReuseIdentifier
    /// A collection view cell or supplementary view not obtained by dequeuing.
    case notDequeued
    /// The data source lacks a method the view needs.
    case missingDataSourceMethod
    /// After a move the user made (`simulateUserMove(from:to:)`), the rows
    /// shown are not the data source's: it ignored the move, or applied it
    /// a second time with a batch update although the view had moved the
    /// row already. UIKit raises nothing for a move within a section; its
    /// cells then show the wrong items.
    case divergedFromDataSource
    /// A question about the geometry of an index path the view does not
    /// have (`rectForRow(at:)`): UIKit raises "request for rect at invalid
    /// index path".
    case invalidIndexPathRequest
    /// A selection or deselection of a row that does not exist, or made
    /// inside a batch update (ListCore+Selection.swift).
    case selectNonexistent
  }

  /// Called with every invalid update of every view, after it is recorded
  /// (stand-in only). Default: `nil` (record only). A test suite can set it
  /// to fail the running test, for example with Swift Testing's
  /// `Issue.record`; as it is shared by all views, prefer a view's
  /// `onInvalidUpdate` in tests that run in parallel.
  @MainActor package static var handler: (@MainActor (InvalidUpdate) -> Void)?
}
