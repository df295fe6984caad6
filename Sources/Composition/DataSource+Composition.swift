public import DataSourceGraphNodes
import DataSourceGraphSections

// The fluent way to write a pipeline: each method wraps the receiver in a
// combinator, so a pipeline reads top to bottom:
//
//     let screen = CompositeDataSource(pinned, feed, suggestions)
//       .filter { !$0.isHidden }
//       .joined()
//
// One grammar, the API Design Guidelines': Swift's terms of art keep their
// names (`filter`, `map`, `sorted(by:)`, `joined()`: a flatten, as
// `Sequence.joined()` is), and every other combinator is a non-mutating
// method named in the -ed/-ing form (`removingEmptySections()`,
// `splicing(_:intoSection:at:)`, `switched(isEnabled:)`,
// `fallingBack(to:)`, `outlined(children:)`). Combinators of several
// children (`CompositeDataSource`, `SegmentedDataSource`) are made with
// their initializers.

extension DataSource {
  /// The items that pass `isIncluded`; see ``FilteredDataSource``.
  @inlinable
  public func filter(_ isIncluded: @escaping (Item) -> Bool) -> FilteredDataSource<SectionID, Item>
  {
    FilteredDataSource(self, isIncluded: isIncluded)
  }

  /// All items in one section with identity `id`, as `Sequence.joined()`
  /// joins sequences; see ``FlattenedDataSource``.
  public func joined<ID: Hashable>(into id: ID, header: String? = nil, footer: String? = nil)
    -> FlattenedDataSource<ID, Item>
  {
    FlattenedDataSource(self, into: id, header: header, footer: footer)
  }

  /// All items in one section with identity `0`; see ``FlattenedDataSource``.
  public func joined() -> FlattenedDataSource<Int, Item> {
    FlattenedDataSource(self, into: 0)
  }

  /// The items transformed by `transform`, which keeps identities; see
  /// ``MappedDataSource``.
  public func map<NewItem: Identifiable & Equatable>(_ transform: @escaping (Item) -> NewItem)
    -> MappedDataSource<SectionID, NewItem> where NewItem.ID == Item.ID
  {
    MappedDataSource(self, transform: transform)
  }

  /// The items transformed by `transform` into items with identities of
  /// another type, which must be unique; see ``MappedDataSource``.
  public func map<NewItem: Identifiable & Equatable>(_ transform: @escaping (Item) -> NewItem)
    -> MappedDataSource<SectionID, NewItem>
  {
    MappedDataSource(self, transform: transform)
  }

  /// The items kept in the order of `areInIncreasingOrder` within each
  /// section; see ``SortedDataSource``.
  @inlinable
  public func sorted(by areInIncreasingOrder: @escaping (Item, Item) -> Bool) -> SortedDataSource<
    SectionID, Item
  > {
    SortedDataSource(self, by: areInIncreasingOrder)
  }

  /// The sections that have at least one item; see
  /// ``NonEmptySectionsDataSource``.
  public func removingEmptySections() -> NonEmptySectionsDataSource<SectionID, Item> {
    NonEmptySectionsDataSource(self)
  }

  /// This source behind a switch that hides its content and state while
  /// off; see ``SwitchableDataSource``.
  public func switched(isEnabled: Bool = true) -> SwitchableDataSource<SectionID, Item> {
    SwitchableDataSource(self, isEnabled: isEnabled)
  }

  /// This source, or `fallback` while this one has no content; see
  /// ``FallbackDataSource``.
  public func fallingBack(to fallback: any DataSource<SectionID, Item>) -> FallbackDataSource<
    SectionID, Item
  > {
    FallbackDataSource(self, fallback: fallback)
  }

  /// This source with `other`'s items placed in the section `sectionID`
  /// after its first `index` items; see ``SplicedDataSource``.
  public func splicing<OtherSectionID: Hashable>(
    _ other: any DataSource<OtherSectionID, Item>, intoSection sectionID: SectionID, at index: Int
  ) -> SplicedDataSource<SectionID, Item> {
    SplicedDataSource(self, inserting: other, intoSection: sectionID, at: index)
  }
}
