#if canImport(UIKit) && !os(watchOS) || canImport(UIKitStandIn)
  import DataSourceGraphSections
  import DataSourceGraphUIKitPlatform

  extension ListViewDataSource {
    /// How many rows before the first row on screen and after the last
    /// one are in the working range (the rows on screen always are):
    /// 0 by default.
    ///
    /// The working range is reported to the nodes whose
    /// ``ListEvents/enteredWorkingRange`` or ``ListEvents/leftWorkingRange``
    /// is set (``events(for:)``), with their own items, after each scroll
    /// (the view's delegate's `scrollViewDidScroll`: make the data source
    /// the view's delegate) and each change the view shows. It is a
    /// stretch of the list, across sections, so a handler can load ahead
    /// of the user in either direction:
    ///
    /// ```swift
    /// dataSource.workingRangeSize = 20
    /// dataSource.events(for: feed).enteredWorkingRange = { ids in
    ///   if let last = ids.last { feed.loadNextPageIfNeeded(showing: last, within: 5) }
    /// }
    /// ```
    public var workingRangeSize: Int {
      get { routes.workingRangeSize }
      set {
        routes.workingRangeSize = max(0, newValue)
        updateWorkingRange()
      }
    }

    /// Tells the nodes that take the working range which of their rows are
    /// in it now; nothing when none takes it, or while the view changes.
    ///
    /// - Complexity: O(*v* log *v* + *w* + *r* *d* log *n*) for *v* rows on
    ///   screen, *w* working-range rows before and after them, *r* rows in
    ///   the range routed through *d* combinators, when a node takes it.
    func updateWorkingRange() {
      // Called after each scroll (and each change shown): the renderer
      // also learns here that the user reached the end (followsEnd).
      renderer.viewDidScroll()
      var takers = routes.handlers.values.filter { $0.handles(.workingRange) }
      if let own = routes.own, own.handles(.workingRange) { takers.append(own) }
      guard !takers.isEmpty, !viewState.isChangingView else { return }
      let paths = workingRangePaths().map { IndexPath($0) }
      var ranges: [ObjectIdentifier: [ItemPath]] = [:]
      for (events, paths) in recipients(of: .workingRange, at: paths) {
        ranges[ObjectIdentifier(events)] = paths
      }
      for events in takers { events.setWorkingRange(ranges[ObjectIdentifier(events)] ?? []) }
    }

    /// The paths of the working range in what the view shows: from
    /// ``workingRangeSize`` rows before the first row on screen to as many
    /// after the last, in order, across sections.
    func workingRangePaths() -> [ItemPath] {
      guard let visible = scrollableView?.visibleItemPaths,
        let first = visible.min(), let last = visible.max()
      else { return [] }
      let sections = snapshot.sections
      guard last.section < sections.count, last.item < sections[last.section].items.count
      else { return [] }
      var start = first
      for _ in 0..<routes.workingRangeSize {
        guard let before = Self.path(before: start, in: sections) else { break }
        start = before
      }
      var paths: [ItemPath] = []
      var path: ItemPath? = start
      var after = 0
      while let current = path, after <= routes.workingRangeSize {
        paths.append(current)
        if current >= last { after += 1 }
        path = Self.path(after: current, in: sections)
      }
      return paths
    }

    /// The path of the item before `path`, skipping empty sections.
    private static func path(before path: ItemPath, in sections: [SnapshotSection<SectionID, Item>])
      -> ItemPath?
    {
      if path.item > 0 { return ItemPath(section: path.section, item: path.item - 1) }
      var section = path.section - 1
      while section >= 0, sections[section].items.isEmpty { section -= 1 }
      return section >= 0
        ? ItemPath(section: section, item: sections[section].items.count - 1) : nil
    }

    /// The path of the item after `path`, skipping empty sections.
    private static func path(after path: ItemPath, in sections: [SnapshotSection<SectionID, Item>])
      -> ItemPath?
    {
      if path.item + 1 < sections[path.section].items.count {
        return ItemPath(section: path.section, item: path.item + 1)
      }
      var section = path.section + 1
      while section < sections.count, sections[section].items.isEmpty { section += 1 }
      return section < sections.count ? ItemPath(section: section, item: 0) : nil
    }
  }
#endif
