public import DataSourceGraphNodes
public import DataSourceGraphSections

extension MutableDataSource {
  /// Applies the changes a fetched results controller reported in one
  /// transaction (`controllerDidChangeContent(_:)`): as a store report,
  /// without a diff and without reading an object, when they fit what the
  /// leaf shows; else with the content read again.
  ///
  /// ```swift
  /// let outcome = leaf.apply(changes, storeSections: [("A", 3), ("B", 1)]) {
  ///   try rereadEverything()
  /// }
  /// ```
  ///
  /// The changes are translated over the leaf's content
  /// (``FetchedResultsChanges/translated(over:)``: Core Data's quirks
  /// absorbed, changed objects given their next revision) and the result
  /// applied with `apply(_:resulting:verification:)`, which checks the
  /// report and builds a batch UIKit accepts. When they do not fit (a
  /// path out of range or holding another object, contradicting
  /// callbacks, a section whose name or count is not the store's), `reread` gives the content the store holds, and the leaf
  /// gets the callbacks as they came (``FetchedResultsChanges/rawReport``)
  /// beside it: it repairs them, or diffs, and its outcome says why. The
  /// content read again keeps the revisions of the objects the leaf shows
  /// (one more for those reported updated or moved), so that the diff updates only
  /// what changed.
  ///
  /// - Parameters:
  ///   - changes: The changes recorded since `controllerWillChangeContent(_:)`.
  ///   - storeSections: The name and the number of objects of each section
  ///     the store holds after the change (`NSFetchedResultsSectionInfo`'s
  ///     `name` and `numberOfObjects`, which read no object), compared with
  ///     the translated content: a callback left out or repeated then
  ///     reads the content again rather than showing what the store does
  ///     not hold. `nil` to trust the callbacks.
  ///   - reread: Reads the whole content from the store (every object's
  ///     identity, in order, by section); called only when the changes do
  ///     not fit. Revisions in it are ignored.
  /// - Returns: The leaf's outcome (see `IndexReport.Outcome`).
  /// - Throws: What `reread` throws; the leaf is then left as it was.
  /// - Complexity: As ``FetchedResultsChanges/translated(over:)``, plus
  ///   `apply(_:resulting:verification:)`, plus O(*s*) to compare the
  ///   sections with `storeSections`; when the changes do not fit,
  ///   `reread` and expected O(*n*) for *n* items besides.
  @discardableResult
  public func apply<ObjectID>(
    _ changes: FetchedResultsChanges<ObjectID>,
    storeSections: [(name: String, count: Int)]? = nil,
    rereading reread: () throws -> Snapshot<String, FetchedObject<ObjectID>>
  ) rethrows -> IndexReport.Outcome
  where SectionID == String, Item == FetchedObject<ObjectID> {
    if let (report, content) = changes.translated(over: snapshot),
      storeSections.map({ Self.content(content, hasSections: $0) }) ?? true
    {
      return apply(report, resulting: content)
    }
    return apply(changes.rawReport, resulting: revised(try reread(), changed: changes))
  }

  /// Whether `content`'s sections have the names and item counts of
  /// `sections`.
  ///
  /// - Complexity: O(*s*) for *s* sections.
  private static func content<ObjectID>(
    _ content: Snapshot<String, FetchedObject<ObjectID>>,
    hasSections sections: [(name: String, count: Int)]
  ) -> Bool {
    content.numberOfSections == sections.count
      && zip(content.sections, sections).allSatisfy {
        $0.id == $1.name && $0.items.count == $1.count
      }
  }

  /// `fresh` with the revisions of the objects the leaf shows, one more for
  /// those `changes` reports updated or moved (or deleted and inserted).
  ///
  /// - Complexity: Expected O(*n*) for *n* items.
  private func revised<ObjectID>(
    _ fresh: Snapshot<String, FetchedObject<ObjectID>>,
    changed changes: FetchedResultsChanges<ObjectID>
  ) -> Snapshot<String, FetchedObject<ObjectID>>
  where SectionID == String, Item == FetchedObject<ObjectID> {
    var changed: Set<ObjectID> = []
    var deleted: Set<ObjectID> = []
    var inserted: Set<ObjectID> = []
    for change in changes.objectChanges {
      switch change.kind {
      case .update, .move: changed.insert(change.id)
      case .delete: deleted.insert(change.id)
      case .insert: inserted.insert(change.id)
      }
    }
    // Deleted and inserted: moved.
    changed.formUnion(deleted.intersection(inserted))
    let sections = fresh.sections.map { section in
      var section = section
      section.items = .init(
        FetchedObject.revisions(
          of: section.items.map(\.id),
          shown: { id in itemPath(for: id).map { self.item(at: $0).revision } }, changed: changed))
      return section
    }
    return Snapshot(sections: sections)
  }
}
