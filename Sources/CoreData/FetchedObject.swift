/// An object of a fetched results controller as a leaf shows it: its
/// identity (an `NSManagedObjectID`), and how many changes of it the store
/// has reported since the leaf loaded it.
///
/// The leaf holds identities, not the objects' values: building its
/// content reads no attribute, so no fault fires and a request's
/// `fetchBatchSize` keeps its meaning (a cell reads its object, and so its
/// batch, when it is shown). What tells the leaf that an object changed is
/// ``revision``: every update or move the store reports adds one, so the
/// item is no longer equal to the one shown, and the leaf's batch updates
/// it (a table or collection view data source reconfigures the cell, which
/// reads the object again).
///
/// ```swift
/// let item = FetchedObject(id: 7, revision: 0)   // an object as first loaded
/// var changed = item
/// changed.revision += 1                          // the store reported a change
/// // item.id == changed.id, item != changed: the cell is reconfigured
/// ```
///
/// Generic over the identity so that the logic that turns a store's
/// callbacks into changes of a leaf runs, and is tested, where Core Data
/// does not exist; a Core Data feed uses `NSManagedObjectID`.
public struct FetchedObject<ObjectID: Hashable & Sendable>: Identifiable, Hashable, Sendable {
  /// The object's identity in its store.
  public var id: ObjectID
  /// The number of changes of the object reported since it was loaded: 0
  /// when loaded, one more for each update or move reported.
  public var revision: Int

  /// Creates the item of an object.
  ///
  /// - Parameters:
  ///   - id: The object's identity.
  ///   - revision: The number of changes reported since it was loaded; 0
  ///     by default.
  public init(id: ObjectID, revision: Int = 0) {
    self.id = id
    self.revision = revision
  }
}

extension FetchedObject {
  /// The items of `ids`, in order, as a store read them again: each keeps
  /// the revision `shown` gives it (what the leaf shows), one more if
  /// `changed` holds it; an identity the leaf does not show starts at 0.
  /// So a diff of the result against the leaf's content updates exactly
  /// the objects that changed, and inserts, deletes and moves the others.
  ///
  /// ```swift
  /// let shown: [Int: Int] = [1: 0, 2: 3]
  /// let next = FetchedObject.revisions(of: [2, 1, 9], shown: { shown[$0] }, changed: [1])
  /// // [2 at revision 3, 1 at revision 1, 9 at revision 0]
  /// ```
  ///
  /// - Parameters:
  ///   - ids: The identities the store holds, in order.
  ///   - shown: The revision the leaf shows for an identity, or `nil`.
  ///   - changed: The identities the store reports changed.
  /// - Returns: One item per identity.
  /// - Complexity: O(*n*) calls of `shown` and expected O(*n*) look-ups in
  ///   `changed`, for *n* identities.
  public static func revisions(
    of ids: [ObjectID], shown: (ObjectID) -> Int?, changed: Set<ObjectID>
  ) -> [FetchedObject] {
    ids.map { id in
      guard let revision = shown(id) else { return FetchedObject(id: id) }
      return FetchedObject(id: id, revision: revision + (changed.contains(id) ? 1 : 0))
    }
  }
}
