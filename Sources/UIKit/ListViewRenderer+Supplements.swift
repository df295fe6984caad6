#if canImport(UIKit) && !os(watchOS) || canImport(UIKitStandIn)
  import DataSourceGraphSections

  extension ListViewRenderer {
    /// Refreshes the headers and footers `updates` changed in place with
    /// ``reconfigureSupplements``, once the view shows ``snapshot``, then
    /// reloads, in a batch update of their own, the sections it could not
    /// refresh.
    ///
    /// - Parameters:
    ///   - updates: The section updates of the step just shown.
    ///   - before: What the view showed before that step.
    /// - Complexity: That of ``reconfigureSupplements``, plus O(*u*) for
    ///   the *u* updates.
    func refreshSupplements(
      _ updates: [ChangeBatch<SectionID, Item>.SectionUpdate],
      from before: Snapshot<SectionID, Item>, animated: Bool, on view: any BatchUpdatingView
    ) {
      guard let reconfigureSupplements else { return }
      for update in updates {
        sectionsBeforeSupplementUpdate[update.to] = before.sections[update.from]
      }
      let sections = reconfigureSupplements(updates.map(\.to), animated)
      sectionsBeforeSupplementUpdate = [:]
      let shown = snapshot
      var reloads = ChangeBatch<SectionID, Item>()
      reloads.sectionUpdates = sections.map {
        .init(from: $0, to: $0, supplementsOf: shown.sections[$0])
      }
      perform(reloads, reaching: shown, animated: animated, on: view)
    }
  }
#endif
