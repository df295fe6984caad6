public import DataSourceGraphSections

extension MutableDataSource {
  /// Makes `snapshot`, the content a store now holds, the content, given the
  /// store's report of what changed by index: without a diff when the
  /// report fits, with a diff (as ``replace(with:)``) when it does not.
  ///
  /// Stores that say what changed by index (Realm's collection
  /// notifications, `NSFetchedResultsController`'s per-object callbacks, a
  /// server's patches) feed a leaf this way; ``IndexReport`` says which
  /// indices are old and which new.
  ///
  /// ```swift
  /// let outcome = leaf.apply(
  ///   .init(deletions: [1], insertions: [0], modifications: [3]), resulting: rows)
  /// if case .fellBack(let why) = outcome { log.error("store report not used: \(why)") }
  /// ```
  ///
  /// The leaf checks the report against what it shows and against
  /// `snapshot`, then builds the batch its observers get from the report:
  /// deletes and moves as reported, inserted sections and items with their
  /// values from `snapshot`, and an update for every modified or moved item
  /// whose value changed (a modification whose value did not change emits
  /// nothing). The batch is then applied to the current content, and
  /// checked by the rules of UIKit's batch updates
  /// (`ChangeBatch.violations(from:to:mode:)`), so observers never get a
  /// batch UIKit would reject, and a renderer that applies it holds exactly
  /// what the leaf shows.
  ///
  /// ## Mistakes in a report
  ///
  /// - **Repaired** (``IndexReport/Outcome/repaired(_:)``): an index listed
  ///   twice in one list is kept once; a modification of an item the report
  ///   deletes (or of one in a deleted section) is dropped; changes of items
  ///   inside a deleted or inserted section are folded into it (a move out
  ///   of a deleted section becomes an insert, a move into an inserted one a
  ///   delete); a modification whose item has a new identity, not shown
  ///   before, becomes a delete and an insert (the store replaced the item);
  ///   a move the other changes imply is dropped (its update kept).
  /// - **Fallen back to a diff** (``IndexReport/Outcome/fellBack(_:)``, with
  ///   the reason and a message): an index out of range; a position named
  ///   by two changes that exclude each other (deleted and moved, two moves
  ///   to one place); counts that do not add up; a position whose identity
  ///   is not the one the report implies (a section or a moved item that is
  ///   not the one moved, an insertion of an item shown and not deleted, a
  ///   modification that is really a move); with ``IndexReport/Verification/full``,
  ///   any item the report does not account for.
  ///
  /// What ``IndexReport/Verification/touched`` (the default) does not read,
  /// it trusts: a position the report does not name keeps the item it held.
  /// A store that changes an item without reporting it leaves the old value
  /// shown until a later report names it; pass ``IndexReport/Verification/full``
  /// to compare every item, at O(*n*) comparisons: at 100,000 rows about as
  /// long as the diff, so a check for bringing up a store's feed rather than
  /// for every report.
  ///
  /// ## Changes made while observers are being told
  ///
  /// Asked for during a delivery, the report is applied after it, as every
  /// other edit (see ``MutableDataSource``), and the method returns
  /// ``IndexReport/Outcome/deferred``. It describes the content shown when
  /// it was asked for or, behind another report still waiting, the content
  /// that report leaves (a store's reports follow one another). If anything
  /// else changed the content in between (an edit queued before it), the
  /// report no longer describes what the leaf shows: `snapshot` is diffed
  /// instead. Like ``replace(with:)``, the
  /// report is a request for whole new content: a replace or load answer
  /// still diffing in the background when it is applied is dropped.
  ///
  /// - Parameters:
  ///   - report: What the store says changed, by index.
  ///   - snapshot: The content the store holds after the change.
  ///   - verification: How much of `snapshot` is compared with what the
  ///     report says; ``IndexReport/Verification/touched`` by default.
  /// - Returns: Whether the report was applied as it came, repaired, or
  ///   replaced by a diff, and why; ``IndexReport/Outcome/deferred`` during
  ///   a delivery.
  /// - Complexity: For a report that fits, O(*s* + *k* log *k* + *d*) to
  ///   check it and build the batch, for *s* sections, *k* changes and *d*
  ///   items in the sections deleted or inserted (no hashing of the items
  ///   the report does not name), plus applying the batch: O(Σ *m*) element
  ///   copies for the sections it changes, of *m* items each (a memory
  ///   copy, no comparison), plus delivering it. ``IndexReport/Verification/full``
  ///   adds O(*n*) comparisons for *n* items. A report that does not fit
  ///   costs the diff of ``replace(with:)`` besides.
  @discardableResult
  public func apply(
    _ report: IndexReport, resulting snapshot: Snapshot<SectionID, Item>,
    verification: IndexReport.Verification = .touched
  ) -> IndexReport.Outcome {
    // The content the report describes: the current one, or, behind
    // another report still queued, the one that report leaves.
    let version: UInt64? = reportsQueued == 0 ? contentVersion : nil
    if DeliveryWave.postpone({
      self.reportsQueued -= 1
      self.applyNow(report, resulting: snapshot, verification: verification, base: version)
    }) {
      reportsQueued += 1
      return .deferred
    }
    return applyNow(report, resulting: snapshot, verification: verification, base: contentVersion)
  }

