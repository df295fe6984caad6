public import DataSourceGraphSections

// The fluent way to write a pipeline: each method wraps the receiver in a
// combinator, so a pipeline reads top to bottom:
//
//     let screen = composite(pinned, feed, suggestions)
//       .filter { !$0.isHidden }
//       .flatten()

extension DataSource {
  /// The items that pass `isIncluded`; see ``FilteredDataSource``.
  public func filter(_ isIncluded: @escaping (Item) -> Bool) -> FilteredDataSource<SectionID, Item>
  {
    FilteredDataSource(self, isIncluded: isIncluded)
  }

  /// All items in one section with identity `id`; see ``FlattenedDataSource``.
  public func flatten<ID: Hashable>(into id: ID, header: String? = nil, footer: String? = nil)
    -> FlattenedDataSource<SectionID, ID, Item>
  {
    FlattenedDataSource(self, into: id, header: header, footer: footer)
  }

  /// All items in one section with identity `0`; see ``FlattenedDataSource``.
  public func flatten() -> FlattenedDataSource<SectionID, Int, Item> {
    FlattenedDataSource(self, into: 0)
  }
}

/// The sections of `children`, one child after the other; see
/// ``CompositeDataSource``.
///
/// - Parameters:
///   - children: The children, in display order.
///   - name: The composite's own name, for a combinator above it; `nil`
///     by default.
public func composite<SectionID: Hashable, Item: Identifiable & Equatable>(
  _ children: any DataSource<SectionID, Item>..., name: String? = nil
) -> CompositeDataSource<SectionID, Item> {
  CompositeDataSource(children, name: name)
}

/// The sections of `children`, one child after the other; see
/// ``CompositeDataSource``.
///
/// - Parameters:
///   - children: The children, in display order.
///   - name: The composite's own name, for a combinator above it; `nil`
///     by default.
public func composite<SectionID: Hashable, Item: Identifiable & Equatable>(
  _ children: [any DataSource<SectionID, Item>], name: String? = nil
) -> CompositeDataSource<SectionID, Item> {
  CompositeDataSource(children, name: name)
}

extension DataSource {
  /// The items transformed by `transform`, which keeps identities; see
  /// ``MappedDataSource``.
  public func map<NewItem: Identifiable & Equatable>(_ transform: @escaping (Item) -> NewItem)
    -> MappedDataSource<SectionID, Item, NewItem> where NewItem.ID == Item.ID
  {
    MappedDataSource(self, transform: transform)
  }
}

extension DataSource {
  /// The items kept in the order of `areInIncreasingOrder` within each
  /// section; see ``SortedDataSource``.
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

  /// A switch that hides this source's content and state while off; see
  /// ``SwitchableDataSource``.
  public func switchable(isEnabled: Bool = true) -> SwitchableDataSource<SectionID, Item> {
    SwitchableDataSource(self, isEnabled: isEnabled)
  }

  /// This source, or `fallback` while this one has no content; see
  /// ``FallbackDataSource``.
  public func otherwise(_ fallback: any DataSource<SectionID, Item>) -> FallbackDataSource<
    SectionID, Item
  > {
    FallbackDataSource(self, otherwise: fallback)
  }
}

/// One of `children` at a time; see ``SegmentedDataSource``.
///
/// - Parameters:
///   - children: The children; at least one.
///   - selectedIndex: The index of the child shown first; 0 by default.
///   - name: The segmented source's own name; `nil` by default, and then
///     it reports the selected child's.
public func segmented<SectionID: Hashable, Item: Identifiable & Equatable>(
  _ children: any DataSource<SectionID, Item>..., selectedIndex: Int = 0, name: String? = nil
) -> SegmentedDataSource<SectionID, Item> {
  SegmentedDataSource(children, selectedIndex: selectedIndex, name: name)
}

extension DataSource {
  /// This source with `other`'s items placed in the section `sectionID`
  /// after its first `index` items; see ``SplicedDataSource``.
  public func splicing<OtherSectionID: Hashable>(
    _ other: any DataSource<OtherSectionID, Item>, intoSection sectionID: SectionID, at index: Int
  ) -> SplicedDataSource<SectionID, Item> {
    SplicedDataSource(self, inserting: other, intoSection: sectionID, at: index)
  }
}
