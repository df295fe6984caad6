/// One section of a list: an identity, an optional header and footer, and
/// the items in order.
///
/// A section's identity must be unique in a ``Snapshot``; its items'
/// identities must be unique across the whole snapshot.
///
/// The header and footer are the section's *supplements*: a title each
/// (``header``, ``footer``) and, for a header or footer view that shows more
/// than a title, a value each (``headerValue``, ``footerValue``): an unread
/// count, a date, a struct your header view renders. Any `Hashable &
/// Sendable` value will do, so common code meets no extra generic
/// parameter; read it back typed with ``headerValue(as:)``.
///
/// ```swift
/// struct InboxHeader: Hashable, Sendable { var unread: Int }
/// let inbox = SnapshotSection(
///   id: "inbox", header: "Inbox", headerValue: InboxHeader(unread: 3), items: [Row(id: 1)])
/// inbox.headerValue(as: InboxHeader.self)?.unread  // 3
/// ```
///
/// Supplements are the section's content: when a title or a value changes
/// while the identity stays, a diff reports a section update
/// (`ChangeBatch.sectionUpdates`), which a UIKit data source shows by
/// reconfiguring the visible header or footer view in place.
public struct SnapshotSection<ID: Hashable, Item: Identifiable>: Identifiable {
  /// The identity of the section.
  public var id: ID
  /// The header and footer: their titles and values.
  public var supplements: SectionSupplements
  /// The title shown above the section, if any.
  @inlinable
  public var header: String? {
    get { supplements.header }
    set { supplements.header = newValue }
  }
  /// The title shown below the section, if any.
  @inlinable
  public var footer: String? {
    get { supplements.footer }
    set { supplements.footer = newValue }
  }
  /// A value the header view shows besides its title, if any (compared
  /// with `==`, so a change of it is a section update). Read it typed with
  /// ``headerValue(as:)``.
  @inlinable
  public var headerValue: (any Hashable & Sendable)? {
    get { supplements.headerValue }
    set { supplements.headerValue = newValue }
  }
  /// A value the footer view shows besides its title, if any (compared
  /// with `==`, so a change of it is a section update). Read it typed with
  /// ``footerValue(as:)``.
  @inlinable
  public var footerValue: (any Hashable & Sendable)? {
    get { supplements.footerValue }
    set { supplements.footerValue = newValue }
  }
  /// The items of the section, in display order: a random-access
  /// collection indexed from 0 like an array, held in chunks past 1,024
  /// items so that an edit costs the same at any size (see ``Items``).
  public var items: Items

  /// Creates a section.
  ///
  /// - Parameters:
  ///   - id: The identity of the section.
  ///   - header: The title shown above the section.
  ///   - footer: The title shown below the section.
  ///   - headerValue: A value the header view shows besides its title.
  ///   - footerValue: A value the footer view shows besides its title.
  ///   - items: The items, in display order.
  @inlinable
  public init(
    id: ID, header: String? = nil, footer: String? = nil,
    headerValue: (any Hashable & Sendable)? = nil, footerValue: (any Hashable & Sendable)? = nil,
    items: [Item] = []
  ) {
    self.init(
      id: id, header: header, footer: footer, headerValue: headerValue,
      footerValue: footerValue, items: Items(items))
  }

  /// Creates a section with the header and footer `supplements`.
  ///
  /// - Parameters:
  ///   - id: The identity of the section.
  ///   - supplements: The header and footer.
  ///   - items: The items, in display order.
  @inlinable
  public init(id: ID, supplements: SectionSupplements, items: [Item] = []) {
    self.init(id: id, supplements: supplements, items: Items(items))
  }

  /// Creates a section of items held as a section holds them: another
  /// section's `items`, whatever its identity type, whose storage is
  /// shared.
  ///
  /// - Parameters:
  ///   - id: The identity of the section.
  ///   - header: The title shown above the section.
  ///   - footer: The title shown below the section.
  ///   - headerValue: A value the header view shows besides its title.
  ///   - footerValue: A value the footer view shows besides its title.
  ///   - items: The items, in display order.
  @inlinable
  public init<OtherID>(
    id: ID, header: String? = nil, footer: String? = nil,
    headerValue: (any Hashable & Sendable)? = nil, footerValue: (any Hashable & Sendable)? = nil,
    items: SnapshotSection<OtherID, Item>.Items
  ) {
    self.init(
      id: id,
      supplements: SectionSupplements(
        header: header, footer: footer, headerValue: headerValue, footerValue: footerValue),
      items: items)
  }

