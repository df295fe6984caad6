import DataSourceGraphSections
import DataSourceGraphSwiftUI
import TestSupport
import Testing

/// The headers and footers of a `DataSourceCollectionView`'s list: a
/// builder gives every section one; without it, a section gets the title
/// `DataSourceSections` shows, and one without a title takes no room.
@Suite struct SectionSupplementariesTests {
  @Test(.namesTheSeed) func aSectionGetsABuiltViewOrItsTitle() async {
    await forEachSeed(1...40, aSectionGetsABuiltViewOrItsTitle(seed:))
  }

  func aSectionGetsABuiltViewOrItsTitle(seed: UInt64) {
    var random = SplitMix64(seed: seed)
    for index in 0..<20 {
      let section = SnapshotSection<Int, Row>(
        id: index, header: random.chance(0.5) ? "Header \(index)" : nil,
        footer: random.chance(0.5) ? "Footer \(index)" : nil)
      for (headerBuilder, footerBuilder) in [
        (false, false), (true, false), (false, true), (true, true),
      ] {
        let shown = SectionSupplementaries(
          of: section, headerBuilder: headerBuilder, footerBuilder: footerBuilder)
        #expect(shown.header == (headerBuilder || section.header != nil), "\(section)")
        #expect(shown.footer == (footerBuilder || section.footer != nil), "\(section)")
      }
    }
  }

  /// A header or footer change needs the layout only when a view appears
  /// or disappears: a title gained or lost where no builder draws the view.
  /// Any other change (a title changed, a value changed, anything under a
  /// builder) is redrawn in place by the view's configurator.
  @Test(.namesTheSeed) func onlyAViewThatAppearsOrDisappearsNeedsTheLayout() async {
    await forEachSeed(1...40, onlyAViewThatAppearsOrDisappearsNeedsTheLayout(seed:))
  }

  func onlyAViewThatAppearsOrDisappearsNeedsTheLayout(seed: UInt64) {
    var random = SplitMix64(seed: seed)
    func title(_ name: String) -> String? {
      random.chance(0.5) ? "\(name) \(random.int(0..<2))" : nil
    }
    for _ in 0..<20 {
      let before = SnapshotSection<Int, Row>(
        id: 0, header: title("Header"), footer: title("Footer"),
        headerValue: random.chance(0.5) ? random.int(0..<2) : nil)
      var after = before
      after.header = random.chance(0.5) ? title("Header") : before.header
      after.footer = random.chance(0.5) ? title("Footer") : before.footer
      after.headerValue = random.chance(0.5) ? random.int(0..<2) : before.headerValue
      for (headerBuilder, footerBuilder) in [
        (false, false), (true, false), (false, true), (true, true),
      ] {
        let expected =
          !headerBuilder && (before.header == nil) != (after.header == nil)
          || !footerBuilder && (before.footer == nil) != (after.footer == nil)
        #expect(
          SectionSupplementaries.changesLayout(
            from: before, to: after, headerBuilder: headerBuilder, footerBuilder: footerBuilder)
            == expected, "\(before) → \(after), builders \(headerBuilder), \(footerBuilder)")
      }
    }
  }
}
