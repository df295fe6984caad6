package import DataSourceGraphSections

/// Which supplementary views a section gets in a `DataSourceCollectionView`
/// with a list layout: the decision, apart from UIKit, so that it is
/// compiled and tested on every platform.
///
/// A section gets a header when the view has a header builder (every
/// section then gets one), or else when the section has a header title
/// (shown as a list header); likewise its footer. So, without builders, the
/// view shows the titles `DataSourceSections` shows, and a section without
/// a title takes no room for one.
package struct SectionSupplementaries: Equatable, Sendable {
  /// Whether the section gets a header.
  package var header: Bool
  /// Whether the section gets a footer.
  package var footer: Bool

  /// The supplementary views of `section`, in a view that has a header
  /// builder or not, and a footer builder or not.
  ///
  /// - Complexity: O(1).
  package init<ID: Hashable, Item: Identifiable>(
    of section: SnapshotSection<ID, Item>, headerBuilder: Bool, footerBuilder: Bool
  ) {
    header = headerBuilder || section.header != nil
    footer = footerBuilder || section.footer != nil
  }

  /// Whether a change of a section's header or footer, from `before` to
  /// `after`, gives it other supplementary views: a title that appears or
  /// disappears where no builder draws the view. The layout must then lay
  /// the section out again; any other change redraws the views in place.
  ///
  /// - Complexity: O(1).
  package static func changesLayout<ID: Hashable, Item: Identifiable>(
    from before: SnapshotSection<ID, Item>, to after: SnapshotSection<ID, Item>,
    headerBuilder: Bool, footerBuilder: Bool
  ) -> Bool {
    Self(of: before, headerBuilder: headerBuilder, footerBuilder: footerBuilder)
      != Self(of: after, headerBuilder: headerBuilder, footerBuilder: footerBuilder)
  }
}