  /// Creates a section with the header and footer `supplements`, of items
  /// held as a section holds them (another section's `items`, whatever its
  /// identity type, whose storage is shared).
  ///
  /// - Parameters:
  ///   - id: The identity of the section.
  ///   - supplements: The header and footer.
  ///   - items: The items, in display order.
  @inlinable
  public init<OtherID>(
    id: ID, supplements: SectionSupplements, items: SnapshotSection<OtherID, Item>.Items
  ) {
    self.id = id
    self.supplements = supplements
    self.items = Items(items)
  }

  /// The header's value as a `Value`, or `nil` when there is none or it
  /// has another type.
  ///
  /// - Parameter type: The type the header view expects.
  /// - Returns: The value, if it is a `Value`.
  @inlinable
  public func headerValue<Value>(as type: Value.Type) -> Value? { headerValue as? Value }

  /// The footer's value as a `Value`, or `nil` when there is none or it
  /// has another type.
  ///
  /// - Parameter type: The type the footer view expects.
  /// - Returns: The value, if it is a `Value`.
  @inlinable
  public func footerValue<Value>(as type: Value.Type) -> Value? { footerValue as? Value }

  /// Whether two sections have the same header and footer, titles and
  /// values (items are not compared).
  @inlinable
  public func hasSameSupplements(as other: Self) -> Bool {
    supplements == other.supplements
  }
}

extension SnapshotSection: Equatable where Item: Equatable {
  /// Two sections are equal when their identities, headers, footers (titles
  /// and values) and items are equal.
  ///
  /// - Complexity: O(1) when the items share storage (a copy whose items
  ///   were not edited), else O(*n*) for *n* items.
  @inlinable
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.id == rhs.id && lhs.hasSameSupplements(as: rhs) && lhs.items == rhs.items
  }
}

extension SnapshotSection: Hashable where Item: Hashable {
  /// Hashes the identity, the header, the footer (titles and values) and
  /// the items.
  ///
  /// - Complexity: O(*n*) for *n* items.
  @inlinable
  public func hash(into hasher: inout Hasher) {
    hasher.combine(id)
    hasher.combine(supplements)
    hasher.combine(items)
  }
}
extension SnapshotSection: Sendable where ID: Sendable, Item: Sendable {}

extension SnapshotSection {
  /// A section with this one's header and footer (titles and values), and
  /// `id` and `items`: how a combinator passes a section on with other
  /// identities or items.
  ///
  /// - Complexity: O(1), plus the copy of `items` if it is not shared.
  @inlinable
  package func withSupplements<NewID, NewItem>(id: NewID, items: [NewItem])
    -> SnapshotSection<NewID, NewItem>
  {
    SnapshotSection<NewID, NewItem>(id: id, supplements: supplements, items: items)
  }

  /// A section with this one's header and footer (titles and values), and
  /// `id` and `items` held as another section holds them.
  ///
  /// - Complexity: O(1).
  @inlinable
  package func withSupplements<NewID, OtherID, NewItem>(
    id: NewID, items: SnapshotSection<OtherID, NewItem>.Items
  ) -> SnapshotSection<NewID, NewItem> {
    SnapshotSection<NewID, NewItem>(id: id, supplements: supplements, items: items)
  }
}

extension SnapshotSection {
  /// The number of items of each of `sections`, in order.
  ///
  /// Reads each count where its section is, through the array's buffer:
  /// in code not specialized for the section's types, `sections.map {
  /// $0.items.count }` copies every section out (a retain and a release of
  /// each of its fields, titles and values included) through a closure.
  /// Unspecialized, the loop still asks the runtime for the section's type
  /// metadata once per section.
  ///
  /// - Complexity: O(*s*) for *s* sections.
  @inlinable
  package static func itemCounts(of sections: [Self]) -> [Int] {
    sections.withUnsafeBufferPointer { sections in
      var counts: [Int] = []
      counts.reserveCapacity(sections.count)
      for s in 0..<sections.count { counts.append(sections[s].items.count) }
      return counts
    }
  }
}
