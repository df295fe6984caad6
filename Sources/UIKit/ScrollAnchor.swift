#if canImport(UIKit) && !os(watchOS) || canImport(UIKitStandIn)
  import DataSourceGraphSections
  import DataSourceGraphUIKitPlatform

  /// The user's place in a list view, noted before a change and restored
  /// after it: the item to keep at the same distance from the top of the
  /// visible area, then the other items on screen to fall back on, each
  /// with its distance then.
  ///
  /// The anchor is the item the app names, if it is shown (on screen or
  /// not), else the topmost item on screen (a row partly scrolled off at the
  /// top counts; one wholly under a bar, in the content inset, does not).
  /// If the anchor leaves, the item on screen nearest to it takes its place
  /// (the one below it when two are as near), at the distance it had.
  struct ScrollAnchor<SectionID: Hashable, Item: Identifiable> {
    /// An item to keep in place: its identity, where it was, and how far
    /// its top was below the top of the visible area.
    struct Candidate {
      var id: Item.ID
      var section: SectionID
      var path: ItemPath
      var distance: CGFloat
    }

    /// The anchor first, then the fallbacks, nearest first.
    private(set) var candidates: [Candidate]
    /// The items on screen, the bottommost first: where the rows that
    /// arrive below the visible area start (see
    /// ``ListUpdateOptions/followsEnd``).
    private(set) var onScreenFromTheBottom: [Candidate]

    /// Notes the place of `view`, which shows `snapshot`; `nil` when no item
    /// is on screen (and `named` is not shown).
    ///
    /// - Complexity: O(*v* log *v*) for the *v* items on screen; with a
    ///   named anchor, expected O(1), or O(*n*) the first time a snapshot
    ///   made by applying a batch is asked for an identity.
    @MainActor
    init?(
      _ view: any ScrollableListView, showing snapshot: Snapshot<SectionID, Item>, named: Item.ID?
    ) {
      view.layoutIfNeeded()
      let (top, bottom) = view.visibleArea
      let sections = snapshot.sections
      func candidate(_ path: ItemPath) -> (Candidate, CGRect)? {
        guard sections.indices.contains(path.section),
          sections[path.section].items.indices.contains(path.item),
          let frame = view.frameOfItem(at: path)
        else { return nil }
        let section = sections[path.section]
        let id = section.items[path.item].id
        return (
          Candidate(id: id, section: section.id, path: path, distance: frame.minY - top), frame
        )
      }
      var onScreen = view.visibleItemPaths.compactMap(candidate).filter {
        $0.1.maxY > top && $0.1.minY < bottom
      }
      onScreen.sort { ($0.1.minY, $0.0.path) < ($1.1.minY, $1.0.path) }
      let anchor = named.flatMap { snapshot.itemPath(for: $0) }.flatMap(candidate) ?? onScreen.first
      guard let anchor else { return nil }
      // The others on screen, nearest to the anchor first; below it first
      // when two are as near.
      let others = onScreen.filter { $0.0.id != anchor.0.id }.map { other in
        let gap = other.1.minY - anchor.1.minY
        return (key: (abs(gap), gap < 0 ? 1 : 0, other.0.path), other.0)
      }
      candidates = [anchor.0] + others.sorted { $0.key < $1.key }.map(\.1)
      onScreenFromTheBottom = onScreen.reversed().map(\.0)
    }

    /// Where the last row on screen when the place was noted is in `new`:
    /// the bottommost row then that `new` still shows; `nil` when none is.
    ///
    /// - Complexity: As ``restore(in:showing:searching:)``, for the rows
    ///   that left.
    func lastRowSeen(in new: Snapshot<SectionID, Item>, searching radius: Int) -> ItemPath? {
      for candidate in onScreenFromTheBottom {
        if let path = path(of: candidate, in: new, searching: radius) { return path }
      }
      return nil
    }

    /// The anchor: the item noted first.
    var anchor: Candidate { candidates[0] }

    /// Whether `batch`, which takes what was noted to `new`, changes
    /// anything above the anchor (so the anchor moves in the content):
    /// sections or items before it, its own section's header, or the anchor
    /// itself moving or leaving.
    ///
    /// - Complexity: O(*k*) for the *k* operations of `batch`, plus the
    ///   look-up of the anchor in `new` (see ``restore(in:showing:searching:)``).
    func isMoved(by batch: ChangeBatch<SectionID, Item>, to new: Snapshot<SectionID, Item>)
      -> Bool
    {
      isMoved(by: batch, to: path(of: anchor, in: new, searching: batch.count))
    }

    /// As ``isMoved(by:to:)`` for a batch that changes no section, read
    /// from the batch alone.
    ///
    /// - Complexity: O(*k* log *k*) for the *k* operations of `batch`.
    func isMoved(byItemsOnly batch: ChangeBatch<SectionID, Item>) -> Bool {
      isMoved(by: batch, to: batch.path(afterItemAt: anchor.path))
    }

    /// Whether `batch` changes anything above the anchor, which it takes to
    /// `now` (`nil`: the anchor leaves).
    private func isMoved(by batch: ChangeBatch<SectionID, Item>, to now: ItemPath?) -> Bool {
      let old = anchor.path
      guard let now else { return true }
      return batch.sectionDeletes.contains { $0 <= old.section }
        || batch.sectionInserts.contains { $0.index <= now.section }
        || batch.sectionMoves.contains { $0.from <= old.section || $0.to <= now.section }
        || batch.sectionUpdates.contains { $0.from <= old.section }
        || batch.itemDeletes.contains { $0 < old }
        || batch.itemInserts.contains { $0.path < now }
        || batch.itemMoves.contains { $0.from <= old || $0.to < now }
        || batch.itemUpdates.contains { $0.from < old }
    }

    /// Scrolls `view`, which now shows `new`, so the first candidate still
    /// shown is as far below the top of the visible area as it was, clamped
    /// to the offsets the content allows (an offset above the top that the
    /// user is pulling stays allowed); leaves the view as it is when no
    /// candidate is shown.
    ///
    /// - Parameter radius: How far from its old index each candidate is
    ///   looked for in its section first (the number of operations of the
    ///   change); an item not found there is looked up by identity.
    /// - Complexity: O(*c* · *radius*) for *c* candidates, plus expected
    ///   O(*n*) once if a candidate is looked up by identity in a snapshot
    ///   made by applying a batch.
    @MainActor
    func restore(
      in view: any ScrollableListView, showing new: Snapshot<SectionID, Item>, searching radius: Int
    ) {
      view.layoutIfNeeded()
      for candidate in candidates {
        guard let path = path(of: candidate, in: new, searching: radius),
          let frame = view.frameOfItem(at: path)
        else { continue }
        let insets = view.adjustedContentInset
        let offset = view.contentOffset
        // An offset pulled above the top (the user pulling to refresh) is
        // not pushed back; one past the bottom is.
        let lowest = min(-insets.top, offset.y)
        let highest = view.endOffset
        let target = min(max(frame.minY - candidate.distance - insets.top, lowest), highest)
        if offset.y != target { view.contentOffset = CGPoint(x: offset.x, y: target) }
        return
      }
    }

    /// Where `candidate` is in `new`: looked for within `radius` of its old
    /// index in its section, then by identity.
    private func path(
      of candidate: Candidate, in new: Snapshot<SectionID, Item>, searching radius: Int
    ) -> ItemPath? {
      if let section = new.sectionIndex(for: candidate.section) {
        let items = new.sections[section].items
        let near = candidate.path.item
        for step in 0...min(radius, 256) {
          for index in [near + step, near - step] where items.indices.contains(index) {
            if items[index].id == candidate.id { return ItemPath(section: section, item: index) }
          }
        }
      }
      return new.itemPath(for: candidate.id)
    }
  }

  extension ScrollableListView {
    /// The top and the bottom of the visible area, in the content's
    /// coordinates: the view's bounds inside its content insets.
    var visibleArea: (top: CGFloat, bottom: CGFloat) {
      let offset = contentOffset.y
      let insets = adjustedContentInset
      return (offset + insets.top, offset + bounds.height - insets.bottom)
    }

    /// The largest vertical offset the content allows: the end of the
    /// content at the bottom of the visible area, or the top for a content
    /// shorter than the view.
    var endOffset: CGFloat {
      let insets = adjustedContentInset
      return max(-insets.top, contentSize.height + insets.bottom - bounds.height)
    }
  }
#endif
