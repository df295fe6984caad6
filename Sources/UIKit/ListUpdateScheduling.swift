#if canImport(UIKit) && !os(watchOS) || canImport(UIKitStandIn)
  import DataSourceGraphSections

  /// When a ``ListViewRenderer`` shows the changes that reach it.
  ///
  /// With ``endOfTurn`` (the default), the changes that arrive in one turn
  /// of the main actor (a socket delivering 200 messages in one callback)
  /// are composed into one change, shown once at the end of the turn: one
  /// batch update instead of 200. Meanwhile the view's questions
  /// (`numberOfRows`, `cellForRow`…) are answered from the snapshot the view
  /// shows, ``ListViewRenderer/snapshot``, which changes only when the
  /// composed change is shown.
  ///
  /// ```swift
  /// renderer.scheduling = .immediate  // one batch update per change
  /// ```
  public struct ListUpdateScheduling: Sendable {
    /// Asks for a call of its argument later on the main actor; `nil`
    /// shows every change as it arrives.
    let schedule: (@MainActor @Sendable (@escaping @MainActor @Sendable () -> Void) -> Void)?

    /// Changes are shown as they arrive, one batch update (or reload) each.
    public static let immediate = ListUpdateScheduling(schedule: nil)

    /// Changes that arrive in one turn of the main actor are composed and
    /// shown in a task enqueued on the main actor at the first of them
    /// (`Task { @MainActor in … }`), so after the code that made them
    /// returns.
    public static let endOfTurn = ListUpdateScheduling { flush in
      Task { @MainActor in flush() }
    }

    /// Changes are composed until `schedule`'s argument is called (or until
    /// ``ListViewRenderer/applyPendingChanges()``): `schedule` is called on
    /// the first change that finds nothing pending, and must arrange one
    /// later call of its argument on the main actor.
    ///
    /// - Parameter schedule: Arranges a call of its argument on the main
    ///   actor.
    public static func custom(
      _ schedule: @escaping @MainActor @Sendable (@escaping @MainActor @Sendable () -> Void) -> Void
    ) -> ListUpdateScheduling {
      ListUpdateScheduling(schedule: schedule)
    }

    /// ``endOfTurn`` where UIKit is; ``immediate`` in the library's own
    /// Linux test build, where no UIKit exists.
    public static var `default`: ListUpdateScheduling {
      #if canImport(UIKit) && !os(watchOS)
        .endOfTurn
      #else
        .immediate
      #endif
    }
  }

  /// The changes a renderer holds back until the end of the turn: the
  /// content they lead to, and the batches to compose.
  struct PendingChanges<SectionID: Hashable, Item: Identifiable & Equatable> {
    /// The content after the newest change; `nil` while the one change
    /// waiting is ``inPlace``, whose content is made only when needed.
    private var target: Snapshot<SectionID, Item>?
    /// The steps of the one batch waiting, when it was checked to be shown
    /// by editing the content the view shows where it is
    /// (`ChangeBatch.inPlaceSteps(on:)`).
    private var inPlaceSteps: InPlaceSteps?
    /// The batches, oldest first; empty once a reload is pending.
    private var batches: [ChangeBatch<SectionID, Item>] = []
    /// The item counts of every section after the first batch.
    private var countsAfterFirst: [Int] = []
    /// Whether a `reloadAll` arrived, so the whole is a reload.
    private var reloads = false

    init(target: Snapshot<SectionID, Item>) {
      self.target = target
    }

    /// The changes that wait, starting with `batch`, which takes the
    /// content the view shows in `steps` where it is.
    init(inPlace batch: ChangeBatch<SectionID, Item>, steps: InPlaceSteps) {
      inPlaceSteps = steps
      batches = [batch]
    }

    /// The one change waiting, with its steps, when it is a batch checked
    /// to be shown in place.
    var inPlace: (batch: ChangeBatch<SectionID, Item>, steps: InPlaceSteps)? {
      guard let inPlaceSteps, let batch = batches.first else { return nil }
      return (batch, inPlaceSteps)
    }

    /// The content after the newest change, made from `shown` (what the
    /// view shows) if not made yet.
    ///
    /// - Complexity: O(1) once made; the first time after an ``inPlace``
    ///   batch, applying it to a copy of `shown` where its sections are
    ///   (`Snapshot.applyNamed(_:)`: the sections the batch touches are
    ///   copied, the others shared), plus O(*s*) for *s* sections.
    mutating func target(over shown: Snapshot<SectionID, Item>) -> Snapshot<SectionID, Item> {
      if let target { return target }
      var made = shown
      guard let (batch, _) = inPlace, made.applyNamed(batch) else {
        preconditionFailure("PendingChanges: a batch checked to apply did not")
      }
      countsAfterFirst = SnapshotSection.itemCounts(of: made.sections)
      target = made
      return made
    }

    /// Adds `change`, applied to the content after the changes before it
    /// where that content is (made from `shown`, what the view shows, if
    /// not made yet), or `false`, leaving everything as it was, if the
    /// change does not apply to it.
    ///
    /// - Complexity: That of `Snapshot.applyNamed(_:)` on content held
    ///   nowhere else: a batch that keeps the sections where they are
    ///   edits the items' arrays where they are, so a section is copied
    ///   once, the first time a change of the turn touches it (until then
    ///   it is shared with what the view shows), and later changes to it
    ///   move its items in memory.
    mutating func append(
      _ change: SnapshotChange<SectionID, Item>, over shown: Snapshot<SectionID, Item>
    ) -> Bool {
      if target == nil { _ = target(over: shown) }
      guard target?.applyNamed(change) == true else { return false }
      record(change)
      return true
    }

    /// Notes `change`, which ``target`` already shows.
    private mutating func record(_ change: SnapshotChange<SectionID, Item>) {
      inPlaceSteps = nil
      switch change {
      case .reloadAll:
        reloads = true
        batches = []
      case .batch(let batch):
        if !reloads, let target {
          if batches.isEmpty { countsAfterFirst = SnapshotSection.itemCounts(of: target.sections) }
          batches.append(batch)
        }
      }
    }

    /// One change with the effect of them all, which leads to `target`
    /// (``target(over:)``): the batches composed in one pass
    /// (`ChangeBatch.followed(by:intermediateItemCounts:)`), or a
    /// `reloadAll` of `target` when a reload arrived or the composition
    /// would need an item value no batch carries.
    ///
    /// - Complexity: That of the composition: about O(*s* log *s* + *K* log
    ///   *K*) for *K* the operations of all the batches, plus the pieces of
    ///   the sections they touch per batch (see
    ///   `ChangeBatch.followed(by:intermediateItemCounts:)`), whatever the
    ///   sections' lengths.
    func change(reaching target: Snapshot<SectionID, Item>) -> SnapshotChange<SectionID, Item> {
      if reloads { return .reloadAll(target) }
      guard let first = batches.first else { return .batch(ChangeBatch()) }
      if batches.count == 1 { return .batch(first) }
      let rest = Array(batches.dropFirst())
      guard let composed = first.followed(by: rest, intermediateItemCounts: countsAfterFirst) else {
        return .reloadAll(target)
      }
      return .batch(composed)
    }
  }
#endif
