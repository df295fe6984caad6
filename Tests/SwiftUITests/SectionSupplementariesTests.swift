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
}
