#if canImport(UIKit) && !os(watchOS) || canImport(UIKitStandIn)
  import DataSourceGraphSections

  extension ListViewRenderer {
    /// Refreshes the headers and footers of `sections` (indices in
    /// `shown`, what the view shows now) in place with
    /// ``reconfigureSupplements``, then reloads, in a batch update of their
    /// own, the sections it could not refresh.
    ///
    /// - Complexity: That of ``reconfigureSupplements``, plus O(*r*) for the
    ///   *r* sections it returns.
    func refreshSupplements(
      ofSections sections: [Int], showing shown: Snapshot<SectionID, Item>, animated: Bool,
      on view: any BatchUpdatingView
    ) {
      guard let reconfigureSupplements else { return }
      var reloads = ChangeBatch<SectionID, Item>()
      reloads.sectionUpdates = reconfigureSupplements(sections, animated).map {
        .init(from: $0, to: $0, supplementsOf: shown.sections[$0])
      }
      perform(reloads, reaching: shown, animated: animated, on: view)
    }
  }
#endif