  /// Applies `report` now, if the content is still that of version `base`
  /// (`nil`: the version the last report left).
  @discardableResult
  private func applyNow(
    _ report: IndexReport, resulting snapshot: Snapshot<SectionID, Item>,
    verification: IndexReport.Verification, base: UInt64?
  ) -> IndexReport.Outcome {
    contentRequest &+= 1
    defer { versionAfterReport = contentVersion }
    guard (base ?? versionAfterReport) == contentVersion else {
      return fallBack(
        to: snapshot,
        .init(
          .staleReport,
          "the content changed between the report and the end of the delivery it waited for"))
    }
    let old = self.snapshot
    var plan = IndexReportPlan(old: old, new: snapshot) { self.shows($0) }
    let batch: Batch
    do {
      batch = try plan.batch(for: report)
    } catch {
      return fallBack(to: snapshot, error.fallback)
    }
    guard let applied = old.applyingNamed(batch) else {
      return fallBack(
        to: snapshot, .init(.rejectedBatch, "the batch built from the report does not apply"))
    }
    let violations = batch.appliedViolations(from: old, to: applied)
    guard violations.isEmpty else {
      return fallBack(
        to: snapshot,
        .init(.rejectedBatch, violations.map(\.description).joined(separator: "; ")))
    }
    if verification == .full, let mismatch = Self.firstMismatch(applied, snapshot) {
      return fallBack(to: snapshot, .init(.contentMismatch, mismatch))
    }
    adopt(applied, applying: batch)
    commit(batch)
    let repairs = plan.repairs
    return repairs.isEmpty ? .applied : .repaired(repairs)
  }

  /// Makes `snapshot` the content with a diff, as ``replace(with:)`` does.
  private func fallBack(
    to snapshot: Snapshot<SectionID, Item>, _ fallback: IndexReport.Fallback
  ) -> IndexReport.Outcome {
    replaceContent(with: snapshot)
    return .fellBack(fallback)
  }

  /// The first item where `applied`, the content the report gives, differs
  /// from `expected`, the store's, described; `nil` if they are equal.
  ///
  /// - Complexity: O(*n*) comparisons; O(1) for a section whose items share
  ///   storage on both sides.
  private static func firstMismatch(
    _ applied: Snapshot<SectionID, Item>, _ expected: Snapshot<SectionID, Item>
  ) -> String? {
    for t in 0..<expected.numberOfSections {
      let (got, want) = (applied.sections[t].items, expected.sections[t].items)
      if got == want { continue }
      let offset =
        zip(got, want).enumerated().first { $0.element.0 != $0.element.1 }?.offset
        ?? min(got.count, want.count)
      let path = ItemPath(section: t, item: offset)
      guard offset < got.count, offset < want.count else {
        return
          "section \(t) has \(want.count) items after the change, but the report leaves \(got.count)"
      }
      let (a, b) = (applied.item(at: path), expected.item(at: path))
      return a.id == b.id
        ? "item \(path) (\(b.id)) changed, and the report does not say so"
        : "item \(path) is \(b.id) after the change, but the report leaves \(a.id) there"
    }
    return nil
  }
}
