#if canImport(UIKitStandIn)
  import DataSourceGraphSections
  import DataSourceGraphUIKit
  import UIKitStandIn

  /// What the user sees of a list view, worked out from the view's geometry
  /// alone (every row's frame, the offset, the insets), independently of
  /// the UIKit layer's own look-ups: the rows on screen with their
  /// distances from the top of the visible area, in the order the layer
  /// promises to keep them (the named anchor if shown, else the topmost row
  /// on screen; then the others on screen, nearest to the anchor first, the
  /// one below it first when two are as near), and the offset.
  @MainActor
  struct SeenPlace {
    var offset: CGFloat
    var candidates: [(id: Int, distance: CGFloat)]

    /// The place of `view`, which shows `snapshot`, with `named` the
    /// anchor the app names (if any).
    init<S>(_ view: any ScrollableListView, showing snapshot: Snapshot<S, Row>, named: Int?) {
      view.layoutIfNeeded()
      offset = view.contentOffset.y
      let top = offset + view.adjustedContentInset.top
      let bottom = offset + view.bounds.height - view.adjustedContentInset.bottom
      var rows: [(id: Int, path: ItemPath, frame: CGRect)] = []
      for (s, section) in snapshot.sections.enumerated() {
        for (i, row) in section.items.enumerated() {
          let path = ItemPath(section: s, item: i)
          if let frame = view.frameOfItem(at: path) { rows.append((row.id, path, frame)) }
        }
      }
      let onScreen = rows.filter { $0.frame.maxY > top && $0.frame.minY < bottom }
        .sorted { ($0.frame.minY, $0.path) < ($1.frame.minY, $1.path) }
      guard let anchor = rows.first(where: { $0.id == named }) ?? onScreen.first else {
        candidates = []
        return
      }
      let others = onScreen.filter { $0.id != anchor.id }.sorted {
        let (a, b) = ($0.frame.minY - anchor.frame.minY, $1.frame.minY - anchor.frame.minY)
        return (abs(a), a < 0 ? 1 : 0, $0.path) < (abs(b), b < 0 ? 1 : 0, $1.path)
      }
      candidates = ([anchor] + others).map { ($0.id, $0.frame.minY - top) }
    }

    /// What is wrong with `view`, now showing `snapshot` after a change made
    /// from this place in `steps` batch updates (`nil`: nothing). Kept
    /// (`keeps`): the first candidate still shown is as far below the top
    /// of the visible area as it was, unless the content's bounds forbid it
    /// (then the offset is at the bound; an offset pulled above the top is
    /// not pushed back). Not kept, or no candidate left: the offset is
    /// UIKit's, unchanged unless the content got too short for it; after
    /// several batch updates, one of which may have made the content
    /// shorter for a moment, UIKit pulls the offset back at that one, so it
    /// may end anywhere from the top to there, never lower.
    func failure<S>(
      of view: any ScrollableListView, showing snapshot: Snapshot<S, Row>, keeps: Bool,
      steps: Int
    ) -> String? {
      view.layoutIfNeeded()
      let insets = view.adjustedContentInset
      let lowest = -insets.top
      let highest = max(lowest, view.contentSize.height + insets.bottom - view.bounds.height)
      let now = view.contentOffset.y
      if keeps {
        for candidate in candidates {
          guard let path = snapshot.itemPath(for: candidate.id),
            let frame = view.frameOfItem(at: path)
          else { continue }
          let wanted = frame.minY - candidate.distance - insets.top
          let expected = min(max(wanted, min(lowest, offset)), highest)
          if now == expected { return nil }
          return "row \(candidate.id) was \(candidate.distance) below the top of the visible area; "
            + "the offset is \(now), \(expected) keeps it there (valid \(lowest)...\(highest), "
            + "before \(offset))"
        }
      }
      let expected = min(offset, highest)
      if now == expected { return nil }
      if steps > 1, now < expected, now >= min(offset, lowest) { return nil }
      return "the offset is \(now), expected \(expected) as UIKit leaves it (before \(offset), "
        + "highest \(highest), kept: \(keeps), candidates \(candidates.map(\.id)))"
    }
  }
#endif
